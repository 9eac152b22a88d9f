package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;
import org.jsoup.nodes.Element;

/// A figure this course did not measure, written inline as `{{cited FIGURE | SOURCE}}`:
/// `{{cited 1,041 ms | a reader's 10-core Apple M4, JDK 25}}`. SOURCE is markdown (a link
/// where there is one) naming who reported it and on what machine. The page shows the figure
/// with a "reported" mark that links to a list at the end of the page ("Figures reported by
/// others"), so a reader never takes it for a recorded one; `./build.sh cited` lists them all.
public record CitedFigure(String figure, String source, Path file, int line) {

    public static final Pattern SYNTAX = Pattern.compile("\\{\\{cited ([^|{}]+?) \\| ([^{}]+?)\\}\\}");
    static final String USAGE = "{{cited figure | source}}";

    /// Parses the match at `file:line`; a figure must hold a digit, and the source must say something.
    static CitedFigure parse(MatchResult m, Path file, int line) {
        String figure = m.group(1).strip(), source = m.group(2).strip();
        if (!figure.matches(".*\\d.*")) throw new BuildError(file, line, "cites '" + figure + "', which holds no number. "
                + "Write " + USAGE + " around the figure itself");
        if (source.length() < 3) throw new BuildError(file, line, "cites " + figure + " without a source. "
                + "Name who reported it and on what machine: " + USAGE);
        return new CitedFigure(figure, source, file, line);
    }

    /// Every cited figure in a lesson's markdown, outside code spans and fenced blocks, in order.

    /// Every cited figure of the course, from the build's own parse: each lesson, the index,
    /// then each page of the site (lessons/adopting.md, lessons/instructors.md), in that order.
    public static List<CitedFigure> all(Build.Loaded loaded) {
        var out = new ArrayList<CitedFigure>();
        for (Lesson lesson : loaded.lessons()) out.addAll(loaded.body(lesson).cited());
        if (loaded.index() != null) out.addAll(loaded.index().cited());
        for (SitePage page : loaded.pages()) out.addAll(loaded.body(page).cited());
        return out;
    }

    /// The figure in the text, numbered `n` on its page: the figure, then a "reported" mark
    /// that links to its entry in {@link #section}.
    String inline(int n) {
        Element span = Html.element("span").addClass("cited");
        span.appendText(figure);
        span.appendElement("sup").addClass("cited-mark")
                .appendElement("a").attr("href", "#cited-" + n).id("cited-" + n + "-ref")
                .attr("aria-label", "reported by others, not measured here: source " + n)
                .text("reported");
        return Html.of(span);
    }

    /// The list of a page's cited figures, with their sources; empty when there are none.
    static String section(List<CitedFigure> cited) {
        if (cited.isEmpty()) return "";
        // no accessible name: not a landmark, so print.html may hold one per lesson
        Element section = Html.element("section").addClass("cited-figures");
        section.appendElement("h2").id("reported-figures").text("Figures reported by others");
        section.appendElement("p").text("This course did not measure these figures: each was reported on the machine "
                + "its source names. The figures measured here are read from this page's recordings.");
        Element list = section.appendElement("ol");
        for (int i = 0; i < cited.size(); i++) {
            CitedFigure c = cited.get(i);
            Element li = list.appendElement("li").id("cited-" + (i + 1));
            li.appendElement("strong").text(c.figure);
            li.appendText(": ");
            li.append(Render.markdownSpan(c.source));
            li.appendText(" ");
            li.appendElement("a").attr("href", "#cited-" + (i + 1) + "-ref").attr("aria-label", "back to the text").text("↩");
        }
        return Html.of(section);
    }

    @Override
    public String toString() {
        return Course.relative(file) + ":" + line + "\t" + figure + "\t" + source;
    }
}
