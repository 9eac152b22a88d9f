package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.*;
import java.util.*;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// The real course, built end to end: in-process (strict, as CI wants it) and through
/// ./build.sh on a copy of the repository (exit codes, messages, the previous site kept).
class SiteBuildTest {

    /// The site built in-process, and the copy of the repository: JUnit deletes both after the
    /// class, even when a test fails.
    @TempDir
    static Path siteDir;
    @TempDir
    static Path copy;
    /// A test's own folder.
    @TempDir
    Path tmp;

    static Path site;

    @BeforeAll
    static void build() throws Exception {
        site = siteDir.resolve("site");
        Build.build(Proc.ROOT, site, true, System.out);
    }

    @Test
    @Quick
    void indexLinksToEveryLessonInOrder() throws Exception {
        var lessons = Lesson.loadAll(Proc.ROOT);
        var index = Jsoup.parse(site.resolve("index.html"));
        assertEquals(lessons.stream().map(Lesson::page).toList(), index.select("ol.lesson-list a").eachAttr("href"));
        for (Lesson l : lessons) assertTrue(Files.exists(site.resolve(l.page())), l.page());
    }

    @Test
    @Quick
    void everyLessonShowsItsProgramAndRecordedOutput() throws Exception {
        for (Lesson l : Lesson.loadAll(Proc.ROOT)) {
            var page = Jsoup.parse(site.resolve(l.page()));
            assertFalse(page.select("figure.program pre.code").isEmpty(), l.page() + " shows no program");
            assertFalse(page.select("figure.output pre.output").isEmpty(), l.page() + " shows no recorded output");
            for (var env : page.select("figure.output .env"))
                assertTrue(env.text().matches("Recorded on JDK 2\\d.* · \\d+ cores · .*"), l.page() + ": " + env.text());
            assertTrue(page.select("figure.output.stale").isEmpty(), l.page() + " shows a stale recording");
        }
    }

    @Test
    @Quick
    void everyProgramOnAPageIsTheFileAsShipped() throws Exception {
        var catalog = Catalog.load(Proc.ROOT);
        var texts = ProgramTexts.load(catalog);
        for (Lesson l : Lesson.loadAll(Proc.ROOT)) {
            var page = Jsoup.parse(site.resolve(l.page()));
            for (var fig : page.select("figure.program")) {
                var alias = catalog.aliases().get(fig.id().replaceFirst("^program-", ""));
                assertNotNull(alias, fig.id());
                // The open parts and the folds, in order, are the whole file. A solution names its
                // checking part instead of showing it again: the exercise's, linked, is that text.
                String onPage = fig.select("pre.code > code, p.fold-same").stream()
                        .map(e -> e.is("p") ? checkingShownBy(page, e) : e.wholeText())
                        .collect(java.util.stream.Collectors.joining("\n"));
                assertEquals(texts.of(alias).shown().stripTrailing(), onPage.stripTrailing(), l.page() + " " + fig.id());
            }
        }
    }

    /// The checking part of the figure a solution's "the same as in the exercise above" links to.
    static String checkingShownBy(org.jsoup.nodes.Document page, org.jsoup.nodes.Element note) {
        var figure = page.getElementById(note.selectFirst("a").attr("href").substring(1));
        assertNotNull(figure, "the figure " + note.text() + " links to");
        return figure.select("details.fold").stream().filter(d -> d.selectFirst("summary").text().endsWith(": checking your work"))
                .findFirst().orElseThrow(() -> new AssertionError(figure.id() + " has no checking part")).selectFirst("pre.code > code").wholeText();
    }

    // ---- through ./build.sh, on a copy, so the real site/ is never touched

    static Proc.Result buildSh(String... args) {
        var cmd = new ArrayList<>(List.of(copy.resolve("build.sh").toString()));
        cmd.addAll(List.of(args));
        return Proc.run(copy, Map.of(), Proc.HangLimit.ofMinutes(5), cmd);
    }

    @BeforeAll
    static void copyRepository() throws Exception {
        for (String p : List.of("build.sh", "jbang", "jbang-catalog.json", "lessons", "programs", "exercises", "recordings", "tools"))
            kit.Trees.copy(Proc.ROOT.resolve(p), copy.resolve(p));
        // A cache of its own, seeded with the real one's JBang and compiled tools, so nothing
        // is fetched again and nothing the copy's build.sh writes lands in the real .cache.
        Temp.ownCache(copy);
    }

