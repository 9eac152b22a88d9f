package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.*;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// Issue 22's infrastructure, on a tiny course: lesson references that follow renumbering,
/// values counted from the course, Deeper asides, redirects for old addresses and the
/// instructors' page.
@Quick
class LearningPathTest {

    final Fixture f;

    LearningPathTest(@TempDir Path tmp) throws Exception {
        f = new Fixture(tmp);
    }

    String page(String name) throws Exception { return f.read("site/" + name); }

    @Test
    @DisplayName("{{lesson slug}} is 'lesson N' linked to the lesson; {{Lesson}} starts a sentence; {{lesson-number}} is N alone")
    void lessonReferencesRender() throws Exception {
        f.replace("lessons/02-second.md", "Back to [the first](first.html).",
                "Back to {{lesson first}}. {{Lesson first}} again. As in lesson {{lesson-number first}}'s run.");
        f.build(false);
        var p = Jsoup.parse(page("second.html")).selectFirst("main p:contains(Back to)");
        assertEquals("<p>Back to <a href=\"first.html\">lesson 1</a>. <a href=\"first.html\">Lesson 1</a> again. "
                + "As in lesson 1's run.</p>", p.outerHtml());
    }

    @Test
    @DisplayName("renumbering the lessons renumbers every {{lesson slug}}, with no edit to the prose or the hints")
    void referencesFollowRenumbering() throws Exception {
        f.replace("lessons/02-second.md", "Back to [the first](first.html).", "Back to {{lesson first}}.");
        Files.move(f.file("lessons/01-first.md"), f.file("lessons/03-first.md"));
        f.build(false);
        assertTrue(page("second.html").contains("Back to <a href=\"first.html\">lesson 3</a>."), page("second.html"));
    }

    @Test
    @DisplayName("an unknown slug stops the build at its line, listing the slugs; a moved one names its new slug")
    void unknownSlugFails() throws Exception {
        f.replace("lessons/02-second.md", "Back to [the first](first.html).", "Back to {{lesson frist}}.");
        var e = f.buildFails(false);
        assertEquals("lessons/02-second.md:6", e.where().replaceFirst(".*(lessons/)", "$1"), e.toString());
        assertTrue(e.getMessage().contains("'frist', which does not exist") && e.getMessage().contains("first, second"), e.getMessage());

        f.write("lessons/moved.yaml", "frist: first\n");
        f.replace("lessons/02-second.md", "{{lesson frist}}", "{{lesson frist}} and {{Lesson frist}}");
        e = f.buildFails(false);
        assertTrue(e.getMessage().contains("It moved: write {{lesson first}}"), e.getMessage());
    }

    @Test
    @DisplayName("{{course lessons}} counts the lessons; {{course reading-minutes}} is the main-path words at 200 a minute")
    void courseValues() throws Exception {
        f.write("lessons/index.md", "# Course\n\nThere are {{course lessons}} lessons, {{course reading-minutes}} minutes of reading.\n");
        f.build(false);
        assertTrue(page("index.html").contains("There are 2 lessons, 1 minutes of reading."), page("index.html"));

        f.write("lessons/index.md", "# Course\n\n{{course pages}}\n");
        var e = f.buildFails(false);
        assertTrue(e.toString().contains("lessons/index.md:3: has {{course pages}}"), e.toString());
    }

    @Test
    @DisplayName("words: prose counts, code, directives and front matter do not, asides count apart, sentences end at . ! ?")
    void proseCount() throws Exception {
        f.write("lessons/02-second.md", """
                ---
                title: Second
                ---
                ## More words

                One two three. Four five, e.g. six seven? Eight nine
                ten eleven

                ```java
                int not = counted;
                ```

                - one item
                - two items here.

                {{program hello}}

                <details class="deeper">
                <summary>Deeper: an aside</summary>

                Aside words are counted apart.

                </details>
                """);
        var c = Build.load(f.root);
        Lesson second = c.lessons().get(1);
        var count = ProseCount.of(c.body(second), c.lessons(), f.root);
        assertEquals(2 + 12 + 2 + 3, count.words(), "heading, paragraph, list; no code, directive or aside");
        assertEquals(3 + 5, count.asideWords(), "the summary and the aside's paragraph");
        assertEquals(3 + 1 + 1, count.sentences(), "three in the paragraph (e.g. ends none), one an item");
        assertEquals(17.0 / 5, count.wordsPerSentence(), 1e-9, "headings are words but not sentences");
    }

