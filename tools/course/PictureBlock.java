package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;
import org.jsoup.nodes.Element;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/// One picture block (```` ```chart ````, {@link ChartDirective}; ```` ```timeline ````,
/// {@link TimelineDirective}) being read and drawn: what the picture kinds share. Their YAML
/// read with its lines, figures read from recordings exactly as number references read them,
/// and the figure around the SVG, which names and links the runs it was drawn from, carries
/// the stale mark of a stale recording, and repeats the figures in a table for screen readers.
///
/// The SVG has no viewBox: x positions are percentages of the text column and text sizes are
/// CSS pixels, so a phone narrows the picture without shrinking its text. The fitting checks
/// below measure text against the narrowest column, a 375 px screen's.
final class PictureBlock {

    /// The text column on a 375 px screen, less the figure's padding, in px.
    static final double PHONE = 317;
    /// The width of a character of chart text (14 px system sans-serif), generously, in px.
    static final double CHAR = 7.6;
    /// A bar at the largest value is this % of the width; the rest holds its printed value.
    static final double BAR_MAX = 70;

    /// A value starting with `{{`, not quoted.
    static final Pattern UNQUOTED = Pattern.compile("^\\s*(?:-\\s+)?[\\w-]+:\\s+\\{\\{");

    /// The block being read: its file and first line, the page it is drawn on, and the
    /// runs its figures came from, in order.
    final Render page;
    final Path file;
    final int line;
    final String kind;
    final LinkedHashMap<String, Yaml.Located> keys;
    final LinkedHashSet<String> runs = new LinkedHashSet<>();

    PictureBlock(Render page, String kind, String body, Path file, int firstLine, Set<String> known) {
        this.page = page;
        this.file = file;
        this.line = firstLine - 1;
        this.kind = kind;
        if (body.isBlank()) throw new BuildError(file, line, "```" + kind + " block is empty. See CONTRIBUTING.md for its keys: " + known);
        String[] lines = body.split("\n", -1);
        for (int i = 0; i < lines.length; i++)
            if (UNQUOTED.matcher(lines[i]).find()) throw new BuildError(file, firstLine + i, "has a reference YAML would read as braces. "
                    + "Quote a value that holds a reference: '{{run-id: regex}}'");
        this.keys = Yaml.mapping(Yaml.parse(file, firstLine, body), "a ```" + kind + " block");
        for (var e : keys.entrySet())
            if (!known.contains(e.getKey())) throw new BuildError(file, e.getValue().line(),
                    "unknown " + kind + " option '" + e.getKey() + "'. Known options: " + new TreeSet<>(known));
    }

    Yaml.Located required(String key) {
        var v = keys.get(key);
        if (v == null) throw new BuildError(file, line, "```" + kind + " block needs '" + key + ":'");
        return v;
    }

    /// A single value; a `{{...}}` left unquoted reads as YAML braces, so the error says to quote it.
    static String text(Yaml.Located where, String what) {
        if (!(where.node() instanceof ScalarNode s)) throw new BuildError(where.file(), where.line(), what
                + " must be a single value. Quote a value that holds a reference: '{{run-id: regex}}'");
        return s.getValue().strip();
    }

    /// An {@link Expression}, read from the recordings: its number, and the text a reader sees
    /// (a single reference's recorded text unchanged, or the result of an expression).
    /// `recorded`: at least one reference is required (a bar shows a measured figure).
    Expression.Value figure(Yaml.Located where, String what, boolean recorded) {
        String text = text(where, what);
        Expression.Read read = Expression.read(text, 0, file, where.line());
        if (read.problem() != null) throw expressionError(where, what, read.problem());
        if (read.end() < text.length()) throw expressionError(where, what, "expected * or / at '" + text.substring(read.end()) + "'");
        Expression e = read.expression();
        if (recorded && e.references().isEmpty()) throw new BuildError(file, where.line(), what + " '" + text
                + "' is typed, not recorded: draw a figure from a recording with '{{run-id: regex}}'");
        Expression.Value value = e.value(ref -> {
            String found = read(ref);
            if (Reference.number(found).isEmpty()) throw new BuildError(file, where.line(), what + " reference "
                    + ref + " found '" + found + "', which is not a number. Match only the digits in its (group)");
            return found;
        });
        if (!Double.isFinite(value.number())) throw new BuildError(file, where.line(), what + " '" + text + "' is not a finite number");
        return value;
    }

    /// The text a reference finds in its run's recording; refuses what number references refuse.
    String read(Reference ref) {
        ref.declaredIn(page.runs().keySet());
        String found = page.figure(ref);
        runs.add(ref.runId());
        return found;
    }

    /// Text with `{{run-id: regex}}` references replaced by what they find (a bar's note).
    String prose(Yaml.Located where, String what) {
        String text = text(where, what);
        var out = new StringBuilder();
        int at = 0;
        for (Reference.Span s : Reference.spans(text)) {
            if (s.match() == null) throw new BuildError(file, where.line(), what + " has '{{' that is not a {{run-id: regex}} reference");
            out.append(text, at, s.start()).append(read(Reference.parse(s.match(), file, where.line(), page.runs().keySet())).strip());
            at = s.end();
        }
        return out.append(text.substring(at)).toString();
    }

    BuildError expressionError(Yaml.Located where, String what, String problem) {
        return new BuildError(file, where.line(), what + " " + problem
                + ". Write a {{run-id: regex}} reference, or numbers and references joined by * or /");
    }

