package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.*;
import java.util.*;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// adopting.html (issue 23): the decision table is built from the recordings, and a figure that
/// disappears from a recording stops the build at the page's line. Also the mechanism behind
/// it: any lessons/NAME.md without an NN- prefix is a page of the site.
@Quick
class AdoptionPageTest {

    static final List<String> SITUATIONS = List.of("waiting on I/O", "CPU-bound work", "a scarce downstream resource",
            "an expensive object cached per thread", "per-request context", "fan-out that must fail fast",
            "a CompletableFuture chain on a pool", "a hot shared counter",
            "a synchronized block around I/O", "a database behind a pool");

    @TempDir
    Path tmp;

    @Test
    @DisplayName("adopting.html: a row per situation, each evidence cell made of recorded figures, each row linking its lesson; in the sidebar")
    void decisionTableFromRecordings() throws Exception {
        Path site = SiteTest.site();   // the real course's site, built once for the tests that read it
        var loaded = SiteTest.built().loaded();
        var page = Jsoup.parse(Files.readString(site.resolve("adopting.html")));
        var rows = page.select("main table").first().select("tbody tr");
        assertEquals(SITUATIONS, rows.stream().map(r -> r.child(0).text()).toList());
        var sitePage = loaded.pages().stream().filter(p -> p.file().endsWith("adopting.md")).findFirst().orElseThrow();
        for (Element row : rows) {
            Element evidence = row.child(2);
            var figures = evidence.select(".measured");
            assertFalse(figures.isEmpty(), "no recorded figure in: " + row.text());
            for (Element f : figures) {
                String run = f.attr("title").replace("Measured: recording ", "");
                assertTrue(sitePage.references().contains(run), run + " is not declared under references:");
                assertTrue(Files.exists(Proc.ROOT.resolve("recordings/" + run + ".txt")), run);
                assertTrue(f.attr("href").endsWith(".html#run-" + run), "not a link to its lesson's run: " + f);
            }
            // Outside its figures, the evidence cell types no digits: every number is read from a recording.
            Element copy = evidence.clone();
            copy.select(".measured").remove();
            assertFalse(copy.text().replaceAll("JDK \\d+|[A-Za-z]+\\+\\+", "").matches(".*\\d.*"), "a typed number in: " + evidence.text());
            assertFalse(row.child(3).select("a[href$=.html]").isEmpty(), "no lesson link in: " + row.text());
        }
        String first = Files.readString(site.resolve(loaded.lessons().getFirst().page()));
        assertEquals(1, Jsoup.parse(first).select("nav a[href=adopting.html]").size(), "linked from the sidebar");
    }

    @Test
    @DisplayName("every measured figure on every page of the course is a link to the recorded run it was read from")
    void everyMeasuredFigureLinksToItsRun() throws Exception {
        Path site = SiteTest.site();
        int figures = 0;
        var parsed = new java.util.HashMap<String, org.jsoup.nodes.Document>();   // each page parsed once
        java.util.function.Function<String, org.jsoup.nodes.Document> page = name -> parsed.computeIfAbsent(name, n -> {
            try { return Jsoup.parse(Files.readString(site.resolve(n))); } catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); }
        });
        try (var files = Files.list(site)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".html")).sorted().toList()) {
                for (Element f : page.apply(file.getFileName().toString()).select(".measured")) {
                    figures++;
                    String run = f.attr("title").replace("Measured: recording ", "");
                    String href = f.attr("href");
                    assertEquals("a", f.tagName(), file.getFileName() + ": not a link: " + f);
                    assertTrue(href.endsWith("run-" + run) && href.contains("#"), file.getFileName() + ": " + f);
                    String target = href.startsWith("#") ? file.getFileName().toString() : href.substring(0, href.indexOf('#'));
                    String id = href.substring(href.indexOf('#') + 1);
                    assertNotNull(page.apply(target).getElementById(id),
                            file.getFileName() + ": " + href + " leads to no run");
                }
            }
        }
        assertTrue(figures > 100, "measured figures found: " + figures);
    }

    @Test
    @DisplayName("a figure the page quotes disappears from its recording: the build stops at the page's file and line")
    void missingFigureFailsAtLine() throws Exception {
        var f = new Fixture(tmp);
        f.record("hello-run", "took 1234 ms\nserved 7\n");
        f.write("lessons/adopting.md", """
                ---
                title: Adopting
                references: [hello-run]
                ---
                | situation | evidence |
                |---|---|
                | waiting | {{hello-run: served (\\d+)}} served |
                """);
        f.build(false);
        var d = Jsoup.parse(f.read("site/adopting.html"));
        assertEquals("7 served", d.selectFirst("td:has(.measured)").text());
        assertEquals("Adopting", d.selectFirst("main h1").text());
        assertEquals(1, Jsoup.parse(f.read("site/second.html")).select("nav a[href=adopting.html]").size());

        f.record("hello-run", "took 1234 ms\n"); // the figure the page quotes is gone; the lesson's is still there
        var e = f.buildFails(false);
        assertEquals("lessons/adopting.md:7", e.where().replaceFirst(".*(lessons/)", "$1"), e.toString());
    }

    @Test
    @DisplayName("a page's references are declared: an unlisted run, a listed run never quoted, an unknown run each stop the build")
    void referencesAreDeclared() throws Exception {
        var f = new Fixture(tmp);
        f.write("lessons/adopting.md", "---\ntitle: Adopting\n---\nIt took {{hello-run: took (\\d+) ms}} ms.\n");
        var e = f.buildFails(false);
        assertTrue(e.toString().contains("adopting.md:4") && e.getMessage().contains("does not list under references:"), e.toString());

        f.write("lessons/adopting.md", "---\ntitle: Adopting\nreferences: [hello-run]\n---\nNo figure.\n");
        assertTrue(f.buildFails(false).getMessage().contains("never quotes it"));

        f.write("lessons/adopting.md", "---\ntitle: Adopting\nreferences: [nope]\n---\nNo figure.\n");
        assertTrue(f.buildFails(false).getMessage().contains("'nope' under references:, which no lesson declares"));

        f.write("lessons/adopting.md", "# no front matter\n");
        assertTrue(f.buildFails(false).getMessage().contains("must start with front matter"));

        f.write("lessons/first.md", "---\ntitle: Clash\n---\nText.\n");
        Files.delete(f.file("lessons/adopting.md"));
        assertTrue(f.buildFails(false).getMessage().contains("both would be first.html"));
    }
}
