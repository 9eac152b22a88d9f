package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.BuildError;
import course.Catalog;
import course.Sources;
import course.Exercises;
import course.Exercises.Exercise;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/// The exercises: their metadata, the derivation of the shipped text, and what each one says
/// when run as shipped and as solved. Shipped text always comes from derive(solution), never
/// from the working copy, which a student may have solved.
@Programs
@org.junit.jupiter.api.Order(2)   // among the slowest: started first, the longest first (Tests.java)
class ExercisesTest {

    static final List<Exercise> ALL = Exercises.load(Proc.ROOT);

    /// The exercises whose programs the run-them tests run: all of them, unless a contributor
    /// working on a few names them, e.g. `ONLY_EXERCISES=race,gate ./build.sh test ExercisesTest`.
    /// The tests that read files (metadata, hints, wrong-fix counts) always take all.
    static Stream<Exercise> chosen() {
        String only = System.getenv("ONLY_EXERCISES");
        if (only == null || only.isBlank()) return ALL.stream();
        var names = List.of(only.split(","));
        return ALL.stream().filter(e -> names.contains(e.name()));
    }

    /// Each test's own folder for the small courses it makes; JUnit deletes it even when the test fails.
    @TempDir
    Path tmp;

    /// How many times the solutions and the wrong fixes run: once, unless `CORPUS_RUNS=N` asks for
    /// more, to show that a check catches its wrong fix every time, not by luck
    /// (tools/tests/corpus-runs.sh runs them so on one core and on all).
    static final int CORPUS_RUNS = Math.max(1, Integer.parseInt(Objects.requireNonNullElse(System.getenv("CORPUS_RUNS"), "1").strip()));

    /// " (run k)" after a run's key when the corpus runs more than once, else "".
    static String nth(int k) {
        return CORPUS_RUNS == 1 ? "" : " (run " + k + ")";
    }

    /// 1 .. CORPUS_RUNS.
    static Stream<Integer> corpusRuns() {
        return Stream.iterate(1, k -> k <= CORPUS_RUNS, k -> k + 1);
    }

    // ---- derive and strip -------------------------------------------------------------------

    static final String SOLUTION = """
            int f(int a) {
                // exercise: return 0; // TODO: double it
                int b = a * 2;
                return b;
                // end exercise
            }
            """;

    @Test
    @DisplayName("derive keeps the marker's text at its indentation and drops the solution's lines")
    void deriveReplacesTheRegion() {
        assertEquals("""
                int f(int a) {
                    return 0; // TODO: double it
                }
                """, Exercises.derive(SOLUTION));
    }

    @Test
    @DisplayName("derive keeps several marker lines, their relative indentation and CRLF line ends")
    void deriveKeepsSeveralMarkerLines() {
        String solution = "void g() {\r\n"
                + "    // exercise: synchronized (lock) {\r\n"
                + "    // exercise:     work();\r\n"
                + "    // exercise: }\r\n"
                + "    work();\r\n"
                + "    // end exercise\r\n"
                + "}\r\n";
        assertEquals("void g() {\r\n    synchronized (lock) {\r\n        work();\r\n    }\r\n}\r\n",
                Exercises.derive(solution));
    }

    @Test
    @DisplayName("strip removes only the marker lines")
    void stripRemovesMarkers() {
        assertEquals("""
                int f(int a) {
                    int b = a * 2;
                    return b;
                }
                """, Exercises.strip(SOLUTION));
        assertEquals("no markers\n", Exercises.strip("no markers\n"));
    }

    @Test
    @DisplayName("derive rejects an unclosed region, a stray end and a nested opening, naming the line")
    void deriveRejectsMalformedRegions() {
        var unclosed = assertThrows(BuildError.class, () -> Exercises.derive("a\n// exercise: x\nb\n"));
        assertEquals(2, unclosed.line);
        assertTrue(unclosed.getMessage().contains("// end exercise"), unclosed.getMessage());

        var stray = assertThrows(BuildError.class, () -> Exercises.derive("a\n\n    // end exercise\n"));
        assertEquals(3, stray.line);

        var nested = assertThrows(BuildError.class,
                () -> Exercises.derive("// exercise: x\ny\n// exercise: z\n// end exercise\n"));
        assertEquals(3, nested.line);
        assertTrue(nested.getMessage().contains("line 1"), nested.getMessage());

        var shortEnd = assertThrows(BuildError.class, () -> Exercises.strip("// exercise: x\ny\n// end\n"));
        assertTrue(shortEnd.getMessage().contains("// end exercise"), shortEnd.getMessage());
    }