    /// Refuses text (14 px; 13 px when `small`) wider than `px` on a phone.
    void fits(String text, double px, Yaml.Located where, String what, boolean small) {
        double w = small ? CHAR * 13 / 14 : CHAR;
        if (text.length() * w > px) throw new BuildError(file, where.line(), what + " '" + text + "' is too long to fit a 375 px screen ("
                + (int) (px / w) + " characters at most here). Shorten it; the prose can say more");
    }

    /// A recorded run this chart reads, for a kind that names its run directly.
    Recording run(Yaml.Located where) {
        String id = text(where, "run");
        if (!page.runs().containsKey(id)) throw new BuildError(file, where.line(), "refers to run '" + id + "', which no lesson declares. "
                + "Declare it under runs: in the front matter");
        runs.add(id);
        return page.recording(id, file, where.line());
    }

    /// The figure around `svg`: the title above; below, the runs drawn from, linked to their
    /// recorded output, the stale note if one is stale, and `table` for screen readers.
    String html(String title, Element svg, Element table) {
        Element figure = Html.element("figure").addClass("chart");
        figure.appendElement("figcaption").text(title);
        figure.appendChild(svg);
        Element src = figure.appendElement("p").addClass("chart-src").text(runs.size() == 1 ? "Drawn from the recorded output of " : "Drawn from the recorded outputs of ");
        int i = 0;
        var stale = new ArrayList<String>();
        for (String id : runs) {
            if (i > 0) src.appendText(i == runs.size() - 1 ? " and " : ", ");
            src.appendElement("a").attr("href", outputLink(id)).appendElement("code").text(id);
            if (page.isStale(id, file, line)) stale.add(id);
            i++;
        }
        src.appendText(".");
        if (!stale.isEmpty()) {
            figure.addClass("stale");
            for (String id : stale) RunDirective.staleNote(figure, id);
        }
        figure.appendElement("div").addClass("visually-hidden").appendChild(table); // a table would widen the page
        return Html.of(figure) + "\n";
    }

    /// Where a run's recorded output is shown: on this page, or on the page of the lesson that
    /// declares it; a run no page shows is refused, since the chart could not point to its source.
    String outputLink(String id) {
        if (page.shownRuns().contains(id)) return "#run-" + id;
        String there = page.pageShowing(id);
        if (there == null) throw new BuildError(file, line, "draws from run '" + id + "', whose output no page shows. Add {{run "
                + id + "}} to " + Course.relative(page.runs().get(id).lesson()) + ", so readers can see what the chart is drawn from");
        return there + "#run-" + id;
    }

    // ---- SVG ----------------------------------------------------------------------------------

    /// The picture's SVG element, with its accessible title and description; its height is set
    /// once it is drawn.
    static Element svg(String title, String desc) {
        Element svg = Html.element("svg").attr("role", "img").attr("width", "100%");
        svg.appendElement("title").text(title);
        svg.appendElement("desc").text(desc);
        return svg;
    }

    /// A child element with attributes given as name, value pairs (a null value is left out).
    static Element add(Element parent, String tag, String... attributes) {
        return set(parent.appendElement(tag), attributes);
    }

    /// Sets attributes given as name, value pairs (a null value is left out).
    static Element set(Element e, String... attributes) {
        for (int i = 0; i < attributes.length; i += 2) if (attributes[i + 1] != null) e.attr(attributes[i], attributes[i + 1]);
        return e;
    }

    /// A group whose class styles its children (fill, stroke and font are inherited in SVG).
    static Element group(Element parent, String cls) {
        return parent.appendElement("g").addClass(cls);
    }

    static Element text(Element parent, String x, int y, String text) {
        Element t = add(parent, "text", "x", x, "y", Integer.toString(y));
        return text == null ? t : t.text(text);
    }

    static Element line(Element parent, String x1, int y1, String x2, int y2) {
        return add(parent, "line", "x1", x1, "y1", Integer.toString(y1), "x2", x2, "y2", Integer.toString(y2));
    }

    /// A position in % of the width, to a tenth (under a pixel on a wide screen).
    static String pct(double p) {
        return format(Math.round(p * 10) / 10.0) + "%";
    }

    /// A computed number as a reader would write it: {@link Expression#format}.
    static String format(double v) {
        return Expression.format(v);
    }

    /// Words of `text` in lines of at most `max` characters (a longer word keeps its own line).
    static List<String> wrap(String text, int max) {
        var lines = new ArrayList<String>();
        var l = new StringBuilder();
        for (String w : text.strip().split("\\s+")) {
            if (!l.isEmpty() && l.length() + 1 + w.length() > max) { lines.add(l.toString()); l.setLength(0); }
            if (!l.isEmpty()) l.append(' ');
            l.append(w);
        }
        if (!l.isEmpty()) lines.add(l.toString());
        return lines;
    }

    /// A table of the figures: a header row, then rows whose first cell heads the row.
    static Element table(String caption, List<String> head, List<List<String>> rows) {
        Element table = Html.element("table");
        table.appendElement("caption").text(caption);
        Element tr = table.appendElement("thead").appendElement("tr");
        for (String h : head) tr.appendElement("th").attr("scope", "col").text(h);
        Element body = table.appendElement("tbody");
        for (var row : rows) {
            Element r = body.appendElement("tr");
            r.appendElement("th").attr("scope", "row").text(row.getFirst());
            for (String c : row.subList(1, row.size())) r.appendElement("td").text(c);
        }
        return table;
    }
}
