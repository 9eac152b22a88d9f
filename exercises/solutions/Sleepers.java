///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

import java.lang.management.ManagementFactory;

// Two thousand tasks each fall asleep and wait to be woken, all at the same time.
// Started on platform threads, every sleeper is an OS thread: 2,000 of them, each with a
// stack, each counted against the OS's thread limits. Start them so that the JVM needs only
// a handful of OS threads however many tasks sleep.

final int TASKS = 2_000;
final CountDownLatch allAsleep = new CountDownLatch(TASKS);
final CountDownLatch wakeUp = new CountDownLatch(1);

void main() throws InterruptedException {
    mainThread = Thread.currentThread();
    int before = platformThreads();
    var sleepers = new ArrayList<Thread>();
    String refused = null;
    try {
        while (sleepers.size() < TASKS) sleepers.add(startSleeper(this::sleepUntilWoken));
    } catch (OutOfMemoryError e) {                    // the OS refused another thread
        refused = e.getMessage();
    }
    boolean allSleeping = allAsleep.await(3, TimeUnit.SECONDS);
    long asleep = TASKS - allAsleep.getCount();
    int alive = platformThreads();
    wakeAll(sleepers);

    int allowed = before + Runtime.getRuntime().availableProcessors() + 16;
    checkThat("platform threads alive while the tasks sleep", alive <= allowed, alive,
            "at most " + allowed + " (the " + before + " the JVM had before, plus a few carriers)");
    checkThat("sleeping tasks started", refused == null, sleepers.size()
            + " (the OS refused the next thread: " + refused + ")", TASKS);
    checkThat("all " + TASKS + " tasks asleep at the same time", allSleeping, asleep + " within 3 s", TASKS);
    verdict("sleepers");
}

Thread startSleeper(Runnable task) {
    // exercise: return Thread.ofPlatform().start(task); // TODO: each sleeper is an OS thread. Start it so that it is not.
    return Thread.ofVirtual().start(task);
    // end exercise
}

void sleepUntilWoken() {
    if (Thread.currentThread() == mainThread) return;   // main must not sleep here: no one would wake it
    allAsleep.countDown();
    try {
        wakeUp.await();
    } catch (InterruptedException e) {
        // woken early: nothing to clean up
    }
}

// ---- Checking your work: no need to read past this line. ----

Thread mainThread;

/// Live platform threads: the JVM's thread count leaves virtual threads out.
int platformThreads() {
    return ManagementFactory.getThreadMXBean().getThreadCount();
}

void wakeAll(List<Thread> sleepers) throws InterruptedException {
    wakeUp.countDown();
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    for (Thread sleeper : sleepers)
        if (sleeper != mainThread && sleeper.getState() != Thread.State.NEW)
            sleeper.join(Duration.ofNanos(Math.max(1, until - System.nanoTime())));
}

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