    // ---- metadata ---------------------------------------------------------------------------

    @Test
    @DisplayName("load: at least nine exercises in lesson order, the first lesson's first, each with a lesson, a sentence and 1-3 hints")
    void loadsTheExercises() {
        assertTrue(ALL.size() >= 9, "only " + ALL.size() + " exercises");
        assertTrue(ALL.getFirst().lessonFile().startsWith("01-"), "the first exercise, " + ALL.getFirst().name() + ", is not the first lesson's");
        var aliases = course.Catalog.load(Proc.ROOT).aliases();
        int previous = 0;
        for (Exercise e : ALL) {
            int lesson = Integer.parseInt(e.lessonFile().substring(0, e.lessonFile().indexOf('-')));
            assertTrue(lesson >= previous, e.name() + " is out of course order");
            previous = lesson;
            var alias = aliases.get(e.name());
            assertTrue(alias != null && alias.isExercise(), e.name() + " collides with a program's or a tool's alias: " + alias);
            assertEquals(Proc.ROOT.resolve("exercises/" + Exercises.className(e.name()) + ".java"), e.file());
            assertTrue(Files.isRegularFile(e.solution()), e.solution().toString());
            assertTrue(e.practises().endsWith("."), e.name() + ": practises should be one sentence");
            assertTrue(e.hints().size() >= 1 && e.hints().size() <= 3, e.name() + " has " + e.hints().size() + " hints");
        }
        assertEquals(ALL.size(), ALL.stream().map(Exercise::name).distinct().count());
    }

    @Test
    @Quick
    @DisplayName("an exercise names its lesson by slug: the file, and so the number, is looked up; a number is refused")
    void lessonBySlug() throws IOException {
        Path root = fakeRoot("## fake\n- lesson: some-lesson\n- practises: One thing.\n1. a\n");
        Files.createDirectories(root.resolve("lessons"));
        Files.writeString(root.resolve("lessons/07-some-lesson.md"), "---\ntitle: Some lesson\n---\n");
        assertEquals("07-some-lesson", Exercises.load(root).getFirst().lessonFile());
        Files.move(root.resolve("lessons/07-some-lesson.md"), root.resolve("lessons/03-some-lesson.md"));
        assertEquals("03-some-lesson", Exercises.load(root).getFirst().lessonFile(), "renumbered, with no edit to HINTS.md");
        Files.writeString(root.resolve("exercises/HINTS.md"), "## fake\n- lesson: 03-some-lesson\n- practises: One thing.\n1. a\n");
        var e = assertThrows(BuildError.class, () -> Exercises.load(root));
        assertEquals(2, e.line, e.toString());
        assertTrue(e.getMessage().contains("'some-lesson', without its number"), e.toString());
    }

    /// What the site shows is ProgramTexts' `shown` (Render embeds it, Build writes it to code/).
    @Test
    @DisplayName("the site shows an exercise as shipped, even when the working copy is solved, and its solution without markers")
    void siteShowsTheShippedExerciseAndTheCleanSolution() throws IOException {
        Path root = fakeRoot("## fake\n- lesson: some-lesson\n- practises: One thing.\n1. a\n");
        Files.writeString(root.resolve("exercises/Fake.java"), SOLUTION);   // a student solved it
        var catalog = Catalog.load(root);
        assertEquals("""
                int f(int a) {
                    return 0; // TODO: double it
                }
                """, course.ProgramTexts.load(catalog).of(catalog.aliases().get("fake")).shown());
        assertEquals("""
                int f(int a) {
                    int b = a * 2;
                    return b;
                }
                """, course.ProgramTexts.load(catalog).of(catalog.aliases().get("fake-solution")).shown());
    }

