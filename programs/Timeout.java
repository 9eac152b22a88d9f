///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it does; main: giveUp without cancel, then with cancel(true)

// A caller waits 200 ms for a task that needs 1,800 ms, gives up, and then either walks away
// or cancels the task. Every time is in ms since the executor was opened.

static final Duration WORK = Duration.ofMillis(1_800);
static final Duration PATIENCE = Duration.ofMillis(200);

void main(String[] args) throws Exception {
    if (args.length > 0) {
        System.err.println("usage: timeout  (no arguments)");
        System.exit(2);
    }
    giveUp("without cancel", false);
    giveUp("with cancel(true)", true);
}

// @end
void giveUp(String label, boolean cancel) throws Exception {
    // @fold what the task and the caller note: times, the interrupt, the state
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
                Thread.sleep(WORK); // 1,800 ms, less only if interrupted
                workDoneAt.set(since(start));
            } catch (InterruptedException e) {
                interrupted.set(true);
                // set the flag again: the request to stop stays visible
                Thread.currentThread().interrupt();
            } finally {
                cleanupAt.set(since(start)); // give a connection back
            }
        });
        try {
            future.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // get() stopped waiting; nothing happened to the task
        }
        gaveUpAt = since(start);
        stateWhenGivingUp = future.state();
        // cancel(true) marks it cancelled and interrupts its thread
        if (cancel) cancelResult = future.cancel(true);
    } // close() waits for every task the executor started
    long scopeExitedAt = since(start);
    // @fold printing what happened, in a fixed order; since: ms since the start

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
}

long since(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
}
// @end
