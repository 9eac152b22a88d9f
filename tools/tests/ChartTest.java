package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import org.jsoup.Jsoup;
import org.jsoup.nodes.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// Charts and timelines drawn from recordings (```chart and ```timeline blocks), on the
/// fixture course: the SVG read back says what the recordings say, bars are as long as their
/// values, theory lines sit where theory puts them, re-recording redraws, and every bad block
/// stops the build at its line with site/ left as it was. The last test weighs the real
/// lessons' charts.
@Quick
class ChartTest {

    final Fixture f;

    static final String LESSON = "lessons/03-charts.md";
    /// The line of a block's first line of YAML in the lesson {@link #lesson} writes.
    static final int YAML = 14;

    ChartTest(@TempDir Path tmp) throws Exception {
        f = new Fixture(tmp);
        lesson("""
                ```chart
                title: Two runs
                unit: ms
                theory:
                  - label: theory
                    value: '{{fast: at least (\\d+) ms}} * 2'
                bars:
                  - label: the fast run
                    value: '{{fast: took (\\d+) ms}}'
                    note: '{{fast: (\\d+) tasks}} tasks'
                  - label: the slow run
                    value: '{{slow: took (\\d+) ms}}'
                ```
                """);
        f.record("fast", "8 tasks took 120 ms (theory: at least 100 ms)\n");
        f.record("slow", "8 tasks took 480 ms\n");
        f.record("grid", "carriers:\n  t-1: 1 1 2 2\n  t-2: 3 3 3 3\n");
        f.write("site/marker.txt", "previous site");
    }

    /// A lesson declaring runs fast, slow and grid (all of the fixture's program), showing
    /// fast and slow, with `blocks` starting on line 13 (their YAML on line {@link #YAML}).
    void lesson(String blocks) throws Exception {
        f.write(LESSON, """
                ---
                title: Charts
                runs:
                  - id: fast
                    alias: hello
                  - id: slow
                    alias: hello
                  - id: grid
                    alias: hello
                ---
                Pictures of runs.

                """ + blocks + """

                {{run fast}}

                {{run slow}}

                {{run grid}}
                """);
    }

    Element chart() throws Exception {
        f.build(false);
        var figures = Jsoup.parse(f.file("site/charts.html")).select("figure.chart");
        assertEquals(1, figures.size(), "one chart on the page");
        return figures.getFirst();
    }

    static double pct(Element e, String attr) {
        String v = e.attr(attr);
        assertTrue(v.endsWith("%"), attr + "=" + v);
        return Double.parseDouble(v.substring(0, v.length() - 1));
    }

    // ---- what a chart shows -----------------------------------------------------------------

    @Test
    void valuesAndLabelsAreTheRecordedFigures() throws Exception {
        Element chart = chart();
        Element svg = chart.selectFirst("svg[role=img]");
        assertEquals("Two runs", svg.selectFirst("title").text());
        assertEquals("Two runs", chart.selectFirst("figcaption").text());
        assertEquals(List.of("the fast run · 8 tasks", "the slow run"), svg.select("g.label text").eachText());
        assertEquals("8 tasks", svg.selectFirst("g.label text tspan.note").text().replace("·", "").strip(), "the note is set apart");
        assertEquals(List.of("120 ms", "480 ms"), svg.select("g.value text").eachText());
        String desc = svg.selectFirst("desc").text();
        for (String figure : List.of("the fast run: 120 ms, 8 tasks", "the slow run: 480 ms", "theory: 200 ms"))
            assertTrue(desc.contains(figure), desc);
        var cells = chart.select("div.visually-hidden table tr").stream().map(tr -> tr.select("th, td").eachText()).toList();
        assertEquals(List.of(List.of("Bar", "Figure"), List.of("the fast run", "120 ms, 8 tasks"), List.of("the slow run", "480 ms"),
                List.of("Dashed line", "theory: 200 ms")), cells);
    }

    @Test
    void barsAreAsLongAsTheirValuesAndTheTheoryLineSitsWhereTheorySays() throws Exception {
        Element svg = chart().selectFirst("svg");
        var bars = svg.select("g.bar rect");
        double fast = pct(bars.get(0), "width"), slow = pct(bars.get(1), "width");
        assertEquals(120.0 / 480, fast / slow, 0.002, "linear: width proportional to value");
        Element theory = svg.selectFirst("g.theory line");
        assertEquals(pct(theory, "x1"), pct(theory, "x2"), "a vertical line");
        assertEquals(200.0 / 480, pct(theory, "x1") / slow, 0.002, "at 2 × 100 ms, the theory the recording prints");
        var values = svg.select("g.value text");
        assertEquals(fast, pct(values.get(0), "x"), 0.0001, "the value is printed at the bar's end");
        assertNull(svg.selectFirst("g.minor text:contains(Log scale)"), "20× or less: linear");
    }

