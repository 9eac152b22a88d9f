///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 21+

// Eight virtual threads, each sleeping 200 ms inside synchronized on a lock of its own.
// Run it on one carrier (-Djdk.virtualThreadScheduler.parallelism=1 and maxPoolSize=1).
// On JDK 21 a virtual thread that blocks inside synchronized is pinned: it keeps the carrier,
// so the sleeps take turns. Since JDK 24 (JEP 491) it unmounts, and the sleeps overlap.
//
// Written as a class with public static void main, not as a compact source file like the
// course's other programs, because JDK 21 runs only that (compact source files are final in 25).

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.consumer.RecordingStream;

public class SynchronizedSleeps {

    static final int TASKS = 8;
    static final Duration SLEEP = Duration.ofMillis(200);
    static final Duration PINNED_THRESHOLD = Duration.ofMillis(20); // JFR's default for this event
    static final int UNMOUNTS_SINCE = 24; // JEP 491

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            System.err.println("usage: synchronized-sleeps  (no arguments; set the carriers with -Djdk.virtualThreadScheduler.parallelism=N)");
            System.exit(2);
        }
        int release = Runtime.version().feature();
        int carriers = carriers();
        long unmounted = SLEEP.toMillis();
        long pinned = ((TASKS + carriers - 1) / carriers) * SLEEP.toMillis(); // the sleeps take turns, `carriers` at a time

        System.out.println("JDK " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")");
        System.out.println(TASKS + " virtual threads each sleep " + SLEEP.toMillis() + " ms inside synchronized on "
                + carriers + (carriers == 1 ? " carrier" : " carriers") + ": " + unmounted + " ms if they unmount, "
                + pinned + " ms if pinned");
        System.out.println(release >= UNMOUNTS_SINCE
                ? "expected on JDK " + release + ": they unmount (JEP 491, JDK 24 and later), about one sleep"
                : "expected on JDK " + release + ": they are pinned (before JDK 24), the sleeps take turns");

        var pinnedEvents = new AtomicInteger();
        long tookMs;
        try (var jfr = new RecordingStream()) {
            jfr.enable("jdk.VirtualThreadPinned").withThreshold(PINNED_THRESHOLD);
            jfr.onEvent("jdk.VirtualThreadPinned", e -> pinnedEvents.incrementAndGet());
            jfr.startAsync();
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

    // The scheduler's parallelism: the property when it is set, else one carrier per core (JEP 444).
    static int carriers() {
        String set = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        if (set == null) return Runtime.getRuntime().availableProcessors();
        try {
            int n = Integer.parseInt(set.strip());
            if (n > 0) return n;
        } catch (NumberFormatException e) {
            // fall through to the usage line
        }
        System.err.println("usage: -Djdk.virtualThreadScheduler.parallelism takes a whole number of carriers, 1 or more; got '" + set + "'");
        System.exit(2);
        return 0;
    }
}
