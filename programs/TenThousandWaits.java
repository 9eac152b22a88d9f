///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it does; a pool of 200, waits of one second; caps on the tasks

// N tasks that each wait one second, on a chosen kind of thread.
// Usage: waits [virtual|pool|platform] [tasks]

static final int POOL_THREADS = 200;
static final Duration WAIT = Duration.ofSeconds(1);
// Caps, so a typo cannot exhaust the host: platform threads are the expensive ones (see "What a platform thread costs").
static final Map<String, Integer> MAX_TASKS = Map.of("virtual", 1_000_000, "pool", 20_000, "platform", 2_000);
static final String USAGE = "usage: waits [virtual|pool|platform] [tasks]  (tasks at most: virtual 1000000, pool 20000, platform 2000)";

// @end
void main(String[] args) throws InterruptedException, ExecutionException {
    // @fold reading the kind and the number of tasks; a warning before a long run
    String kind = args.length > 0 ? args[0] : "virtual";
    int tasks = args.length > 1 ? parseOrZero(args[1]) : 10_000;
    if (args.length > 2 || !MAX_TASKS.containsKey(kind) || tasks < 1 || tasks > MAX_TASKS.get(kind)) {
        System.err.println(USAGE);
        System.exit(2);
    }

    if (kind.equals("pool") && tasks > 9 * POOL_THREADS) // ten rounds or more: say so before the wait
        IO.println("This takes about " + (tasks + POOL_THREADS - 1) / POOL_THREADS * WAIT.toSeconds() + " s: the pool runs " + POOL_THREADS + " tasks at a time.");
    // @end
    var waits = new ArrayList<Future<?>>(tasks);
    long start = System.nanoTime();
    try (ExecutorService executor = switch (kind) {
        case "virtual" -> Executors.newVirtualThreadPerTaskExecutor();
        case "pool" -> Executors.newFixedThreadPool(POOL_THREADS);
        default -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory());
    }) {
        for (int i = 0; i < tasks; i++) {
            waits.add(executor.submit(() -> {
                Thread.sleep(WAIT);
                return null;
            }));
        }
    } // close() waits until every task has finished
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    for (var wait : waits) wait.get(); // a task that failed throws here
    // @fold the theory: one round, or N / 200 rounded up on the pool; printing it
    // With a thread per task every task waits at the same time: one round.
    // A pool runs its tasks in rounds of POOL_THREADS.
    int rounds = kind.equals("pool") ? (tasks + POOL_THREADS - 1) / POOL_THREADS : 1;
    long theoryMs = rounds * WAIT.toMillis();
    String where = switch (kind) {
        case "virtual" -> "virtual threads";
        case "pool" -> "a pool of " + POOL_THREADS + " threads";
        default -> "platform threads";
    };
    IO.println(tasks + " tasks on " + where + " took " + tookMs + " ms (theory: at least "
            + theoryMs + " ms = " + rounds + (rounds == 1 ? " round" : " rounds") + " of " + WAIT.toMillis() + " ms)");
    // @end
}
// @fold parsing the number of tasks: 10000, 10_000 or 10,000

int parseOrZero(String text) {
    try {
        return Integer.parseInt(text.replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
        return 0;
    }
}
// @end