    @Test
    void valuesSpanningMoreThanTwentyFoldGetALogScaleThatSaysSo() throws Exception {
        f.record("slow", "8 tasks took 48000 ms\n");
        Element svg = chart().selectFirst("svg");
        assertNotNull(svg.selectFirst("g.minor text:contains(Log scale)"), "the chart says it");
        assertTrue(svg.selectFirst("desc").text().contains("log scale"), svg.selectFirst("desc").text());
        // w = k·log10(v/lo): the gridlines at 100, 1,000 and 10,000 give lo and k; each bar's
        // width and the theory line must then sit where the log of their value says.
        var ticks = svg.select("g.minor text").stream().filter(t -> t.text().matches("[\\d,]+")).toList();
        assertEquals(List.of("100", "1,000", "10,000"), ticks.stream().map(Element::text).toList());
        double x100 = pct(ticks.get(0), "x"), decade = pct(ticks.get(1), "x") - x100;
        assertEquals(decade, pct(ticks.get(2), "x") - pct(ticks.get(1), "x"), 0.15, "equal steps per tenfold");
        var bars = svg.select("g.bar rect");
        assertEquals(x100 + decade * Math.log10(1.2), pct(bars.get(0), "width"), 0.15, "120 ms");
        assertEquals(x100 + decade * Math.log10(480), pct(bars.get(1), "width"), 0.15, "48,000 ms");
        assertEquals(x100 + decade * Math.log10(2), pct(svg.selectFirst("g.theory line"), "x1"), 0.15, "theory: 200 ms");
    }

    @Test
    void aTitleAndLabelsMayQuoteTheRecording() throws Exception {
        f.replace(LESSON, "title: Two runs", "title: 'Two runs of {{fast: (\\d+) tasks}} tasks'");
        f.replace(LESSON, "  - label: the slow run", "  - label: 'the run of {{slow: took (\\d+) ms}} ms'");
        Element chart = chart();
        assertEquals("Two runs of 8 tasks", chart.selectFirst("svg title").text());
        assertEquals("Two runs of 8 tasks", chart.selectFirst("figcaption").text());
        assertEquals("the run of 480 ms", chart.select("g.label text").get(1).text());
    }

    @Test
    void aScaleCanBeChosenButALogScaleRefusesZero() throws Exception {
        f.record("slow", "8 tasks took 48000 ms\n");
        f.replace(LESSON, "unit: ms", "unit: ms\nscale: linear");
        Element svg = chart().selectFirst("svg");
        assertNull(svg.selectFirst("g.minor text:contains(Log scale)"));
        assertEquals(120.0 / 48000, pct(svg.select("g.bar rect").get(0), "width") / pct(svg.select("g.bar rect").get(1), "width"), 0.001);
        f.replace(LESSON, "scale: linear", "scale: log");
        f.record("slow", "8 tasks took 0 ms\n");
        f.write("site/marker.txt", "previous site");
        assertRefused(YAML + 11, "a log scale cannot show 0");
    }

    @Test
    void reRecordingRedrawsTheChart() throws Exception {
        Element before = chart();
        f.record("fast", "8 tasks took 360 ms (theory: at least 100 ms)\n");
        Element after = chart();
        assertEquals(List.of("360 ms", "480 ms"), after.select("g.value text").eachText());
        assertEquals(360.0 / 480, pct(after.select("g.bar rect").get(0), "width") / pct(after.select("g.bar rect").get(1), "width"), 0.002);
        assertNotEquals(before.outerHtml(), after.outerHtml());
    }

    @Test
    void theChartNamesAndLinksItsRunsAndCarriesTheStaleMark() throws Exception {
        Element chart = chart();
        assertEquals(List.of("#run-fast", "#run-slow"), chart.select("p.chart-src a").eachAttr("href"));
        assertEquals(List.of("fast", "slow"), chart.select("p.chart-src a").eachText());
        assertFalse(chart.hasClass("stale"));
        f.write("programs/Hello.java", Fixture.HELLO + "// edited\n");
        chart = chart();
        assertTrue(chart.hasClass("stale"), "the same mark as the output");
        assertTrue(chart.selectFirst(".stale-note").text().contains("./build.sh record fast"), chart.text());
        assertNotNull(Jsoup.parse(f.file("site/charts.html")).selectFirst("figure.output.stale#run-fast"));
    }

    @Test
    void aRunShownOnAnotherPageIsLinkedThere() throws Exception {
        f.replace(LESSON, "{{run slow}}", "");
        f.replace("lessons/02-second.md", "## More", "## More\n\n{{run slow}}");
        assertEquals(List.of("#run-fast", "second.html#run-slow"), chart().select("p.chart-src a").eachAttr("href"));
    }

