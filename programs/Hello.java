///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

void main() throws InterruptedException {
    Thread hello = Thread.ofVirtual().start(
            () -> IO.println("hello from " + Thread.currentThread()));
    hello.join();   // wait for it: the JVM does not wait for virtual threads

    long start = System.nanoTime();
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < 10_000; i++)
            executor.submit(() -> { Thread.sleep(1_000); return null; });
    }   // close() waits until every task has finished
    long ms = (System.nanoTime() - start) / 1_000_000;
    IO.println("10,000 virtual threads slept 1 s each, in " + ms + " ms");
}
