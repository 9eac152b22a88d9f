package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// Lessons 5-9: what each program must show, checked on a fresh run.
/// Times come from the programs' own output (JVM start-up is not part of what they measure).
class Lesson5To9Test {

    // ---- Lesson 5: waits ----------------------------------------------------------------

    static final long WAIT_MS = 1_000;
    static final int POOL_THREADS = 200;

    @Test
    @DisplayName("5 waits: 400 tasks on a pool of 200 take two rounds of 1 s")
    void poolRunsInRounds() {
        var r = ok(Proc.java("programs/TenThousandWaits.java", "pool", "400"));
        final long theory = ((400 + POOL_THREADS - 1) / POOL_THREADS) * WAIT_MS; // 2 rounds
        Bounds.assertTime("400 tasks on the pool", theory, took(r));
        assertEquals(theory, Bounds.number(r.out(), "theory: at least (\\d+) ms"), r.all());
    }

    @Test
    @DisplayName("5 waits: 2,000 tasks on virtual threads all wait at once, about 1 s")
    void virtualThreadsWaitTogether() {
        var r = ok(Proc.java("programs/TenThousandWaits.java", "virtual", "2000"));
        final long theory = WAIT_MS; // one round: every task waits at the same time
        Bounds.assertTime("2000 tasks on virtual threads", theory, took(r));
        assertTrue(r.out().contains("2000 tasks on virtual threads"), r.all());
    }

    @Test
    @DisplayName("5 waits: the default run is 10,000 tasks on virtual threads, about 1 s")
    void defaultIsTenThousandVirtual() {
        var r = ok(Proc.java("programs/TenThousandWaits.java"));
        assertTrue(r.out().contains("10000 tasks on virtual threads"), r.all());
        final long theory = WAIT_MS;
        Bounds.assertTime("10000 tasks on virtual threads", theory, took(r));
    }

    @Test
    @DisplayName("5 waits: a bad kind or a task count past the cap prints usage and exits 2")
    void waitsRejectsBadArguments() {
        usage(Proc.java("programs/TenThousandWaits.java", "fibers"));
        usage(Proc.java("programs/TenThousandWaits.java", "platform", "2001"));
        usage(Proc.java("programs/TenThousandWaits.java", "virtual", "many"));
    }

    // ---- Lesson 6: primes ---------------------------------------------------------------

    static final long PRIMES_BELOW_3_000_000 = 216_816;

    @Test
    @DisplayName("6 primes: every task counts 216,816 primes, on one thread, the pool and virtual threads")
    void primesAreCountedRight() {
        var r = ok(Proc.java("programs/PrimeCounting.java", "4"));
        for (String how : List.of("one thread", "pool of \\d+ threads", "virtual threads")) {
            long count = Bounds.number(r.out(), how + ": +4 tasks took +\\d+ ms, primes per task: (\\d+)\\s");
            assertEquals(PRIMES_BELOW_3_000_000, count, how + "\n" + r.all());
        }
    }

    /// In a comma-decimal locale the speed-ups would read "1,96x" unless the program formats
    /// with Locale.ROOT; every {{primes: regex}} reference of lesson 6 must still match.
    @Test
    @DisplayName("6 primes: under a German locale the output still matches every reference of lesson 6")
    void primesOutputIsLocaleIndependent() throws Exception {
        var r = ok(Proc.java(List.of(), List.of("-Duser.language=de", "-Duser.country=DE"), "programs/PrimeCounting.java", "2"));
        String lesson = Files.readString(Proc.ROOT.resolve("lessons/07-cpu-bound-work.md"));
        var references = Pattern.compile("\\{\\{primes: (.+?)\\}\\}").matcher(lesson);
        var unmatched = new ArrayList<String>();
        int count = 0;
        while (references.find()) {
            count++;
            var m = Pattern.compile(references.group(1), Pattern.MULTILINE).matcher(r.out());
            if (!m.find() || m.group(1).isEmpty()) unmatched.add(references.group(1));
        }
        assertTrue(count >= 5, "lesson 6 has too few references to primes: " + count);
        assertEquals(List.of(), unmatched, "references that no longer match\n" + r.all());
        assertTrue(r.out().matches("(?s).*pool \\d+\\.\\d\\dx, virtual threads \\d+\\.\\d\\dx.*"), r.all());
    }

