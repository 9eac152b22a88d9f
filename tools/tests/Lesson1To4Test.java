package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.io.IOException;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.*;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// Lessons 1-4: what each program must show, checked on a fresh run.
class Lesson1To4Test {

    // ---- Lesson 1: ceiling --------------------------------------------------------------

    static final String CEILING = "programs/ThreadCeiling.java";

    @Test
    @DisplayName("1 ceiling: 500 platform threads all start, and RSS and limits are reported")
    void ceilingStartsPlatformThreads() {
        var r = ok(Proc.java(CEILING, "500"));
        assertEquals(500, Bounds.number(r.out(), "started ([\\d,]+) threads \\(platform\\) in [\\d,]+ ms"), r.all());
        assertTrue(Pattern.compile("RSS per thread: \\d+\\.\\d KB").matcher(r.out()).find(), r.all());
        assertTrue(r.out().contains("Max processes (/proc/self/limits): soft "), r.all());
        // Each platform thread reserves its stack (1 MB by default on Linux x64, at least 256 KB anywhere).
        assertTrue(Bounds.number(r.out(), "reserved \\(VmSize\\) per thread: (\\d+)\\.\\d KB") >= 256, r.all());
        assertFalse(r.out().contains("Thread.start failed"), r.all());
    }

    @Test
    @DisplayName("1 ceiling: 500 virtual threads all start")
    void ceilingStartsVirtualThreads() {
        var r = ok(Proc.java(CEILING, "500", "virtual"));
        assertEquals(500, Bounds.number(r.out(), "started ([\\d,]+) threads \\(virtual\\) in [\\d,]+ ms"), r.all());
        assertTrue(Pattern.compile("RSS per thread: -?\\d+\\.\\d KB").matcher(r.out()).find(), r.all());
    }

    @Test
    @DisplayName("1 ceiling: a count may be written with _ or , as separators")
    void ceilingReadsSeparators() {
        var r = ok(Proc.java(CEILING, "1_000", "virtual"));
        assertEquals(1_000, Bounds.number(r.out(), "started ([\\d,]+) threads \\(virtual\\)"), r.all());
        r = ok(Proc.java(CEILING, "virtual", "1,500"));
        assertEquals(1_500, Bounds.number(r.out(), "started ([\\d,]+) threads \\(virtual\\)"), r.all());
    }

    @Test
    @DisplayName("1 ceiling: a count past the cap is capped, not obeyed")
    void ceilingCapsTheCount() {
        var r = ok(Proc.java(CEILING, "100001", "virtual"));
        assertTrue(r.out().contains("capped: 100,001 requested, the cap for virtual threads is 100,000"), r.all());
        assertEquals(100_000, Bounds.number(r.out(), "started ([\\d,]+) threads \\(virtual\\)"), r.all());
    }

    static final int NPROC_LIMIT = 2048;

