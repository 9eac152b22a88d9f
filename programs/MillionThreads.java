///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it does; imports, limits; main: seeThem, then holdAll; the count

// Look at many virtual threads, then count a million. First this process takes a JSON thread
// dump of itself while up to 100,000 virtual threads wait, summarises it, and asks jstack for
// the same threads while one more virtual thread spins. Then it starts up to a million and
// holds every one until all of them wait, so the peak really is all of them.

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat;
import java.lang.management.ManagementFactory;

static final int MAX_THREADS = 1_000_000;
static final int MAX_DUMPED = 100_000;      // a dump lists every thread with its stack: about 1 KB each
static final long HEAP_PER_THREAD = 2_048;  // bytes; more than a waiting virtual thread used here
static final Duration PATIENCE = Duration.ofMinutes(2); // for every thread to wait, once all have started
static final String USAGE = "usage: million [count]  (1 to " + MAX_THREADS + ", default " + MAX_THREADS + ")";

void main(String[] args) throws Exception {
    int count = count(args);
    long maxHeap = Runtime.getRuntime().maxMemory();
    long needed = count * HEAP_PER_THREAD;
    IO.println("max heap " + mb(maxHeap) + " MB; " + count + " threads need about " + mb(needed) + " MB"
            + " (MB: 1,048,576 bytes)");
    if (needed > maxHeap) {
        System.err.println("not enough heap for " + count + " threads. "
                + "Run fewer: ./jbang million " + maxHeap / HEAP_PER_THREAD + ", or give Java more heap: "
                + "java -Xmx" + (mb(needed) / 1024 + 1) + "g programs/MillionThreads.java");
        System.exit(1);
    }
    seeThem(Math.min(count, MAX_DUMPED));
    holdAll(count);
    IO.println("main returns: the JVM exits without waking them (virtual threads are daemon threads)");
}

/// The thread count: the argument (`100000`, `100,000` or `100_000`), or MAX_THREADS without one.
int count(String[] args) {
    if (args.length == 0) return MAX_THREADS;
    String digits = args.length == 1 ? args[0].replace(",", "").replace("_", "") : "";
    boolean valid = digits.matches("[0-9]{1,7}")
            && Integer.parseInt(digits) >= 1 && Integer.parseInt(digits) <= MAX_THREADS;
    if (!valid) {
        System.err.println(USAGE);
        System.exit(2);
    }
    return Integer.parseInt(digits);
}

// @end
/// Holds `count` named virtual threads and looks at them from inside
/// (a JSON dump) and from outside (jstack).
void seeThem(int count) throws Exception {
    // @fold starting waiter-0, waiter-1, ... on a latch; the files
    var alive = new CountDownLatch(count);
    var release = new CountDownLatch(1);
    var threads = new ArrayList<Thread>();
    var named = Thread.ofVirtual().name("waiter-", 0);
    for (int i = 0; i < count; i++)
        threads.add(named.start(() -> {
            alive.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // nobody interrupts them here; if someone did, keep the flag
            }
        }));
    alive.await();

    Path dir = Files.createTempDirectory("million-dump-");
    Path file = dir.resolve("threads.json");
    Path jstackOutput = dir.resolve("jstack.txt");
    // @end
    try {
        // @fold printing which dump this is, and starting the clock
        IO.println("dump of " + count + " waiting virtual threads, "
                + "as jcmd <pid> Thread.dump_to_file -format=json <file> takes it:");
        long start = System.nanoTime();
        // @end
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .dumpThreads(file.toString(), ThreadDumpFormat.JSON);
        IO.println(String.format(Locale.ROOT, "  written in %d ms, %.1f MB",
                since(start), Files.size(file) / MB));
        summarise(file);
        jstackWhileOneSpins(jstackOutput);
    } finally {
        // @fold deleting the dump and releasing the waiters
        Files.deleteIfExists(file);
        Files.deleteIfExists(jstackOutput);
        Files.deleteIfExists(dir);
        IO.println("  dump deleted: " + !Files.exists(dir));
        release.countDown();
        for (Thread t : threads) t.join();
        // @end
    }
}
// @fold holdAll: a million threads on a latch, counted and weighed; the helpers

/// Starts `count` virtual threads that each wait on a latch, and counts them once all of them wait.
void holdAll(int count) throws InterruptedException {
    var alive = new CountDownLatch(count);
    var never = new CountDownLatch(1);
    var inside = new AtomicInteger(); // threads that have started and not yet ended
    var threads = new Thread[count];  // made before the first measurement, so it is not counted per thread
    long heapBefore = heapAfterGc();

    long start = System.nanoTime();
    for (int i = 0; i < count; i++) {
        threads[i] = Thread.ofVirtual().start(() -> {
            inside.incrementAndGet();
            alive.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // nobody interrupts them here; if someone did, keep the flag
            } finally {
                inside.decrementAndGet();
            }
        });
    }
    alive.await(); // every thread has started; some may not have reached never.await() yet
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    int notWaiting = 0;
    for (Thread t : threads)
        while (t.getState() != Thread.State.WAITING) { // WAITING: parked in never.await()
            if (t.getState() == Thread.State.TERMINATED || System.nanoTime() > deadline) {
                notWaiting++; // it ended, or it did not get there in time: the peak would not be all of them
                break;
            }
            Thread.sleep(1);
        }
    if (notWaiting > 0) {
        System.err.println("million: " + notWaiting + " of " + count + " threads ended or were not waiting after "
                + PATIENCE.toSeconds() + " s");
        System.exit(1);
    }
    long allWaitingMs = since(start);
    int peak = inside.get(); // none can end while `never` is closed: this is every thread at once
    long heap = heapUsed(); // no GC here: collecting a heap this full would take seconds
    IO.println(String.format(Locale.ROOT, "peak: %d virtual threads alive at once, all started and waiting after %d ms",
            peak, allWaitingMs));
    IO.println(String.format(Locale.ROOT, "heap used: %d MB with all alive, %d MB before they started (%d bytes per thread)",
            mb(heap), mb(heapBefore), (heap - heapBefore) / count));
}

