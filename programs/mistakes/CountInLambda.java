///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Does not compile, on purpose (lesson "Your first virtual thread"): a lambda may read a
// local variable only if it never changes, and count++ changes it.

void main() {
    int count = 0;
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < 1_000; i++) {
            executor.submit(() -> count++);
        }
    }
    IO.println("count = " + count);
}
