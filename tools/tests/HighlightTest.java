package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.Highlight;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/// Build-time highlighting of JDK 25 compact source files.
@Quick
class HighlightTest {

    static String kinds(String html, String cls) {
        return String.join("|", Jsoup.parseBodyFragment(html).select("span." + cls).eachText());
    }

    @Test
    void keywordsIncludingContextualOnes() {
        String html = Highlight.toHtml("sealed interface Shape permits Circle {}\nnon-sealed class Sq {}\nvar x = switch (o) { case A a when a.ok() -> 1; default -> 2; };\nrecord P(int x) {}");
        assertEquals("sealed|interface|permits|non-sealed|class|var|switch|case|when|default|record|int", kinds(html, "k"));
    }

    @Test
    void textBlocksStringsCharsAndEscapes() {
        String src = "String s = \"a \\\" b\"; char c = '\\''; String t = \"\"\"\n  one \"quoted\"\n  \\\"\"\" two\n  \"\"\";";
        String html = Highlight.toHtml(src);
        var strings = Jsoup.parseBodyFragment(html).select("span.s").eachText();
        assertEquals("\"a \\\" b\"", strings.get(0));
        assertEquals("'\\''", strings.get(1));
        assertTrue(strings.get(2).startsWith("\"\"\""), strings.toString());
        // the text block spans four lines, each in its own string span; the escaped \""" does not end it
        assertEquals(6, strings.size(), strings.toString());
        assertEquals("\"\"\";", strings.get(5) + ";");
        assertEquals(src, Jsoup.parseBodyFragment(html).body().wholeText(), "no character is lost or added");
    }

    @Test
    void commentsOfEveryKind() {
        String html = Highlight.toHtml("///usr/bin/env jbang \"$0\"\n/* a\n b */ int x; // end\n/// Markdown doc\n");
        assertEquals("///usr/bin/env jbang \"$0\"|/* a|b */|// end|/// Markdown doc", kinds(html, "c"));
    }

    @Test
    void numbersAnnotationsAndTypes() {
        String html = Highlight.toHtml("@Override long n = 10_000L + 0x1F + 1.5e3 + .5;\nString s; Thread.sleep(Duration.ofMillis(200));");
        assertEquals("10_000L|0x1F|1.5e3|.5|200", kinds(html, "n"));
        assertEquals("@Override", kinds(html, "a"));
        assertEquals("String|Thread|Duration", kinds(html, "t"));
    }

    @Test
    void everySourceLineIsOneLineSpanSoNumbersStayOutOfCopies() {
        String src = "void main() {\n    IO.println(\"<b>&\");\n}\n";
        var doc = Jsoup.parseBodyFragment(Highlight.toHtml(src));
        assertEquals(3, doc.select("body > span").size());
        assertEquals(src.stripTrailing(), doc.body().wholeText());
    }
}
