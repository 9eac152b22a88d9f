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

/// `preview: off` and `//PREVIEW`: where the course adds --enable-preview, and where it refuses to leave it out.
@Programs
class PreviewFlagsTest {

    static final String FANOUT = "programs/FanOut.java";

    static final String MILLION = "programs/MillionThreads.java";

    static final Path STRUCTURED_CONCURRENCY = RealCourse.lesson("structured-concurrency");

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
        assertTrue(Lesson.load(RealCourse.lesson("a-million-threads")).runs().stream().allMatch(Lesson.DeclaredRun::preview),
                "a run without the key keeps the flags its program asks for");

        var catalog = Build.load(Proc.ROOT).catalog();
        var noPreview = new Lesson.DeclaredRun("x", "million", List.of(), List.of(), List.of(), false, 0, List.of(), null, STRUCTURED_CONCURRENCY, 1);
        e = assertThrows(BuildError.class, () -> TerminalRun.plan(Proc.ROOT, catalog, ProgramTexts.load(catalog), noPreview));
        assertTrue(e.getMessage().contains("is not a program with a //PREVIEW line"), e.getMessage());
        var exercise = new Lesson.DeclaredRun("x", "fail-fast", List.of(), List.of(), List.of(), false, 0, List.of(), null, STRUCTURED_CONCURRENCY, 1);
        assertThrows(BuildError.class, () -> TerminalRun.plan(Proc.ROOT, catalog, ProgramTexts.load(catalog), exercise));
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
}
