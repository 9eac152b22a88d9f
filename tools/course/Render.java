package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/// A lesson's markdown to HTML. Its parse ({@link Body}) is walked once: prose goes to
/// commonmark with its number references ({@link NumberReferences}) already replaced by their
/// figures; each directive ({@link Directive}) is rendered to HTML on its own, and commonmark
/// gets a placeholder for it, which is then swapped for that HTML. Every error names the
/// lesson file and line. A Render is one page's immutable context (the loaded course, the
/// page's body, the runs it shows), so the pages of a build render in parallel; the
/// recordings are read once a build, by {@link Recordings}.
public final class Render {

    static final List<org.commonmark.Extension> EXTENSIONS =
            List.of(TablesExtension.create(), HeadingAnchorExtension.create());
    static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
    static final HtmlRenderer HTML = HtmlRenderer.builder().extensions(EXTENSIONS).build();

    private final Build.Loaded course;
    private final Body body;
    /// The runs the page shows with `{{run id}}`.
    private final Set<String> shownRuns;

    public Render(Build.Loaded course, Body body) {
        this.course = course;
        this.body = body;
        this.shownRuns = Set.copyOf(body.placed("run"));
    }

    Path root() { return course.root(); }
    Build.Loaded course() { return course; }
    Set<String> shownRuns() { return shownRuns; }
    Catalog catalog() { return course.catalog(); }
    Map<String, Lesson.DeclaredRun> runs() { return course.runs(); }
    List<Exercises.Exercise> exercises() { return course.exercises(); }

    /// The HTML of the page's body; `lesson` is null for the index.
    public String html(Lesson lesson) {
        var blocks = new ArrayList<String>();
        var md = new StringBuilder();
        Path file = body.file();
        Asides.check(body);
        for (Body.Part part : body.parts()) {
            switch (part) {
                case Body.Code c -> md.append(c.text()).append('\n');
                case Body.Prose p -> md.append(NumberReferences.render(this, p)).append('\n');
                case Body.Block b -> {
                    blocks.add(b.kind().renderBlock(this, lesson, b.text(), file, b.line() + 1));
                    md.append("\n<div data-block=\"").append(blocks.size() - 1).append("\"></div>\n\n");
                }
                case Body.Placed d -> {
                    blocks.add(d.kind().render(this, lesson, d.argument(), file, d.line()));
                    md.append("\n<div data-block=\"").append(blocks.size() - 1).append("\"></div>\n\n");
                }
            }
        }
        // Each block's placeholder, which commonmark passes through as an HTML block, becomes the
        // block's HTML, in one pass (a block's own HTML is never searched for placeholders).
        Matcher slot = BLOCK.matcher(HTML.render(PARSER.parse(md.toString())));
        var html = new StringBuilder();
        while (slot.find()) slot.appendReplacement(html, Matcher.quoteReplacement(blocks.get(Integer.parseInt(slot.group(1)))));
        return slot.appendTail(html).toString();
    }

    /// Where a rendered block goes in commonmark's output.
    static final Pattern BLOCK = Pattern.compile("<div data-block=\"(\\d+)\"></div>");

    /// The list of the figures the page cites from elsewhere, to end the page with.
    public String citedSection() {
        return CitedFigure.section(body.cited());
    }

    /// The page that shows run `id`'s recorded output, or null when no lesson does.
    String pageShowing(String id) {
        return course.pageShowing(id);
    }

    /// True when the program behind run `id` changed after the run was recorded.
    boolean isStale(String id, Path usedIn, int line) {
        return course.recordings().isStale(id, usedIn, line);
    }

    /// A run's recording (read once a build).
    Recording recording(String id, Path usedIn, int line) {
        return course.recordings().get(id, usedIn, line);
    }

    /// The figure a number reference finds in its recording; refuses one that finds nothing.
    String figure(Reference ref) {
        return course.recordings().figure(ref);
    }

    /// Markdown (a hint: one or more paragraphs) as HTML blocks.
    static String markdownBlock(String markdown) {
        return HTML.render(PARSER.parse(markdown));
    }

    /// One line of markdown (code spans, emphasis) as inline HTML, without its paragraph.
    static String markdownSpan(String markdown) {
        String html = markdownBlock(markdown).strip();
        return html.startsWith("<p>") && html.endsWith("</p>") ? html.substring(3, html.length() - 4) : html;
    }
}