    @Test
    @DisplayName("the site shows each real exercise as shipped, and its solution differently, without markers")
    void siteShowsEveryExerciseAndSolution() {
        var catalog = Catalog.load(Proc.ROOT);
        var texts = course.ProgramTexts.load(catalog);
        for (Exercise e : ALL) {
            String exercise = texts.of(catalog.aliases().get(e.name())).shown();
            String solution = texts.of(catalog.aliases().get(e.solutionAlias())).shown();
            assertEquals(e.shipped(), exercise, e.name() + ": the page shows the exercise as shipped");
            assertNotEquals(exercise, solution, e.name() + ": the page shows the solution, not the exercise again");
            assertFalse(solution.contains("// exercise:") || solution.contains("// end exercise"), e.name() + ": markers on the page");
        }
    }

    @Test
    @DisplayName("load: every lesson of the course has at least one exercise")
    void everyLessonHasAnExercise() {
        List<String> lessons = course.Lesson.loadAll(Proc.ROOT).stream().map(course.Lesson::fileStem).toList();
        assertFalse(lessons.isEmpty(), "lessons/ holds no lesson");
        var withExercise = ALL.stream().map(Exercise::lessonFile).collect(java.util.stream.Collectors.toSet());
        for (String lesson : lessons) assertTrue(withExercise.contains(lesson), lesson + " has no exercise");
    }

    /// The lines that judge an exercise (`check`, `checkThat`, `verdict`) end each exercise
    /// that calls `verdict`, copied so that each stays one file a student downloads.
    static final String VERDICT_BLOCK_START = "\nvoid check(String what, Object got, Object expected) {\n";