    @Test
    @DisplayName("6 primes: a bad task count prints usage and exits 2")
    void primesRejectsBadArguments() {
        usage(Proc.java("programs/PrimeCounting.java", "0"));
        usage(Proc.java("programs/PrimeCounting.java", "lots"));
    }

    // ---- Lesson 7: pinning --------------------------------------------------------------

    static final int PIN_TASKS = 4;
    static final long PIN_SLEEP_MS = 200;

    @Test
    @DisplayName("7 pinning, through plain java: synchronized does not pin, a class initializer does")
    void pinningThroughJava() {
        checkPinning(Proc.java("programs/Pinning.java"));
    }

    @Test
    @DisplayName("7 pinning, through ./jbang: synchronized does not pin, a class initializer does")
    void pinningThroughJbang() {
        checkPinning(Proc.jbang("pinning"));
    }

    @Test
    @DisplayName("7 pinning: -Djdk.tracePinnedThreads is gone on JDK 25: no trace, no warning")
    void tracePinnedThreadsPrintsNothing() {
        var r = ok(Proc.java(List.of(), List.of("-Djdk.tracePinnedThreads=full"), "programs/Pinning.java"));
        checkPinning(r);
        assertEquals("", r.err(), "the flag must add nothing to stderr");
        // Every stdout line is one the program prints itself: no stack trace, no warning.
        var own = java.util.regex.Pattern.compile(
                "\\d+ virtual threads each sleep .*|[a-z ,]+: +took +\\d+ ms, pinned events: \\d+"
                        + "|    pinned \\d+ ms, reason: .*|carriers seen: .*");
        r.out().lines().forEach(line -> assertTrue(own.matcher(line).matches(), "unexpected line: " + line + "\n" + r.all()));
    }

    static void checkPinning(Proc.Result r) {
        ok(r);
        final long unmounted = PIN_SLEEP_MS;            // the sleeps overlap: about one sleep
        final long pinned = PIN_TASKS * PIN_SLEEP_MS;   // one carrier held by each sleep in turn

        String ownLock = pinCase(r, "synchronized, own lock");
        Bounds.assertTime("sleep inside synchronized, own lock", unmounted, pinTook(ownLock));
        assertEquals(0, pinEvents(ownLock), "synchronized must not pin on JDK 24+\n" + r.all());

        String clinit = pinCase(r, "class initializer");
        Bounds.assertTime("sleep inside a class initializer", pinned, pinTook(clinit));
        assertTrue(pinEvents(clinit) >= 1, "no pinned event for the class initializer\n" + r.all());
        assertTrue(clinit.contains("reason: VM call to") && clinit.contains(".<clinit> on stack"),
                "no pinned reason naming <clinit>\n" + r.all());

        String shared = pinCase(r, "synchronized, one shared lock");
        Bounds.assertTime("one shared lock (contention)", pinned, pinTook(shared));
        assertEquals(0, pinEvents(shared), "waiting for a lock is not pinning\n" + r.all());
    }

    /// The lines of one case: its summary line and the event lines indented under it.
    static String pinCase(Proc.Result r, String label) {
        var block = new StringBuilder();
        boolean in = false;
        for (String line : r.out().split("\n")) {
            if (line.startsWith(label + ":")) in = true;
            else if (in && !line.startsWith("    ")) break;
            if (in) block.append(line).append('\n');
        }
        if (block.isEmpty()) fail("no case '" + label + "' in:\n" + r.all());
        return block.toString();
    }

    static long pinTook(String block) { return Bounds.number(block, "took +(\\d+) ms"); }

    static long pinEvents(String block) { return Bounds.number(block, "pinned events: (\\d+)"); }

    // ---- Lesson 8: admission ------------------------------------------------------------

    static final long CALL_MS = 80;
    static final int CONNECTIONS = 8;

