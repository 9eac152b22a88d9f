package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.*;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// The generator, on a tiny course: what it renders, and how it refuses bad input.
@Quick
class GeneratorTest {

    final Fixture f;

    GeneratorTest(@TempDir Path tmp) throws Exception {
        f = new Fixture(tmp);
        f.write("site/marker.txt", "previous site");
    }

    @Test
    void frontMatterGivesOrderSlugTitleAndRuns() {
        var lesson = Lesson.load(f.file("lessons/01-first.md"));
        assertEquals(1, lesson.order());
        assertEquals("first", lesson.slug());
        assertEquals("First", lesson.title());
        assertEquals("hello", lesson.program());
        assertEquals("hello-run", lesson.runs().getFirst().id());
        assertEquals(8, lesson.bodyLine(), "the body starts on the line after the closing ---");
    }

    @Test
    void runsCarryArgumentsWrapperAndJavaOptions() throws Exception {
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                    args: [pool, 400]
                    wrapper: [prlimit, --nproc=64]
                    java-options: [-Xlog:os+thread=off]
                """);
        var run = Lesson.load(f.file("lessons/01-first.md")).runs().getFirst();
        assertEquals(java.util.List.of("pool", "400"), run.args());
        assertEquals(java.util.List.of("prlimit", "--nproc=64"), run.wrapper());
        assertEquals(java.util.List.of("-Xlog:os+thread=off"), run.javaOptions());
    }

    @Test
    void theBuildCountsThePagesItWrote() throws Exception {
        f.write("lessons/03-third.md", "---\ntitle: Third\n---\nA third page.\n");
        int pages = f.build(false).pages();
        try (var files = Files.list(f.file("site"))) {
            assertEquals(files.filter(p -> p.toString().endsWith(".html")).count(), pages, "3 lessons, the index, exercises, print and 404");
        }
        assertEquals(7, pages);
    }

    @Test
    void pageEmbedsTheProgramFromItsFileAtBuildTime() throws Exception {
        f.build(false);
        var page = Jsoup.parse(f.file("site/first.html"));
        assertEquals(Fixture.HELLO.strip(), page.selectFirst("figure.program pre.code").wholeText().strip());
        // Change the program: the page follows, because no copy exists.
        f.write("programs/Hello.java", Fixture.HELLO.replace("took", "spent"));
        f.build(false);
        page = Jsoup.parse(f.file("site/first.html"));
        assertTrue(page.selectFirst("figure.program pre.code").wholeText().contains("spent 1234 ms"));
        assertEquals(Fixture.HELLO.replace("took", "spent"), f.read("site/code/Hello.java"), "the download is the program");
    }

    @Test
    void runItBoxGivesBothCommands() throws Exception {
        f.build(false);
        var box = Jsoup.parse(f.file("site/first.html")).selectFirst("figure.program .run-it").text();
        assertTrue(box.contains("./jbang hello"), box);
        assertTrue(box.contains("java programs/Hello.java"), box);
    }

    @Test
    @DisplayName("a program with //DEPS: its Run it box gives ./jbang only, and says why plain java cannot run it")
    void aProgramWithDepsIsRunThroughJbangOnly() throws Exception {
        f.write("programs/Hello.java", Fixture.HELLO.replace("//JAVA 25+", "//JAVA 25+\n//DEPS org.example:lib:1.0"));
        f.build(false);
        var box = Jsoup.parse(f.file("site/first.html")).selectFirst("figure.program .run-it");
        assertEquals(java.util.List.of("./jbang hello"), box.select("pre.shell code").eachText(), box.outerHtml());
        assertTrue(box.text().contains("plain java cannot run it"), box.text());
    }

    @Test
    void recordedOutputIsShownWithItsEnvironment() throws Exception {
        f.build(false);
        var out = Jsoup.parse(f.file("site/first.html")).selectFirst("figure.output#run-hello-run");
        assertEquals("took 1234 ms", out.selectFirst("pre.output").text());
        assertTrue(out.selectFirst(".env").text().contains("JDK test"));
    }

    @Test
    void numberReferenceShowsWhatTheRecordingSays() throws Exception {
        f.build(false);
        var p = Jsoup.parse(f.file("site/first.html")).selectFirst("main p:not(.lesson-time)");
        assertEquals("It took 1234 ms.", p.text());
        assertEquals("#run-hello-run", p.selectFirst("a.measured").attr("href"));
    }

    @Test
    void aCitedFigureIsMarkedReportedAndListedWithItsSourceAtTheEnd() throws Exception {
        f.replace("lessons/01-first.md", "It took {{hello-run: took (\\d+) ms}} ms.",
                "It took {{hello-run: took (\\d+) ms}} ms; a reader saw {{cited 999 ms | [a reader's Mac](https://example.org/r)}}.");
        f.build(false);
        var page = Jsoup.parse(f.file("site/first.html"));
        var cited = page.selectFirst("main p .cited");
        assertEquals("999 ms", cited.ownText(), "the figure is shown as written");
        assertNull(cited.selectFirst(".measured"), "a cited figure is never styled as measured");
        var mark = cited.selectFirst("sup.cited-mark a");
        assertEquals("reported", mark.text());
        var entry = page.selectFirst(mark.attr("href"));
        assertNotNull(entry, "the mark links to its entry");
        assertEquals("999 ms: a reader's Mac ↩", entry.text());
        assertEquals("https://example.org/r", entry.selectFirst("a").attr("href"), "the source's link is kept");
        assertEquals("Figures reported by others", page.selectFirst(".cited-figures h2").ownText(), "the heading, beside its anchor link");
        assertEquals(java.util.List.of("999 ms"), CitedFigure.all(Build.load(f.root)).stream().map(CitedFigure::figure).toList());
    }

    @Test
    @DisplayName("./build.sh cited lists the cited figures of lessons, the index and the site's other pages (adopting.md, instructors.md)")
    void citedListsEveryPage() throws Exception {
        f.replace("lessons/01-first.md", "It took", "A reader saw {{cited 999 ms | a reader's Mac}}. It took");
        f.write("lessons/adopting.md", "---\ntitle: Adopting\n---\nOn a server, {{cited 2,000 connections | [a talk](https://example.org/t)}}.\n");
        var all = CitedFigure.all(Build.load(f.root));
        assertEquals(java.util.List.of("999 ms", "2,000 connections"), all.stream().map(CitedFigure::figure).toList());
        assertTrue(all.get(1).toString().contains("lessons/adopting.md"), all.get(1).toString());
    }

    @Test
    void aPageWithoutCitedFiguresHasNoListOfThem() throws Exception {
        f.build(false);
        assertNull(Jsoup.parse(f.file("site/first.html")).selectFirst(".cited-figures"));
    }

    @Test
    void aCitedFigureWithoutANumberIsRefusedAtItsLine() throws Exception {
        f.replace("lessons/01-first.md", "It took", "{{cited many | a reader}} It took");
        assertRefused("lessons/01-first.md", 8, "holds no number");
    }

    @Test
    void numberReferenceThatTheRecordingLacksStopsTheBuild() throws Exception {
        f.replace("lessons/01-first.md", "took (\\d+) ms", "lasted (\\d+) ms");
        var e = f.buildFails(false);
        assertTrue(e.where().endsWith("lessons/01-first.md:8"), e.toString());
        assertTrue(e.getMessage().contains("matches nothing"), e.getMessage());
    }

    @Test
    void staleRecordingWarnsInABuildAndFailsInAStrictOne() throws Exception {
        f.write("programs/Hello.java", Fixture.HELLO + "// edited by a student\n");
        var result = f.build(false);
        assertEquals(1, result.warnings().size(), result.warnings().toString());
        assertTrue(result.warnings().getFirst().contains("./build.sh record hello-run"));
        assertNotNull(Jsoup.parse(f.file("site/first.html")).selectFirst("figure.output.stale"), "the page says so too");
        var e = f.buildFails(true);
        assertTrue(e.getMessage().contains("stale"), e.getMessage());
    }

    @Test
    void aStaleRecordingWarnsOncePerBuildHoweverManyPagesAndClaimsReadIt() throws Exception {
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                    claims:
                      - says: it took over a second
                        match: 'took 1\\d{3} ms'
                """);
        f.replace("lessons/02-second.md", "Back to", "It took {{hello-run: took (\\d+) ms}} ms there. Back to");
        f.write("programs/Hello.java", Fixture.HELLO + "// edited by a student\n");
        var warnings = f.build(false).warnings();
        assertEquals(1, warnings.size(), "two pages and a claim read it, one warning: " + warnings);
        assertTrue(warnings.getFirst().contains("recordings/hello-run.txt: stale"), warnings.getFirst());
    }

    /// A stale recording keeps being what the page shows and what its claims are checked
    /// against, until it is re-recorded: ./build.sh warns about both, the strict build of
    /// ./build.sh test refuses both.
    @Test
    void aStaleRecordingsClaimsAreStillCheckedAgainstItAndTheStrictBuildRefusesBoth() throws Exception {
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                    claims:
                      - says: it took over a second
                        match: 'took 1\\d{3} ms'
                      - says: it took under a second
                        match: 'took \\d{3} ms'
                """);
        f.write("programs/Hello.java", Fixture.HELLO.replace("1234", "567"));
        var warnings = f.build(false).warnings();
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("recordings/hello-run.txt: stale") && warnings.get(0).contains("./build.sh record hello-run"), warnings.get(0));
        assertTrue(warnings.get(1).contains("claim 'it took under a second' of run hello-run does not hold"), "checked against the recording, not the program: " + warnings.get(1));
        assertEquals("It took 1234 ms.", Jsoup.parse(f.file("site/first.html")).selectFirst("main p:not(.lesson-time)").text(), "the page shows the recording");
        var e = f.buildFails(true);
        assertTrue(e.getMessage().contains("stale") && e.getMessage().contains("it took under a second"), e.getMessage());
    }

    @Test
    void aDirectiveInsideACodeBlockIsShownNotPlaced() throws Exception {
        f.replace("lessons/01-first.md", "## Program", "```\n{{exercise answer}}\n```\n\n## Program");
        f.build(false);
        var page = Jsoup.parse(f.file("site/first.html"));
        assertTrue(page.select("pre code").eachText().contains("{{exercise answer}}"), "shown as written");
        assertNotNull(page.selectFirst("section.exercise#exercise-answer"), "so the exercise is still appended to its lesson");
    }

    @Test
    void exerciseShowsTheShippedTextNotTheWorkingCopy() throws Exception {
        f.write("exercises/Answer.java", Fixture.SOLUTION); // a student solved it in place
        f.build(false);
        var ex = Jsoup.parse(f.file("site/first.html")).selectFirst("section.exercise#exercise-answer");
        assertNotNull(ex, "an exercise is appended to its lesson");
        String shipped = ex.selectFirst("figure#program-answer pre.code").wholeText();
        assertTrue(shipped.contains("return 0; // TODO"), shipped);
        assertFalse(shipped.contains("return 42"), shipped);
        String solution = ex.selectFirst("details.solution pre.code").wholeText();
        assertTrue(solution.contains("return 42"), solution);
        assertFalse(solution.contains("// exercise:"), "markers are stripped from the shown solution");
        assertEquals("It is 42.", ex.selectFirst("details.hint").text().replace("Hint 1 of 1", "").strip());
    }

    @Test
    void sidebarMarksTheCurrentLessonAndPagesLinkPreviousAndNext() throws Exception {
        f.build(false);
        var page = Jsoup.parse(f.file("site/second.html"));
        assertEquals("second.html", page.selectFirst("a[aria-current=page]").attr("href"));
        assertEquals("first.html", page.selectFirst("a[rel=prev]").attr("href"));
        var index = Jsoup.parse(f.file("site/index.html"));
        assertEquals(java.util.List.of("first.html", "second.html"), index.select("ol.lesson-list a").eachAttr("href"));
        assertTrue(Files.exists(f.file("site/404.html")));
    }

    @Test
    void headingsGetAnchorsReadersCanLinkTo() throws Exception {
        f.build(false);
        var h = Jsoup.parse(f.file("site/second.html")).selectFirst("h2#more");
        assertEquals("#more", h.selectFirst("a.anchor").attr("href"));
    }

    // ---- claims: outcome sentences checked against the recording

    void claims(String yaml) throws Exception {
        f.replace("lessons/01-first.md", "    alias: hello\n", "    alias: hello\n    claims:\n" + yaml);
    }

    @Test
    void claimsThatHoldBuildWithoutWarnings() throws Exception {
        claims("""
                      - says: it took over a second
                        match: 'took 1\\d{3} ms'
                      - says: nothing failed
                        absent: 'error|failed'
                      - says: under two seconds, twice over
                        check: '{{hello-run: took (\\d+) ms}} * 2 < 2 * 2000 / 1'
                """);
        assertEquals(java.util.List.of(), f.build(true).warnings());
    }

    @Test
    void aRecordingThatContradictsAClaimWarnsInABuildAndFailsATestBuildAtTheClaimsLine() throws Exception {
        claims("""
                      - says: it took over a second
                        match: 'took 1\\d{3} ms'
                      - says: under two seconds
                        check: '{{hello-run: took (\\d+) ms}} < 2000'
                """);
        f.record("hello-run", "took 2345 ms\n"); // as if re-recorded on a slower machine
        var warnings = f.build(false).warnings();
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("lessons/01-first.md:9: claim 'it took over a second'"), warnings.get(0));
        assertTrue(warnings.get(0).contains("matches nothing"), warnings.get(0));
        assertTrue(warnings.get(1).contains("lessons/01-first.md:11: claim 'under two seconds'"), warnings.get(1));
        assertTrue(warnings.get(1).contains("2345 < 2000 is false"), warnings.get(1));
        var e = f.buildFails(true);
        assertTrue(e.getMessage().contains("lessons/01-first.md:9: claim 'it took over a second'"), e.getMessage());
        assertTrue(e.getMessage().contains("./build.sh record hello-run"), e.getMessage());
    }

    @Test
    void anAbsentPatternThatAppearsFailsTheClaim() throws Exception {
        claims("""
                      - says: nothing failed
                        absent: 'fail\\w*'
                """);
        f.record("hello-run", "took 1234 ms\n1 failed\n");
        var warnings = f.build(false).warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.getFirst().contains("matches 'failed'"), warnings.getFirst());
    }

    @Test
    void aCheckWhoseReferenceFindsNothingSaysSo() throws Exception {
        claims("""
                      - says: fast
                        check: '{{hello-run: spent (\\d+) ms}} < 2000'
                """);
        var warnings = f.build(false).warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.getFirst().contains("spent (\\d+) ms}} matches nothing"), warnings.getFirst());
    }

    @Test
    void malformedClaimsAreRefusedAtTheirLine() throws Exception {
        claims("      - says: no kind\n");
        assertRefused("lessons/01-first.md", 8, "exactly one of match:, absent: or check:");
    }

    @Test
    void aClaimCheckWithoutAComparisonIsRefused() throws Exception {
        claims("      - says: a sum\n        check: '{{hello-run: took (\\d+) ms}} * 2'\n");
        assertRefused("lessons/01-first.md", 9, "must read LEFT OP RIGHT");
    }

    @Test
    void aClaimCheckNamingAnUndeclaredRunIsRefused() throws Exception {
        claims("      - says: other\n        check: '{{nosuch: took (\\d+) ms}} < 1'\n");
        assertRefused("lessons/01-first.md", 9, "run 'nosuch', which no lesson declares");
    }

    @Test
    void aMisspelledClaimKeyIsRefused() throws Exception {
        claims("      - says: typo\n        matches: 'took'\n");
        assertRefused("lessons/01-first.md", 9, "unknown claim key 'matches'");
    }

    // ---- bad input: each stops the build, names file and line, and leaves site/ as it was

    void assertRefused(String file, int line, String words) throws Exception {
        var e = f.buildFails(false);
        assertTrue(e.where().endsWith(file + (line > 0 ? ":" + line : "")), "where: " + e.where() + " — " + e);
        assertTrue(e.getMessage().contains(words), e.getMessage());
        assertEquals("previous site", f.read("site/marker.txt"), "site/ must be left as it was");
    }

    @Test
    void lessonNamingAnUnknownAliasIsRefused() throws Exception {
        f.replace("lessons/01-first.md", "    alias: hello", "    alias: helo");
        assertRefused("lessons/01-first.md", 5, "Known aliases: hello");
    }

    @Test
    void lessonEmbeddingAnUnknownProgramIsRefused() throws Exception {
        f.replace("lessons/02-second.md", "## More", "{{program nosuch}}\n\n## More");
        assertRefused("lessons/02-second.md", 4, "names alias 'nosuch'");
    }

    @Test
    void aliasPointingToAMissingFileIsRefused() throws Exception {
        Files.delete(f.file("programs/Hello.java"));
        assertRefused("jbang-catalog.json", 3, "does not exist");
    }

    @Test
    void programWithoutAnAliasIsRefused() throws Exception {
        f.write("programs/Orphan.java", Fixture.HELLO);
        assertRefused("programs/Orphan.java", 1, "has no alias");
    }

    @Test
    void anExerciseAliasRunningAnotherFileIsRefused() throws Exception {
        f.replace("jbang-catalog.json", "\"script-ref\": \"exercises/Answer.java\"", "\"script-ref\": \"exercises/solutions/Answer.java\"");
        f.replace("jbang-catalog.json", "\"script-ref\": \"exercises/solutions/Answer.java\", \"description\": \"solution\"",
                "\"script-ref\": \"exercises/Answer.java\", \"description\": \"solution\"");
        assertRefused("jbang-catalog.json", 4, "alias 'answer' must run exercises/Answer.java, not exercises/solutions/Answer.java");
    }

    @Test
    void anAliasNameThatIsNotLowerCaseWordsIsRefused() throws Exception {
        f.replace("jbang-catalog.json", "\"hello\":", "\"Hello<b>\":");
        assertRefused("jbang-catalog.json", 3, "lower-case words joined by dashes");
    }

    @Test
    void javaOptionsOnAnExerciseAreRefusedAtTheRunsLine() throws Exception {
        // A program takes java-options without a wrapper (RecordCommandTest runs one); an exercise runs as shipped, with none.
        f.replace("lessons/01-first.md", "    alias: hello\n", "    alias: hello\n  - id: answer-flag\n    alias: answer\n    java-options: [-Xint]\n");
        assertRefused("lessons/01-first.md", 7, "run 'answer-flag' has java-options, but exercises/Answer.java is not a program");
    }

    @Test
    void aWidgetWithoutItsScriptIsRefusedAtItsLine() throws Exception {
        f.write("tools/assets/widget-timetable.js", "// draws the timetable\n");
        f.replace("lessons/02-second.md", "## More", "{{widget timetable}}\n\n{{widget timetabel}}\n\n## More");
        assertRefused("lessons/02-second.md", 6, "there is no tools/assets/widget-timetabel.js, the script that draws it. Widgets there: [timetable]");
        f.replace("lessons/02-second.md", "{{widget timetabel}}", "");
        f.build(false);
        assertNotNull(Jsoup.parse(f.file("site/second.html")).selectFirst("div.widget[data-widget=timetable]"), "a widget with its script is placed");
    }

    @Test
    void misspelledCatalogKeyIsRefused() throws Exception {
        f.replace("jbang-catalog.json", "\"description\": \"says hello\"", "\"description\": \"says hello\", \"deps\": []");
        assertRefused("jbang-catalog.json", 3, "silently ignores");
        f.replace("jbang-catalog.json", "\"deps\": []", "\"compile-options\": [\"-Xlint\"]");
        assertRefused("jbang-catalog.json", 3, "has \"compile-options\", which ./jbang's JBang never reads");
    }

    @Test
    void malformedFrontMatterIsRefusedAtItsLine() throws Exception {
        f.replace("lessons/01-first.md", "runs:\n", "runs:\n  - id: [unclosed\n");
        assertRefused("lessons/01-first.md", 6, "not valid YAML");
    }

    @Test
    void unknownFrontMatterKeyIsRefused() throws Exception {
        f.replace("lessons/01-first.md", "title: First", "title: First\ntitel: typo");
        assertRefused("lessons/01-first.md", 3, "unknown front matter key 'titel'");
    }

    @Test
    void frontMatterThatIsNeverClosedIsRefused() throws Exception {
        f.write("lessons/02-second.md", "---\ntitle: Second\n\n## More\n");
        assertRefused("lessons/02-second.md", 1, "not closed");
    }

    @Test
    void brokenInternalLinkIsRefusedAtItsLine() throws Exception {
        f.replace("lessons/02-second.md", "first.html", "frist.html");
        assertRefused("lessons/02-second.md", 6, "does not have");
    }

    @Test
    void brokenAnchorIsRefusedAtItsLine() throws Exception {
        f.replace("lessons/01-first.md", "second.html#more", "second.html#mroe");
        assertRefused("lessons/01-first.md", 16, "no such anchor");
    }

    @Test
    void twoLessonsWithTheSameOrderAreRefused() throws Exception {
        f.write("lessons/02-another.md", "---\ntitle: Another\n---\nText.\n");
        var e = f.buildFails(false);
        assertTrue(e.getMessage().contains("same order 2"), e.getMessage());
        assertEquals("previous site", f.read("site/marker.txt"));
    }

    @Test
    void twoLessonsWithTheSameSlugAreRefused() throws Exception {
        f.write("lessons/03-second.md", "---\ntitle: Second again\n---\nText.\n");
        var e = f.buildFails(false);
        assertTrue(e.getMessage().contains("same slug 'second'"), e.getMessage());
        assertEquals("previous site", f.read("site/marker.txt"));
    }

    @Test
    void missingRecordingIsRefusedWithTheCommandToRecordIt() throws Exception {
        Files.delete(f.file("recordings/hello-run.txt"));
        assertRefused("lessons/01-first.md", 8, "./build.sh record hello-run");
    }

    @Test
    void unknownDirectiveIsRefused() throws Exception {
        f.replace("lessons/02-second.md", "## More", "{{programme}}\n\n## More");
        assertRefused("lessons/02-second.md", 4, "not a directive");
    }

    @Test
    void aKilledBuildsLeftoversAreRemovedByTheNextBuild() throws Exception {
        long gone = ProcessHandle.current().pid() + 4_000_000; // beyond pid_max: no such process
        f.write("site.tmp-" + gone + "/index.html", "half a site");
        f.write("site.old-" + gone + "/index.html", "an old site");
        f.build(false);
        assertFalse(Files.exists(f.file("site.tmp-" + gone)));
        assertFalse(Files.exists(f.file("site.old-" + gone)));
    }

    @Test
    void aSuccessfulBuildReplacesTheSite() throws Exception {
        f.build(false);
        assertFalse(Files.exists(f.file("site/marker.txt")), "the new site replaced the old one");
        try (var s = Files.list(f.root)) {
            assertEquals(0, s.filter(p -> p.getFileName().toString().startsWith("site.")).count(), "no temporary folders left");
        }
    }
}