    @Test
    @DisplayName("the verdict block at the end of each exercise is the same in every copy")
    void theVerdictBlockIsTheSameInEveryExercise() throws IOException {
        var blocks = new TreeMap<String, String>();
        try (var files = Files.list(Proc.ROOT.resolve("exercises/solutions"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String text = Files.readString(f).replace("\r\n", "\n");
                if (!text.contains("verdict(\"")) continue;
                int at = text.indexOf(VERDICT_BLOCK_START);
                assertTrue(at >= 0, f.getFileName() + " calls verdict but has no block starting" + VERDICT_BLOCK_START);
                blocks.put(f.getFileName().toString(), text.substring(at));
            }
        }
        assertTrue(blocks.size() >= 2, "the copies of the verdict block: " + blocks.keySet());
        // The copy most files share is the reference, so the message names the one that differs.
        String reference = blocks.values().stream()
                .collect(java.util.stream.Collectors.groupingBy(b -> b, java.util.stream.Collectors.counting()))
                .entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        String first = blocks.entrySet().stream().filter(e -> e.getValue().equals(reference)).findFirst().orElseThrow().getKey();
        for (var e : blocks.entrySet())
            assertEquals(reference, e.getValue(), "exercises/solutions/" + e.getKey() + ": its verdict block (from"
                    + VERDICT_BLOCK_START.strip() + " to the end) differs from " + first + "'s and the other copies'");
    }

    @Test
    @DisplayName("load: a hint's further lines stay with it")
    void hintsKeepTheirContinuationLines() throws IOException {
        Path root = fakeRoot("""
                ## fake
                - lesson: some-lesson
                - practises: One thing.

                1. First line
                   second line.
                2. Another.
                """);
        var e = Exercises.load(root).getFirst();
        assertEquals(List.of("First line\nsecond line.", "Another."), e.hints());
        assertEquals("some-lesson", e.lessonFile());   // no lessons/ here to look its number up in
        assertEquals("One thing.", e.practises());
    }

    record Bad(String why, String hints, int line, String advice) {}

    @TestFactory
    @DisplayName("load: bad metadata throws BuildError with the file, the line and what to do")
    Stream<DynamicTest> badMetadata() {
        String ok = "- lesson: some-lesson\n- practises: One thing.\n";
        return Stream.of(
                new Bad("hints out of order", "## fake\n" + ok + "1. a\n3. b\n", 5, "Number the hints"),
                new Bad("no lesson", "intro\n\n## fake\n- practises: x.\n1. a\n", 3, "- lesson:"),
                new Bad("unknown field", "## fake\n- lessons: 02-x\n", 2, "A section holds"),
                new Bad("four hints", "## fake\n" + ok + "1. a\n2. b\n3. c\n4. d\n", 1, "one to three"),
                new Bad("a bad name", "## Fake Name\n", 1, "lower-case"),
                new Bad("a stray line", "## fake\n" + ok + "some prose\n", 4, "numbered hints"),
                new Bad("a lesson that is not a slug", "## fake\n- lesson: lesson two\n", 2, "file name"),
                new Bad("twice the same exercise", "## fake\n" + ok + "1. a\n## fake\n", 5, "twice"),
                new Bad("two capstones", "## fake\n" + ok + "- capstone: Deeper: a\n1. a\n## other\n" + ok + "- capstone: Deeper: b\n", 9, "capstone already")
        ).map(bad -> DynamicTest.dynamicTest(bad.why(), () -> {
            Path root = fakeRoot(bad.hints());
            var e = assertThrows(BuildError.class, () -> Exercises.load(root));
            assertEquals(root.resolve("exercises/HINTS.md"), e.file, e.toString());
            assertEquals(bad.line(), e.line, e.toString());
            assertTrue(e.getMessage().contains(bad.advice()), e.toString());
        }));
    }

    @Test
    @DisplayName("load: an unclosed region in a solution and an unknown lesson are reported")
    void badFilesAreReported() throws IOException {
        String hints = "## fake\n- lesson: some-lesson\n- practises: x.\n1. a\n";

        Path unclosed = fakeRoot(hints);
        Files.writeString(unclosed.resolve("exercises/solutions/Fake.java"), "a\n// exercise: x\nb\n");
        var e1 = assertThrows(BuildError.class, () -> Exercises.load(unclosed));
        assertEquals(unclosed.resolve("exercises/solutions/Fake.java"), e1.file, e1.toString());
        assertEquals(2, e1.line, e1.toString());

        Path lesson = fakeRoot(hints);
        Files.createDirectories(lesson.resolve("lessons"));
        Files.writeString(lesson.resolve("lessons/02-another-lesson.md"), "---\ntitle: x\n---\n");
        var e3 = assertThrows(BuildError.class, () -> Exercises.load(lesson));
        assertTrue(e3.getMessage().contains("Lessons: another-lesson"), e3.toString());

        Path capstone = fakeRoot(hints.replace("- practises: x.\n", "- practises: x.\n- capstone: Deeper: how it ends\n"));
        Files.createDirectories(capstone.resolve("lessons"));
        Files.writeString(capstone.resolve("lessons/02-some-lesson.md"), "---\ntitle: x\n---\n\nNo fold.\n");
        var e4 = assertThrows(BuildError.class, () -> Exercises.load(capstone));
        assertEquals(4, e4.line, e4.toString());
        assertTrue(e4.getMessage().contains("'Deeper: how it ends' is no fold of ") && e4.getMessage().contains("lessons/02-some-lesson.md"), e4.toString());
        Files.writeString(capstone.resolve("lessons/02-some-lesson.md"), "---\ntitle: x\n---\n\n<details>\n<summary>Deeper: how it ends</summary>\n");
        assertTrue(Exercises.load(capstone).getFirst().capstone());
    }

    /// A root with one exercise 'fake' whose files and aliases are right, and the given HINTS.md,
    /// in a new folder under the test's own.
    Path fakeRoot(String hints) throws IOException {
        Path root = Files.createTempDirectory(tmp, "exercises");
        Files.createDirectories(root.resolve("exercises/solutions"));
        Files.writeString(root.resolve("exercises/HINTS.md"), hints);
        Files.writeString(root.resolve("exercises/solutions/Fake.java"), SOLUTION);
        Files.writeString(root.resolve("exercises/Fake.java"), Exercises.derive(SOLUTION));
        Files.writeString(root.resolve("jbang-catalog.json"), catalog("exercises/Fake.java"));
        return root;
    }

    static String catalog(String fakeRef) {
        return """
                {
                  "aliases": {
                    "fake": { "script-ref": "%s", "description": "x" },
                    "fake-solution": { "script-ref": "exercises/solutions/Fake.java", "description": "x" }
                  }
                }
                """.formatted(fakeRef);
    }

    // ---- the exercises, run -----------------------------------------------------------------

    /// Every exercise, as shipped, in a folder of its own: it fails and names a failed check.
    @TestFactory
    @DisplayName("every exercise fails as shipped, naming a failed check and the hint command")
    Stream<DynamicTest> everyExerciseFailsAsShipped() {
        return chosen().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
            var r = runs().get("shipped " + e.name()).get();
            assertNotEquals(0, r.exit(), r.all());
            var lines = r.out().strip().lines().toList();
            assertTrue(lines.size() >= 3, r.all());
            assertEquals("Hint: ./jbang check --hint " + e.name(), lines.getLast(), r.all());
            String notYet = lines.get(lines.size() - 2);
            assertTrue(notYet.startsWith("Not solved yet: "), r.all());
            String failed = notYet.substring("Not solved yet: ".length());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("FAIL " + failed + ": got ")), r.all());
            for (String line : lines.subList(0, lines.size() - 2))
                assertTrue(line.startsWith("ok   ") || line.startsWith("FAIL "), "not a check line: " + line);
            assertFalse(lines.contains("Solved."), r.all());
        }));
    }

    /// The first solution of each kind runs through its alias, `./jbang NAME-solution` (see
    /// throughJbang): this is CatalogTest's run of the exercises' aliases too (an exercise's
    /// alias differs from its solution's only in the file, whose header lines derive() keeps).
    @TestFactory
    @DisplayName("every solution passes every check and says Solved. (the first of each kind run as ./jbang NAME-solution)")
    Stream<DynamicTest> everySolutionPasses() {
        return chosen().flatMap(e -> corpusRuns().map(k -> DynamicTest.dynamicTest(e.name() + nth(k), () -> {
            var r = runs().get("solution " + e.name() + nth(k)).get();
            assertEquals(0, r.exit(), r.all());
            var lines = r.out().strip().lines().toList();
            assertEquals("Solved.", lines.getLast(), r.all());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("ok   ")), r.all());
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("FAIL ")), r.all());
        })));
    }

    @Test
    @Quick
    @DisplayName("every exercise has at least three wrong fixes, each naming a check its solution makes")
    void everyExerciseHasThreeWrongFixes() {
        var fixes = WrongFixes.all();
        var names = ALL.stream().map(Exercise::name).toList();
        for (var w : fixes) {
            assertTrue(names.contains(w.exercise()), w.where() + ": no exercise is named '" + w.exercise() + "'");
            Exercise e = ALL.stream().filter(x -> x.name().equals(w.exercise())).findFirst().orElseThrow();
            String solution = Sources.read(e.solution());
            // A check's name may hold numbers the program formats: each part between them must be there.
            assertTrue(Arrays.stream(w.caughtBy().split("\\d[\\d,.]*")).map(String::strip)
                            .allMatch(part -> part.isEmpty() || solution.contains(part)),
                    w.where() + ": '" + w.caughtBy() + "' is not a check in " + Proc.ROOT.relativize(e.solution()));
        }
        for (String name : names) {
            long n = fixes.stream().filter(w -> w.exercise().equals(name)).count();
            assertTrue(n >= 3, name + " has " + n + " wrong fixes in tools/tests/wrong-fixes/" + name + ".txt; give it at least three");
        }
    }

    @Test
    @Quick
    @DisplayName("every exercise marks the part a student changes (course.YourPart), and its solution changes nothing outside it")
    void everyExerciseMarksItsPart() {
        for (Exercise e : ALL) {
            assertTrue(course.YourPart.count(e.shipped()) > 0, e.name() + ": mark the part a student changes, a line \""
                    + course.YourPart.START + "\" before each `// exercise:` region of " + Proc.ROOT.relativize(e.solution())
                    + " and \"" + course.YourPart.END + "\" after its `// end exercise`");
            int line = course.YourPart.firstChangeOutside(e.shipped(), Exercises.strip(Sources.read(e.solution())));
            assertEquals(0, line, e.name() + ": solved, line " + line + " of " + Proc.ROOT.relativize(e.solution())
                    + " (markers left out) differs from the exercise as shipped outside the marked parts");
        }
    }

    @TestFactory
    @DisplayName("plausible wrong fixes are caught, each by the check meant for it")
    Stream<DynamicTest> wrongFixesAreCaught() {
        var names = chosen().map(Exercise::name).toList();
        return WrongFixes.all().stream().filter(w -> names.contains(w.exercise())).flatMap(w -> corpusRuns().map(k -> DynamicTest.dynamicTest(w.exercise() + ": " + w.why() + nth(k), () -> {
            var r = runs().get("wrong fix " + w.where() + nth(k)).get();
            assertNotEquals(0, r.exit(), r.all());
            assertTrue(r.out().contains("FAIL " + w.caughtBy() + ": got "), r.all());
            assertTrue(r.out().contains("Hint: ./jbang check --hint " + w.exercise()), r.all());
            assertFalse(r.out().lines().anyMatch(l -> l.equals("Solved.")), r.all());
        })));
    }

    /// The runs of the exercises' programs, all started in the background by the first test
    /// that needs one, so that the machine is never idle between them: most of
    /// such a run is its checks waiting (sleeps, deadlines), not the CPU. The solutions, whose
    /// checks must pass and some of which time what they check, run one after the other, never
    /// two at once; beside them one at a time, and then FAILING_LANES at a time, the shipped
    /// texts and the wrong fixes, which must fail. Keys: "solution NAME", "shipped NAME", "wrong fix FILE:LINE".
    static synchronized Map<String, CompletableFuture<Proc.Result>> runs() {
        if (runs != null) return runs;
        runs = new LinkedHashMap<>();
        var exercises = chosen().toList();
        var names = exercises.stream().map(Exercise::name).toList();
        var solutions = new LinkedHashMap<String, Callable<Proc.Result>>();
        var failing = new LinkedHashMap<String, Callable<Proc.Result>>();
        var throughJbang = throughJbang(exercises);
        for (int k = 1; k <= CORPUS_RUNS; k++)
            for (Exercise e : exercises)
                solutions.put("solution " + e.name() + nth(k), () -> throughJbang.contains(e) ? Proc.jbang(e.name() + "-solution")
                        : CompiledSources.runOnce(Proc.ROOT, Proc.ROOT.relativize(e.solution()), Proc.HangLimit.ofMinutes(2)));
        for (Exercise e : exercises) failing.put("shipped " + e.name(), () -> runShipped(e));
        for (int k = 1; k <= CORPUS_RUNS; k++)
            for (var w : WrongFixes.all())
                if (names.contains(w.exercise())) failing.put("wrong fix " + w.where() + nth(k), () -> runWrongFix(w));
        solutions.keySet().forEach(k -> runs.put(k, new CompletableFuture<>()));
        failing.keySet().forEach(k -> runs.put(k, new CompletableFuture<>()));
        var all = runs;
        // While a solution runs, one failing run beside it, as before; after the last solution,
        // FAILING_LANES at a time: a failing run mostly waits (its checks' sleeps and deadlines),
        // and no time of a run that must fail is asserted, only that the check meant for it fails.
        var lanes = new java.util.concurrent.Semaphore(1, true);   // fair: in the order submitted
        Thread.ofPlatform().daemon().name("exercise-runs").start(() -> {
            try (var pool = Executors.newFixedThreadPool(1 + FAILING_LANES, Thread.ofPlatform().daemon().name("exercise-run-", 0).factory())) {
                pool.submit(() -> {                                                           // one lane, in turn
                    try {
                        solutions.forEach((k, run) -> complete(all.get(k), run));
                    } finally {
                        lanes.release(FAILING_LANES - 1);
                    }
                });
                failing.forEach((k, run) -> pool.submit(() -> {                              // beside it, then more
                    lanes.acquireUninterruptibly();
                    try {
                        complete(all.get(k), run);
                    } finally {
                        lanes.release();
                    }
                }));
            }
        });
        return runs;
    }

    private static Map<String, CompletableFuture<Proc.Result>> runs;

    /// How many failing runs (shipped texts, wrong fixes) at once once the solutions are done.
    static final int FAILING_LANES = 6;

    /// What the failing runs start under: a lower priority. No time of theirs is asserted, and
    /// the race exercise's keep four threads busy, so beside them a program whose time another
    /// class asserts waited for a core: SynchronizedSleeps' one carrier, 215 to 218 ms alone,
    /// took 301 to 335 ms beside twelve busy loops, and 228 to 245 ms beside the same loops at
    /// nice 10 (docs/speed.md). The checks are made to catch their wrong fixes on one starved
    /// core (tools/tests/corpus-runs.sh), so running slower changes no verdict. They may wait
    /// longer for a core (the race solution at nice 10 beside four busy loops: 39.8 s, 3.8 s
    /// alone), so their hang limit is five minutes rather than two.
    static final String[] FAILING_RUNS_NICE = {"nice", "-n", "10"};
    static final Proc.HangLimit FAILING_RUN_HANG = Proc.HangLimit.ofMinutes(5);

    /// The solutions run as `./jbang NAME-solution`: the first of each kind, by what JBang reads
    /// before it runs one (its alias's runtime options and the file's `//` directive lines, such
    /// as //JAVA and //PREVIEW). The others run as `java FILE` would, compiled in this JVM
    /// (CompiledSources): JBang would do nothing different with them, and costs seconds of CPU
    /// a run (its own JVM, and a build of the file into its cache).
    static Set<Exercise> throughJbang(List<Exercise> exercises) {
        var aliases = Catalog.load(Proc.ROOT).aliases();
        var seen = new HashSet<String>();
        var out = new HashSet<Exercise>();
        for (Exercise e : exercises) {
            String kind = aliases.get(e.name() + "-solution").runtimeOptions() + " "
                    + Sources.read(e.solution()).lines().filter(l -> l.matches("//[A-Z]+\\b.*")).toList();
            if (seen.add(kind)) out.add(e);
        }
        return out;
    }

    static void complete(CompletableFuture<Proc.Result> result, Callable<Proc.Result> run) {
        try {
            result.complete(run.call());
        } catch (Throwable t) {
            result.completeExceptionally(t);
        }
    }

    /// The solution with the wrong fix in its region, as X.java in a folder of its own, run at a lower priority (FAILING_RUNS_NICE).
    static Proc.Result runWrongFix(course.WrongFixes.WrongFix w) throws IOException {
        Exercise e = ALL.stream().filter(x -> x.name().equals(w.exercise())).findFirst().orElseThrow();
        String wrong = WrongFixes.withRegion(Files.readString(e.solution(), StandardCharsets.UTF_8), w.region(), w.code());
        Path dir = Files.createTempDirectory("wrong-fix");
        try {
            Path file = dir.resolve(e.file().getFileName());
            Files.writeString(file, wrong, StandardCharsets.UTF_8);
            return CompiledSources.runOnce(dir, file.getFileName(), FAILING_RUN_HANG, FAILING_RUNS_NICE);
        } finally {
            Temp.delete(dir);
        }
    }

    /// With too few file descriptors for its 300 connections, hang-up must still end by itself
    /// and fail. Which call runs out first, a client's connect or the server's accept, varies;
    /// when it is the accept, the failure is named (before, the accept loop ended without a
    /// word and the clients it never accepted waited for an answer forever).
    @Test
    @DisplayName("hang-up: out of file descriptors, the solution ends by itself, fails and names a failed accept")
    void hangUpEndsWhenDescriptorsRunOut() {
        Exercise e = ALL.stream().filter(x -> x.name().equals("hang-up")).findFirst().orElseThrow();
        Proc.Result r;
        try (var solution = CompiledSources.compile(Proc.ROOT, Proc.ROOT.relativize(e.solution()))) {
            r = solution.run(Proc.ROOT, Proc.HangLimit.ofMinutes(2), "prlimit", "--nofile=100");   // RLIMIT_NOFILE binds root too
        }
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("FAIL ")), r.all());
        assertFalse(r.all().contains("\tat "), "no stack trace\n" + r.all());
        r.out().lines().filter(l -> l.startsWith("FAIL the server accepted every connection"))
                .forEach(l -> assertTrue(l.contains("Too many open files"), r.all()));
    }

    /// Gate's counts are exact because every request waits at the door (a ready latch) before
    /// it opens. Busy threads in this JVM load every core meanwhile; the solution must still
    /// serve exactly LIMIT and turn the rest away, run after run.
    @Test
    @DisplayName("gate: the solution serves exactly 8 of 40 on a machine loaded by busy threads")
    void gateIsExactUnderLoad() throws InterruptedException {
        try (var busy = BusyCores.start(); var gate = CompiledSources.compile(Proc.ROOT, Path.of("exercises/solutions/Gate.java"))) {
            for (int run = 0; run < 3; run++) {
                var r = gate.run(Proc.ROOT, Proc.HangLimit.ofMinutes(2));
                assertEquals(0, r.exit(), r.all());
                assertTrue(r.out().contains("ok   requests served\n"), r.all());
                assertTrue(r.out().contains("ok   requests turned away\n"), r.all());
            }
        }
    }

    /// The committed pair, read from git: a student's edits to the working copy change nothing.
    @TestFactory
    @DisplayName("every committed exercises/X.java equals derive(its committed solution)")
    Stream<DynamicTest> committedExercisesAreDerived() {
        return ALL.stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
            String file = Proc.ROOT.relativize(e.file()).toString();
            String solution = Proc.ROOT.relativize(e.solution()).toString();
            String derived = Exercises.derive(e.solution(), committed(solution));
            assertEquals(derived, committed(file), file + " is not derive(" + solution
                    + "). Regenerate it with ./jbang check --reset " + e.name() + " --yes, then commit it");
        }));
    }

    /// A file as committed at HEAD; without git (a downloaded archive), the file on disk.
    static String committed(String path) throws IOException {
        if (!Files.exists(Proc.ROOT.resolve(".git")))
            return Files.readString(Proc.ROOT.resolve(path), StandardCharsets.UTF_8);
        var r = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(1), List.of("git", "show", "HEAD:" + path));
        assertEquals(0, r.exit(), path + " is not committed: " + r.err());
        return r.out();
    }

    @Test
    @DisplayName("a solved working copy changes nothing about the shipped text the tests run")
    void solvedWorkingCopyDoesNotLeakIntoShipped() throws IOException {
        Path root = Files.createTempDirectory(tmp, "solved");
        Files.createDirectories(root.resolve("exercises/solutions"));
        Files.copy(Proc.ROOT.resolve("exercises/HINTS.md"), root.resolve("exercises/HINTS.md"));
        Files.copy(Proc.ROOT.resolve("jbang-catalog.json"), root.resolve("jbang-catalog.json"));
        for (Exercise e : ALL) {
            Files.copy(e.solution(), root.resolve("exercises/solutions").resolve(e.solution().getFileName()));
            Files.copy(e.solution(), root.resolve("exercises").resolve(e.file().getFileName()));   // solved
        }
        var copy = Exercises.load(root);
        assertEquals(ALL.stream().map(Exercise::name).toList(), copy.stream().map(Exercise::name).toList());
        for (int i = 0; i < ALL.size(); i++) {
            assertEquals(ALL.get(i).shipped(), copy.get(i).shipped(), copy.get(i).name());
            assertNotEquals(Files.readString(copy.get(i).file()), copy.get(i).shipped(), copy.get(i).name());
        }
        var r = runShipped(copy.get(1));
        assertNotEquals(0, r.exit(), "the shipped text of a solved copy must still fail: " + r.all());
    }

    /// derive(solution) written as X.java in a temporary folder, run with the tests' JDK at a lower priority (FAILING_RUNS_NICE).
    static Proc.Result runShipped(Exercise e) throws IOException {
        Path dir = Files.createTempDirectory("shipped");
        try {
            Path file = dir.resolve(e.file().getFileName());
            Files.writeString(file, e.shipped(), StandardCharsets.UTF_8);
            return CompiledSources.runOnce(dir, file.getFileName(), FAILING_RUN_HANG, FAILING_RUNS_NICE);
        } finally {
            Temp.delete(dir);
        }
    }
}
