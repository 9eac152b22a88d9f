///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Does not compile, on purpose (lesson "Your first virtual thread"): a block lambda that
// returns nothing is a Runnable, and Runnable.run() may not throw a checked exception.

void main() {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        executor.submit(() -> {
            Thread.sleep(10);
        });
    }
}
