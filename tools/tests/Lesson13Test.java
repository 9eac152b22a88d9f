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

/// Lesson 13: the six counters, and the wrong fixes of the race exercise that its check must
/// catch. (The first mistakes moved to the lesson "Your first virtual thread": FirstVirtualThreadTest.)
/// Alone (Tests.java runs two classes at a time otherwise): LongAdder beating synchronized
/// is a claim about contention between cores, which another class busy beside it would change.
@Isolated
class Lesson13Test {

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

    // ---- counter ------------------------------------------------------------------------

    @Test
    @DisplayName("13 counter: int++ and volatile int++ never count more than they should, and say how many they lost")
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
    @DisplayName("13 counter: AtomicInteger, LongAdder, synchronized and ReentrantLock count exactly 10,000,000")
    void theOtherWaysAreExact() {
        var r = counter();
        assertTrue(r.out().contains("expected 10,000,000"), r.all());
        for (String way : EXACT_WAYS) {
            assertEquals(EXPECTED, count(r, way), way + "\n" + r.all());
            assertEquals(0, Bounds.number(r.out(), "(?m)^" + way + ": .*lost= *([\\d,]+) "), way + "\n" + r.all());
        }
    }

    @Test
    @DisplayName("13 counter: LongAdder is faster than synchronized under contention (same run)")
    void longAdderBeatsSynchronized() {
        var r = counter();
        long adder = took(r, "LongAdder"), sync = took(r, "synchronized");
        assertTrue(adder < sync, "LongAdder " + adder + " ms, synchronized " + sync + " ms\n" + r.all());
    }

    @Test
    @DisplayName("13 counter: the arguments set threads and increments; the expected total follows")
    void argumentsAreUsed() {
        var r = ok(Proc.java("programs/LostUpdates.java", "20", "500"));
        assertTrue(r.out().startsWith("20 virtual threads x 500 increments of one shared counter, expected 10,000"), r.all());
        for (String way : EXACT_WAYS) assertEquals(10_000, count(r, way), way + "\n" + r.all());
    }

    @Test
    @DisplayName("13 counter: bad arguments print a one-line usage and exit 2")
    void counterRejectsBadArguments() {
        usage(Proc.java("programs/LostUpdates.java", "0"));
        usage(Proc.java("programs/LostUpdates.java", "many"));
        usage(Proc.java("programs/LostUpdates.java", "10001"));
        usage(Proc.java("programs/LostUpdates.java", "10", "100001"));
        usage(Proc.java("programs/LostUpdates.java", "10", "10", "10"));
        usage(Proc.java("programs/LostUpdates.java", "10000", "100000"));   // 10^9 increments: past the cap
    }

    // ---- the race exercise: wrong fixes the check must catch -----------------------------

    record Edit(String from, String to) {}

    @Test
    @DisplayName("13 race: making the total volatile is caught (the total is still wrong)")
    void volatileFixIsCaught() throws IOException {
        var r = runRaceWith(new Edit("long totalWords;", "volatile long totalWords;"));
        assertNotEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("Not solved yet: the total is exact"), r.all());
    }

    @Test
    @DisplayName("13 race: one lock around the whole task is caught (the fetches ran one at a time)")
    void wholeTaskLockIsCaught() throws IOException {
        var r = runRaceWith(new Edit("void countWords(int page)", "synchronized void countWords(int page)"));
        assertNotEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("ok   the total is exact"), r.all());
        assertTrue(r.out().contains("Not solved yet: most fetches waiting at once"), r.all());
    }

    @Test
    @DisplayName("13 race: a lock around the addition only, after the fetch, passes")
    void lockAroundTheAdditionPasses() throws IOException {
        var r = runRaceWith(new Edit("    totalWords += wordsOn(page);",
                "    int words = wordsOn(page);\n    synchronized (this) { totalWords += words; }"));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().strip().endsWith("Solved."), r.all());
    }

    /// The race exercise as shipped (derived from its solution), with one edit, run in a temporary folder.
    static Proc.Result runRaceWith(Edit edit) throws IOException {
        String shipped = Exercises.derive(Files.readString(Proc.ROOT.resolve("exercises/solutions/Race.java")));
        assertTrue(shipped.contains(edit.from()), "the shipped exercise has no '" + edit.from() + "'");
        Path dir = Files.createTempDirectory("race");
        try {
            Files.writeString(dir.resolve("Race.java"), shipped.replace(edit.from(), edit.to()), StandardCharsets.UTF_8);
            return CompiledSources.runOnce(dir, Path.of("Race.java"), Proc.HangLimit.ofMinutes(2));   // as `java Race.java` runs it
        } finally {
            Temp.delete(dir);
        }
    }
}