    @Test
    @DisplayName("Deeper asides: folded on the page, open in print.html, their words in the search index")
    void asides() throws Exception {
        f.replace("lessons/02-second.md", "Back to [the first](first.html).", """
                Back to [the first](first.html).

                <details class="deeper">
                <summary>Deeper: what the kernel keeps</summary>

                The kernel keeps a *quokka* for every thread.

                </details>
                """);
        f.build(false);
        var onPage = Jsoup.parse(page("second.html")).selectFirst("details.deeper");
        assertNotNull(onPage, page("second.html"));
        assertFalse(onPage.hasAttr("open"), "folded on screen");
        assertEquals("Deeper: what the kernel keeps", onPage.selectFirst("> summary").text());
        assertEquals("The kernel keeps a quokka for every thread.", onPage.selectFirst("> p").text(), "markdown inside is rendered");
        var inPrint = Jsoup.parse(page("print.html")).selectFirst("details.deeper");
        assertTrue(inPrint.hasAttr("open"), "print.html unfolds it: " + inPrint);
        String index = f.read("site/assets/search-index.js");
        assertTrue(index.contains("quokka"), "the search index holds the aside's words: " + index);
    }

    @Test
    @DisplayName("an aside of another shape stops the build at its line and shows the shape")
    void badAsidesFail() throws Exception {
        String good = "<details class=\"deeper\">\n<summary>Deeper: x</summary>\n\nText.\n\n</details>\n";
        for (String bad : new String[] {
                "<details>\n<summary>Deeper: x</summary>\n\nText.\n\n</details>\n",            // no class
                "<details class=\"deeper\">\n<summary>More</summary>\n\nText.\n\n</details>\n",   // not "Deeper: "
                "<details class=\"deeper\">\n<summary>Deeper: x</summary>\nText.\n\n</details>\n", // no blank line
                "<details class=\"deeper\">\n<summary>Deeper: x</summary>\n\nText.\n",             // never closed
                "<details class=\"deeper\">\n<summary>Deeper: x</summary>\n\n## Heading\n\n</details>\n",
                "<details class=\"deeper\">\n<summary>Deeper: x</summary>\n\n{{program hello}}\n\n</details>\n"}) {
            f.write("lessons/02-second.md", "---\ntitle: Second\n---\n## More\n\n" + bad);
            var e = f.buildFails(false);
            assertTrue(e.where().matches(".*lessons/02-second.md:\\d+"), e.toString());
            assertTrue(e.getMessage().contains("<details class=\"deeper\">") || e.getMessage().contains("aside"), e.getMessage());
        }
        f.write("lessons/02-second.md", "---\ntitle: Second\n---\n## More\n\n" + good);
        f.build(false);
    }

    @Test
    @DisplayName("moved.yaml: an old address becomes a page that sends the reader on, without JavaScript, by relative links")
    void redirects() throws Exception {
        f.write("lessons/moved.yaml", "# old-slug: new-slug\nbeginning: first\nextra: second#more\n");
        var result = f.build(false);
        var old = Jsoup.parse(page("beginning.html"));
        assertEquals("0; url=first.html", old.selectFirst("meta[http-equiv=refresh]").attr("content"));
        assertEquals("first.html", old.selectFirst("link[rel=canonical]").attr("href"));
        assertEquals("1. First", old.selectFirst("body a[href=first.html]").text(), "a visible link");
        assertEquals("0; url=second.html#more", Jsoup.parse(page("extra.html")).selectFirst("meta[http-equiv=refresh]").attr("content"));
        assertEquals(2 + 4 + 2, result.pages(), "the lessons, the four other pages and the two old addresses");
    }

