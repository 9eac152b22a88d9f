package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Folds (course/Excerpt): a program shows the lines that carry its idea and folds the rest,
/// with the file's own line numbers; a marker out of place stops the build at its line; and
/// every listing of the course shows at most {@link #OPEN_LINES} lines before the reader unfolds.
@Quick
class ExcerptTest {

    /// The most lines a listing shows before the reader unfolds anything (open lines and one
    /// line for each fold's summary): about a screen.
    static final int OPEN_LINES = 40;

    static final String FOLDED = """
            ///usr/bin/env jbang "$0" "$@" ; exit $?
            //JAVA 25+

            void main() {
                IO.println(answer());
            }

            // @fold working out the answer
            int answer() {
                return 42;
            }
            // @end
            """;

    @Test
    @DisplayName("a fold shows closed, saying how many lines it holds and what; numbering goes on at the fold's first line; Copy still has every line")
    void aFoldRendersClosed(@TempDir Path tmp) throws Exception {
        var f = new Fixture(tmp);
        f.write("programs/Hello.java", FOLDED);
        f.record("hello-run", "took 1234 ms\n");
        f.build(false);
        var d = Jsoup.parse(f.read("site/first.html"));
        var figure = d.selectFirst("figure.program");
        var parts = figure.select("> pre.code, > details.fold");
        assertEquals(2, parts.size(), figure.outerHtml());
        assertEquals(7, parts.get(0).select("code > span").size(), "lines 1 to 7 open");
        var fold = parts.get(1);
        assertEquals("details", fold.tagName());
        assertFalse(fold.hasAttr("open"), "closed until the reader opens it");
        assertEquals("5 lines: working out the answer", fold.selectFirst("summary").text());
        assertEquals("counter-reset: line 7", fold.selectFirst("pre.code").attr("style"), "numbered from line 8, as in the file");
        String all = String.join("\n", figure.select("pre.code code").eachText());
        assertTrue(all.contains("// @fold working out the answer") && all.contains("return 42;"), "the fold's lines are on the page: " + all);
        var print = Jsoup.parse(f.read("site/print.html"));
        assertTrue(print.selectFirst("details.fold").hasAttr("open"), "print.html unfolds it");
    }

    @Test
    @DisplayName("an exercise folds its checking code under the line that says so, without a marker")
    void anExerciseFoldsItsCheckingCode() {
        String exercise = "void main() {\n    verdict();\n}\n\n// ---- Checking your work: no need to read past this line. ----\n\nvoid verdict() {}\n";
        var e = Excerpt.of(Path.of("exercises/X.java"), exercise, true);
        assertEquals(2, e.parts().size());
        assertEquals(4, e.openLines());
        assertEquals("3 lines: checking your work", e.parts().get(1).summary());
        assertEquals(1, Excerpt.of(Path.of("programs/X.java"), exercise, false).parts().size(), "a program's line like it folds nothing");
    }

    @Test
    @DisplayName("a fold never closed, an @end with no fold, a fold in a fold, a fold that says nothing and a misspelt marker stop the build at their line")
    void aMarkerOutOfPlaceStopsTheBuild() {
        Path file = Path.of("programs/X.java");
        for (var bad : List.of(
                new String[] {"a\n// @fold the rest\nb\n", "2", "never closed"},
                new String[] {"a\n  // @end\n", "2", "closes no fold"},
                new String[] {"// @fold one\n// @fold two\n// @end\n", "2", "opens inside the fold opened at line 1"},
                new String[] {"a\n// @fold\nb\n// @end\n", "2", "needs to say what the fold holds"},
                new String[] {"a\n    // @flod the rest\n", "2", "unknown marker"})) {
            var e = assertThrows(BuildError.class, () -> Excerpt.of(file, bad[0], false), bad[2]);
            assertTrue(e.toString().contains("X.java:" + bad[1] + ":") && e.getMessage().contains(bad[2]), e.toString());
        }
        assertEquals(1, Excerpt.of(file, "// @Override is an annotation, not a marker\n", false).parts().size());
    }

    @Test
    @DisplayName("course: every program listing on a lesson page or the home, and the exercise a lesson opens with, shows at most " + OPEN_LINES + " lines before the reader unfolds anything")
    void everyListingFitsAScreen() {
        var course = RecordingsTest.COURSE;
        var over = new StringBuilder();
        // A lesson whose first listing is its exercise (the capstone's) opens with it: that listing counts too.
        var firstListing = java.util.regex.Pattern.compile("\\{\\{(program|listing|exercise)\\b\\s*([\\w-]*)\\s*}}");
        var openingExercises = new java.util.ArrayList<String>();
        for (Lesson l : Lesson.loadAll(Proc.ROOT)) {
            var m = firstListing.matcher(Sources.read(l.file()));
            if (m.find() && m.group(1).equals("exercise")) openingExercises.add(m.group(2));
        }
        for (var alias : course.catalog().aliases().values()) {
            boolean listed = alias.kind() == Catalog.Alias.Kind.PROGRAM
                    || alias.kind() == Catalog.Alias.Kind.EXERCISE && openingExercises.contains(alias.name());
            if (!listed || !alias.ref().endsWith(".java")) continue;
            var e = course.program(alias).excerpt();
            int shown = e.openLines() + (int) e.parts().stream().filter(Excerpt.Part::folded).count();
            if (shown > OPEN_LINES) over.append("\n  ").append(alias.ref()).append(": ").append(shown).append(" lines shown open");
        }
        assertTrue(over.isEmpty(), "fold what does not carry the lesson's idea (// @fold WHAT IT HOLDS ... // @end):" + over);
    }
}
