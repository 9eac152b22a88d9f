package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.Exercises;
import course.Exercises.Exercise;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// tools/Check.java, run as build.sh runs it (`java -cp <classes> Check`), always on a copy of
/// the repository whose exercises start as shipped, so the real working copy is never read or
/// touched. Copies, compiled classes and output files live in JUnit's temporary folders,
/// deleted even when a test fails.
@Programs
@org.junit.jupiter.api.Order(4)   // among the slowest: started first, the longest first (Tests.java)
class CheckerTest {

    /// Every exercise of the course.
    static final List<Exercise> COURSE = Exercises.load(Proc.ROOT);
    /// The exercises a copy of the repository holds: the first three of the course. These
    /// tests are about the checker (progress, cache, hints, reset, watch), which treats three
    /// as it treats fifteen; ExercisesTest runs every exercise, shipped and solved. Three keep
    /// each full `check` to seconds instead of a minute.
    static final List<Exercise> ALL = COURSE.subList(0, 3);
    @TempDir
    static Path classes;
    @TempDir
    Path tmp;

    /// Compiled as `java tools/Check.java` compiles it (JEP 458): tools/ is its source path.
    @BeforeAll
    static void compileTheChecker() {
        var said = new ByteArrayOutputStream();
        assertEquals(0, compileChecker(classes, said), "tools/Check.java does not compile:\n" + said);
    }

    /// javac on tools/Check.java with tools/ as source path, `-verbose` (each file it reads)
    /// into `said`; returns javac's exit code.
    static int compileChecker(Path into, OutputStream said) {
        // -cp: only the sources, not the classes of this test run (javac would take those instead)
        return ToolProvider.getSystemJavaCompiler().run(null, null, said, "-d", into.toString(), "-verbose", "-cp", into.toString(),
                "--source-path", Proc.ROOT.resolve("tools").toString(), Proc.ROOT.resolve("tools/Check.java").toString());
    }

    /// exercises/ (solutions and HINTS.md; each exercise written as shipped), tools/,
    /// jbang-catalog.json, build.sh and lessons/ copied to a new folder.
    Path copyOfTheRepo() throws IOException {
        return copyOfTheRepo(tmp);
    }

    static Path copyOfTheRepo(Path into) throws IOException {
        Path copy = Files.createTempDirectory(into, "course-copy");
        for (String part : List.of("exercises/solutions", "exercises/HINTS.md", "tools", "jbang-catalog.json",
                "build.sh", "lessons"))
            kit.Trees.copy(Proc.ROOT.resolve(part), copy.resolve(part));
        for (Exercise e : ALL)
            Files.writeString(copy.resolve("exercises").resolve(e.file().getFileName()), e.shipped(), StandardCharsets.UTF_8);
        Files.writeString(copy.resolve("exercises/HINTS.md"), firstSections(Files.readString(Proc.ROOT.resolve("exercises/HINTS.md")), ALL.size()));
        return copy;
    }

    /// HINTS.md up to its section number `n + 1`: the preamble and the first `n` exercises.
    static String firstSections(String hints, int n) {
        var m = Pattern.compile("(?m)^## ").matcher(hints);
        for (int seen = 0; m.find(); )
            if (++seen == n + 1) return hints.substring(0, m.start());
        return hints;
    }

    /// The capstone fixture: the last exercise, in a lesson of its own after the course's, with
    /// four properties checked on lines of their own. Shipped, it passes the first; the
    /// student converts them one by one (`int converted = 2;`).
    static final String CAPSTONE_TITLE = "All together: an order service";
    static final String CAPSTONE_SOLUTION = """
            /// A test's capstone: four properties, one check line each.
            static final List<String> PROPERTIES = List.of("throughput under a burst", "never more than 10 at the database",
                    "a failed sibling cancelled", "nothing left running after the deadline");

            void main() {
                // exercise: int converted = 1;
                int converted = PROPERTIES.size();
                // end exercise
                var failed = new ArrayList<String>();
                for (int i = 0; i < PROPERTIES.size(); i++) {
                    if (i < converted) {
                        IO.println("ok   " + PROPERTIES.get(i));
                    } else {
                        IO.println("FAIL " + PROPERTIES.get(i) + ": got no, expected yes");
                        failed.add(PROPERTIES.get(i));
                    }
                }
                if (failed.isEmpty()) {
                    IO.println("Solved.");
                    return;
                }
                IO.println("Not solved yet: " + failed.getFirst());
                IO.println("Hint: ./jbang check --hint all-together");
                System.exit(1);
            }
            """;

    /// A copy of the repository with the capstone fixture after its exercises, as shipped.
    Path copyWithACapstone() throws IOException {
        Path copy = copyOfTheRepo();
        Files.writeString(copy.resolve("lessons/99-all-together.md"), "---\ntitle: \"" + CAPSTONE_TITLE + "\"\n---\n\nThe capstone.\n\n"
                + "<details>\n<summary>Deeper: how it fits</summary>\n\nThe discussion.\n\n</details>\n");
        Path hints = copy.resolve("exercises/HINTS.md");
        // the course has one capstone: this fixture's takes the role over
        Files.writeString(hints, Files.readString(hints).replaceAll("(?m)^- capstone: .*\n", "").stripTrailing() + """


                ## all-together

                - lesson: all-together
                - practises: Converting an order service, one property at a time.
                - capstone: Deeper: how it fits

                1. One property at a time.
                """);
        Files.writeString(copy.resolve("exercises/solutions/AllTogether.java"), CAPSTONE_SOLUTION);
        Files.writeString(copy.resolve("exercises/AllTogether.java"), Exercises.derive(CAPSTONE_SOLUTION));
        return copy;
    }