    /// Under RLIMIT_NPROC = 2048 Thread.start fails before 2048 threads. Root ignores that
    /// limit, so as root the run is as user nobody (65534), on a world-readable copy.
    /// If no limit can be applied the run reaches its count and this test fails.
    @Test
    @DisplayName("1 ceiling: under a process limit, Thread.start fails with OutOfMemoryError and the count is reported")
    void ceilingReportsTheFailureUnderALimit() throws IOException {
        Path dir = Files.createTempDirectory("ceiling");
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path copy = dir.resolve("ThreadCeiling.java");
            Files.copy(Proc.ROOT.resolve(CEILING), copy);
            Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));

            var cmd = new ArrayList<String>();
            if (isRoot()) cmd.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
            cmd.addAll(List.of("prlimit", "--nproc=" + NPROC_LIMIT,
                    Proc.JAVA.toString(), "-Xlog:os+thread=off", copy.toString(), "10000"));
            var r = Proc.run(dir, Map.of(), Proc.HangLimit.ofMinutes(2), cmd);

            assertEquals(1, r.exit(), "exit code when the count is not reached\n" + r.all());
            long failedAfter = Bounds.number(r.out(), "Thread.start failed after ([\\d,]+) platform threads");
            assertTrue(failedAfter > 0 && failedAfter < NPROC_LIMIT, failedAfter + " threads\n" + r.all());
            assertTrue(r.out().contains("java.lang.OutOfMemoryError: unable to create native thread"), r.all());
            assertEquals(failedAfter, Bounds.number(r.out(), "started ([\\d,]+) threads \\(platform\\)"), r.all());
            assertEquals(NPROC_LIMIT, Bounds.number(r.out(), "Max processes \\(/proc/self/limits\\): soft (\\d+)"), r.all());
        } finally {
            Temp.delete(dir);
        }
    }

    static boolean isRoot() throws IOException {
        return Files.readString(Path.of("/proc/self/status")).lines()
                .anyMatch(l -> l.matches("Uid:\\s+0\\s.*"));
    }

    @Test
    @DisplayName("1-4: bad arguments print a usage line and exit 2")
    void badArgumentsPrintUsage() {
        usage(Proc.java(CEILING, "lots"));
        usage(Proc.java(CEILING, "0"));
        usage(Proc.java(CEILING, "500", "green"));
        usage(Proc.java(CEILING, "_"));   // separators alone are no count
        usage(Proc.java(CEILING, ","));
        usage(Proc.java(CEILING, "1,2,3,4,5,6,7,8,9,0"));
        usage(Proc.java(HOPPING, "0"));
        usage(Proc.java(HOPPING, "201"));
        usage(daemon("fly"));
        usage(daemon("race", "0"));
        usage(daemon("race", "1001"));
        usage(daemon("trap", "now"));
        usage(daemon("inherit", "1"));
    }

    // ---- Lesson 2: timetable ------------------------------------------------------------

    static final Path SOLUTION = Path.of("exercises/solutions/Timetable.java");
    static final String HEADLINE = "secondsFor(201 tasks, 200 threads, 1 s)";

    @Test
    @DisplayName("2 timetable: as shipped, it fails naming a case and how to get a hint")
    void shippedTimetableFails() throws IOException {
        var r = runShipped(UnaryOperator.identity());
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("FAIL secondsFor(7 tasks, 3 threads, 2 s): got 0 s, expected 6 s"), r.all());
        assertTrue(r.out().contains("Not solved yet: secondsFor(7 tasks, 3 threads, 2 s)\n"
                + "Hint: ./jbang check --hint timetable\n"), r.all());
        assertFalse(r.out().contains("Solved."), r.all());
    }

    @Test
    @DisplayName("2 timetable: plain integer division is caught by the 201 / 200 case")
    void integerDivisionIsCaught() throws IOException {
        var r = runShipped(text -> text.replace("return 0; // TODO", "return tasks / threads * secondsEach; // TODO"));
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("FAIL secondsFor(7 tasks, 3 threads, 2 s): got 4 s, expected 6 s"), r.all());
        assertTrue(r.out().contains("FAIL " + HEADLINE + ": got 1 s, expected 2 s"), r.all());
    }

    @Test
    @DisplayName("2 timetable: the solution passes every case and prints the timetable and totals")
    void solutionPasses() {
        var r = ok(Proc.java(SOLUTION.toString()));
        assertFalse(r.out().contains("FAIL"), r.all());
        assertTrue(r.out().contains("ok   " + HEADLINE + "\n"), r.all());
        assertTrue(r.out().contains("tasks start at (s): 0, 0, 0, 2, 2, 2, 4\n  all done after 6 s"), r.all());
        assertTrue(r.out().contains("10,000 tasks, 200 threads, 1 s each: all done after 50 s"), r.all());
        assertTrue(r.out().contains("10,000 tasks, 10,000 threads, 1 s each: all done after 1 s"), r.all());
        assertTrue(r.out().contains("201 tasks, 200 threads, 1 s each: all done after 2 s"), r.all());
        assertTrue(r.out().endsWith("Solved.\n"), r.all());
    }

    /// Runs the exercise as shipped (derived from the solution, never a working copy),
    /// after an optional edit, from a temporary folder.
    static Proc.Result runShipped(UnaryOperator<String> edit) throws IOException {
        String shipped = course.Exercises.derive(Files.readString(Proc.ROOT.resolve(SOLUTION)));
        Path dir = Files.createTempDirectory("timetable");
        Path file = dir.resolve("Timetable.java");
        try {
            Files.writeString(file, edit.apply(shipped));
            return CompiledSources.runOnce(dir, file.getFileName(), Proc.HangLimit.ofMinutes(2));   // as `java Timetable.java` runs it
        } finally {
            Temp.delete(dir);
        }
    }

    // ---- Lesson 3: hopping --------------------------------------------------------------

    static final String HOPPING = "programs/CarrierHopping.java";

    @Test
    @DisplayName("3 hopping: virtual threads run on ForkJoinPool carriers, never more than the cores")
    void carriersAreForkJoinWorkers() {
        var r = ok(Proc.java(HOPPING));
        assertTrue(r.out().contains("VirtualThread["), r.all());
        assertTrue(r.out().contains("ForkJoinPool-1-worker-"), r.all());
        for (int i = 1; i <= 3; i++)
            assertTrue(Pattern.compile("(?m)^  sleeper-" + i + ": (\\d+ ){5}\\d+  (hopped|stayed)$").matcher(r.out()).find(),
                    "sleeper-" + i + "\n" + r.all());
        long cores = Bounds.number(r.out(), "availableProcessors: (\\d+)");
        var seen = new TreeSet<String>();
        var m = Pattern.compile("ForkJoinPool-1-worker-\\d+").matcher(r.out());
        while (m.find()) seen.add(m.group());
        assertTrue(seen.size() <= cores, seen + " on " + cores + " cores\n" + r.all());
        assertTrue(Bounds.number(r.out(), "distinct carriers: (\\d+)") <= cores, r.all());
    }

    // ---- Lesson 4: daemon ---------------------------------------------------------------

    static final String DAEMON = "programs/DaemonTrap.java";

    /// DaemonTrap but its race: those runs do not read how the program was started, so they
    /// run from classes compiled once, like every other program. The race starts each child
    /// the way the program itself was started, so it runs as `java programs/DaemonTrap.java`
    /// (Proc.java), as a reader runs it.
    static Proc.Result daemon(String... args) {
        return CompiledSources.compiledOnce(Proc.ROOT, Path.of(DAEMON)).runWith(Proc.ROOT, Proc.HangLimit.ofMinutes(5), List.of(args));
    }
    static final String WORKER_LINE = "worker: work done, this line was printed";

    @Test
    @DisplayName("4 daemon: when main does not wait, the worker's line is lost, every run")
    void trapLosesTheLine() {
        for (int run = 0; run < 3; run++) {
            var r = ok(daemon("trap"));
            assertTrue(r.out().contains("main: worker started, main returns without waiting"), r.all());
            assertFalse(r.out().contains(WORKER_LINE), "run " + run + "\n" + r.all());
        }
    }

    @Test
    @DisplayName("4 daemon: a virtual thread is a daemon, cannot be made non-daemon, and keeps priority 5")
    void virtualThreadsAreDaemons() {
        var r = ok(daemon());
        assertTrue(r.out().contains("worker.isDaemon(): true"), r.all());
        assertTrue(r.out().contains("worker.setDaemon(false): java.lang.IllegalArgumentException"), r.all());
        assertTrue(r.out().contains("worker.setPriority(10), then getPriority(): 5"), r.all());
        assertFalse(r.out().contains(WORKER_LINE), r.all());
    }

    @Test
    @DisplayName("4 daemon: when main joins, the worker's line is always printed")
    void joinKeepsTheLine() {
        for (int run = 0; run < 2; run++) {
            var r = ok(daemon("join"));
            int line = r.out().indexOf(WORKER_LINE);
            assertTrue(line >= 0, r.all());
            assertTrue(line < r.out().indexOf("main: worker finished, main returns"), r.all());
        }
    }

    @Test
    @DisplayName("4 daemon: race 3 runs three child JVMs and counts the lost lines")
    void raceCountsLostLines() {
        var r = ok(Proc.java(DAEMON, "race", "3"));
        long lost = Bounds.number(r.out(), "lost the line in (\\d+) of 3 runs");
        assertTrue(lost >= 0 && lost <= 3, r.all());
        assertTrue(r.out().contains("each child runs: $JAVA_HOME/bin/java programs/DaemonTrap.java child\n"), r.all());
    }

    @Test
    @DisplayName("4 daemon: through ./jbang, the child's command names the jar, not this machine's folders")
    void raceShowsNoAbsolutePath() {
        var r = ok(Proc.jbang("daemon", "race", "1"));
        String command = r.out().lines().filter(l -> l.startsWith("each child runs: ")).findFirst().orElseThrow();
        assertTrue(command.matches("each child runs: \\$JAVA_HOME/bin/java .*-classpath DaemonTrap\\.jar DaemonTrap child"), r.all());
        assertFalse(command.contains(Proc.ROOT.toString()), r.all());
    }

    @Test
    @DisplayName("4 daemon: a platform thread inherits daemon status: not from main, yes from a virtual thread")
    void platformThreadsInheritDaemonStatus() {
        var r = ok(daemon("inherit"));
        assertEquals("""
                main thread: isDaemon() = false
                platform thread started from main: isDaemon() = false
                platform thread started from a virtual thread: isDaemon() = true
                platform thread started from a virtual thread with daemon(false): isDaemon() = false
                """, r.out(), r.all());
    }
}
