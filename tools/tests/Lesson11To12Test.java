package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// Lessons 11-12: what each program must show, checked on a fresh run with plain `java`.
/// (`./jbang echo` and `./jbang limits` run in CatalogTest.)
class Lesson11To12Test {

    // ---- Lesson 11: echo ----------------------------------------------------------------

    static final String ECHO = "programs/EchoServer.java";
    static final int CLIENTS = 2_000;

    /// Both runs are used by two tests each; run them once.
    static Proc.Result virtualRun, platformRun;

    static synchronized Proc.Result virtualEcho() {
        if (virtualRun == null) virtualRun = ok(Proc.java(ECHO, "virtual", "2000"));
        return virtualRun;
    }

    static synchronized Proc.Result platformEcho() {
        if (platformRun == null) platformRun = ok(Proc.java(ECHO, "platform", "2000"));
        return platformRun;
    }

    static long heldPlatformThreads(Proc.Result r) {
        return Bounds.number(r.out(), "while " + CLIENTS + " connections were held: (\\d+) platform threads");
    }

    @Test
    @DisplayName("11 echo: 2,000 connections held on virtual threads with under 100 platform threads, every echo back")
    void virtualServerHoldsConnectionsOnFewPlatformThreads() {
        var r = virtualEcho();
        assertTrue(r.out().contains("all " + CLIENTS + " clients connected"), r.all());
        long platform = heldPlatformThreads(r);
        assertTrue(platform < 100, platform + " platform threads while " + CLIENTS + " connections were held\n" + r.all());
        assertTrue(r.out().contains("echoes read back: " + CLIENTS + " of " + CLIENTS + ", client failures: 0"), r.all());
    }

    @Test
    @DisplayName("11 echo: the platform server needs about one more platform thread per connection")
    void platformServerNeedsAThreadPerConnection() {
        var r = platformEcho();
        long platform = heldPlatformThreads(r), virtual = heldPlatformThreads(virtualEcho());
        // One per connection, give or take the scheduler's carriers, which may differ by a few between runs.
        final long slack = 10;
        assertTrue(Math.abs(platform - virtual - CLIENTS) <= slack,
                "platform " + platform + " vs virtual " + virtual + ": expected about " + CLIENTS + " more\n" + r.all());
        assertTrue(r.out().contains("echoes read back: " + CLIENTS + " of " + CLIENTS + ", client failures: 0"), r.all());
    }

    @Test
    @DisplayName("11 echo: with 1,024 files allowed, a clear message and exit 2 before any socket opens")
    void echoStopsWhenTheFileLimitIsTooLow() {
        var r = Proc.java(List.of("prlimit", "--nofile=1024"), List.of(), ECHO);
        assertEquals(2, r.exit(), r.all());
        assertTrue(r.err().contains("need about 4100 file descriptors") && r.err().contains("may open only 1024"), r.all());
        assertFalse(r.out().contains("echo server on"), "no server may start\n" + r.all());
        assertFalse(r.all().contains("Exception"), r.all());
    }