    /// Writes the capstone with its first `n` properties converted.
    static void convert(Path copy, int n) throws IOException {
        Path file = copy.resolve("exercises/AllTogether.java");
        Files.writeString(file, Files.readString(file).replaceFirst("int converted = \\d+;", "int converted = " + n + ";"));
    }

    /// `1, What a platform thread costs`: the lesson's number and its title, as its front matter says.
    static String lessonOf(Exercise e) {
        return Integer.parseInt(e.lessonFile().replaceFirst("-.*", "")) + ", "
                + course.Lesson.load(Proc.ROOT.resolve("lessons").resolve(e.lessonFile() + ".md")).title();
    }

    /// `  ok   crew       6/6`: solved, and every check it made passed.
    static Pattern solvedLine(Exercise e) {
        return Pattern.compile("(?m)^  ok   " + Pattern.quote(e.name()) + " +(\\d+)/\\1$");
    }

    static void solve(Path copy, Exercise e) throws IOException {
        Files.copy(e.solution(), copy.resolve("exercises").resolve(e.file().getFileName()),
                StandardCopyOption.REPLACE_EXISTING);
    }

    /// The checker as ./jbang starts it (run_jdk_tool): on C1 alone, from its compiled classes.
    static List<String> checker(String... args) {
        var cmd = new ArrayList<>(List.of(Proc.JAVA.toString(), "-XX:TieredStopAtLevel=1", "-cp", classes.toString(), "Check"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /// A copy of the repository with nothing solved, and its first `check`: three tests ask
    /// about that one run (what it says, how it groups, the cache it leaves), so it runs once.
    record Checked(Path copy, Proc.Result first) {}

    @TempDir
    static Path shared;
    private static Checked unsolved;

    static synchronized Checked unsolved() throws IOException {
        if (unsolved == null) {
            Path copy = copyOfTheRepo(shared);
            unsolved = new Checked(copy, check(copy));
        }
        return unsolved;
    }

    /// A copy of the repository with every exercise solved, and its first `check`: allSolved
    /// asks about that run. The tests that need every exercise solved before the part they test
    /// (the capstone, watch mode) start from the verdicts it kept (withEverySolutionsVerdict),
    /// so each solution runs through the checker once in this class.
    private static Checked solved;

    static synchronized Checked solved() throws IOException {
        if (solved == null) {
            Path copy = copyOfTheRepo(shared);
            for (Exercise e : ALL) solve(copy, e);
            solved = new Checked(copy, check(copy));
        }
        return solved;
    }

    /// `copy` with the checker's verdicts of every solution, as solved() kept them in its
    /// .cache/check: a solution in `copy` then answers from the cache, which reads as the run it
    /// came from (cachedVerdicts); any other text runs.
    static void withEverySolutionsVerdict(Path copy) throws IOException {
        kit.Trees.copy(solved().copy().resolve(".cache/check"), copy.resolve(".cache/check"));
    }

    static Proc.Result check(Path copy, String... args) {
        return Proc.run(copy, Map.of("COURSE_ROOT", copy.toString()), Proc.HangLimit.ofMinutes(3), checker(args));
    }

    // ---- progress ---------------------------------------------------------------------------

    @Test
    @DisplayName("check: nothing solved, says 0 of N and names the first exercise, its failing check and the hint")
    void nothingSolved() throws IOException {
        var r = unsolved().first();
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("Checking " + ALL.size() + " exercises, in course order."), r.all());
        assertTrue(r.out().contains("0 of " + ALL.size() + " solved."), r.all());
        Exercise first = ALL.getFirst();
        assertTrue(r.out().contains("Next: " + first.name() + ", from lesson " + lessonOf(first) + "\n"), r.all());
        assertTrue(r.out().contains("Edit exercises/" + first.file().getFileName()), r.all());
        assertTrue(r.out().contains("  Not solved yet: "), r.all());
        assertTrue(r.out().contains("  Hint: ./jbang check --hint " + first.name()), r.all());
        for (Exercise e : ALL)   // the last, this copy's capstone, lists its checks under it instead of the first failure
            assertTrue(Pattern.compile("(?m)^  --   " + Pattern.quote(e.name()) + " +\\d+/\\d+ checks(: .+|, each:)?$").matcher(r.out()).find(), r.all());
    }

    @Test
    @DisplayName("check: each exercise under a heading for its lesson (number and title), with the checks it passed of those it made")
    void groupedByLessonWithCounts() throws IOException {
        var r = unsolved().first();
        assertEquals(1, r.exit(), r.all());
        var lines = r.out().lines().toList();
        for (Exercise e : ALL) {
            int at = indexOf(lines, "  --   " + e.name() + " ", r);
            int heading = at - 1;
            while (!lines.get(heading).startsWith("Lesson ")) heading--;
            assertEquals("Lesson " + lessonOf(e), lines.get(heading), r.all());
        }
        var headings = lines.stream().filter(l -> l.startsWith("Lesson ")).toList();
        assertEquals(ALL.stream().map(e -> "Lesson " + lessonOf(e)).distinct().toList(), headings,
                "one heading per lesson that has an exercise, in course order:\n" + r.all());

        // the first exercise's count: its output (under Next) has one line per check made
        String said = r.out().substring(r.out().indexOf("Right now it says:\n"));
        var checks = said.substring(0, said.indexOf("  Not solved yet: ")).lines()
                .filter(l -> l.startsWith("  ok   ") || l.startsWith("  FAIL ")).toList();
        long ok = checks.stream().filter(l -> l.startsWith("  ok   ")).count();
        assertFalse(checks.isEmpty(), r.all());
        assertTrue(Pattern.compile("(?m)^  --   " + Pattern.quote(ALL.getFirst().name()) + " +" + ok + "/" + checks.size() + " checks: ")
                .matcher(r.out()).find(), "expected " + ok + "/" + checks.size() + ":\n" + r.all());
    }

    static int indexOf(List<String> lines, String start, Proc.Result r) {
        for (int i = 0; i < lines.size(); i++)
            if (lines.get(i).startsWith(start)) return i;
        return fail("no line starts with '" + start + "':\n" + r.all());
    }

    @Test
    @DisplayName("check: the capstone (the exercise HINTS.md calls so) lists each of its checks, ok or FAIL, as its properties are converted one by one")
    void capstoneChecksOneByOne() throws IOException {
        Path copy = copyWithACapstone();
        for (Exercise e : ALL) solve(copy, e);
        withEverySolutionsVerdict(copy);
        var shipped = check(copy);
        assertEquals(1, shipped.exit(), shipped.all());
        assertTrue(shipped.out().contains(ALL.size() + " of " + (ALL.size() + 1) + " solved."), shipped.all());
        assertTrue(shipped.out().contains("""
                Lesson 99, All together: an order service
                  --   all-together 1/4 checks, each:
                       ok   throughput under a burst
                       FAIL never more than 10 at the database
                       FAIL a failed sibling cancelled
                       FAIL nothing left running after the deadline
                """), shipped.all());
        assertTrue(shipped.out().contains("Next: all-together, from lesson 99, " + CAPSTONE_TITLE + "\n"), shipped.all());

        convert(copy, 3);
        var three = check(copy);
        assertTrue(three.out().contains("""
                  --   all-together 3/4 checks, each:
                       ok   throughput under a burst
                       ok   never more than 10 at the database
                       ok   a failed sibling cancelled
                       FAIL nothing left running after the deadline
                """), three.all());
        var lines = three.out().lines().toList();
        for (Exercise e : ALL) {                         // the other exercises: one line each
            String after = lines.get(indexOf(lines, "  ok   " + e.name() + " ", three) + 1);
            assertTrue(after.startsWith("  ok   ") || after.startsWith("Lesson "), three.all());
        }

        convert(copy, 4);
        var solved = check(copy);
        assertEquals(0, solved.exit(), solved.all());
        assertTrue(solved.out().contains("\n  ok   all-together 4/4\n\n"), solved.all());
        var one = check(copy, "all-together");
        assertTrue(one.out().contains("read the capstone's discussion: the fold \"Deeper: how it fits\" in lesson 99, " + CAPSTONE_TITLE + "."), one.all());
    }

    @Test
    @DisplayName("check: with the first and third solved, says 2 of N and points at the second")
    void someSolved() throws IOException {
        Path copy = copyOfTheRepo();
        solve(copy, ALL.get(0));
        solve(copy, ALL.get(2));
        var r = check(copy);
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("2 of " + ALL.size() + " solved."), r.all());
        assertTrue(solvedLine(ALL.get(0)).matcher(r.out()).find(), r.all());
        assertTrue(r.out().contains("  --   " + ALL.get(1).name() + " "), r.all());
        assertTrue(solvedLine(ALL.get(2)).matcher(r.out()).find(), r.all());
        assertTrue(r.out().contains("Next: " + ALL.get(1).name()), r.all());
        assertTrue(r.out().contains("Edit exercises/" + ALL.get(1).file().getFileName()), r.all());
        assertTrue(r.out().contains("Hint: ./jbang check --hint " + ALL.get(1).name()), r.all());
    }

    @Test
    @DisplayName("check: everything solved, says N of N and exits 0")
    void allSolved() throws IOException {
        var r = solved().first();
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains(ALL.size() + " of " + ALL.size() + " solved."), r.all());
        assertTrue(r.out().contains("All exercises solved."), r.all());
        for (Exercise e : ALL) assertTrue(solvedLine(e).matcher(r.out()).find(), r.all());
    }