    @Test
    void aRunNoPageShowsIsRefused() throws Exception {
        f.replace(LESSON, "{{run slow}}", "");
        assertRefused(YAML - 1, "whose output no page shows");
    }

    // ---- the timeline -------------------------------------------------------------------------

    @Test
    void timelineHasARowPerLineACellPerValueAndALegendNamingEveryValue() throws Exception {
        lesson("""
                ```timeline
                title: Carriers
                run: grid
                rows: '^  (t-\\d): ([\\d ]+)$'
                columns: [a, b, c, d]
                legend: 'worker-{}'
                change: hopped
                ```
                """);
        Element chart = chart();
        Element svg = chart.selectFirst("svg[role=img]");
        assertEquals("Carriers", svg.selectFirst("title").text());
        assertEquals(List.of("a", "b", "c", "d"), svg.select("g.head tspan").eachText());
        assertEquals(List.of("t-1", "t-2", "worker-1", "worker-2", "worker-3", "hopped"), svg.select("g.label text").eachText());
        var numbers = svg.select("g.band-text text");
        assertEquals("1122", numbers.get(0).text());
        assertEquals(4, numbers.get(0).attr("x").split(" ").length, "one position per cell");
        assertEquals("3333", numbers.get(1).text());
        assertEquals(List.of("1", "2", "3"), numbers.subList(2, 5).stream().map(Element::text).toList(), "the legend's swatches");
        // Bands, in a grid one unit per cell: t-1 is 1 1 2 2, so two bands; t-2 one; one colour
        // (and one path) per value, the same colours as the legend's swatches.
        Element grid = svg.selectFirst("svg svg");
        assertEquals("0 0 4 " + grid.attr("height"), grid.attr("viewbox"), "a unit per cell across, a pixel down");
        assertEquals(List.of("k1", "k2", "k3"), svg.select("g.legend rect").eachAttr("class"), "the legend");
        var bands = new TreeMap<String, List<String>>();
        for (Element path : grid.select("path[class^=k]")) bands.put(path.attr("class"), bands(path.attr("d")));
        int y1 = 20, y2 = 20 + 32;
        assertEquals(Map.of("k1", List.of("0," + y1 + ",2"), "k2", List.of("2," + y1 + ",2"), "k3", List.of("0," + y2 + ",4")), bands,
                "x, y and width in cells of each band");
        assertEquals("M2 " + (y1 - 2) + "v30", grid.selectFirst("path.hop").attr("d"), "the one change, where it happens");
        assertEquals(1, svg.select("g.hop line").size(), "and the legend's sample");
        String desc = svg.selectFirst("desc").text();
        assertTrue(desc.contains("t-1: 1 1 2 2 (1 change); t-2: 3 3 3 3 (no change)"), desc);
        assertTrue(desc.contains("1 is worker-1, 2 is worker-2, 3 is worker-3"), desc);
        var rows = chart.select("div.visually-hidden table tr").stream().map(tr -> tr.select("th, td").eachText()).toList();
        assertEquals(List.of(List.of("Row", "a", "b", "c", "d"), List.of("t-1", "1", "1", "2", "2"), List.of("t-2", "3", "3", "3", "3")), rows);
        assertEquals(List.of("#run-grid"), chart.select("p.chart-src a").eachAttr("href"));
    }

    /// The bands of a path: "x,y,width" for each `Mx yhWv26h-Wz`.
    static List<String> bands(String d) {
        var out = new ArrayList<String>();
        var m = java.util.regex.Pattern.compile("M(\\d+) (\\d+)h(\\d+)v26h-\\d+z").matcher(d);
        int end = 0;
        while (m.find()) {
            assertEquals(end, m.start(), "nothing else in " + d);
            out.add(m.group(1) + "," + m.group(2) + "," + m.group(3));
            end = m.end();
        }
        assertEquals(d.length(), end, d);
        return out;
    }

    @Test
    void timelineWhoseRowsDoNotMatchTheColumnsIsRefused() throws Exception {
        lesson("```timeline\ntitle: Carriers\nrun: grid\nrows: '^  (t-\\d): ([\\d ]+)$'\ncolumns: [a, b, c]\n```\n");
        assertRefused(YAML + 2, "recordings/grid.txt has 4 values, but columns: names 3");
    }

    @Test
    void timelineRowsNeedTwoGroups() throws Exception {
        lesson("```timeline\ntitle: Carriers\nrun: grid\nrows: '^  t-\\d: ([\\d ]+)$'\ncolumns: [a, b, c, d]\n```\n");
        assertRefused(YAML + 2, "exactly two (groups)");
    }