    /// The check before the server opens allows 100 descriptors for the JVM. Here 300 more are
    /// already open, inherited from the shell that starts it (as from a parent that leaks them),
    /// so the run passes the check and then runs out part-way. Which call fails first, a
    /// client's connect or the server's accept, varies; either way the program must say so,
    /// count the clients that failed, end by itself and exit 1. (Before, the accept loop ended
    /// without a word and every client's failure was lost in its Future.) RLIMIT_NOFILE binds
    /// root too; no privilege is needed to lower it.
    @Test
    @DisplayName("11 echo: when descriptors run out part-way, 'Too many open files' is reported, failures counted, exit 1")
    void echoReportsRunningOutOfDescriptors() {
        final int clients = 500, limit = 2 * clients + 100, inherited = 300;   // the limit is what the check asks for
        String openThenRun = "for i in $(seq " + inherited + "); do exec {fd}</dev/null; done; exec \"$0\" \"$@\"";
        var r = Proc.java(List.of("prlimit", "--nofile=" + limit, "bash", "-c", openThenRun), List.of(),
                ECHO, "virtual", String.valueOf(clients));
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("echo server on"), "the check let it start\n" + r.all());
        assertTrue(r.out().contains("Too many open files"), r.all());
        long failures = Bounds.number(r.out(), "client failures: (\\d+)");
        long echoed = Bounds.number(r.out(), "echoes read back: (\\d+) of " + clients);
        assertTrue(failures > 0 && echoed + failures <= clients, r.all());
        assertTrue(r.out().contains("the first client failure: java."), r.all());
        r.out().lines().filter(l -> l.startsWith("server: accept failed"))
                .forEach(l -> assertTrue(l.contains("Too many open files"), r.all()));
        assertFalse(r.all().contains("\tat "), "no stack trace\n" + r.all());
    }

    @Test
    @DisplayName("11 echo: a bad kind, a client count past the cap or not a number prints usage and exits 2")
    void echoRejectsBadArguments() {
        usage(Proc.java(ECHO, "fibers"));
        usage(Proc.java(ECHO, "virtual", "5001"));
        usage(Proc.java(ECHO, "virtual", "99999999999999999999"));
        usage(Proc.java(ECHO, "virtual", "12x"));
        usage(Proc.java(ECHO, "virtual", "-5"));
    }

    // ---- Lesson 12: limits --------------------------------------------------------------

    static final String LIMITS = "programs/Limits.java";

    @Test
    @DisplayName("12 limits: a Semaphore(20) over 2,000 tasks of 10 ms keeps exactly 20 in flight, at least 1,000 ms")
    void semaphoreKeepsExactlyTwentyInFlight() {
        var r = ok(Proc.java(LIMITS, "semaphore"));
        assertEquals(20, Bounds.number(r.out(), "at most (\\d+) at once, took \\d+ ms \\(theory"), r.all());
        final long theory = 2_000 / 20 * 10; // 100 rounds of 10 ms
        Bounds.assertTime("semaphore", theory, Bounds.number(r.out(), "at once, took (\\d+) ms \\(theory"));
    }

    @Test
    @DisplayName("12 limits: a fixed pool of 200 virtual threads runs 200 at a time, in 10 rounds of 100 ms")
    void pooledVirtualThreadsHaveThePoolsCeiling() {
        var r = ok(Proc.java(LIMITS, "pooled"));
        String pool = lines(r, "  fixed pool of 200 virtual threads:");
        assertEquals(200, Bounds.number(pool, "at most +(\\d+) at once"), r.all());
        final long poolTheory = (2_000 / 200) * 100; // 10 rounds of 100 ms
        long poolMs = Bounds.number(pool, "took +(\\d+) ms");
        Bounds.assertTime("fixed pool of 200 virtual threads", poolTheory, poolMs);
        long perTaskMs = Bounds.number(lines(r, "  a virtual thread per task:"), "took +(\\d+) ms");
        Bounds.assertUnder("a virtual thread per task (one round)", poolTheory, perTaskMs);
    }

    @Test
    @DisplayName("12 limits: a ThreadLocal buffer costs one buffer per live thread; the heap cap caps the threads")
    void threadLocalCostsOneBufferPerThread() {
        // -Xmx256m: the cap must run fewer threads rather than fail, and this keeps the test small.
        var r = ok(Proc.java(List.of(), List.of("-Xmx256m"), LIMITS, "threadlocal"));
        long threads = Bounds.number(r.out(), "capped: (\\d+) threads, not 100000");
        assertTrue(threads > 5_000, r.all());
        long poolMb = Bounds.number(r.out(), "pool of 200 platform threads, \\d+ tasks: +(-?\\d+) MB");
        assertTrue(poolMb <= 10, "200 buffers of 10 KB are 2 MB, the heap grew " + poolMb + " MB\n" + r.all());
        long buffersMb = threads * 10 * 1024 / (1024 * 1024);
        long withBuffers = Bounds.number(r.out(), "a buffer each: +(\\d+) MB");
        long without = Bounds.number(r.out(), "no buffer: +(-?\\d+) MB");
        assertTrue(withBuffers - without >= buffersMb * 8 / 10,
                threads + " buffers are " + buffersMb + " MB; with them the heap grew " + withBuffers
                        + " MB, without " + without + " MB\n" + r.all());
    }

    /// At 14 MB the JVM's own objects leave less room than the cap assumes: a thread runs out
    /// of heap in BUFFER.get(). Before, its latch was never counted down and main waited forever;
    /// now every task counts down however it ends, and main gives up after a minute. Either way,
    /// here or on a JVM that fits, the program must end by itself.
    @Test
    @DisplayName("12 limits: with a 14 MB heap, part of it held by the source launcher's compiler, the cap counts only the free heap and the part finishes")
    void threadLocalCapsToTheFreeHeap() {
        // Through the source launcher on purpose: javac's leftovers take part of the heap.
        var r = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(3),
                List.of(Proc.JAVA.toString(), "-Xmx14m", LIMITS, "threadlocal"));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("  capped: ") && r.out().contains("virtual threads alive, a buffer each:"), r.all());
    }

    @Test
    @DisplayName("12 limits: an unknown part prints usage and exits 2")
    void limitsRejectsBadArguments() {
        usage(Proc.java(LIMITS, "locks"));
    }

    // ---- helpers ------------------------------------------------------------------------

    static String lines(Proc.Result r, String prefix) {
        var out = new StringBuilder();
        r.out().lines().filter(l -> l.startsWith(prefix)).forEach(l -> out.append(l).append('\n'));
        if (out.isEmpty()) fail("no lines starting '" + prefix + "' in:\n" + r.all());
        return out.toString();
    }
}
