///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it shows; the import of JFR's RecordingStream; 4 tasks, 200 ms sleeps

// One carrier thread, four virtual threads that each sleep 200 ms, in four settings.
// A virtual thread that can unmount frees the carrier while it sleeps: the four sleeps overlap.
// A pinned one holds the carrier: the four sleeps run one after another.
// JFR records a jdk.VirtualThreadPinned event when a virtual thread blocks while pinned (20 ms or more).

import jdk.jfr.consumer.RecordingStream;

static final int TASKS = 4;
static final Duration SLEEP = Duration.ofMillis(200);
static final Duration PINNED_THRESHOLD = Duration.ofMillis(20); // JFR's default for this event
final Set<String> carriersSeen = ConcurrentHashMap.newKeySet();

// @end
void main(String[] args) throws Exception {
    // First: the scheduler reads these once, when it is created.
    System.setProperty("jdk.virtualThreadScheduler.parallelism", "1");
    System.setProperty("jdk.virtualThreadScheduler.maxPoolSize", "1");
    // @fold the usage check, and printing the theory: 200 ms if they unmount, 800 ms if pinned
    if (args.length > 0) {
        System.err.println("usage: pinning  (no arguments)");
        System.exit(2);
    }

    IO.println(TASKS + " virtual threads each sleep " + SLEEP.toMillis() + " ms on one carrier: "
            + SLEEP.toMillis() + " ms if they unmount, " + TASKS * SLEEP.toMillis() + " ms if pinned");
    // @end
    measure("plain sleep", i -> sleep());
    measure("synchronized, own lock", i -> {
        Object lock = new Object();
        synchronized (lock) {
            sleep();
        }
    });
    measure("class initializer", i -> SLOW_CLASSES.get(i).run());
    Object sharedLock = new Object();
    measure("synchronized, one shared lock", i -> {
        synchronized (sharedLock) {
            sleep();
        }
    });
    IO.println("carriers seen: " + carriersSeen);
}
// @fold measure: the tasks, timed, pinned events counted; the slow classes

// Runs TASKS virtual threads, each doing task(i), while JFR records pinned events.
void measure(String label, IntConsumer task) throws InterruptedException, ExecutionException {
    List<Pinned> pinned = Collections.synchronizedList(new ArrayList<>());
    long tookMs;
    try (var jfr = new RecordingStream()) {
        jfr.enable("jdk.VirtualThreadPinned").withThreshold(PINNED_THRESHOLD);
        // The stream reuses its event objects, so copy out what to keep.
        jfr.onEvent("jdk.VirtualThreadPinned", e -> pinned.add(
                new Pinned(e.getDuration().toMillis(), e.getString("pinnedReason"))));
        jfr.startAsync();

        var tasks = new ArrayList<Future<?>>();
        long start = System.nanoTime();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < TASKS; i++) {
                int n = i;
                tasks.add(executor.submit(() -> {
                    carriersSeen.add(carrierOf(Thread.currentThread().toString()));
                    task.accept(n);
                }));
            }
        }
        tookMs = (System.nanoTime() - start) / 1_000_000;
        for (var t : tasks) t.get(); // a task that failed would only look fast: it stops the program instead
        // Events reach the stream asynchronously; stop() returns once every recorded one was handled.
        jfr.stop();
    }
    IO.println(String.format(Locale.ROOT, "%-30s took %4d ms, pinned events: %d", label + ":", tookMs, pinned.size()));
    for (Pinned p : pinned) {
        IO.println("    pinned " + p.millis() + " ms, reason: " + p.reason());
    }
}

record Pinned(long millis, String reason) {}

// There is no public API for a virtual thread's carrier. Thread.toString() shows it, as in
// VirtualThread[#22,name]/runnable@ForkJoinPool-1-worker-1, but that format is unspecified
// and may change in any release: fine for a demonstration, never for production code.
static String carrierOf(String threadText) {
    int at = threadText.lastIndexOf('@');
    return at < 0 ? "(none)" : threadText.substring(at + 1);
}

static void sleep() {
    try {
        Thread.sleep(SLEEP);
    } catch (InterruptedException e) {
        throw new RuntimeException(e);
    }
}

// The JVM runs a class's static initializer once, on first use, so each task needs a class of its own.
// Calling touch() is that first use: the calling thread runs the initializer, which sleeps.
static class SlowA { static { sleep(); } static void touch() {} }
static class SlowB { static { sleep(); } static void touch() {} }
static class SlowC { static { sleep(); } static void touch() {} }
static class SlowD { static { sleep(); } static void touch() {} }
static final List<Runnable> SLOW_CLASSES = List.of(SlowA::touch, SlowB::touch, SlowC::touch, SlowD::touch);
// @end
