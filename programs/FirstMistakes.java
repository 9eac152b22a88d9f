///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// One task that throws, run three ways. Through executor.submit() its exception is kept in
// the Future, and nobody asks for it; a started thread has no Future, so the exception
// reaches the default uncaught-exception handler, which prints it.

void main(String[] args) throws InterruptedException {
    if (args.length > 0) {
        System.err.println("usage: mistakes  (no arguments)");
        System.exit(2);
    }
    Runnable task = () -> {
        throw new IllegalStateException("the task failed");
    };

    IO.println("1. executor.submit(task), never asking for the result:");
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        executor.submit(task);
    }
    IO.println("   the executor closed and nothing was printed");

    IO.println("2. Thread.ofVirtual().start(task):");
    Thread thread = Thread.ofVirtual().start(task);
    thread.join();
    IO.println("   the thread's name was \"" + thread.getName() + "\"");

    IO.println("3. executor.submit(task), then future.get():");
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        Future<?> future = executor.submit(task);
        try {
            future.get();
        } catch (ExecutionException e) {
            IO.println("   get() threw " + e.getClass().getSimpleName() + ", caused by: " + e.getCause());
        }
    }
}