    @Test
    @DisplayName("moved.yaml: a target that is not a lesson, an old slug that is a live lesson or a site page, stop the build at its line")
    void badRedirectsFail() throws Exception {
        for (var c : new String[][] {
                {"beginning: frist\n", "moves to 'frist', which is not a lesson"},
                {"# a comment\nfirst: second\n", "'first' is the address of a live lesson"},
                {"exercises: second\n", "the site's exercises.html page"},
                {"beginning: second#more#x\n", "must name the new lesson's slug"}}) {
            f.write("lessons/moved.yaml", c[0]);
            var e = f.buildFails(false);
            assertTrue(e.toString().contains("lessons/moved.yaml:" + c[0].split("\n").length + ": "), e.toString());
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
        f.write("lessons/moved.yaml", "beginning: second#no-such-section\n");
        assertTrue(f.buildFails(false).getMessage().contains("no such anchor"), "the link check follows the target's #section");
    }

    @Test
    @DisplayName("instructors.html: each lesson's runs with command, recorded wall time, what the wrapper needs, live mode; linked from the sidebar")
    void instructorsPage() throws Exception {
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                  - id: hello-limited
                    alias: hello
                    wrapper: [setpriv, --reuid=65534, prlimit, --nproc=64]
                """);
        f.record("hello-limited", "took 1234 ms\n");
        f.build(false);
        assertFalse(Files.exists(f.file("site/instructors.html")), "no page without lessons/instructors.md");
        assertTrue(Jsoup.parse(page("first.html")).select("a[href=instructors.html]").isEmpty());

        f.write("lessons/instructors.md", "---\ntitle: For instructors\n---\nRuns of {{lesson first}}:\n\n{{runs-table}}\n");
        f.build(false);
        var d = Jsoup.parse(page("instructors.html"));
        var rows = d.select("table.runs-table tbody tr:has(td)");
        assertEquals(2, rows.size(), d.toString());
        assertEquals("hello-run ./jbang hello 0.1 s any OS Run button", rows.get(0).text());
        String limited = rows.get(1).text();
        assertTrue(limited.contains("setpriv --reuid=65534 prlimit --nproc=64 $JAVA_HOME/bin/java"), limited);
        assertTrue(limited.contains("Linux and root") && limited.endsWith("terminal only"), limited);
        assertEquals("1. First", d.selectFirst("table.runs-table tbody th a[href=first.html]").text());
        assertEquals(1, Jsoup.parse(page("second.html")).select("nav a[href=instructors.html]").size(), "linked from the sidebar");

        f.replace("lessons/01-first.md", "wrapper: [setpriv,", "wrapper: [nsenter,");
        f.record("hello-limited", "took 1234 ms\n");
        assertTrue(f.buildFails(false).getMessage().contains("Add what it needs to RunsTableDirective.WRAPPERS"));
    }

    @Test
    @DisplayName("{{demo RUN}}: the run's command, recorded wall time, needs, a link to its output and every claim's says:; "
            + "{{demo unscripted}} lists the runs no {{demo}} names, so a new lesson's runs appear; folded Answer asides")
    void demoScripts() throws Exception {
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                    claims:
                      - says: it took at least a second
                        check: '{{hello-run: took (\\d+) ms}} >= 1000'
                      - says: it said how long
                        match: 'took \\d+ ms'
                  - id: hello-limited
                    alias: hello
                    wrapper: [prlimit, --nproc=64]
                """);
        f.record("hello-limited", "took 99 ms\n");
        f.write("lessons/demos.md", """
                ---
                title: Demo scripts
                references: [hello-run]
                ---
                **Ask:** how long?

                {{demo hello-run}}

                **Expect:** {{hello-run: took (\\d+) ms}} ms here.

                <details class="deeper">
                <summary>Answer: how long it takes</summary>

                About a second.

                </details>

                {{demo unscripted}}
                """);
        f.build(false);
        var d = Jsoup.parse(page("demos.html"));
        var card = d.selectFirst("div.demo#demo-hello-run");
        assertNotNull(card, d.toString());
        assertEquals("./jbang hello · 0.1 s when recorded · any OS · recorded output Checked against the recording at every build:", card.selectFirst("p.demo-run").text());
        assertEquals("first.html#run-hello-run", card.selectFirst("p.demo-run a").attr("href"));
        assertEquals(java.util.List.of("it took at least a second", "it said how long"), card.select("li").eachText());
        assertEquals("1. First: hello-limited", d.selectFirst("ul.demo-unscripted").text(), "only the run no {{demo}} names");
        assertEquals("Answer: how long it takes", d.selectFirst("details.deeper > summary").text());
        assertEquals(1, Jsoup.parse(page("first.html")).select("nav a[href=demos.html]").size(), "linked from the sidebar");

        f.replace("lessons/demos.md", "{{demo unscripted}}", "{{demo hello-limited}}\n\n{{demo unscripted}}");
        f.build(false);
        d = Jsoup.parse(page("demos.html"));
        assertTrue(d.selectFirst("#demo-hello-limited").text().contains("Linux: prlimit"), d.toString());
        assertTrue(d.selectFirst("#demo-hello-limited").text().contains("No claims"), d.toString());
        assertEquals("Every run has a script above.", d.selectFirst("main p:contains(Every run)").text());

        f.replace("lessons/demos.md", "{{demo hello-limited}}", "{{demo hello-gone}}");
        var e = f.buildFails(false);
        assertTrue(e.getMessage().contains("scripts run 'hello-gone', which no lesson declares"), e.getMessage());
        assertEquals("lessons/demos.md:18", e.where().replaceFirst(".*(lessons/)", "$1"), e.toString());
    }
}
