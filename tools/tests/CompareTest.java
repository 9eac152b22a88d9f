package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.Path;
import java.util.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// `compare`: a reader's run beside its recording. The comparison itself on a tiny course,
/// then the command on the real course (it runs a program and writes nothing).
@org.junit.jupiter.api.Order(7)   // among the slowest: started first, the longest first (Tests.java)
class CompareTest {

    // ---- the comparison, on the fixture ------------------------------------------------

    final Fixture f;

    CompareTest(@TempDir Path tmp) throws Exception {
        f = new Fixture(tmp);
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                    claims:
                      - says: it took over a second
                        otherwise: your machine was quicker than the recording's
                        match: 'took 1\\d{3} ms'
                """);
    }

    Comparison compare(String yourOutput) {
        var course = Build.load(f.root);
        return Comparison.of(course, course.runs().get("hello-run"), "./jbang hello", yourOutput, 0, "JDK yours");
    }

    @Test
    @Quick
    void everyQuotedFigureIsSetBesideTheRecordedOneWithTheRatio() {
        var c = compare("took 2468 ms\n");
        assertEquals(1, c.rows().size());
        var row = c.rows().getFirst();
        assertEquals("1234", row.recorded());
        assertEquals("2468", row.yours());
        assertEquals(2.0, row.ratio().getAsDouble(), 1e-9);
        assertEquals(12, row.reference().line(), "the lesson line that quotes it (after the claims added above)");
        assertEquals("JDK yours", c.environment());
        assertEquals("JDK test", c.recorded().environment());
    }

    @Test
    @Quick
    void aFigureThatOnlyAChartShowsIsComparedToo() throws Exception {
        f.replace("lessons/01-first.md", "See [the program]", """
                ```chart
                title: Time to say hello
                unit: ms
                bars:
                  - label: hello
                    value: '{{hello-run: took (\\d+) ms}} / 2'
                ```

                See [the program]""");
        f.build(false); // the chart is valid
        var c = compare("took 2468 ms\n");
        assertEquals(2, c.rows().size(), "the prose's figure and the chart's: " + c.rows());
        var chart = c.rows().get(1);
        var lines = f.read("lessons/01-first.md").lines().toList();
        assertTrue(lines.get(chart.reference().line() - 1).contains("value: '{{hello-run"), "the chart value's line");
        assertEquals("1234", chart.recorded());
        assertEquals("2468", chart.yours());
        assertEquals("hello", Comparison.context(chart.reference()), "named by its bar's label");
    }

    @Test
    @Quick
    void aFiguresContextIsTheProseBeforeItEvenAfterARegexWithBraces() throws Exception {
        f.replace("lessons/01-first.md", "It took {{hello-run: took (\\d+) ms}} ms.",
                "It took {{hello-run: took (\\d{4}) ms}} ms, or {{hello-run: (\\d+) ms}} in all.");
        var rows = compare("took 2468 ms\n").rows();
        assertEquals("It took … ms, or", Comparison.context(rows.get(1).reference()));
    }

    @Test
    @Quick
    @DisplayName("a figure after '(' or 'both:' at the start of a line is named by the sentence it ends, from the lines before")
    void aFiguresContextReachesBackForTheSentence() throws Exception {
        f.replace("lessons/01-first.md", "It took {{hello-run: took (\\d+) ms}} ms.",
                "It kept the two cores busy\n({{hello-run: took (\\d+) ms}} ms). A request cost the same in\nboth: {{hello-run: (\\d+) ms}} ms.");
        var rows = compare("took 2468 ms\n").rows();
        assertEquals("It kept the two cores busy", Comparison.context(rows.get(0).reference()));
        assertEquals("A request cost the same in both", Comparison.context(rows.get(1).reference()));
    }

    @Test
    @Quick
    void aFigureYourOutputLacksIsMissingNotACrash() {
        var c = compare("spent 2468 ms\n"); // a program edited to print something else
        assertNull(c.rows().getFirst().yours());
        assertTrue(c.rows().getFirst().ratio().isEmpty());
    }

    @Test
    @Quick
    void claimsAreCheckedOnYourOutput() {
        assertTrue(compare("took 1500 ms\n").claims().getFirst().holds());
        var quick = compare("took 900 ms\n").claims().getFirst();
        assertFalse(quick.holds());
        assertEquals("your machine was quicker than the recording's", quick.claim().otherwise());
    }

    // ---- the command, on the real course ------------------------------------------------

    static final Build.Loaded COURSE = Build.load(Proc.ROOT);

    static Proc.Result compareSh(String... args) {
        var cmd = new ArrayList<>(List.of(Proc.ROOT.resolve("build.sh").toString(), "compare"));
        cmd.addAll(List.of(args));
        return Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(3), cmd);
    }

    @Test
    void compareAdmissionShowsEveryQuotedFigureWithBothValues() {
        var r = compareSh("admission");
        assertEquals(0, r.exit(), r.all());
        var refs = Comparison.referencesTo(COURSE, "admission");
        assertFalse(refs.isEmpty());
        for (var ref : refs) {
            String where = Course.relative(ref.file()) + ":" + ref.line();
            var row = r.out().lines().filter(l -> l.strip().startsWith(where + " ")).findFirst();
            assertTrue(row.isPresent(), "no row for " + where + " in:\n" + r.out());
            assertFalse(row.get().contains("missing"), row.get());
        }
        assertTrue(r.out().contains("Recorded on:  JDK ") && r.out().contains("Your machine: JDK "), r.out());
        assertTrue(r.out().contains("completed=32 rejected=68"), "the program's output streams first:\n" + r.out());
    }

    /// `compare ALIAS` on a program with //DEPS (run through ./jbang as recorded): its output
    /// streams, every figure the lessons quote from the run gets a row with both values, and
    /// every claim of the run is checked on this output (whether it holds depends on the machine).
    static void comparesWithDeps(String alias, String runId, String firstLine) {
        var r = compareSh(alias);
        assertEquals(0, r.exit(), r.all());
        var run = COURSE.runs().get(runId);
        assertTrue(r.out().startsWith("compare " + runId + ": " + run.command() + "\n"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith(firstLine)), "the program's output streams first:\n" + r.out());
        var refs = Comparison.referencesTo(COURSE, runId);
        assertFalse(refs.isEmpty(), runId);
        for (var ref : refs) {
            String where = Course.relative(ref.file()) + ":" + ref.line();
            var row = r.out().lines().filter(l -> l.strip().startsWith(where + " ")).findFirst();
            assertTrue(row.isPresent(), "no row for " + where + " in:\n" + r.out());
            assertFalse(row.get().contains("missing"), row.get() + "\n" + r.out());
        }
        assertFalse(run.claims().isEmpty(), runId);
        for (var claim : run.claims())
            assertTrue(r.out().contains("  holds          " + claim.says() + "\n") || r.out().contains("  does not hold  " + claim.says() + "\n"),
                    "claim not checked: " + claim.says() + "\n" + r.out());
        assertTrue(r.out().contains("Recorded on:  JDK ") && r.out().contains("Your machine: JDK "), r.out());
    }

    @Test
    void compareSpringRunsTheSpringBootAppThroughJBangAndSetsEveryFigureBesideTheRecording() {
        comparesWithDeps("spring", "spring-pool", "pool: 2000 requests at once");
    }

    @Test
    void compareDatabaseRunsARealPostgresThroughJBangAndSetsEveryFigureBesideTheRecording() {
        comparesWithDeps("database", "database", "PostgreSQL 14.");
    }

    @Test
    void compareAsMarkdownIsATableWithBothEnvironments() {
        var r = compareSh("admission", "--markdown");
        assertEquals(0, r.exit(), r.all());
        var html = org.jsoup.Jsoup.parse(org.commonmark.renderer.html.HtmlRenderer.builder()
                .extensions(List.of(org.commonmark.ext.gfm.tables.TablesExtension.create())).build()
                .render(org.commonmark.parser.Parser.builder().extensions(List.of(org.commonmark.ext.gfm.tables.TablesExtension.create()))
                        .build().parse(r.out())));
        var table = html.selectFirst("table");
        assertNotNull(table, r.out());
        assertEquals(List.of("quoted at", "figure", "recorded", "yours", "ratio"), table.select("th").eachText());
        assertEquals(Comparison.referencesTo(COURSE, "admission").size(), table.select("tbody tr").size());
        assertTrue(html.text().contains("beside the course's recording on JDK"), r.out());
        assertFalse(r.out().contains("100 requests at once"), "the program's own output goes to stderr: " + r.out());
    }

    @Test
    void compareAsJsonParses() {
        var r = compareSh("admission", "--json");
        assertEquals(0, r.exit(), r.all());
        Map<String, Object> json = new org.openqa.selenium.json.Json().toType(r.out(), org.openqa.selenium.json.Json.MAP_TYPE);
        assertEquals("admission", json.get("run"));
        var figures = (List<?>) json.get("figures");
        assertEquals(Comparison.referencesTo(COURSE, "admission").size(), figures.size());
        for (Object o : figures) assertNotNull(((Map<?, ?>) o).get("yours"), o.toString());
    }

    @Test
    void aWrappedRunIsShownNotStartedWithoutYesARunWithJavaOptionsIsStarted() {
        var wrapped = compareSh("ceiling-limited");
        assertEquals(0, wrapped.exit(), wrapped.all());
        assertTrue(wrapped.out().contains("./jbang compare ceiling-limited --yes") && !wrapped.out().contains("Your machine:"), wrapped.out());
        var flag = compareSh("pinning-trace-flag");
        assertEquals(0, flag.exit(), flag.all());
        assertTrue(flag.out().contains("compare pinning-trace-flag: java -Djdk.tracePinnedThreads=full programs/Pinning.java\n"), flag.out());
        assertTrue(flag.out().contains("Your machine: JDK ") && !flag.out().contains("--yes"), flag.out());
    }

    @Test
    void anUnknownRunExitsTwoWithTheList() {
        var r = compareSh("no-such-run");
        assertEquals(2, r.exit(), r.all());
        assertTrue(r.err().contains("Runs: ") && r.err().contains(" ceiling-platform,"), r.err());
    }
}
