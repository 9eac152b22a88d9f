package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;
import static tests.Proc.lines;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `limits` (programs/Limits.java): a semaphore, a ThreadLocal cache and a pool of virtual threads, the limits that stay.
@Programs
class LimitsTest {

    static final String LIMITS = "programs/Limits.java";

    @Test
    @DisplayName("limits: a Semaphore(20) over 2,000 tasks of 10 ms keeps exactly 20 in flight, at least 1,000 ms, in an Arabic locale too")
    void semaphoreKeepsExactlyTwentyInFlight() {
        var r = Proc.asciiDigits(ok(Proc.java(List.of(), Proc.ARABIC_LOCALE, LIMITS, "semaphore")));
        assertEquals(20, Bounds.number(r.out(), "at most (\\d+) at once, took \\d+ ms \\(theory"), r.all());
        final long theory = 2_000 / 20 * 10; // 100 rounds of 10 ms
        Bounds.assertTime("semaphore", theory, Bounds.number(r.out(), "at once, took (\\d+) ms \\(theory"));
    }

    @Test
    @DisplayName("limits: a fixed pool of 200 virtual threads runs 200 at a time, in 10 rounds of 100 ms")
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
    @DisplayName("limits: a ThreadLocal buffer costs one buffer per live thread; the heap cap caps the threads")
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
    @DisplayName("limits: with a 14 MB heap, part of it held by the source launcher's compiler, the cap counts only the free heap and the part finishes")
    void threadLocalCapsToTheFreeHeap() {
        // Through the source launcher on purpose: javac's leftovers take part of the heap.
        var r = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(3),
                List.of(Proc.JAVA.toString(), "-Xmx14m", LIMITS, "threadlocal"));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("  capped: ") && r.out().contains("virtual threads alive, a buffer each:"), r.all());
    }

    @Test
    @DisplayName("limits: an unknown part prints usage and exits 2")
    void limitsRejectsBadArguments() {
        usage(Proc.java(LIMITS, "locks"));
    }
}