/// Counts what a JSON thread dump says, line by line (it puts one field on each line).
void summarise(Path dump) throws IOException {
    long threads = 0, virtual = 0;
    var states = new TreeMap<String, Integer>();
    var parkedOn = new TreeMap<String, Integer>();
    boolean inParkBlocker = false;
    try (var lines = Files.lines(dump)) {
        for (String line : (Iterable<String>) lines::iterator) {
            int at = line.indexOf('"'); // where the field's name starts, after the indentation
            if (at < 0) continue;
            if (line.startsWith("\"tid\":", at)) threads++;
            if (line.startsWith("\"virtual\": true", at)) virtual++;
            if (line.startsWith("\"state\":", at)) states.merge(value(line), 1, Integer::sum);
            if (inParkBlocker && line.startsWith("\"object\":", at))
                parkedOn.merge(value(line).split("@")[0], 1, Integer::sum); // without the identity hash
            inParkBlocker = line.startsWith("\"parkBlocker\":", at);
        }
    }
    IO.println("  threads: " + threads + ", virtual: " + virtual);
    IO.println("  states: " + states);
    IO.println("  parked on: " + parkedOn);
}

/// Runs jstack while one more virtual thread spins on a CPU, mounted on a carrier, and prints
/// what jstack showed of the waiters and of the spinning thread.
void jstackWhileOneSpins(Path output) throws Exception {
    spinning = true;
    var running = new CountDownLatch(1);
    Thread spinner = Thread.ofVirtual().name("spinner").start(() -> spin(running));
    try {
        running.await();
        IO.println(jstack(output));
        IO.println("  the spinning virtual thread: #" + spinner.threadId());
    } finally {
        spinning = false;
        spinner.join();
    }
}

volatile boolean spinning;

void spin(CountDownLatch running) {
    running.countDown();
    while (spinning) { } // never parks, so it stays mounted on its carrier
}

/// jstack attaches from outside and prints one entry per platform thread, and under a carrier
/// the stack of the virtual thread mounted on it. Its output goes to a file, so that a jstack
/// that hangs cannot hold this program past the timeout.
String jstack(Path output) throws Exception {
    Path jstack = Path.of(System.getProperty("java.home"), "bin", "jstack");
    if (!Files.isExecutable(jstack)) return "jstack: not in this Java (" + jstack + ")";
    var p = new ProcessBuilder(jstack.toString(), Long.toString(ProcessHandle.current().pid()))
            .redirectErrorStream(true).redirectOutput(output.toFile()).start();
    p.getOutputStream().close();
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        return "jstack: no answer in 30 s";
    }
    List<String> lines = Files.readAllLines(output);
    if (p.exitValue() != 0) return "jstack: failed: " + (lines.isEmpty() ? "" : lines.getFirst());
    // each platform thread's entry starts with its name in quotes
    long listed = lines.stream().filter(l -> l.startsWith("\"")).count();
    long waiters = lines.stream().filter(l -> l.startsWith("\"waiter-")).count();
    // a mounted virtual thread: "   Mounted virtual thread #ID", then its frames, innermost first
    var mounted = new ArrayList<String>();
    for (int i = 0; i + 1 < lines.size(); i++)
        if (lines.get(i).strip().startsWith("Mounted virtual thread #"))
            mounted.add(lines.get(i).strip().substring("Mounted virtual thread ".length()) + ", at "
                    + lines.get(i + 1).strip().replaceFirst("^at ", "").replaceFirst("\\(.*", ""));
    return "jstack: " + listed + " threads listed, " + waiters + " of them waiter threads\n"
            + "  mounted virtual threads shown: " + mounted.size() + (mounted.isEmpty() ? "" : ", " + String.join("; ", mounted));
}

// ---- small helpers ----

/// `"key": "value",` → `value`
String value(String jsonLine) {
    return jsonLine.substring(jsonLine.indexOf(": \"") + 3, jsonLine.lastIndexOf('"'));
}

/// Live heap: what is still reachable after a full collection.
long heapAfterGc() {
    System.gc();
    return heapUsed();
}

long heapUsed() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
}

long since(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
}

static final double MB = 1024 * 1024;

long mb(long bytes) {
    return Math.round(bytes / MB);
}
// @end
