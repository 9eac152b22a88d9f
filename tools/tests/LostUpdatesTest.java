package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import course.Exercises;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/// `counter` (programs/LostUpdates.java): six ways to count from many virtual threads, two that
/// lose updates. (The race exercise's wrong fixes: tools/tests/wrong-fixes/race.txt.)
/// Alone (Tests.java runs two classes at a time otherwise): LongAdder beating synchronized
/// is a claim about contention between cores, which another class busy beside it would change.
@Programs
@Isolated
class LostUpdatesTest {

    static final long EXPECTED = 1_000L * 10_000;   // the default run: 1,000 threads x 10,000

    static final List<String> EXACT_WAYS = List.of("AtomicInteger", "LongAdder", "synchronized", "ReentrantLock");

    /// One default run, shared by the counter tests (it takes a few seconds).
    static Proc.Result defaultCounterRun;

    static synchronized Proc.Result counter() {
        if (defaultCounterRun == null) defaultCounterRun = ok(Proc.java("programs/LostUpdates.java"));
        return defaultCounterRun;
    }

    static long count(Proc.Result r, String way) {
        return Bounds.number(r.out(), "(?m)^" + java.util.regex.Pattern.quote(way) + ": +count= *([\\d,]+) ");
    }

    static long took(Proc.Result r, String way) {
        return Bounds.number(r.out(), "(?m)^" + java.util.regex.Pattern.quote(way) + ": .* took +(\\d+) ms");
    }

    @Test
    @DisplayName("counter: int++ and volatile int++ never count more than they should, and say how many they lost")
    void racyWaysReportWhatTheyLost() {
        // Whether a race loses updates in one fresh run is luck (a quiet 2-core machine lost some
        // in most runs, not all): the lesson's claim checks the recorded run instead.
        var r = counter();
        for (String way : List.of("int++", "volatile int++")) {
            long count = count(r, way);
            assertTrue(count <= EXPECTED, way + " counted " + count + ", more than " + EXPECTED + "\n" + r.all());
            assertEquals(EXPECTED - count, Bounds.number(r.out(), "(?m)^" + java.util.regex.Pattern.quote(way) + ": .*lost= *([\\d,]+) "), r.all());
        }
    }

    @Test
    @DisplayName("counter: AtomicInteger, LongAdder, synchronized and ReentrantLock count exactly 10,000,000")
    void theOtherWaysAreExact() {
        var r = counter();
        assertTrue(r.out().contains("expected 10,000,000"), r.all());
        for (String way : EXACT_WAYS) {
            assertEquals(EXPECTED, count(r, way), way + "\n" + r.all());
            assertEquals(0, Bounds.number(r.out(), "(?m)^" + way + ": .*lost= *([\\d,]+) "), way + "\n" + r.all());
        }
    }

    @Test
    @DisplayName("counter: LongAdder is faster than synchronized under contention (same run)")
    void longAdderBeatsSynchronized() {
        var r = counter();
        long adder = took(r, "LongAdder"), sync = took(r, "synchronized");
        assertTrue(adder < sync, "LongAdder " + adder + " ms, synchronized " + sync + " ms\n" + r.all());
    }

    @Test
    @DisplayName("counter: the arguments set threads and increments; the expected total follows")
    void argumentsAreUsed() {
        var r = ok(Proc.java("programs/LostUpdates.java", "20", "500"));
        assertTrue(r.out().startsWith("20 virtual threads x 500 increments of one shared counter, expected 10,000"), r.all());
        for (String way : EXACT_WAYS) assertEquals(10_000, count(r, way), way + "\n" + r.all());
    }

    @Test
    @DisplayName("counter: bad arguments print a one-line usage and exit 2")
    void counterRejectsBadArguments() {
        usage(Proc.java("programs/LostUpdates.java", "0"));
        usage(Proc.java("programs/LostUpdates.java", "many"));
        usage(Proc.java("programs/LostUpdates.java", "10001"));
        usage(Proc.java("programs/LostUpdates.java", "10", "100001"));
        usage(Proc.java("programs/LostUpdates.java", "10", "10", "10"));
        usage(Proc.java("programs/LostUpdates.java", "10000", "100000"));   // 10^9 increments: past the cap
    }
}
