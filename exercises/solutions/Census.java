///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

// This program takes a JSON thread dump of itself, as `jcmd <pid> Thread.dump_to_file
// -format=json` would, while 300 virtual threads sleep, 200 more wait on a latch and a few
// platform threads sleep too. Read the dump and count the virtual threads that are asleep in
// Thread.sleep: the count below counts every virtual thread.

final int SLEEPING = 300, WAITING_ON_A_LATCH = 200, PLATFORM_SLEEPING = 3;

void main() throws Exception {
    var wakeUp = new CountDownLatch(1);
    var threads = new ArrayList<Thread>();
    var worker = Thread.ofVirtual().name("worker-", 0);   // worker-0, worker-1, ... for both kinds: names do not tell them apart
    for (int i = 0; i < SLEEPING; i++) threads.add(worker.start(this::sleep));
    for (int i = 0; i < WAITING_ON_A_LATCH; i++) threads.add(worker.start(() -> await(wakeUp)));
    for (int i = 0; i < PLATFORM_SLEEPING; i++) threads.add(Thread.ofPlatform().name("ticker-" + i).start(this::sleep));

    String dump;
    try {
        dump = dumpOnceAllWait(threads);
    } finally {
        wakeUp.countDown();
        for (Thread t : threads) t.interrupt();
        for (Thread t : threads) t.join();
    }

    int counted = sleepingVirtualThreads(dump);
    checkThat("virtual threads asleep in Thread.sleep, counted from the dump", counted == SLEEPING,
            counted + describe(counted), SLEEPING);
    verdict("census");
}

/// How many virtual threads the dump shows asleep in Thread.sleep.
int sleepingVirtualThreads(String dump) {
    int count = 0;
    for (String thread : dump.split("\"tid\": ")) {   // one piece per thread (and a header first)
        // exercise: if (thread.contains("\"virtual\": true")) count++; // TODO: only those whose stack shows them in Thread.sleep
        if (thread.contains("\"virtual\": true") && thread.contains("java.lang.Thread.sleep(")) count++;
        // end exercise
    }
    return count;
}

void sleep() {
    try {
        Thread.sleep(Duration.ofSeconds(30));
    } catch (InterruptedException e) {
        // woken at the end: nothing to clean up
    }
}

void await(CountDownLatch latch) {
    try {
        latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
        // woken at the end: nothing to clean up
    }
}

// ---- Checking your work: no need to read past this line. ----

/// Waits until every thread is in TIMED_WAITING, then dumps into a new temporary folder and
/// deletes it again.
String dumpOnceAllWait(List<Thread> threads) throws Exception {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (threads.stream().anyMatch(t -> t.getState() != Thread.State.TIMED_WAITING)) {
        if (System.nanoTime() > until) throw new IllegalStateException("the threads did not all start waiting within 10 s");
        Thread.sleep(10);
    }
    Path dir = Files.createTempDirectory("census-");
    Path file = dir.resolve("threads.json");
    try {
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
        return Files.readString(file);
    } finally {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
    }
}

/// What a wrong count probably counted.
String describe(int counted) {
    if (counted == SLEEPING + WAITING_ON_A_LATCH) return " (every virtual thread: the " + WAITING_ON_A_LATCH + " on the latch too)";
    if (counted == SLEEPING + PLATFORM_SLEEPING) return " (the " + PLATFORM_SLEEPING + " sleeping platform threads too)";
    if (counted > SLEEPING) return " (more than are asleep: does each thread count once?)";
    return "";
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
