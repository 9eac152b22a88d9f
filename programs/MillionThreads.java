///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Look at many virtual threads, then count a million. First this process takes a JSON thread
// dump of itself while up to 100,000 virtual threads wait, summarises it, and asks jstack for
// the same threads. Then it starts up to a million and holds every one until all of them are
// alive, so the peak really is all of them.

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

static final int MAX_THREADS = 1_000_000;
static final int MAX_DUMPED = 100_000;      // a dump lists every thread with its stack: about 1 KB each
static final long HEAP_PER_THREAD = 2_048;  // bytes; more than a waiting virtual thread used here

void main(String[] args) throws Exception {
    int count = MAX_THREADS;
    try {
        if (args.length > 1) throw new NumberFormatException();
        if (args.length == 1) count = Integer.parseInt(args[0].replace(",", "").replace("_", ""));
        if (count < 1 || count > MAX_THREADS) throw new NumberFormatException();
    } catch (NumberFormatException e) {
        System.err.println("usage: million [count]  (1 to " + MAX_THREADS + ", default " + MAX_THREADS + ")");
        System.exit(2);
    }
    long maxHeap = Runtime.getRuntime().maxMemory();
    long needed = count * HEAP_PER_THREAD;
    IO.println("max heap " + mb(maxHeap) + " MB; " + count + " threads need about " + mb(needed) + " MB");
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

/// Holds `count` named virtual threads and looks at them from inside (a JSON dump) and from
/// outside (jstack).
void seeThem(int count) throws Exception {
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
                // nobody interrupts them here
            }
        }));
    alive.await();

    Path dir = Files.createTempDirectory("million-dump-");
    Path file = dir.resolve("threads.json");
    Path jstackOutput = dir.resolve("jstack.txt");
    try {
        IO.println("dump of " + count + " waiting virtual threads, "
                + "as jcmd <pid> Thread.dump_to_file -format=json <file> takes it:");
        long start = System.nanoTime();
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
        IO.println(String.format("  written in %d ms, %.1f MB", since(start), Files.size(file) / 1e6));
        summarise(file);
        IO.println(jstack(jstackOutput));
    } finally {
        Files.deleteIfExists(file);
        Files.deleteIfExists(jstackOutput);
        Files.deleteIfExists(dir);
        IO.println("  dump deleted: " + !Files.exists(dir));
        release.countDown();
        for (Thread t : threads) t.join();
    }
}

/// Starts `count` virtual threads that each wait on a latch, and counts them once all have started.
void holdAll(int count) throws InterruptedException {
    var alive = new CountDownLatch(count);
    var never = new CountDownLatch(1);
    var inside = new AtomicInteger(); // threads that have started and not yet ended
    long heapBefore = heapAfterGc();

    long start = System.nanoTime();
    for (int i = 0; i < count; i++) {
        Thread.ofVirtual().start(() -> {
            inside.incrementAndGet();
            alive.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                // nobody interrupts them here
            } finally {
                inside.decrementAndGet();
            }
        });
    }
    alive.await();
    long allAliveMs = since(start);
    int peak = inside.get(); // none can end while `never` is closed: this is every thread at once
    long heap = heapUsed(); // no GC here: collecting a heap this full would take seconds
    IO.println(String.format("peak: %d virtual threads alive at once, all started and waiting after %d ms",
            peak, allAliveMs));
    IO.println(String.format("heap used: %d MB with all alive, %d MB before they started (%d bytes per thread)",
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

/// jstack attaches from outside and prints one entry per thread it lists. Its output goes to a
/// file, so that a jstack that hangs cannot hold this program past the timeout.
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
    String out = new String(Files.readAllBytes(output));
    if (p.exitValue() != 0) return "jstack: failed: " + out.strip().lines().findFirst().orElse("");
    // each thread's entry starts with its name in quotes
    long listed = out.lines().filter(l -> l.startsWith("\"")).count();
    long waiters = out.lines().filter(l -> l.startsWith("\"waiter-")).count();
    return "jstack: " + listed + " threads listed, " + waiters + " of them waiter threads";
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

long mb(long bytes) {
    return bytes / (1024 * 1024);
}
