package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import course.*;
import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Lessons 14-15: structured concurrency (a preview API in JDK 25) and a million threads seen
/// through a JSON thread dump. Times come from the programs' own output.
class Lesson14To15Test {

    static final String FANOUT = "programs/FanOut.java";
    static final String MILLION = "programs/MillionThreads.java";
    static final Path LESSON_14 = Proc.ROOT.resolve("lessons/14-structured-concurrency.md");

    // ---- Lesson 14: fanout --------------------------------------------------------------

    static final long SLOW_CALL_MS = 2_000;
    static final long DEADLINE_MS = 150;

    @Test
    @DisplayName("14 fanout: the failing fork cancels its sibling before its 2 s call ends, and join() throws FailedException")
    void failureCancelsTheSibling() {
        var r = ok(Proc.java(FANOUT));
        long failedAt = Bounds.number(r.out(), "\\[req-42\\] user: failed at (\\d+) ms");
        long interruptedAt = Bounds.number(r.out(), "\\[req-42\\] orders: interrupted at (\\d+) ms");
        assertTrue(interruptedAt >= failedAt, "the sibling was interrupted before the failure:\n" + r.all());
        Bounds.assertUnder("the orders call, interrupted", SLOW_CALL_MS, interruptedAt);
        assertTrue(r.out().contains("join() threw StructuredTaskScope.FailedException at "), r.all());
        assertTrue(r.out().contains(", cause: java.io.IOException: user service unavailable\n"), r.all());
        Bounds.assertUnder("the scope, closed", SLOW_CALL_MS, Bounds.number(r.out(), "the scope closed at (\\d+) ms"));
        assertFalse(r.out().contains("orders: answered"), r.all());
    }

    @Test
    @DisplayName("14 fanout: the deadline interrupts both calls, join() throws TimeoutException, and the scope closes within 2x the deadline")
    void deadlineEndsTheScope() {
        var r = ok(Proc.java(FANOUT, "timeout"));
        for (String call : List.of("user", "orders"))
            Bounds.assertTime(call + " interrupted by the deadline", DEADLINE_MS,
                    Bounds.number(r.out(), "\\[req-42\\] " + call + ": interrupted at (\\d+) ms"));
        assertTrue(r.out().contains("join() threw StructuredTaskScope.TimeoutException at "), r.all());
        Bounds.assertTime("the scope with a 150 ms deadline, closed", DEADLINE_MS,
                Bounds.number(r.out(), "the scope closed at (\\d+) ms"));
    }

    @Test
    @DisplayName("14 fanout: the scoped value bound in main is seen in both forks")
    void scopedValueReachesBothForks() {
        var r = ok(Proc.java(FANOUT, "ok"));
        assertTrue(r.out().contains("  [req-42] user: started at "), r.all());
        assertTrue(r.out().contains("  [req-42] orders: started at "), r.all());
        // the results are made in the forks, from the value each read
        assertTrue(r.out().contains(" with user of req-42 and orders of req-42\n"), r.all());
        assertTrue(Bounds.number(r.out(), "join\\(\\) returned at (\\d+) ms") >= SLOW_CALL_MS, "join() waits for both\n" + r.all());
    }

