///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it shows: a 200 ms wait for 1,800 ms of work, then walking away or cancelling

// A caller waits 200 ms for a task that needs 1,800 ms, gives up, and then either walks away
// or cancels the task. Every time is in ms since the executor was opened.

// @end
static final Duration WORK = Duration.ofMillis(1_800);
static final Duration PATIENCE = Duration.ofMillis(200);

void main(String[] args) throws Exception {
    // @fold no arguments allowed
    if (args.length > 0) {
        System.err.println("usage: timeout  (no arguments)");
        System.exit(2);
    }
    // @end
    giveUp("without cancel", false);
    giveUp("with cancel(true)", true);
}

void giveUp(String label, boolean cancel) throws Exception {
    // @fold what the task and the caller note: the times, the interrupt, the future, its state, cancel's result
    var workDoneAt = new AtomicLong(-1);
    var cleanupAt = new AtomicLong(-1);
    var interrupted = new AtomicBoolean();
    Future<?> future;
    long gaveUpAt;
    Future.State stateWhenGivingUp;
    boolean cancelResult = false;

    // @end
    long start = System.nanoTime();
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        future = executor.submit(() -> {
            try {
                Thread.sleep(WORK); // the work: it ends early only if interrupted
                workDoneAt.set(since(start));
            } catch (InterruptedException e) {
                interrupted.set(true);
                Thread.currentThread().interrupt(); // keep the request visible to whoever runs this task
            } finally {
                cleanupAt.set(since(start)); // e.g. give back a connection
            }
        });
        try {
            future.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // get() stopped waiting; nothing happened to the task
        }
        gaveUpAt = since(start);
        stateWhenGivingUp = future.state();
        if (cancel) cancelResult = future.cancel(true); // true: interrupt the thread running it
    } // close() waits for every task the executor started
    long scopeExitedAt = since(start);
    // @fold printing what happened, in a fixed order

    IO.println(label + ": the caller gave up at " + gaveUpAt + " ms, state then: " + stateWhenGivingUp);
    if (cancel) IO.println(label + ": cancel returned " + cancelResult);
    IO.println(label + ": " + (workDoneAt.get() >= 0
            ? "the work completed at " + workDoneAt.get() + " ms"
            : "the work never completed"));
    IO.println(label + ": cleanup in finally " + (cleanupAt.get() >= 0
            ? "ran at " + cleanupAt.get() + " ms" + (interrupted.get() ? ", after an interrupt" : "")
            : "never ran"));
    IO.println(label + ": state at the end: " + future.state());
    IO.println(label + ": the executor's scope exited at " + scopeExitedAt + " ms");
    // @end
}
// @fold since: ms since the executor was opened

long since(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
}
// @end