    @Test
    void buildShBuildsBreaksCleanlyAndToleratesAnEditedProgram() throws Exception {
        var ok = buildSh();
        assertEquals(0, ok.exit(), ok.all());
        assertTrue(ok.out().contains("site/index.html"), "says where to open it: " + ok.out());
        byte[] before = Files.readAllBytes(copy.resolve("site/index.html"));

        // A broken lesson: non-zero exit, file and line, what to do, and the previous site intact.
        Path lesson;
        try (var s = Files.list(copy.resolve("lessons"))) {
            lesson = s.filter(p -> p.getFileName().toString().matches("\\d\\d-.*\\.md")).sorted().findFirst().orElseThrow();
        }
        String text = Files.readString(lesson);
        Files.writeString(lesson, text + "\n{{run no-such-run}}\n");
        int line = (int) (text + "\n").lines().count() + 1;
        var broken = buildSh();
        assertNotEquals(0, broken.exit());
        assertTrue(broken.err().contains("lessons/" + lesson.getFileName() + ":" + line + ":"), broken.err());
        assertTrue(broken.err().contains("Declare it under runs:"), broken.err());
        assertArrayEquals(before, Files.readAllBytes(copy.resolve("site/index.html")), "site/ changed after a failed build");
        Files.writeString(lesson, text);

        // A student edits a program: the build stays green and warns about the stale recording.
        Path program = copy.resolve("programs/TenThousandWaits.java");
        Files.writeString(program, Files.readString(program) + "\n// a student's experiment\n");
        var edited = buildSh();
        assertEquals(0, edited.exit(), edited.all());
        assertTrue(edited.err().contains("warning:") && edited.err().contains("stale"), edited.err());
    }

    @Test
    void launcherExplainsWhenOnlyAnOlderJavaIsThere() throws Exception {
        // A stand-in Java 17, so the test does not depend on which JDKs this machine has.
        Path old = Files.createDirectory(tmp.resolve("java17"));
        Files.createDirectories(old.resolve("bin"));
        Proc.run(old, Map.of(), Proc.HangLimit.ofMinutes(1), List.of("sh", "-c",
                "printf '#!/bin/sh\\necho \"    java.specification.version = 17\"\\necho \"openjdk version 17.0.15\"\\n' > bin/java && chmod +x bin/java"));
        var r = Proc.run(Proc.ROOT, Map.of("COURSE_JDK_DIRS", "/nonexistent", "JAVA_HOME", old.toString()),
                Proc.HangLimit.ofMinutes(1), List.of(Proc.ROOT.resolve("jbang").toString(), "--version"));
        assertNotEquals(0, r.exit());
        assertTrue(r.err().contains("needs JDK 25") && r.err().contains("17"), "exit " + r.exit() + ": " + r.all());
    }

    @Test
    void launcherRunsAliasesWithPlainJavaWhenJbangCannotBeFetched() throws Exception {
        // A copy without .cache, so no JBang jar is there; COURSE_NO_FETCH forbids fetching one.
        Path repo = Files.createDirectory(tmp.resolve("course-nojbang"));
        for (String p : List.of("jbang", "jbang-catalog.json", "build.sh", "programs", "exercises", "tools/find-jdk.sh", "tools/aot.sh", "tools/preview-jdk.sh", "tools/plain-java.sh", "tools/tool-sources.sh", "tools/catalog.sh", "tools/Check.java", "tools/Help.java", "tools/check", "tools/course", "tools/kit"))
            kit.Trees.copy(Proc.ROOT.resolve(p), repo.resolve(p));
        // The exercise as shipped: the working copy may be solved, and the verdict below must not depend on it.
        Files.writeString(repo.resolve("exercises/Timetable.java"),
                Exercises.derive(Files.readString(Proc.ROOT.resolve("exercises/solutions/Timetable.java"))));
        var env = Map.of("COURSE_NO_FETCH", "1");
        var waits = Proc.run(repo, env, Proc.HangLimit.ofMinutes(2), List.of(repo.resolve("jbang").toString(), "waits", "virtual", "10"));
        assertEquals(0, waits.exit(), waits.all());
        assertTrue(waits.out().contains("10 tasks on virtual threads took"), waits.all());
        assertTrue(waits.err().contains("running: java programs/TenThousandWaits.java virtual 10"), waits.err());
        var check = Proc.run(repo, env, Proc.HangLimit.ofMinutes(2), List.of(repo.resolve("jbang").toString(), "check", "timetable"));
        assertTrue(check.out().contains("Not solved yet: threadsFor("), check.all());
        var unknown = Proc.run(repo, env, Proc.HangLimit.ofMinutes(1), List.of(repo.resolve("jbang").toString(), "wiats"));
        // An unknown name is the course's to answer (tools/Help.java), JBang or not.
        assertEquals(2, unknown.exit(), unknown.all());
        assertTrue(unknown.all().contains("no program or exercise called 'wiats'") && unknown.all().contains("nearest: waits"), unknown.all());
        assertFalse(Files.exists(repo.resolve(".cache/jbang")), "nothing was fetched");
    }
}
