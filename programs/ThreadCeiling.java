///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it does; the caps; main: the memory before and after startSleepers
// Starts thousands of threads that only sleep, and reports what they cost: the time to
// start them, the memory they add (Linux /proc) and the OS limits on how many there can be.
// A platform thread is an OS thread, so when the OS refuses one, Thread.start() fails.

static final int DEFAULT_COUNT = 10_000;
static final int MAX_PLATFORM = 20_000; // caps, so that no argument can exhaust the host
static final int MAX_VIRTUAL = 100_000;
static final int PROGRESS_EVERY = 500;
static final Duration CHECK_IN_LIMIT = Duration.ofSeconds(60);

static final String USAGE = "usage: ceiling [count] [platform|virtual]   (count 1.." + grouped(MAX_VIRTUAL)
        + " virtual, 1.." + grouped(MAX_PLATFORM) + " platform; default 10000 platform)";

void main(String[] args) throws InterruptedException {
    var request = Request.parse(args);
    String kind = request.virtual() ? "virtual" : "platform";
    int cap = request.virtual() ? MAX_VIRTUAL : MAX_PLATFORM;
    int count = Math.min(request.count(), cap);
    if (request.count() > cap) {
        IO.println("capped: " + grouped(request.count()) + " requested, the cap for " + kind + " threads is " + grouped(cap));
    }

    var before = Memory.now();
    IO.println("starting " + grouped(count) + " " + kind + " threads that sleep; RSS before: " + kilobytes(before.rssKb()));
    var run = startSleepers(count, request.virtual());
    var after = Memory.now();

    printRun(run, kind);
    printMemory(before, after, run.started());
    printLimits();
    // The sleeping threads are daemons, so the JVM ends here; exit status 1: the count was not reached.
    if (run.failure() != null) System.exit(1);
}

record Run(int started, OutOfMemoryError failure, long millis, boolean allAsleep) {}
// @end
Run startSleepers(int count, boolean virtual) throws InterruptedException {
    // @fold the sleeper: it checks in with asleep.release(), then sleeps
    var asleep = new Semaphore(0);
    Runnable sleeper = () -> {
        asleep.release();
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // nothing interrupts it; if something did, the thread ends
        }
    };
    // @end
    // Daemons, like virtual threads: they never keep the JVM alive.
    Thread.Builder builder = virtual ? Thread.ofVirtual()
            : Thread.ofPlatform().daemon(true);
    long start = System.nanoTime();
    int started = 0;
    OutOfMemoryError failure = null;
    try {
        while (started < count) {
            builder.start(sleeper);
            started++;
            if (started % PROGRESS_EVERY == 0)
                IO.println("  ... " + grouped(started) + " started");
        }
    } catch (OutOfMemoryError e) { // when the OS refuses a thread
        failure = e;
    }
    boolean allAsleep = asleep.tryAcquire(started, CHECK_IN_LIMIT.toSeconds(), TimeUnit.SECONDS);
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new Run(started, failure, millis, allAsleep);
}

// @fold printing the figures; the arguments; reading /proc and the cgroup
void printRun(Run run, String kind) {
    if (run.failure() != null) {
        IO.println("Thread.start failed after " + grouped(run.started()) + " " + kind + " threads:");
        IO.println("  " + run.failure());
        var heap = Runtime.getRuntime();
        // MB: 1,048,576 bytes (>> 20), as in every lesson
        IO.println("  heap in use: " + grouped((heap.totalMemory() - heap.freeMemory()) >> 20)
                + " MB of " + grouped(heap.maxMemory() >> 20) + " MB max");
    }
    IO.println("started " + grouped(run.started()) + " threads (" + kind + ") in " + grouped(run.millis()) + " ms, "
            + grouped(run.millis() * 1000 / Math.max(1, run.started())) + " us per thread"
            + (run.allAsleep() ? "" : " (some had not started running after " + CHECK_IN_LIMIT.toSeconds() + " s)"));
}

// Growth over the baseline, divided by the threads that caused it.
void printMemory(Memory before, Memory after, int threads) {
    if (!before.known()) {
        IO.println("RSS: not available (no /proc/self/status: not Linux)");
    } else if (threads > 0) {
        IO.println("RSS after: " + kilobytes(after.rssKb()) + ", grew by " + kilobytes(after.rssKb() - before.rssKb()));
        IO.println(String.format(Locale.ROOT, "RSS per thread: %.1f KB", (after.rssKb() - before.rssKb()) / (double) threads));
        IO.println(String.format(Locale.ROOT, "reserved (VmSize) per thread: %.1f KB",
                (after.reservedKb() - before.reservedKb()) / (double) threads));
    }
}

