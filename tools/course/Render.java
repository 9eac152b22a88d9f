package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/// A lesson's markdown to HTML: block directives ({@link Directive}) and number references
/// ({@link NumberReferences}) first, then commonmark. Every error names the lesson file and line.
/// One Render serves a whole build and reads each recording once.
public final class Render {

    /// A block directive's line: `{{name}}` or `{{name argument}}`.
    static final Pattern DIRECTIVE = Pattern.compile("\\{\\{([a-z]+)(?: +([A-Za-z0-9-]+))?\\}\\}");

    static final List<org.commonmark.Extension> EXTENSIONS =
            List.of(TablesExtension.create(), HeadingAnchorExtension.create());
    static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
    static final HtmlRenderer HTML = HtmlRenderer.builder().extensions(EXTENSIONS).build();

    private final Path root;
    private final Catalog catalog;
    private final Map<String, Lesson.Run> runs;
    private final List<Exercises.Exercise> exercises;
    /// Problems that do not stop the build (a stale recording).
    final List<String> warnings;
    /// Recordings read so far, by id.
    private final Map<String, Recording> recordings = new HashMap<>();

    public Render(Path root, Catalog catalog, Map<String, Lesson.Run> runs, List<Exercises.Exercise> exercises, List<String> warnings) {
        this.root = root;
        this.catalog = catalog;
        this.runs = runs;
        this.exercises = exercises;
        this.warnings = warnings;
    }

    /// The runs the page being rendered shows with `{{run id}}`.
    private Set<String> shownRuns = Set.of();
    /// The figures the page being rendered cites from elsewhere, in order.
    private final List<CitedFigure> cited = new ArrayList<>();

    /// A cited figure's inline HTML; it is numbered and listed in {@link #citedSection}.
    String cite(CitedFigure figure) {
        cited.add(figure);
        return figure.inline(cited.size());
    }

    /// The list of the figures cited on the page rendered last, to end the page with.
    public String citedSection() {
        return CitedFigure.section(cited);
    }

    Path root() { return root; }
    Set<String> shownRuns() { return shownRuns; }
    Catalog catalog() { return catalog; }
    Map<String, Lesson.Run> runs() { return runs; }
    List<Exercises.Exercise> exercises() { return exercises; }

    /// The HTML of a lesson's body (markdown given as text starting at `firstLine` of `file`).
    public String body(Path file, String markdown, int firstLine, Lesson lesson) {
        var blocks = new ArrayList<String>();
        Set<String> shownRuns = RunDirective.shownIn(markdown);
        this.shownRuns = shownRuns;
        cited.clear();
        String[] lines = markdown.split("\n", -1);
        var md = new StringBuilder();
        String fence = null;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int lineNo = firstLine + i;
            Matcher f = Markdown.FENCE.matcher(line);
            if (fence == null && f.find()) {
                Optional<Directive> block = Directive.named(line.substring(f.end()).strip()).filter(Directive::fenced);
                if (block.isPresent()) {
                    int end = closingFence(lines, i + 1, f.group(1));
                    if (end < 0) throw new BuildError(file, lineNo, "opens a " + line.strip() + " block that is never closed. "
                            + "End it with a line " + f.group(1));
                    String text = String.join("\n", Arrays.asList(lines).subList(i + 1, end));
                    blocks.add(block.get().renderBlock(this, lesson, text, file, lineNo + 1));
                    md.append("\n<div data-block=\"").append(blocks.size() - 1).append("\"></div>\n\n");
                    i = end;
                    continue;
                }
                fence = f.group(1);
                md.append(line).append('\n');
                continue;
            }
            if (fence != null) {
                if (line.strip().startsWith(fence)) fence = null;
                md.append(line).append('\n');
                continue;
            }
            Matcher d = DIRECTIVE.matcher(line.strip());
            Optional<Directive> kind = d.matches() ? Directive.named(d.group(1)) : Optional.empty();
            if (kind.isPresent()) {
                blocks.add(kind.get().render(this, lesson, d.group(2), file, lineNo));
                md.append("\n<div data-block=\"").append(blocks.size() - 1).append("\"></div>\n\n");
                continue;
            }
            md.append(NumberReferences.render(this, file, lineNo, line, shownRuns)).append('\n');
        }
        String html = HTML.render(PARSER.parse(md.toString()));
        for (int b = 0; b < blocks.size(); b++)
            html = html.replace("<div data-block=\"" + b + "\"></div>", blocks.get(b));
        return html;
    }

    /// The index of the line that closes a fenced block opened with `fence`, from `from` on; -1 if none.
    static int closingFence(String[] lines, int from, String fence) {
        for (int i = from; i < lines.length; i++) if (lines[i].strip().startsWith(fence)) return i;
        return -1;
    }

    /// Which page shows each run's output with `{{run id}}`, read on first use.
    private Map<String, String> shownOn;

    /// The page that shows run `id`'s recorded output, or null when no lesson does.
    String pageShowing(String id) {
        if (shownOn == null) {
            shownOn = new HashMap<>();
            for (Lesson l : Lesson.loadAll(root)) for (String r : RunDirective.shownIn(l.body())) shownOn.putIfAbsent(r, l.page());
        }
        return shownOn.get(id);
    }

    /// True when the program behind run `id` changed after the run was recorded.
    boolean isStale(String id, Path usedIn, int line) {
        Lesson.Run run = runs.get(id);
        return recording(id, usedIn, line).isStaleFor(Sources.shipped(catalog.get(run.alias(), run.lesson(), run.line())));
    }

    /// A run's recording, read once; a stale one adds a warning.
    Recording recording(String id, Path usedIn, int line) {
        Recording r = recordings.get(id);
        if (r != null) return r;
        r = Recording.load(root, id, usedIn, line);
        Lesson.Run run = runs.get(id);
        Catalog.Alias alias = catalog.get(run.alias(), run.lesson(), run.line());
        if (r.isStaleFor(Sources.shipped(alias)))
            warnings.add(Course.relative(r.file()) + ": stale: " + alias.ref() + " changed since it was recorded. "
                    + "Re-record it: ./build.sh record " + id);
        recordings.put(id, r);
        return r;
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
