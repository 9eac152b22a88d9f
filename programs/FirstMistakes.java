///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// One task that throws, run three ways. Through executor.submit() its exception is kept in
// the Future, and nobody asks for it; a started thread has no Future, so the exception
// reaches the default uncaught-exception handler, which prints it.

void main(String[] args) throws InterruptedException {
    // @fold the usage line, for any argument
    if (args.length > 0) {
        System.err.println("usage: mistakes  (no arguments)");
        System.exit(2);
    }
    // @end
    Runnable task = () -> {
        throw new IllegalStateException("the task failed");
    };

    IO.println("1. executor.submit(task), never asking for the result:");
    String printed = printedToStandardError(() -> {
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            executor.submit(task);
        }
    });
    IO.println(printed.isEmpty() ? "   the executor closed and nothing was printed" : "   it printed: " + printed.strip());

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

// @fold printedToStandardError: running code with System.err sent to a buffer
// Runs `code` with System.err sent to a buffer, and returns what was written to it: where an
// uncaught exception would have been printed.
static String printedToStandardError(Runnable code) {
    PrintStream err = System.err;
    var buffer = new ByteArrayOutputStream();
    System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
    try {
        code.run();
    } finally {
        System.setErr(err);
    }
    return buffer.toString(StandardCharsets.UTF_8);
}
// @end