void printLimits() {
    if (!Files.exists(Path.of("/proc/self/limits"))) {
        IO.println("limits: not readable (no /proc: not Linux)");
        return;
    }
    IO.println("limits (uid " + Proc.uid() + "):");
    IO.println("  Max processes (/proc/self/limits): " + Proc.maxProcesses());
    IO.println("  threads-max (/proc/sys/kernel/threads-max): " + Proc.threadsMax());
    IO.println("  pids.max " + Proc.cgroupPidsMax());
}

static String grouped(long value) { return String.format(Locale.ROOT, "%,d", value); }

static String kilobytes(long value) { return grouped(value) + " KB"; }

// ---- Arguments ----

record Request(int count, boolean virtual) {
    // [count] [platform|virtual] in any order; the count may be written 10000, 10_000 or 10,000.
    static Request parse(String[] args) {
        int count = DEFAULT_COUNT;
        boolean virtual = false;
        for (String arg : args) {
            String digits = arg.replace("_", "").replace(",", "");
            if (arg.equals("platform")) virtual = false;
            else if (arg.equals("virtual")) virtual = true;
            else if (digits.matches("[0-9]{1,9}") && Integer.parseInt(digits) > 0) count = Integer.parseInt(digits);
            else usage();
        }
        return new Request(count, virtual);
    }
}

static void usage() {
    System.err.println(USAGE);
    System.exit(2);
}

// ---- Linux plumbing: /proc and cgroups. Elsewhere every figure reads "not readable". ----

// VmRSS and VmSize from /proc/self/status, in KB; -1 where there is no /proc.
record Memory(long rssKb, long reservedKb) {
    static Memory now() { return new Memory(Proc.statusKb("VmRSS"), Proc.statusKb("VmSize")); }

    boolean known() { return rssKb >= 0; }
}

static final class Proc {
    static String uid() { return statusField("Uid").split("\\s+")[0]; }

    // "Max processes   96364   96364   processes" as "soft 96364, hard 96364"
    static String maxProcesses() {
        return read("/proc/self/limits").lines()
                .filter(line -> line.startsWith("Max processes"))
                .map(line -> line.substring("Max processes".length()).trim().split("\\s+"))
                .map(fields -> "soft " + fields[0] + ", hard " + fields[1])
                .findFirst().orElse("not readable");
    }

    static String threadsMax() {
        String value = read("/proc/sys/kernel/threads-max");
        return value.isEmpty() ? "not readable" : value;
    }

    // cgroup v2 lists "0::/path"; cgroup v1 has a line for the pids controller, "N:pids:/path".
    static String cgroupPidsMax() {
        var tried = new ArrayList<String>();
        for (String line : read("/proc/self/cgroup").lines().toList()) {
            String[] fields = line.split(":", 3);
            if (fields.length < 3) continue;
            String file;
            if (fields[0].equals("0") && fields[1].isEmpty()) file = "/sys/fs/cgroup" + fields[2] + "/pids.max";
            else if (List.of(fields[1].split(",")).contains("pids")) file = "/sys/fs/cgroup/pids" + fields[2] + "/pids.max";
            else continue;
            file = file.replace("//", "/");
            String value = read(file);
            if (!value.isEmpty()) return "(" + file + "): " + value;
            tried.add(file);
        }
        return "(cgroup): not readable" + (tried.isEmpty() ? "" : " (no " + String.join(", no ", tried) + ")");
    }

    // A "VmXxx:  1234 kB" field of /proc/self/status in KB, or -1 where there is none.
    static long statusKb(String field) {
        String value = statusField(field);
        return value.isEmpty() ? -1 : Long.parseLong(value.split("\\s+")[0]);
    }

    static String statusField(String name) {
        return read("/proc/self/status").lines()
                .filter(line -> line.startsWith(name + ":"))
                .map(line -> line.substring(name.length() + 1).trim())
                .findFirst().orElse("");
    }

    // The trimmed content of a file, or "" when it cannot be read. Not Files.readString: on
    // /proc/sys files it reads one byte first, and a second read at offset 1 returns nothing.
    static String read(String file) {
        try (var in = new FileInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            return "";
        }
    }
}
// @end
