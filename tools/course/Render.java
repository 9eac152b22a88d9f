package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/// A lesson's markdown to HTML: directives first (programs, recordings, exercises, number
/// references), then commonmark. Every error names the lesson file and line.
public final class Render {

    static final Pattern DIRECTIVE = Pattern.compile("\\{\\{(program|run|exercise|widget)(?: +([A-Za-z0-9-]+))?\\}\\}");

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

    /// The HTML of a lesson's body (markdown given as text starting at `firstLine` of `file`).
    public String body(Path file, String markdown, int firstLine, Lesson lesson) {
        var blocks = new ArrayList<String>();
        var shownRuns = new HashSet<String>();
        String[] lines = markdown.split("\n", -1);
        // First pass: which runs does the page show? References link to them.
        for (String l : lines) {
            Matcher d = DIRECTIVE.matcher(l.strip());
            if (d.matches() && d.group(1).equals("run")) shownRuns.add(d.group(2));
        }
        var md = new StringBuilder();
        String fence = null;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int lineNo = firstLine + i;
            Matcher f = Markdown.FENCE.matcher(line);
            if (fence == null && f.find()) { fence = f.group(1); md.append(line).append('\n'); continue; }
            if (fence != null) {
                if (line.strip().startsWith(fence)) fence = null;
                md.append(line).append('\n');
                continue;
            }
            Matcher d = DIRECTIVE.matcher(line.strip());
            if (d.matches()) {
                blocks.add(directive(file, lineNo, d.group(1), d.group(2), lesson, shownRuns));
                md.append("\n<div data-block=\"").append(blocks.size() - 1).append("\"></div>\n\n");
                continue;
            }
            md.append(references(file, lineNo, line, shownRuns)).append('\n');
        }
        String html = HTML.render(PARSER.parse(md.toString()));
        for (int b = 0; b < blocks.size(); b++)
            html = html.replace("<div data-block=\"" + b + "\"></div>", blocks.get(b));
        return html;
    }

    /// Replaces `{{run-id: regex}}` with what the regex's group matched in the recording.
    String references(Path file, int lineNo, String line, Set<String> shownRuns) {
        var out = new StringBuilder();
        int at = 0;
        for (Reference.Span span : Reference.spans(line)) {
            if (span.match() == null) throw new BuildError(file, lineNo, "has '{{' that is not a directive or a number reference. "
                    + "Use {{program [alias]}}, {{run id}}, {{exercise name}}, {{widget name}} alone on a line, "
                    + "or {{run-id: regex with one (group)}} in text; write `{{` inside backticks to show it literally");
            Reference ref = Reference.parse(span.match(), file, lineNo, runs.keySet());
            Recording rec = recording(ref.runId(), file, lineNo);
            Reference.Figure figure = ref.in(rec.output());
            if (!figure.found()) throw new BuildError(file, lineNo, "reference /" + ref.regex() + "/ matches nothing in "
                    + Course.relative(rec.file()) + ". Fix the pattern, or re-record: ./build.sh record " + ref.runId());
            String shown = Highlight.escape(figure.value());
            String id = ref.runId();
            String title = "Measured: recording " + id;
            out.append(line, at, span.start());
            out.append(shownRuns.contains(id)
                    ? "<a class=\"measured\" href=\"#run-" + id + "\" title=\"" + title + "\">" + shown + "</a>"
                    : "<span class=\"measured\" title=\"" + title + "\">" + shown + "</span>");
            at = span.end();
        }
        return out.append(line.substring(at)).toString();
    }

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

    String directive(Path file, int lineNo, String kind, String arg, Lesson lesson, Set<String> shownRuns) {
        return switch (kind) {
            case "program" -> {
                String alias = arg != null ? arg : lesson == null ? null : lesson.program();
                if (alias == null) throw new BuildError(file, lineNo, "{{program}} needs 'program: <alias>' in the front matter, or {{program alias}}");
                yield program(catalog.get(alias, file, lineNo));
            }
            case "run" -> {
                if (arg == null) throw new BuildError(file, lineNo, "{{run}} needs a run id: {{run waits-virtual}}");
                if (!runs.containsKey(arg)) throw new BuildError(file, lineNo, "shows run '" + arg + "', which no lesson declares. "
                        + "Declare it under runs: in the front matter");
                yield output(recording(arg, file, lineNo), runs.get(arg));
            }
            case "exercise" -> {
                if (arg == null) throw new BuildError(file, lineNo, "{{exercise}} needs a name: {{exercise timetable}}");
                var ex = exercises.stream().filter(e -> e.name().equals(arg)).findFirst().orElseThrow(() ->
                        new BuildError(file, lineNo, "names exercise '" + arg + "', which exercises/HINTS.md does not list. Known: "
                                + exercises.stream().map(Exercises.Exercise::name).toList()));
                yield exercise(ex, lesson, file, lineNo);
            }
            case "widget" -> {
                if (arg == null) throw new BuildError(file, lineNo, "{{widget}} needs a name: {{widget timetable}}");
                yield "<div class=\"widget\" id=\"widget-" + arg + "\" data-widget=\"" + arg + "\">"
                        + "<p class=\"widget-noscript\">This interactive part needs JavaScript; the text around it says the same in words.</p></div>";
            }
            default -> throw new IllegalStateException(kind);
        };
    }

    /// A program's source, highlighted, with its "Run it" box and a download link.
    String program(Catalog.Alias alias) {
        String ref = alias.ref();
        String name = alias.script().getFileName().toString();
        String flags = alias.runtimeOptions().isEmpty() ? "" : String.join(" ", alias.runtimeOptions()) + " ";
        return "<figure class=\"program\" id=\"program-" + alias.name() + "\">"
                + "<figcaption><span class=\"file\">" + Highlight.escape(ref) + "</span>"
                + " <a class=\"download\" href=\"code/" + Highlight.escape(codePath(alias)) + "\" download=\"" + name + "\">Download " + name + "</a></figcaption>"
                + "<pre class=\"code\" data-lang=\"java\" tabindex=\"0\"><code>" + Highlight.toHtml(Sources.shown(alias)) + "</code></pre>"
                + "<div class=\"run-it\"><p class=\"run-it-title\">Run it</p>"
                + "<pre class=\"shell\"><code>./jbang " + alias.name() + "</code></pre>"
                + "<pre class=\"shell\"><code>java " + Highlight.escape(flags + ref) + "</code></pre>"
                + "<p class=\"run-it-note\">From the course folder, with JDK 25. With JBang installed: <code>jbang " + alias.name() + "</code>.</p>"
                + "</div></figure>\n";
    }

    /// Where the site keeps the downloadable copy of an alias's file.
    static String codePath(Catalog.Alias alias) {
        String ref = alias.ref();
        return ref.startsWith("exercises/solutions/") ? "solutions/" + alias.script().getFileName() : alias.script().getFileName().toString();
    }

    /// A recorded output, visibly not code, with the environment it was recorded in.
    String output(Recording rec, Lesson.Run run) {
        Catalog.Alias alias = catalog.get(run.alias(), run.lesson(), run.line());
        boolean stale = rec.isStaleFor(Sources.shipped(alias));
        return "<figure class=\"output" + (stale ? " stale" : "") + "\" id=\"run-" + rec.id() + "\">"
                + "<figcaption>Output of <code>" + Highlight.escape(rec.command()) + "</code></figcaption>"
                + "<pre class=\"output\" tabindex=\"0\"><samp>" + Highlight.escape(rec.output().stripTrailing()) + "</samp></pre>"
                + "<p class=\"env\">Recorded on " + Highlight.escape(rec.environment()) + " · exit " + Highlight.escape(rec.exit()) + "</p>"
                + (stale ? "<p class=\"stale-note\">The program changed after this was recorded; run it yourself, "
                        + "or re-record with <code>./build.sh record " + rec.id() + "</code>.</p>" : "")
                + "</figure>\n";
    }

    /// An exercise: what it practises, the program as shipped, hints one at a time, the solution collapsed.
    String exercise(Exercises.Exercise ex, Lesson lesson, Path file, int lineNo) {
        var b = new StringBuilder("<section class=\"exercise\" id=\"exercise-" + ex.name() + "\" aria-labelledby=\"exercise-" + ex.name() + "-title\">");
        b.append("<h3 id=\"exercise-").append(ex.name()).append("-title\">Exercise: <code>").append(ex.name()).append("</code></h3>");
        b.append("<p class=\"practises\">").append(inlineSpan(ex.practises())).append("</p>");
        b.append("<p>Edit <code>").append(root.relativize(ex.file().toAbsolutePath().normalize())).append("</code> until it passes; check it with <code>./jbang check ")
                .append(ex.name()).append("</code>, or re-run it on every save with <code>./jbang check --watch</code>.</p>");
        b.append(program(catalog.get(ex.name(), file, lineNo)));
        // Nested <details>: each hint opens only after the one before it, with or without JavaScript.
        var hints = ex.hints();
        for (int h = 0; h < hints.size(); h++)
            b.append("<details class=\"hint\"><summary>Hint ").append(h + 1).append(" of ").append(hints.size())
                    .append("</summary>").append(inline(hints.get(h)));
        b.append("</details>".repeat(hints.size()));
        b.append("<details class=\"solution\"><summary>Solution</summary>");
        b.append(program(catalog.get(ex.name() + "-solution", file, lineNo)));
        if (lesson != null)
            for (Lesson.Run r : lesson.runs())
                if (r.alias().equals(ex.name() + "-solution")) b.append(output(recording(r.id(), file, lineNo), r));
        b.append("</details></section>\n");
        return b.toString();
    }

    /// One markdown paragraph (a hint) as inline HTML.
    static String inline(String markdown) {
        return HTML.render(PARSER.parse(markdown));
    }

    /// One line of markdown (code spans, emphasis) as HTML without its paragraph.
    static String inlineSpan(String markdown) {
        String html = inline(markdown).strip();
        return html.startsWith("<p>") && html.endsWith("</p>") ? html.substring(3, html.length() - 4) : html;
    }
}
