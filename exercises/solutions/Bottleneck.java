///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A server's handler waits for a downstream call (a database, say) and costs some CPU time
// per request. Two things cap the requests it answers per second: its request threads (a
// thread serves one request per wait) and its cores (each gives 1,000 ms of CPU time a
// second). The lesson "One property in Spring Boot" measured both. Write the rate the
// server can reach; main then says, for each server, whether spring.threads.virtual.enabled=true would raise it.

/// Requests per second: `threads` request threads, each request waiting `waitMs` and costing
/// `cpuMs` of CPU time, on `cores` cores (the CPU time a thread spends is small beside its wait).
static double ceiling(int threads, double waitMs, double cpuMs, int cores) {
    // exercise: return threads * 1000 / waitMs; // TODO: that is the threads' ceiling. The cores have one too.
    double threadsCeiling = threads * 1000 / waitMs;
    double cpuCeiling = cores * 1000 / cpuMs;
    return Math.min(threadsCeiling, cpuCeiling);
    // end exercise
}

/// A server: its pool's size, the wait and CPU time of one request, its cores.
record Server(String name, int threads, double waitMs, double cpuMs, int cores, double expected) {}

static final int IN_FLIGHT = 2_000; // with virtual threads: a thread for each request in flight

static final List<Server> SERVERS = List.of(
        new Server("a pool of 200 on 2 cores", 200, 200, 4, 2, 500),
        new Server("a pool of 20 on 2 cores", 20, 200, 4, 2, 100),
        new Server("a pool of 200 on 8 cores", 200, 200, 4, 8, 1000),
        new Server("a pool of 200, a downstream of 1 s", 200, 1000, 4, 2, 200),
        new Server("a pool of 50, CPU-heavy requests", 50, 200, 40, 2, 50));

void main() {
    for (Server s : SERVERS) {
        double got = ceiling(s.threads(), s.waitMs(), s.cpuMs(), s.cores());
        checkThat(s.name(), Math.abs(got - s.expected()) < 0.01 * s.expected(),
                rate(got), rate(s.expected()));
    }
    if (failed.isEmpty()) {
        IO.println();
        for (Server s : SERVERS) {
            double pool = ceiling(s.threads(), s.waitMs(), s.cpuMs(), s.cores());
            double virtual = ceiling(IN_FLIGHT, s.waitMs(), s.cpuMs(), s.cores());
            IO.println(s.name() + ": " + rate(pool) + (virtual > pool
                    ? ", virtual threads could raise it to " + rate(virtual)
                    : ", virtual threads would not raise it: the cores bind"));
        }
    }
    verdict("bottleneck");
}

static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%.0f req/s", perSecond);
}

// ---- Checking your work: no need to read past this line. ----

final List<String> failed = new ArrayList<>();

void check(String what, Object got, Object expected) {
    checkThat(what, Objects.equals(got, expected), got, expected);
}

void checkThat(String what, boolean ok, Object got, Object expected) {
    if (ok) {
        IO.println("ok   " + what);
    } else {
        IO.println("FAIL " + what + ": got " + got + ", expected " + expected);
        failed.add(what);
    }
}

void verdict(String exercise) {
    if (failed.isEmpty()) {
        IO.println("Solved.");
        return;
    }
    IO.println("Not solved yet: " + failed.getFirst());
    IO.println("Hint: ./jbang check --hint " + exercise);
    System.exit(1);
}
