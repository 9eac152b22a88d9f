///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// One virtual thread says hello and tells what it is.
// (Written by ./build.sh new lesson: replace it with the program
// that shows this lesson's idea, top-down, one idea.)

void main(String[] args) throws InterruptedException {
    if (args.length > 0) {
        System.err.println("usage: migrating-async-code  (no arguments)");
        System.exit(2);
    }
    Runnable sayHello = () -> IO.println("hello from a virtual thread: "
            + Thread.currentThread().isVirtual());
    Thread hello = Thread.ofVirtual().start(sayHello);
    hello.join();   // the JVM does not wait for a virtual thread
}
