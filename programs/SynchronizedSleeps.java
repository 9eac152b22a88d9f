///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 21+

// @fold what it shows, why a class and not a compact source file; the imports
// Eight virtual threads each sleep 200 ms inside synchronized, on a lock of their own, on one
// carrier. JDK 21 pins a virtual thread that blocks inside synchronized: the sleeps take turns.
// Since JDK 24 (JEP 491) it unmounts, and the sleeps overlap. A class with a static main, not a
// compact source file as in the course's other programs, so that JDK 21 runs it.

import java.time.Duration;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.consumer.RecordingStream;
// @end

public class SynchronizedSleeps {

    static final int TASKS = 8;
    static final Duration SLEEP = Duration.ofMillis(200);

    public static void main(String[] args) throws Exception {
        // @fold one carrier unless -D gives others; the usage line; what to expect; a count of pinned events
        int unmountsSince = 24; // JEP 491
        String parallelism = "jdk.virtualThreadScheduler.parallelism", maxPoolSize = "jdk.virtualThreadScheduler.maxPoolSize";
        // Before any virtual thread exists: the scheduler reads these once, when it is created.
        // Given with -D on the command line, they are left as they are.
        System.getProperties().putIfAbsent(parallelism, "1");
        System.getProperties().putIfAbsent(maxPoolSize, System.getProperty(parallelism));
        int carriers = Math.min(Integer.getInteger(parallelism, 0), Integer.getInteger(maxPoolSize, 0)); // as the scheduler reads them
        if (args.length > 0 || carriers < 1) {
            System.err.println("usage: synchronized-sleeps  (no arguments; other carriers: -D" + parallelism + "=N, N of 1 or more)");
            System.exit(2);
        }
        int release = Runtime.version().feature();
        long pinned = ((TASKS + carriers - 1) / carriers) * SLEEP.toMillis(); // the sleeps take turns, `carriers` at a time

        System.out.println("JDK " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")");
        System.out.println(TASKS + " virtual threads each sleep " + SLEEP.toMillis() + " ms inside synchronized on "
                + carriers + (carriers == 1 ? " carrier" : " carriers") + ": " + SLEEP.toMillis() + " ms if they unmount, "
                + pinned + " ms if pinned");
        System.out.println(release >= unmountsSince
                ? "expected on JDK " + release + ": they unmount (JEP 491, JDK 24 and later), about one sleep"
                : "expected on JDK " + release + ": they are pinned (before JDK 24), the sleeps take turns");
        var pinnedEvents = new AtomicInteger();
        long tookMs;
        // @end
        try (var jfr = new RecordingStream()) {
            // @fold JFR counts each jdk.VirtualThreadPinned event from here on
            jfr.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ofMillis(20)); // JFR's default
            jfr.onEvent("jdk.VirtualThreadPinned", e -> pinnedEvents.incrementAndGet());
            jfr.startAsync();
            // @end
            tookMs = sleepInsideSynchronized();
            jfr.stop(); // returns once every recorded event has been handled
        }
        System.out.println(String.format(Locale.ROOT, "took %d ms, pinned events: %d", tookMs, pinnedEvents.get()));
    }

    // Starts TASKS virtual threads that each sleep while holding a lock of their own; returns the milliseconds until all ended.
    static long sleepInsideSynchronized() throws InterruptedException, ExecutionException {
        List<Future<?>> tasks = new ArrayList<>();
        long start = System.nanoTime();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < TASKS; i++) {
                tasks.add(executor.submit(() -> {
                    Object lock = new Object(); // its own: no thread ever waits for another's lock
                    synchronized (lock) {
                        Thread.sleep(SLEEP);
                    }
                    return null;
                }));
            }
        }
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        for (var t : tasks) t.get(); // a task that failed would only look fast: it stops the program instead
        return tookMs;
    }
}