    /// JAVA_TOOL_OPTIONS makes every JVM say "Picked up JAVA_TOOL_OPTIONS: ..." on stderr: the
    /// checker's own JVM says it once; the exercise's run must not add it to its output.
    @Test
    @DisplayName("check NAME with JAVA_TOOL_OPTIONS set: the JVM's 'Picked up' notice is not part of the exercise's output")
    void jvmNoticeIsNotOutput() throws IOException {
        Path copy = copyOfTheRepo();
        Exercise e = ALL.getFirst();
        var r = Proc.run(copy, Map.of("COURSE_ROOT", copy.toString(), "JAVA_TOOL_OPTIONS", "-Duser.language=en"),
                Proc.HangLimit.ofMinutes(3), checker(e.name()));
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains("Picked up JAVA_TOOL_OPTIONS"), "the checker's JVM says it: " + r.all());
        assertFalse(r.out().contains("Picked up"), r.out());
        assertTrue(r.out().contains("Hint: ./jbang check --hint " + e.name()), r.all());
    }

    @Test
    @DisplayName("check NAME: runs that one exercise; a compile error is reported as such")
    void checkOne() throws IOException {
        Path copy = copyOfTheRepo();
        Exercise e = ALL.get(1);
        var shipped = check(copy, e.name());
        assertEquals(1, shipped.exit(), shipped.all());
        assertTrue(shipped.out().contains("  Not solved yet: "), shipped.all());
        assertTrue(shipped.out().contains("Hint: ./jbang check --hint " + e.name()), shipped.all());

        solve(copy, e);
        var solved = check(copy, e.name());
        assertEquals(0, solved.exit(), solved.all());
        assertTrue(solved.out().contains("  Solved."), solved.all());

        Path file = copy.resolve("exercises").resolve(e.file().getFileName());
        Files.writeString(file, Files.readString(file).replaceFirst("void main\\(", "void main( oops"));
        var broken = check(copy, e.name());
        assertEquals(1, broken.exit(), broken.all());
        assertTrue(broken.out().contains("Not solved yet: does not compile"), broken.all());
    }

    // ---- the cache: .cache/check ----------------------------------------------------------

    @Test
    @DisplayName("check: a second run answers from the cache and says so; a changed exercise is run again")
    void cachedVerdicts() throws IOException {
        Path copy = unsolved().copy();   // this test is the only one that changes it, after its first run
        var first = unsolved().first();
        assertEquals(1, first.exit(), first.all());
        assertFalse(first.out().contains("from the cache"), first.all());
        assertTrue(Pattern.compile("(?m)^Running " + ALL.size() + " of them, \\d+ at a time\\.\\.\\.$").matcher(first.out()).find(),
                "no silent wait\n" + first.all());

        var second = check(copy);
        assertEquals(1, second.exit(), second.all());
        assertTrue(second.out().contains("All " + ALL.size() + " results are from the cache"), second.all());
        assertEquals(first.out().replaceFirst("Running \\d+ of them.*\n", ""), second.out().replaceFirst("All \\d+ results are from the cache.*\n", ""),
                "a verdict from the cache reads as the run it came from");

        solve(copy, ALL.get(1));
        var changed = check(copy);
        assertTrue(changed.out().contains("1 of " + ALL.size() + " solved."), changed.all());
        assertTrue(solvedLine(ALL.get(1)).matcher(changed.out()).find(), changed.all());
        assertTrue(changed.out().contains((ALL.size() - 1) + " of " + ALL.size() + " results are from the cache"), changed.all());

        Exercise e = ALL.get(0);
        var one = check(copy, e.name());
        assertTrue(one.out().contains("(from the cache: file, JDK and checker unchanged"), one.all());
        assertTrue(one.out().contains("Hint: ./jbang check --hint " + e.name()), one.all());
        var fresh = check(copy, "--fresh", e.name());
        assertFalse(fresh.out().contains("from the cache"), fresh.all());
        assertEquals(one.out().replaceFirst("  \\(from the cache:.*\n", ""), fresh.out());
    }

    @Test
    @DisplayName("check: a corrupt cache (verdicts and class files cut short) is rebuilt without a word")
    void corruptCacheIsRebuilt() throws IOException {
        Path copy = copyOfTheRepo();
        solve(copy, ALL.get(0));
        var first = check(copy);
        Path cache = copy.resolve(".cache/check");
        try (var all = Files.walk(cache)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                String n = p.getFileName().toString();
                if (n.equals("verdict")) Files.writeString(p, "check verdict, exit 0\nSolved.\n");   // its end is missing
                if (n.endsWith(".class")) Files.write(p, new byte[] {(byte) 0xCA, (byte) 0xFE});
            }
        }
        var again = check(copy);
        assertEquals(first.exit(), again.exit(), again.all());
        assertEquals(first.out(), again.out(), "the rebuilt cache gives the same report");
        assertEquals("", again.err());
        var third = check(copy);
        assertTrue(third.out().contains("All " + ALL.size() + " results are from the cache"), third.all());
    }

    @Test
    @DisplayName("./jbang check: compiled once without JBang, started from an AOT cache; a cache cut short is ignored without a word")
    void jbangCheckWithAnAotCache() throws Exception {
        Path copy = copyOfTheRepo();
        kit.Trees.copy(Proc.ROOT.resolve("jbang"), copy.resolve("jbang"));
        var env = Map.of("COURSE_NO_FETCH", "1");             // no JBang needed: the checker is javac's alone
        var cmd = List.of(copy.resolve("jbang").toString(), "check", ALL.getFirst().name());
        var first = Proc.run(copy, env, Proc.HangLimit.ofMinutes(3), cmd);
        assertEquals(1, first.exit(), first.all());
        assertTrue(first.out().contains("Hint: ./jbang check --hint " + ALL.getFirst().name()), first.all());
        Path tools = copy.resolve(".cache/tools");
        long until = System.nanoTime() + Waits.HUNG.toNanos();
        Path aot = null;
        while (aot == null && System.nanoTime() < until) {   // made in the background after the first run
            try (var files = Files.list(tools)) {
                var names = files.map(f -> f.getFileName().toString()).toList();
                // done when the cache is in place and its recording is gone
                if (names.stream().noneMatch(n -> n.contains(".aot.")))
                    aot = names.stream().filter(n -> n.matches("Check-[0-9a-f]+\\.aot")).findFirst().map(tools::resolve).orElse(null);
            }
            if (aot == null) Thread.sleep(200);
        }
        assertNotNull(aot, "no AOT cache in " + tools);
        var cached = Proc.run(copy, env, Proc.HangLimit.ofMinutes(3), cmd);
        assertEquals("", cached.err(), cached.all());
        assertTrue(cached.out().contains("(from the cache: "), cached.all());

        Files.write(aot, Arrays.copyOf(Files.readAllBytes(aot), 4096));   // cut short
        var cut = Proc.run(copy, env, Proc.HangLimit.ofMinutes(3), cmd);
        assertEquals(cached.exit(), cut.exit(), cut.all());
        assertEquals(cached.out(), cut.out());
        assertEquals("", cut.err(), "a cache the JVM cannot use is ignored silently");
    }

    @Test
    @DisplayName("check NAME with an unknown name lists the exercises and exits 2, also through ./jbang check")
    void unknownName() {
        var r = check(Proc.ROOT, "no-such-exercise");
        assertEquals(2, r.exit(), r.all());
        for (Exercise e : COURSE) assertTrue(r.err().contains(e.name()), r.all());
        var h = check(Proc.ROOT, "--hint", "no-such-exercise");
        assertEquals(2, h.exit(), h.all());

        var j = Proc.jbang("check", "no-such-exercise");
        assertEquals(2, j.exit(), j.all());
        assertTrue(j.err().contains("no exercise named 'no-such-exercise'. Exercises: " + ALL.getFirst().name()), j.all());
    }

    // ---- hints ------------------------------------------------------------------------------

    @Test
    @DisplayName("check --hint: one hint at a time, remembered in .cache/check-hints inside the repo; --hint NAME N shows hint N")
    void hintsOneAtATime() throws IOException {
        Path copy = copyOfTheRepo();
        Exercise e = ALL.stream().filter(x -> x.hints().size() >= 2).findFirst().orElseThrow();
        int n = e.hints().size();
        var first = check(copy, "--hint", e.name());
        assertEquals(0, first.exit(), first.all());
        assertTrue(first.out().startsWith("Hint 1 of " + n + " for " + e.name()), first.all());
        assertTrue(first.out().contains(e.hints().get(0).lines().findFirst().orElseThrow()), first.all());
        assertEquals("1", Files.readString(copy.resolve(".cache/check-hints").resolve(e.name())).strip());

        var second = check(copy, "--hint", e.name());
        assertTrue(second.out().startsWith("Hint 2 of " + n), second.all());

        var again = check(copy, "--hint", e.name(), "1");
        assertTrue(again.out().startsWith("Hint 1 of " + n), again.all());

        for (int i = 3; i <= n + 1; i++) check(copy, "--hint", e.name());
        var last = check(copy, "--hint", e.name());
        assertTrue(last.out().startsWith("Hint " + n + " of " + n), last.all());
        assertTrue(last.out().contains("That was the last hint."), last.all());
        assertFalse(last.out().contains("solutions/"), "the solution is offered once the check passes, not before:\n" + last.all());

        var tooFar = check(copy, "--hint", e.name(), String.valueOf(n + 1));
        assertEquals(2, tooFar.exit(), tooFar.all());
    }

    @Test
    @DisplayName("check runs without JBang as java tools/Check.java")
    void runsFromSource() throws IOException {
        Path copy = copyOfTheRepo();
        var r = Proc.run(copy, Map.of("COURSE_ROOT", copy.toString()), Proc.HangLimit.ofMinutes(2),
                List.of(Proc.JAVA.toString(), "tools/Check.java", "--hint", ALL.getFirst().name(), "1"));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().startsWith("Hint 1 of "), r.all());
    }

    // ---- reset ------------------------------------------------------------------------------

    @Test
    @DisplayName("check --reset NAME --yes restores the shipped text byte for byte, and forgets the hints shown")
    void resetRestoresTheShippedText() throws IOException {
        Path copy = copyOfTheRepo();
        Exercise e = ALL.get(1);
        Path file = copy.resolve("exercises").resolve(e.file().getFileName());
        solve(copy, e);
        check(copy, "--hint", e.name());
        var r = check(copy, "--reset", e.name(), "--yes");
        assertEquals(0, r.exit(), r.all());
        assertArrayEquals(e.shipped().getBytes(StandardCharsets.UTF_8), Files.readAllBytes(file));
        assertFalse(Files.exists(copy.resolve(".cache/check-hints").resolve(e.name())));
    }

    @Test
    @DisplayName("check --reset NAME --yes deletes what the exercise's runs left in its work folder, and no other exercise's")
    void resetDeletesTheWorkFolder() throws IOException {
        Path copy = copyOfTheRepo();
        Exercise e = ALL.get(1), other = ALL.get(2);
        Path work = copy.resolve(".cache/exercises").resolve(e.name()), kept = copy.resolve(".cache/exercises").resolve(other.name());
        Files.createDirectories(work.resolve("inner"));
        Files.writeString(work.resolve("inner/threads.json"), "{}");
        Files.createDirectories(kept);
        Files.writeString(kept.resolve("threads.json"), "{}");
        var r = check(copy, "--reset", e.name(), "--yes");
        assertEquals(0, r.exit(), r.all());
        assertFalse(Files.exists(work), r.all());
        assertTrue(Files.exists(kept.resolve("threads.json")), r.all());
    }

    @Test
    @DisplayName("check --reset asks first: no answer or 'n' keeps the file, 'y' resets it")
    void resetAsksFirst() throws Exception {
        Path copy = copyOfTheRepo();
        Exercise e = ALL.get(2);
        Path file = copy.resolve("exercises").resolve(e.file().getFileName());
        solve(copy, e);
        byte[] solved = Files.readAllBytes(file);

        var noAnswer = check(copy, "--reset", e.name());       // stdin is /dev/null
        assertEquals(1, noAnswer.exit(), noAnswer.all());
        assertTrue(noAnswer.out().contains("[y/N]"), noAnswer.all());
        assertArrayEquals(solved, Files.readAllBytes(file));

        assertEquals(1, withInput(copy, "n\n", "--reset", e.name()).exit());
        assertArrayEquals(solved, Files.readAllBytes(file));

        assertEquals(0, withInput(copy, "y\n", "--reset", e.name()).exit());
        assertArrayEquals(e.shipped().getBytes(StandardCharsets.UTF_8), Files.readAllBytes(file));
    }

    @Test
    @DisplayName("check --reset --all --yes restores every exercise, even one that was deleted")
    void resetAll() throws IOException {
        Path copy = copyOfTheRepo();
        for (Exercise e : ALL) solve(copy, e);
        Files.delete(copy.resolve("exercises").resolve(ALL.getLast().file().getFileName()));
        var r = check(copy, "--reset", "--all", "--yes");
        assertEquals(0, r.exit(), r.all());
        for (Exercise e : ALL)
            assertArrayEquals(e.shipped().getBytes(StandardCharsets.UTF_8),
                    Files.readAllBytes(copy.resolve("exercises").resolve(e.file().getFileName())), e.name());
    }

    @Test
    @DisplayName("check --reset all: asks first and keeps every file without an answer; with --yes restores each and keeps a copy of each student's text, never overwriting one")
    void resetAllKeepsACopy() throws Exception {
        Path copy = copyOfTheRepo();
        var mine = new LinkedHashMap<Exercise, String>();
        for (Exercise e : ALL) {
            Path file = copy.resolve("exercises").resolve(e.file().getFileName());
            String text = Files.readString(file) + "\n// my notes on " + e.name() + "\n";
            Files.writeString(file, text);
            mine.put(e, text);
        }
        var noAnswer = check(copy, "--reset", "all");          // stdin is /dev/null
        assertEquals(1, noAnswer.exit(), noAnswer.all());
        assertTrue(noAnswer.out().contains("[y/N]"), noAnswer.all());
        for (var m : mine.entrySet())
            assertEquals(m.getValue(), Files.readString(copy.resolve("exercises").resolve(m.getKey().file().getFileName())));

        var r = check(copy, "--reset", "all", "--yes");
        assertEquals(0, r.exit(), r.all());
        for (var m : mine.entrySet()) {
            Exercise e = m.getKey();
            assertArrayEquals(e.shipped().getBytes(StandardCharsets.UTF_8),
                    Files.readAllBytes(copy.resolve("exercises").resolve(e.file().getFileName())), e.name());
            assertEquals(List.of(m.getValue()), keptCopies(copy, e), e.name() + ": the copy kept of the student's text");
            assertTrue(r.out().contains("your version is kept as .cache/check-reset/" + e.name() + "/"), r.all());
        }

        // Twice in a row, within a second: the second copy is another file, the first is kept.
        Exercise e = ALL.getFirst();
        Path file = copy.resolve("exercises").resolve(e.file().getFileName());
        Files.writeString(file, "// a second try\n");
        assertEquals(0, check(copy, "--reset", e.name(), "--yes").exit());
        Files.writeString(file, "// a third try\n");
        assertEquals(0, check(copy, "--reset", e.name(), "--yes").exit());
        var kept = keptCopies(copy, e);
        assertEquals(3, kept.size(), kept.toString());
        assertTrue(kept.containsAll(List.of(mine.get(e), "// a second try\n", "// a third try\n")), kept.toString());
    }

    /// The texts kept in .cache/check-reset/NAME/, in no particular order.
    static List<String> keptCopies(Path copy, Exercise e) throws IOException {
        Path dir = copy.resolve(".cache/check-reset").resolve(e.name());
        if (!Files.isDirectory(dir)) return List.of();
        try (var files = Files.list(dir)) {
            var texts = new ArrayList<String>();
            for (Path f : files.toList()) texts.add(Files.readString(f));
            return texts;
        }
    }

    // ---- the solution, offered once the check passes ------------------------------------------

    @Test
    @DisplayName("check NAME names the course's solution once the exercise passes, and not before (nor in the last hint)")
    void solutionOfferedAfterAPass() throws IOException {
        Path copy = copyOfTheRepo();
        Exercise e = ALL.getFirst();
        String where = Proc.ROOT.relativize(e.solution()).toString();
        var shipped = check(copy, e.name());
        assertEquals(1, shipped.exit(), shipped.all());
        assertFalse(shipped.out().contains("solutions/"), shipped.all());
        solve(copy, e);
        var solved = check(copy, e.name());
        assertEquals(0, solved.exit(), solved.all());
        assertTrue(solved.out().contains("Solved " + e.name() + ". To compare with yours, the course's solution: " + where), solved.all());
    }

    // ---- your part: the lines a student should change ------------------------------------------

    @Test
    @DisplayName("check NAME: a change inside the marked part goes without a word; a line changed outside it is named in a warning, and the check still runs")
    void warnsAboutAChangeOutsideYourPart() throws IOException {
        Path copy = copyOfTheRepo();
        Exercise e = ALL.stream().filter(x -> course.YourPart.count(x.shipped()) > 0).findFirst().orElseThrow();
        Path file = copy.resolve("exercises").resolve(e.file().getFileName());
        solve(copy, e);                                          // the solution changes only its part
        var inside = check(copy, e.name());
        assertEquals(0, inside.exit(), inside.all());
        assertFalse(inside.out().contains("outside your part"), inside.all());

        var lines = new ArrayList<>(Files.readAllLines(file));
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("// ---- Checking your work")).findFirst().orElseThrow());
        lines.add(at + 1, "// I was here");
        Files.write(file, lines);
        var outside = check(copy, e.name());
        assertEquals(0, outside.exit(), "a warning, not a refusal: " + outside.all());
        assertTrue(outside.out().contains("Note: line " + (at + 2) + " of exercises/" + e.file().getFileName() + " is outside your part"),
                outside.all());
    }

    @Test
    @DisplayName("YourPart: a marker removed is a change outside; line ends, trailing spaces and blank lines at the end are not")
    void yourPartComparesTheLinesOutside() {
        String shipped = "a\n" + course.YourPart.START + "\nx\n" + course.YourPart.END + "\nb\n";
        assertEquals(0, course.YourPart.firstChangeOutside(shipped, shipped.replace("x", "y\nz")));
        assertEquals(0, course.YourPart.firstChangeOutside(shipped, shipped.replace("\n", "\r\n").replace("b", "b  ") + "\n\n"));
        assertEquals(5, course.YourPart.firstChangeOutside(shipped, shipped.replace("b", "c")));
        assertEquals(3, course.YourPart.firstChangeOutside(shipped, shipped.replace(course.YourPart.END + "\n", "")));
        assertEquals(6, course.YourPart.firstChangeOutside(shipped, shipped + "d\n"));
        assertEquals(0, course.YourPart.firstChangeOutside("no part\n", "anything\n"));
    }

    /// A checker that a test left running (a watcher, after a failed assertion) ends here, with
    /// what it started, so that nothing writes into the folders JUnit is about to delete. Only
    /// this class's checkers (their class path is `classes`): other test classes run beside it.
    @AfterEach
    void endWhatTheTestStarted() {
        ProcessHandle.current().children()
                .filter(h -> h.info().arguments().map(a -> List.of(a).contains(classes.toString())).orElse(false))
                .forEach(h -> {
                    h.descendants().forEach(ProcessHandle::destroyForcibly);
                    h.destroyForcibly();
                });
    }

    Proc.Result withInput(Path copy, String input, String... args) throws Exception {
        Path in = Files.createTempFile(tmp, "stdin", ".txt"), out = Files.createTempFile(tmp, "stdout", ".txt");
        Files.writeString(in, input);
        var pb = new ProcessBuilder(checker(args)).directory(copy.toFile())
                .redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectErrorStream(true);
        pb.environment().put("COURSE_ROOT", copy.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(Waits.HUNG.toSeconds(), TimeUnit.SECONDS), "did not end");
        return new Proc.Result(p.exitValue(), Files.readString(out), "", 0);
    }

    // ---- watch ------------------------------------------------------------------------------

    /// The checker in watch mode, its stdin a pipe the test writes to, its output in a file.
    record Watcher(Process process, Path file, OutputStream stdin) {
        static Watcher start(Path copy, Path out, String... more) throws IOException {
            var args = new ArrayList<>(List.of("--watch"));
            args.addAll(List.of(more));
            var pb = new ProcessBuilder(checker(args.toArray(String[]::new))).directory(copy.toFile())
                    .redirectOutput(out.toFile()).redirectErrorStream(true);
            pb.environment().put("COURSE_ROOT", copy.toString());
            pb.environment().put("CHECK_POLL_MS", "100");
            Process p = pb.start();
            return new Watcher(p, out, p.getOutputStream());
        }

        String text() throws IOException {
            return Files.readString(file);
        }

        /// Waits until the output contains `text` (fails after Waits.HUNG).
        void await(String text) throws Exception {
            awaitAfter("", text);
        }

        /// Waits until the output after the last `marker` contains `text`.
        void awaitAfter(String marker, String text) throws Exception {
            long until = System.nanoTime() + Waits.HUNG.toNanos();
            while (true) {
                String out = text();
                int at = marker.isEmpty() ? 0 : out.lastIndexOf(marker);
                if (at >= 0 && out.substring(at).contains(text)) return;
                if (System.nanoTime() > until || !process.isAlive()) {
                    kit.Processes.stop(process, java.time.Duration.ZERO);
                    fail("watch mode never printed '" + text + "' after '" + marker + "':\n" + text());
                }
                Thread.sleep(100);
            }
        }

        int awaitExit() throws Exception {
            if (!process.waitFor(Waits.HUNG.toSeconds(), TimeUnit.SECONDS)) {
                kit.Processes.stop(process, java.time.Duration.ZERO);
                fail("watch mode did not end:\n" + text());
            }
            return process.exitValue();
        }
    }

    @Test
    @DisplayName("check --watch: notices a save, moves on to the next exercise when it passes, stops on 'q'")
    void watchNoticesAnEdit() throws Exception {
        Path copy = copyOfTheRepo();
        Exercise first = ALL.get(0), second = ALL.get(1);
        var w = Watcher.start(copy, tmp.resolve("watch.txt"));
        w.await("Watching exercises/" + first.file().getFileName());
        solve(copy, first);
        w.await("Solved " + first.name() + ".");
        w.await("Watching exercises/" + second.file().getFileName());
        w.stdin().write("q\n".getBytes(StandardCharsets.UTF_8));
        w.stdin().flush();
        assertEquals(0, w.awaitExit(), w.text());
        assertTrue(w.text().contains("1 of " + ALL.size() + " solved. Now: " + second.name()), w.text());
        assertTrue(w.text().strip().endsWith("Stopped watching."), w.text());
    }

    @Test
    @DisplayName("check --watch: re-runs a failing save, and ends by itself when the last exercise is solved")
    void watchEndsWhenAllAreSolved() throws Exception {
        Path copy = copyOfTheRepo();
        for (Exercise e : ALL.subList(0, ALL.size() - 1)) solve(copy, e);
        withEverySolutionsVerdict(copy);
        Exercise last = ALL.getLast();
        Path file = copy.resolve("exercises").resolve(last.file().getFileName());
        var w = Watcher.start(copy, tmp.resolve("watch.txt"));
        w.await("Watching exercises/" + last.file().getFileName());
        Files.writeString(file, Files.readString(file) + "\n// still thinking\n");
        String saved = "Saved exercises/" + last.file().getFileName() + ", checking it again.";
        w.awaitAfter(saved, " before this save).\nWatching");
        String again = w.text().substring(w.text().lastIndexOf(saved));
        assertTrue(again.contains("Hint: ./jbang check --hint " + last.name() + "\n"), again);
        solve(copy, last);
        assertEquals(0, w.awaitExit(), w.text());
        assertTrue(w.text().contains("All exercises solved."), w.text());
    }

    @Test
    @DisplayName("check --watch on the capstone: shows its check lines, counts the checks that pass after each save, ends when it is solved")
    void watchTheCapstone() throws Exception {
        Path copy = copyWithACapstone();
        for (Exercise e : ALL) solve(copy, e);
        withEverySolutionsVerdict(copy);
        var w = Watcher.start(copy, tmp.resolve("watch.txt"));
        w.await("Watching exercises/AllTogether.java");
        assertTrue(w.text().contains(ALL.size() + " of " + (ALL.size() + 1) + " solved. Now: all-together (lesson 99, "
                + CAPSTONE_TITLE + ")"), w.text());
        assertTrue(w.text().contains("  ok   throughput under a burst\n  FAIL never more than 10 at the database: got no"), w.text());
        convert(copy, 2);
        w.awaitAfter("Saved exercises/AllTogether.java, checking it again.", "2/4 checks pass (1/4 before this save).\n");
        assertTrue(w.text().contains("  ok   never more than 10 at the database\n  FAIL a failed sibling cancelled: got no"), w.text());
        convert(copy, 4);
        assertEquals(0, w.awaitExit(), w.text());
        assertTrue(w.text().contains("Solved all-together."), w.text());
        assertTrue(w.text().contains("All exercises solved."), w.text());
    }

    @Test
    @DisplayName("check --watch --poll 20: notices a save that leaves the file's time stamp as it was, as a container's or WSL's mount may")
    void watchNeedsNoTimeStamps() throws Exception {
        Path copy = copyOfTheRepo();
        Exercise first = ALL.getFirst();
        Path file = copy.resolve("exercises").resolve(first.file().getFileName());
        var stamp = Files.getLastModifiedTime(file);
        var w = Watcher.start(copy, tmp.resolve("watch.txt"), "--poll", "20");
        w.await("Watching exercises/" + first.file().getFileName());
        // The new text, with the old time stamp, replaces the file in one step: at no moment does the file have a newer stamp.
        Path next = Files.createTempFile(file.getParent(), "save", ".tmp");
        Files.copy(first.solution(), next, StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(next, stamp);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertEquals(stamp, Files.getLastModifiedTime(file));
        w.await("Solved " + first.name() + ".");
        w.stdin().write("q\n".getBytes(StandardCharsets.UTF_8));
        w.stdin().flush();
        assertEquals(0, w.awaitExit(), w.text());
        var bad = check(copy, "--watch", "--poll", "soon");
        assertEquals(2, bad.exit(), bad.all());
        assertTrue(bad.err().contains("--poll takes a number of milliseconds"), bad.all());
    }

    @Test
    @DisplayName("check --watch: ends when its input ends")
    void watchEndsOnEndOfInput() throws Exception {
        Path copy = copyOfTheRepo();
        var w = Watcher.start(copy, tmp.resolve("watch.txt"));
        w.await("Watching exercises/" + ALL.getFirst().file().getFileName());
        w.stdin().close();
        assertEquals(0, w.awaitExit(), w.text());
        assertTrue(w.text().strip().endsWith("Stopped watching."), w.text());
    }
}