    @Test
    void timelineRowsThatMatchNothingAreRefused() throws Exception {
        lesson("```timeline\ntitle: Carriers\nrun: grid\nrows: '^  (u-\\d): ([\\d ]+)$'\ncolumns: [a, b, c, d]\n```\n");
        assertRefused(YAML + 2, "matches nothing in ");
    }

    // ---- bad input: each stops the build at the block's line, and leaves site/ as it was -------

    void assertRefused(int line, String words) throws Exception {
        var e = f.buildFails(false);
        assertTrue(e.where().endsWith(LESSON + ":" + line), "where: " + e.where() + " — " + e);
        assertTrue(e.getMessage().contains(words), e.getMessage());
        assertEquals("previous site", f.read("site/marker.txt"), "site/ must be left as it was");
    }

    @Test
    void anUnknownRunIsRefused() throws Exception {
        f.replace(LESSON, "{{slow: took", "{{slower: took");
        assertRefused(YAML + 10, "run 'slower', which no lesson declares");
    }

    @Test
    void aPatternTheRecordingLacksIsRefused() throws Exception {
        f.replace(LESSON, "{{slow: took (\\d+) ms}}", "{{slow: spent (\\d+) ms}}");
        assertRefused(YAML + 10, "/ matches nothing in ");
    }

    @Test
    void aValueThatIsNotANumberIsRefused() throws Exception {
        f.replace(LESSON, "{{slow: took (\\d+) ms}}", "{{slow: (\\w+) took}}");
        f.record("slow", "eight took 480 ms\n");
        assertRefused(YAML + 10, "found 'eight', which is not a number");
    }

    @Test
    void anUnknownOptionIsRefused() throws Exception {
        f.replace(LESSON, "unit: ms", "unit: ms\ncolour: red");
        assertRefused(YAML + 2, "unknown chart option 'colour'");
    }

    @Test
    void anUnknownOptionOfABarIsRefused() throws Exception {
        f.replace(LESSON, "  - label: the slow run", "  - label: the slow run\n    color: red");
        assertRefused(YAML + 10, "unknown option 'color' in a bar");
    }

    @Test
    void aTypedNumberIsNotABar() throws Exception {
        f.replace(LESSON, "'{{slow: took (\\d+) ms}}'", "480");
        assertRefused(YAML + 10, "is typed, not recorded");
    }

    @Test
    void anUnquotedReferenceIsRefusedWithTheFix() throws Exception {
        f.replace(LESSON, "'{{slow: took (\\d+) ms}}'", "{{slow: took (\\d+) ms}}");
        assertRefused(YAML + 10, "Quote a value that holds a reference");
    }

    @Test
    void anUnknownScaleIsRefused() throws Exception {
        f.replace(LESSON, "unit: ms", "unit: ms\nscale: square");
        assertRefused(YAML + 2, "scale 'square' is not one of auto, linear, log");
    }

    @Test
    void aLabelTooLongForAPhoneIsRefused() throws Exception {
        f.replace(LESSON, "  - label: theory", "  - label: the theory of everything at once");
        assertRefused(YAML + 3, "too long to fit a 375 px screen");
    }

    @Test
    void aBlockThatIsNeverClosedIsRefused() throws Exception {
        lesson("```chart\ntitle: Open\n");
        assertRefused(YAML - 1, "never closed");
    }

    @Test
    void aChartWrittenAsADirectiveLineIsRefused() throws Exception {
        lesson("{{chart}}\n");
        assertRefused(YAML - 1, "a chart is a fenced block");
    }

    @Test
    void aFencedBlockOfAnotherLanguageStaysCode() throws Exception {
        lesson("```yaml\nbars: '{{not: a chart}}'\n```\n");
        f.build(false);
        var page = Jsoup.parse(f.file("site/charts.html"));
        assertNull(page.selectFirst("figure.chart"));
        assertTrue(page.selectFirst("pre code").text().contains("{{not: a chart}}"));
    }

    // ---- the real lessons ---------------------------------------------------------------------

    /// The budget: a chart adds at most 3 KB to its page. Prints each chart's size.
    @Test
    void everyChartOfTheCourseWeighsAtMostThreeKilobytes() throws Exception {
        int charts = 0;
        for (String page : SiteTest.lessonPages()) {
            var doc = SiteTest.parse(SiteTest.site().resolve(page));
            doc.outputSettings().prettyPrint(false);
            for (Element chart : doc.select("figure.chart")) {
                int bytes = chart.outerHtml().getBytes(StandardCharsets.UTF_8).length;
                System.out.println("chart on " + page + ": " + bytes + " B, " + chart.selectFirst("figcaption").text());
                assertTrue(bytes <= 3 * 1024, page + ": chart '" + chart.selectFirst("figcaption").text() + "' is " + bytes + " B");
                charts++;
            }
        }
        System.out.println(charts + " charts");
    }
}