    @Test
    @DisplayName("8 admission: unbounded completes 100 in 13 rounds; a limit of 32 completes 32 in 4 and rejects 68")
    void admissionLimitRejectsEarly() {
        var r = ok(Proc.java("programs/Admission.java"));

        assertEquals(100, Bounds.number(r.out(), "unbounded: +completed=(\\d+)"), r.all());
        assertEquals(0, Bounds.number(r.out(), "unbounded: +completed=\\d+ rejected=(\\d+)"), r.all());
        final long unbounded = ((100 + CONNECTIONS - 1) / CONNECTIONS) * CALL_MS; // 13 rounds
        Bounds.assertTime("unbounded", unbounded, Bounds.number(r.out(), "unbounded: .* in (\\d+) ms"));

        assertEquals(32, Bounds.number(r.out(), "limit 32: +completed=(\\d+)"), r.all());
        assertEquals(68, Bounds.number(r.out(), "limit 32: +completed=\\d+ rejected=(\\d+)"), r.all());
        final long limited = ((32 + CONNECTIONS - 1) / CONNECTIONS) * CALL_MS; // 4 rounds
        Bounds.assertTime("admission limit 32", limited, Bounds.number(r.out(), "limit 32: .* in (\\d+) ms"));
    }

    /// The counts are exact only if every request has tried to get in before the first admitted
    /// one is served; the program's latches make sure of it. Busy threads in this JVM load every
    /// core meanwhile, so the scheduling is slow and uneven, as on a busy or one-core machine.
    @Test
    @DisplayName("8 admission: on a machine loaded by busy threads, and on one carrier, still exactly 32 completed and 68 rejected")
    void admissionCountsHoldUnderLoad() throws InterruptedException {
        int busy = 2 * Runtime.getRuntime().availableProcessors();
        var stop = new java.util.concurrent.atomic.AtomicBoolean();
        var burners = new ArrayList<Thread>();
        for (int i = 0; i < busy; i++) {
            burners.add(Thread.ofPlatform().daemon().start(() -> {
                long x = 0;
                while (!stop.get()) x += System.nanoTime() % 7;
                if (x == 42) System.out.print("");
            }));
        }
        try {
            for (int run = 0; run < 3; run++) {
                var options = run == 2 ? List.of("-Djdk.virtualThreadScheduler.parallelism=1") : List.<String>of(); // one carrier
                var r = ok(Proc.java(List.of(), options, "programs/Admission.java"));
                assertEquals(100, Bounds.number(r.out(), "unbounded: +completed=(\\d+)"), r.all());
                assertEquals(32, Bounds.number(r.out(), "limit 32: +completed=(\\d+)"), r.all());
                assertEquals(68, Bounds.number(r.out(), "limit 32: +completed=\\d+ rejected=(\\d+)"), r.all());
            }
        } finally {
            stop.set(true);
            for (Thread t : burners) t.join();
        }
    }

    // ---- Lesson 9: timeout --------------------------------------------------------------

    static final long WORK_MS = 1_800;

    @Test
    @DisplayName("9 timeout: without cancel the work completes and close() waits for it")
    void timeoutWithoutCancelStillWaits() {
        var r = ok(Proc.java("programs/Timeout.java"));
        String without = lines(r, "without cancel: ");
        assertTrue(without.contains("the work completed at"), r.all());
        assertTrue(without.contains("state at the end: SUCCESS"), r.all());
        long exited = Bounds.number(without, "scope exited at (\\d+) ms");
        Bounds.assertTime("scope without cancel", WORK_MS, exited);
    }

    @Test
    @DisplayName("9 timeout: with cancel(true) the work stops, cleanup runs, the scope exits early")
    void timeoutWithCancelInterrupts() {
        var r = ok(Proc.java("programs/Timeout.java"));
        String with = lines(r, "with cancel(true): ");
        assertTrue(with.contains("the work never completed"), r.all());
        assertTrue(with.contains("cleanup in finally ran at"), r.all());
        assertTrue(with.contains("cancel returned true"), r.all());
        assertTrue(with.contains("state at the end: CANCELLED"), r.all());
        final long wellUnderTheWork = WORK_MS / 2;
        Bounds.assertUnder("scope with cancel", wellUnderTheWork, Bounds.number(with, "scope exited at (\\d+) ms"));
    }

    // ---- helpers ------------------------------------------------------------------------

    static long took(Proc.Result r) { return Bounds.number(r.out(), "took (\\d+) ms"); }

    static String lines(Proc.Result r, String prefix) {
        var out = new StringBuilder();
        r.out().lines().filter(l -> l.startsWith(prefix)).forEach(l -> out.append(l).append('\n'));
        if (out.isEmpty()) fail("no lines starting '" + prefix + "' in:\n" + r.all());
        return out.toString();
    }
}
