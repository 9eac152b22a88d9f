///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// start(job) must run the job on a new virtual thread and return that
// thread, started. (Written by ./build.sh new lesson: replace it with
// this lesson's exercise.)

void main() throws InterruptedException {
    var ranOn = new java.util.concurrent.atomic.AtomicReference<Thread>();
    Thread thread = start(() -> ranOn.set(Thread.currentThread()));
    if (thread != null) thread.join(1_000);
    checkThat("start returned a thread", thread != null, thread, "a thread");
    check("the job ran", ranOn.get() != null, true);
    check("the job ran on a virtual thread", ranOn.get() != null && ranOn.get().isVirtual(), true);
    check("the job ran on the thread start returned", ranOn.get() != null && ranOn.get() == thread, true);
    verdict("unchain");
}

Thread start(Runnable job) {
    // exercise: return null; // TODO: start `job` on a virtual thread and return the thread
    return Thread.ofVirtual().start(job);
    // end exercise
}

// ---- Checking your work: no need to read past this line. ----

final List<String> failed = new ArrayList<>();

void check(String what, Object got, Object expected) {
    checkThat(what, Objects.equals(got, expected), got, expected);
}

void checkThat(String what, boolean ok, Object got, Object expected) {
    if (ok) {
        IO.println("ok   " + what);
    } else {
        IO.println("FAIL " + what + ": got " + got + ", expected " + expected);
        failed.add(what);
    }
}

void verdict(String exercise) {
    if (failed.isEmpty()) {
        IO.println("Solved.");
        return;
    }
    IO.println("Not solved yet: " + failed.getFirst());
    IO.println("Hint: ./jbang check --hint " + exercise);
    System.exit(1);
}
