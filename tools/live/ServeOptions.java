package live;

import java.time.Duration;
import java.util.List;

/// The flags of `./build.sh serve`.
public record ServeOptions(int port, String host, boolean hostGiven, Duration runLimit, long outputLimit,
                      int maxRuns, int maxClients, Duration poll, Duration heartbeat) {

    public static final String USAGE = """
            usage: ./build.sh serve [--port N] [--host H] [--run-limit SECONDS] [--output-limit BYTES]
                                    [--max-runs N] [--max-clients N] [--poll MS]
              --port N             port to listen on (default 8025; 0 picks a free one)
              --host H             address to bind (default 127.0.0.1; anything else is reachable by others: a warning says so)
              --run-limit S        a run longer than S seconds is ended (default 120)
              --output-limit B     output past B bytes per run is cut, with a notice (default 1048576)
              --max-runs N         programs running at once, all pages together (default 4)
              --max-clients N      open pages (event streams) at once (default 1000)
              --poll MS            how often to look for changed files (default 400)""";

    public static ServeOptions parse(List<String> args) {
        int port = 8025, maxRuns = 4, maxClients = 1000;
        String host = "127.0.0.1";
        boolean hostGiven = false;
        double runLimitSeconds = 120;
        long outputLimit = 1024 * 1024, pollMs = 400;
        for (int i = 0; i < args.size(); i++) {
            String flag = args.get(i);
            if (flag.equals("--help") || flag.equals("-h")) throw new UsageException(null);
            if (i + 1 >= args.size()) throw new UsageException(flag.startsWith("--") ? flag + " needs a value" : "unknown argument '" + flag + "'");
            String value = args.get(++i);
            switch (flag) {
                case "--port" -> port = (int) number(flag, value, 0, 65535);
                case "--host" -> { host = value; hostGiven = true; }
                case "--run-limit" -> runLimitSeconds = decimal(flag, value, 0.1, 24 * 3600);
                case "--output-limit" -> outputLimit = number(flag, value, 1024, 1L << 31);
                case "--max-runs" -> maxRuns = (int) number(flag, value, 1, 64);
                case "--max-clients" -> maxClients = (int) number(flag, value, 1, 100_000);
                case "--poll" -> pollMs = number(flag, value, 50, 10_000);
                default -> throw new UsageException("unknown flag '" + flag + "'");
            }
        }
        if (host.isBlank()) throw new UsageException("--host is empty");
        return new ServeOptions(port, host, hostGiven, Duration.ofMillis(Math.round(runLimitSeconds * 1000)), outputLimit,
                maxRuns, maxClients, Duration.ofMillis(pollMs), Duration.ofSeconds(1));
    }

    static long number(String flag, String value, long min, long max) {
        try {
            long n = Long.parseLong(value.replace("_", ""));
            if (n >= min && n <= max) return n;
        } catch (NumberFormatException e) { /* below */ }
        throw new UsageException(flag + " must be a whole number from " + min + " to " + max + ", not '" + value + "'");
    }

    static double decimal(String flag, String value, double min, double max) {
        try {
            double d = Double.parseDouble(value);
            if (d >= min && d <= max) return d;
        } catch (NumberFormatException e) { /* below */ }
        throw new UsageException(flag + " must be a number of seconds from " + min + " to " + max + ", not '" + value + "'");
    }

    /// A bad command line: the message (or none, for --help), then the usage.
    public static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        public UsageException(String message) { super(message); }
    }
}
