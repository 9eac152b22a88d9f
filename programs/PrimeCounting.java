///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// @fold what it does; the primes below 3,000,000, in at most 256 tasks
// CPU-bound work: every task counts the primes below LIMIT by trial division.
// The same tasks run on one thread, on a pool sized to the cores, and on virtual threads.
// Usage: primes [tasks]

static final int LIMIT = 3_000_000;
static final int MAX_TASKS = 256;

// @end
void main(String[] args) {
    // @fold reading the number of tasks (default 16), the usage line; the cores
    int tasks = args.length == 1 ? parseOrZero(args[0]) : 16;
    if (args.length > 1 || tasks < 1 || tasks > MAX_TASKS) {
        System.err.println("usage: primes [tasks]  (1 to " + MAX_TASKS + ", default 16)");
        System.exit(2);
    }
    int cores = Runtime.getRuntime().availableProcessors();
    IO.println(tasks + " tasks, each counting the primes below " + LIMIT + ", on " + cores + " cores");
    // @end

    // Untimed warm-up: the JIT compiles countPrimes, the scheduler starts
    // its carriers, so neither start-up is paid inside a timed run.
    run(cores, () -> Executors.newFixedThreadPool(cores));
    run(cores, Executors::newVirtualThreadPerTaskExecutor);

    long single = time("one thread", tasks, () -> Executors.newSingleThreadExecutor());
    long pool = time("pool of " + cores + " threads", tasks, () -> Executors.newFixedThreadPool(cores));
    long virtual = time("virtual threads", tasks, Executors::newVirtualThreadPerTaskExecutor);
    IO.println(String.format(Locale.ROOT, "speed-up over one thread: pool %.2fx, virtual threads %.2fx",
            (double) single / pool, (double) single / virtual));
}

// @fold time and run: the tasks on a fresh executor, timed; close() waits for them
long time(String label, int tasks, Supplier<ExecutorService> executor) {
    long start = System.nanoTime();
    List<Integer> counts = run(tasks, executor);
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    IO.println(String.format(Locale.ROOT, "%-22s %d tasks took %5d ms, primes per task: %s",
            label + ":", tasks, tookMs, describe(counts)));
    return tookMs;
}

List<Integer> run(int tasks, Supplier<ExecutorService> newExecutor) {
    List<Future<Integer>> results = new ArrayList<>();
    try (ExecutorService executor = newExecutor.get()) {
        for (int i = 0; i < tasks; i++) results.add(executor.submit(() -> countPrimes(LIMIT)));
    } // close() waits until every task has finished
    return results.stream().map(Future::resultNow).toList();
}
// @end

// @fold countPrimes and isPrime: the primes below a number, by trial division
int countPrimes(int below) {
    int count = 0;
    for (int n = 2; n < below; n++) {
        if (isPrime(n)) count++;
    }
    return count;
}

boolean isPrime(int n) {
    if (n % 2 == 0) return n == 2;
    for (int d = 3; d * d <= n; d += 2) {
        if (n % d == 0) return false;
    }
    return true;
}
// @end

// @fold describing the counts (one number if all agree); parsing the argument
// "216816" when every task agrees, else every count: a wrong count must show.
String describe(List<Integer> counts) {
    var distinct = new TreeSet<>(counts);
    return distinct.size() == 1 ? String.valueOf(distinct.first()) : counts.toString();
}

int parseOrZero(String text) {
    try {
        return Integer.parseInt(text);
    } catch (NumberFormatException e) {
        return 0;
    }
}
// @end