    @Test
    @DisplayName("14 fanout-no-preview: plain java without --enable-preview, whose errors are recorded as java prints them now")
    void withoutTheFlagItDoesNotCompile() {
        var course = Build.load(Proc.ROOT);
        var run = course.runs().get("fanout-no-preview");
        assertFalse(run.preview(), "the run must be declared with preview: off");
        var plan = RecordingRunner.plan(Proc.ROOT, course.catalog(), run);
        assertTrue(plan.command().getFirst().endsWith("/bin/java"), plan.command().toString());
        assertEquals(List.of(FANOUT), plan.command().subList(1, plan.command().size()), "no flag, no JBang");
        assertEquals("java " + FANOUT, plan.shown());

        var r = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(2), plan.command());
        assertEquals(1, r.exit(), r.all());
        assertEquals("", r.out(), "the program ran");
        var recorded = Recording.load(Proc.ROOT, run.id(), run.lesson(), run.line()).output();
        assertEquals(recorded, r.err(), "java now prints other errors than recordings/" + run.id()
                + ".txt shows. Re-record it: ./build.sh record " + run.id());
        // the Run-it box's generic wording (course.Preview) is what javac prints
        assertTrue(r.err().contains(Preview.ERROR.replace("NAME", "StructuredTaskScope")), r.all());
        assertTrue(r.err().contains(Preview.ERROR_HINT), r.all());
    }

    @Test
    @DisplayName("preview: off takes only 'off', never a wrapper, and only a program with //PREVIEW")
    void previewOffIsRefusedWhereItMeansNothing(@TempDir Path tmp) throws IOException {
        String lesson = """
                ---
                title: T
                runs:
                  - id: r
                    alias: fanout
                %s
                ---
                """;
        Path file = tmp.resolve("01-t.md");
        Files.writeString(file, lesson.formatted("    preview: on"));
        var e = assertThrows(BuildError.class, () -> Lesson.load(file));
        assertTrue(e.getMessage().contains("preview takes one value, off"), e.getMessage());
        Files.writeString(file, lesson.formatted("    preview: off\n    wrapper: [prlimit, --nproc=64]"));
        e = assertThrows(BuildError.class, () -> Lesson.load(file));
        assertTrue(e.getMessage().contains("cannot be combined with a wrapper"), e.getMessage());
        Files.writeString(file, lesson.formatted("    preview: off"));
        assertFalse(Lesson.load(file).runs().getFirst().preview());
        assertTrue(Lesson.load(Proc.ROOT.resolve("lessons/15-a-million-threads.md")).runs().stream().allMatch(Lesson.DeclaredRun::preview),
                "a run without the key keeps the flags its program asks for");

        var catalog = Build.load(Proc.ROOT).catalog();
        var noPreview = new Lesson.DeclaredRun("x", "million", List.of(), List.of(), List.of(), false, List.of(), null, LESSON_14, 1);
        e = assertThrows(BuildError.class, () -> RecordingRunner.plan(Proc.ROOT, catalog, noPreview));
        assertTrue(e.getMessage().contains("is not a program with a //PREVIEW line"), e.getMessage());
        var exercise = new Lesson.DeclaredRun("x", "fail-fast", List.of(), List.of(), List.of(), false, List.of(), null, LESSON_14, 1);
        assertThrows(BuildError.class, () -> RecordingRunner.plan(Proc.ROOT, catalog, exercise));
    }

    @Test
    @DisplayName("live mode lists a preview: off run as terminal-only and refuses to start it")
    void liveModeRefusesPreviewOff() throws Exception {
        Path root = ServeHarness.Repo.create();
        try {
            Files.writeString(root.resolve("programs/Scope.java"),
                    ServeHarness.Repo.HEADER.replace("//JAVA 25+\n", "//JAVA 25+\n//PREVIEW\n") + "void main() { IO.println(\"ran\"); }\n");
            Path catalog = root.resolve("jbang-catalog.json");
            Files.writeString(catalog, Files.readString(catalog).replace("\"check\": {",
                    "\"scope\": { \"script-ref\": \"programs/Scope.java\", \"description\": \"a preview program\" },\n    \"check\": {"));
            Path lesson = root.resolve("lessons/01-live.md");
            Files.writeString(lesson, Files.readString(lesson).replace("  - id: check-all\n",
                    "  - id: scope-no-preview\n    alias: scope\n    preview: off\n  - id: check-all\n"));
        } catch (IOException | RuntimeException e) {
            Temp.delete(root);
            throw e;
        }
        try (var server = ServeHarness.Server.start(root); var events = server.events()) {
            String hello = events.next("hello", java.time.Duration.ofSeconds(10)).data();
            assertTrue(java.util.regex.Pattern.compile("\"id\":\"scope-no-preview\"[^}]*\"runnable\":false").matcher(hello).find(), hello);
            var r = server.post("run", events.client(), "scope-no-preview");
            assertEquals(403, r.status(), r.body());
            assertTrue(r.body().contains("without the --enable-preview"), r.body());
        }
    }

    @Test
    @DisplayName("14/15: bad arguments print one usage line and exit 2")
    void badArguments() {
        usage(Proc.java(FANOUT, "explode"));
        usage(Proc.java(FANOUT, "fail", "twice"));
        usage(Proc.java(MILLION, "0"));
        usage(Proc.java(MILLION, "1000001"));
        usage(Proc.java(MILLION, "many"));
        usage(Proc.java(MILLION, "100", "200"));
    }

    // ---- Preview flags: one place -------------------------------------------------------

    @Test
    @DisplayName("preview flags come from the program's //PREVIEW line, for java, the Run-it box and the exercise")
    void previewFlagsComeFromTheProgram() throws IOException {
        assertEquals(List.of("--enable-preview"), Preview.javaFlags(Files.readString(Proc.ROOT.resolve(FANOUT))));
        assertEquals(List.of(), Preview.javaFlags(Files.readString(Proc.ROOT.resolve(MILLION))));
        assertTrue(Preview.uses(Files.readString(Proc.ROOT.resolve("exercises/solutions/FailFast.java"))));
        assertTrue(Preview.uses(Files.readString(Proc.ROOT.resolve("exercises/FailFast.java"))), "the shipped exercise keeps //PREVIEW");
        assertFalse(Preview.uses("// a program that mentions //PREVIEW in a comment\nvoid main() {}\n"));
        assertEquals(List.of("-Dx=1", "--enable-preview"), Preview.withFlags(List.of("-Dx=1"), "//PREVIEW\n"));
        assertEquals(List.of("--enable-preview"), Preview.withFlags(List.of("--enable-preview"), "//PREVIEW\n"));

        Document page = SiteTest.parse(SiteTest.site().resolve("structured-concurrency.html"));
        var box = page.selectFirst("#program-fanout .run-it");
        assertNotNull(box, "no Run-it box for fanout");
        assertTrue(box.select("pre.shell code").eachText().contains("java --enable-preview programs/FanOut.java"), box.outerHtml());
        assertTrue(box.text().contains(Preview.ERROR_HINT), box.outerHtml());
        var million = SiteTest.parse(SiteTest.site().resolve("a-million-threads.html")).selectFirst("#program-million .run-it");
        assertNotNull(million, "no Run-it box for million");
        assertTrue(million.select("pre.shell code").eachText().contains("java programs/MillionThreads.java"), million.outerHtml());
        assertFalse(million.text().contains("preview"), million.outerHtml());
    }

    // ---- Lesson 15: million --------------------------------------------------------------

    @Test
    @DisplayName("15 million 100000: all 100,000 alive at once, the dump lists 100,000 virtual threads, jstack no waiter but the mounted spinner, the dump is deleted")
    void hundredThousandSeen() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Set<Path> before = dumpFolders(tmp);
        var r = ok(Proc.java(MILLION, "100000"));
        assertEquals(100_000, Bounds.number(r.out(), "peak: (\\d+) virtual threads alive at once"), r.all());
        assertEquals(100_000, Bounds.number(r.out(), "threads: \\d+, virtual: (\\d+)"), r.all());
        assertTrue(Bounds.number(r.out(), "threads: (\\d+), virtual") >= 100_000, r.all());
        assertEquals(100_000, Bounds.number(r.out(), "CountDownLatch\\$Sync=(\\d+)"), "every waiter parked on the latch\n" + r.all());
        assertEquals(0, Bounds.number(r.out(), "jstack: \\d+ threads listed, (\\d+) of them waiter threads"), r.all());
        assertTrue(Bounds.number(r.out(), "jstack: (\\d+) threads listed") < 100, "jstack lists platform threads\n" + r.all());
        assertEquals(Bounds.number(r.out(), "the spinning virtual thread: #(\\d+)"),
                Bounds.number(r.out(), "mounted virtual threads shown: 1, #(\\d+), at MillionThreads\\.spin\n"),
                "jstack shows the one mounted virtual thread, the spinning one\n" + r.all());
        assertTrue(r.out().contains("100000 virtual threads alive at once, all started and waiting after "), r.all());
        assertTrue(r.out().contains("  dump deleted: true\n"), r.all());
        assertEquals(before, dumpFolders(tmp), "a dump folder was left in " + tmp);
    }

    @Test
    @DisplayName("15 million: with too little heap it stops before starting threads and says how to run smaller")
    void refusesWithoutTheHeap() {
        var r = Proc.java(List.of(), List.of("-Xmx256m"), MILLION, "1000000");
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains("not enough heap for 1000000 threads. Run fewer: ./jbang million "), r.all());
        assertFalse(r.out().contains("peak:"), r.all());
        long fits = Bounds.number(r.err(), "Run fewer: \\./jbang million (\\d+)");
        assertTrue(fits > 0 && fits < 1_000_000, r.all());
    }

    static Set<Path> dumpFolders(Path tmp) throws IOException {
        try (var s = Files.list(tmp)) {
            return new TreeSet<>(s.filter(p -> p.getFileName().toString().startsWith("million-dump-")).toList());
        }
    }
}
