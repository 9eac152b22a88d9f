///usr/bin/env jbang "$0" "$@" ; exit $?
// @fold JBang's //JAVA line, and what it shows: four ways to start a virtual thread
//JAVA 25+

// Four ways to start a virtual thread. Every thread describes itself: what
// Thread.currentThread() prints inside it, and whether it is virtual.

// @end

void main(String[] args) throws Exception {
    // @fold the usage line, for any argument
    if (args.length > 0) {
        System.err.println("usage: first  (no arguments)");
        System.exit(2);
    }
    // @end
    IO.println("main: " + describe());

    // 1. A builder for virtual threads, started at once.
    Thread one = Thread.ofVirtual().start(() -> IO.println("1. Thread.ofVirtual().start: " + describe()));
    one.join();   // wait for it: the JVM does not wait for virtual threads

    // 2. The same in one call.
    Thread two = Thread.startVirtualThread(() -> IO.println("2. Thread.startVirtualThread: " + describe()));
    two.join();

    // 3. An executor that starts a new virtual thread for every task.
    Future<?> three;
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        three = executor.submit(() -> IO.println("3. newVirtualThreadPerTaskExecutor: " + describe()));
    }   // close() waits until every task has finished
    IO.println("   after close(): task done = " + three.isDone());

    // 4. A builder that numbers its threads' names, used as a factory.
    ThreadFactory factory = Thread.ofVirtual().name("worker-", 0).factory();
    try (var executor = Executors.newThreadPerTaskExecutor(factory)) {
        var answers = new ArrayList<Future<String>>();
        for (int task = 0; task < 3; task++) {
            int n = task;   // a lambda may only use a local that never changes, and task does
            answers.add(executor.submit(() -> "4. factory, task " + n + ": " + describe()));
        }
        for (var answer : answers) IO.println(answer.get());
    }
    // @fold seen from main: a virtual thread named waiter awaits a latch; main waits until it is WAITING

    // Seen from another thread: a virtual thread that waits has no carrier.
    var go = new CountDownLatch(1);
    Thread waiter = Thread.ofVirtual().name("waiter").start(() -> {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // nobody interrupts it here; if someone did, keep the flag
        }
    });
    long deadline = System.nanoTime() + 10_000_000_000L; // 10 s: far more than a thread takes to start
    while (waiter.getState() != Thread.State.WAITING) {
        if (System.nanoTime() - deadline > 0) {
            System.err.println("first: the waiter did not start waiting in 10 s");
            System.exit(1);
        }
        Thread.sleep(1);
    }
    // @end
    IO.println("while it waits: " + waiter);
    go.countDown();
    waiter.join();
    IO.println("after it ended: " + waiter);
}

// @fold describe(): Thread.currentThread() and isVirtual()
String describe() {
    Thread me = Thread.currentThread();
    return me + "  isVirtual=" + me.isVirtual();
}
// @end
