package course;

import java.nio.file.Path;
import java.util.*;
import org.jsoup.nodes.Element;

/// A ```` ```chart ```` block: horizontal bars of recorded figures, each with its value printed
/// at its end, and dashed lines where the lesson's theory puts them, drawn as inline SVG.
///
/// ```yaml
/// title: Ten thousand one-second waits
/// unit: ms
/// theory:
///   - label: theory
///     value: 1000
/// bars:
///   - label: virtual threads
///     value: '{{waits-virtual: took (\d+) ms}}'
///     note: '{{waits-virtual: (\d+) tasks}} tasks'
/// ```
///
/// A value is a `{{run-id: regex}}` reference read as number references read it, or numbers and
/// references joined by `*` or `/`. The scale is linear from 0, or logarithmic when the values
/// span more than 20× (`scale: auto`, the default; or `linear`, `log`).
final class ChartDirective implements Directive.Fenced {

    static final Set<String> KEYS = Set.of("title", "unit", "scale", "theory", "bars");
    static final Set<String> BAR_KEYS = Set.of("label", "value", "note");
    static final Set<String> THEORY_KEYS = Set.of("label", "value");
    /// Values spanning more than this ratio get a log scale.
    static final double LOG_SPAN = 20;
    static final int LABEL_CHARS = 40;
    static final int ROW = 18, BAR = 16, GAP = 12;

    public String name() { return "chart"; }

    public String usage() { return "```chart (a fenced block of YAML)"; }

    public String notOnALine() { return "a chart is a fenced block: a line ```chart, its YAML, then a line ```. See CONTRIBUTING.md"; }

    record Bar(String label, String note, double value, String text, Yaml.Located where) {}

    record Theory(String text, double value, Yaml.Located where) {}

    /// A chart as its block says it: every figure read from its recording and every text checked
    /// to fit a phone; `unit` is "" when there is none.
    record Chart(String title, String unit, Scale scale, List<Bar> bars, List<Theory> theory) {}

    public String renderBlock(Render page, Lesson lesson, String body, Path file, int firstLine) {
        PictureBlock c = new PictureBlock(page, "chart", body, file, firstLine, KEYS);
        return draw(c, read(c, file));
    }

    /// The block's YAML as a chart, or the BuildError at the line of what is wrong.
    private static Chart read(PictureBlock c, Path file) {
        String title = c.prose(c.required("title"), "title");
        String unit = c.keys.containsKey("unit") ? PictureBlock.text(c.keys.get("unit"), "unit") : "";
        String scale = c.keys.containsKey("scale") ? PictureBlock.text(c.keys.get("scale"), "scale") : "auto";
        if (!List.of("auto", "linear", "log").contains(scale)) throw new BuildError(file, c.keys.get("scale").line(),
                "scale '" + scale + "' is not one of auto, linear, log");
        String suffix = unit.isEmpty() ? "" : " " + unit;

        var bars = new ArrayList<Bar>();
        for (var item : Yaml.sequence(c.required("bars"), "bars")) {
            var m = mapping(item, "a bar", BAR_KEYS, file);
            if (!m.containsKey("label") || !m.containsKey("value")) throw new BuildError(file, item.line(), "a bar needs 'label:' and 'value:'");
            Expression.Value v = c.figure(m.get("value"), "a bar's value", true);
            String text = v.shown() + suffix;
            c.fits(text, PictureBlock.PHONE * (100 - PictureBlock.BAR_MAX) / 100 - 8, m.get("value"), "the value with its unit", false);
            bars.add(new Bar(c.prose(m.get("label"), "a bar's label"), m.containsKey("note") ? c.prose(m.get("note"), "a bar's note") : null,
                    v.number(), text, m.get("value")));
        }
        if (bars.isEmpty()) throw new BuildError(file, c.keys.get("bars").line(), "a chart needs at least one bar");
        var theory = new ArrayList<Theory>();
        if (c.keys.containsKey("theory")) for (var item : Yaml.sequence(c.keys.get("theory"), "theory")) {
            var m = mapping(item, "a theory line", THEORY_KEYS, file);
            if (!m.containsKey("label") || !m.containsKey("value")) throw new BuildError(file, item.line(), "a theory line needs 'label:' and 'value:'");
            Expression.Value v = c.figure(m.get("value"), "a theory line's value", false);
            String text = c.prose(m.get("label"), "a theory line's label") + ": " + v.shown() + suffix;
            c.fits(text, PictureBlock.PHONE / 2 - 6, m.get("label"), "the theory line's label with its value", true);
            theory.add(new Theory(text, v.number(), m.get("value")));
        }

        var all = new ArrayList<Yaml.Located>();
        var values = new ArrayList<Double>();
        for (Bar b : bars) { all.add(b.where()); values.add(b.value()); }
        for (Theory t : theory) { all.add(t.where()); values.add(t.value()); }
        double max = Collections.max(values), min = Collections.min(values);
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) < 0) throw new BuildError(file, all.get(i).line(), "a chart's bars start at 0: the value "
                    + PictureBlock.format(values.get(i)) + " is negative");
            if (scale.equals("log") && values.get(i) <= 0) throw new BuildError(file, all.get(i).line(),
                    "a log scale cannot show " + PictureBlock.format(values.get(i)) + ": use scale: linear");
        }
        boolean log = scale.equals("log") || scale.equals("auto") && min > 0 && max / min > LOG_SPAN;
        return new Chart(title, unit, log ? Scale.log(min, max) : Scale.linear(max), List.copyOf(bars), List.copyOf(theory));
    }

    /// The chart as inline SVG, with a table of its figures for screen readers ({@link PictureBlock#html}).
    private static String draw(PictureBlock c, Chart chart) {
        String title = chart.title(), unit = chart.unit();
        Scale s = chart.scale();
        boolean log = s.log();
        List<Bar> bars = chart.bars();
        List<Theory> theory = chart.theory();

        // The words: the SVG's description and the table say every figure the bars show.
        var words = new ArrayList<String>();
        var rows = new ArrayList<List<String>>();
        for (Bar b : bars) {
            String figure = b.text() + (b.note() == null ? "" : ", " + b.note());
            words.add(b.label() + ": " + figure);
            rows.add(List.of(b.label(), figure));
        }
        String desc = "Bars" + (unit.isEmpty() ? "" : " in " + unit) + (log ? " on a log scale" : "") + ". " + String.join("; ", words) + ".";
        if (!theory.isEmpty()) desc += " Dashed " + (theory.size() == 1 ? "line" : "lines") + ": "
                + String.join("; ", theory.stream().map(Theory::text).toList()) + ".";
        for (Theory t : theory) rows.add(List.of("Dashed line", t.text()));

        // The picture, top to bottom: theory labels, bars, the log scale's axis. Each kind of
        // mark is one group, styled by its class (tools/assets/course.css).
        Element svg = PictureBlock.svg(title, desc);
        Element grid = PictureBlock.group(svg, "grid"), axis = PictureBlock.group(svg, "axis"), rects = PictureBlock.group(svg, "bar"), dashed = PictureBlock.group(svg, "theory"),
                labels = PictureBlock.group(svg, "label"), figures = PictureBlock.group(svg, "value"), small = PictureBlock.group(svg, "minor");
        // Text is outlined in the background colour (stroke under fill) so lines crossing it stay behind.
        for (Element g : List.of(labels, figures, small)) g.attr("paint-order", "stroke");
        int y = theory.isEmpty() ? 0 : theory.size() * ROW + 4;
        int top = y;
        for (Bar b : bars) {
            var lines = PictureBlock.wrap(b.label(), LABEL_CHARS);
            String note = b.note() == null ? null : " · " + b.note();
            boolean noteApart = note != null && lines.getLast().length() + note.length() > LABEL_CHARS - 4; // bold is wider
            for (int i = 0; i < lines.size(); i++) {
                Element t = PictureBlock.text(labels, null, y + 14, lines.get(i));
                if (note != null && !noteApart && i == lines.size() - 1) t.appendElement("tspan").addClass("note").text(note);
                y += ROW;
            }
            if (noteApart) { PictureBlock.text(labels, null, y + 14, b.note()).addClass("note"); y += ROW; }
            y += 3;
            String w = PictureBlock.pct(s.at(b.value()));
            PictureBlock.add(rects, "rect", "y", Integer.toString(y), "width", w, "height", Integer.toString(BAR));
            PictureBlock.text(figures, w, y + 12, b.text()).attr("dx", "5");
            y += BAR + GAP;
        }
        int bottom = y - GAP + 4;
        PictureBlock.line(axis, "0.5", top, "0.5", bottom);
        for (int i = 0; i < theory.size(); i++) {
            Theory t = theory.get(i);
            String x = PictureBlock.pct(s.at(t.value()));
            int ty = i * ROW + 14;
            boolean right = s.at(t.value()) < 50;
            PictureBlock.set(PictureBlock.text(small, x, ty, t.text()), "dx", right ? "4" : "-4", "text-anchor", right ? null : "end");
            PictureBlock.line(dashed, x, ty + 4, x, bottom);
        }
        if (log) {
            double last = -1e9;
            for (double d = s.lo(); d <= s.hi() * 1.0001; d *= 10) {
                double p = s.at(d);
                PictureBlock.line(grid, PictureBlock.pct(p), top, PictureBlock.pct(p), bottom);
                if ((p - last) / 100 * PictureBlock.PHONE < 48) continue;
                last = p;
                PictureBlock.set(PictureBlock.text(small, PictureBlock.pct(p), bottom + 16, String.format(Locale.ROOT, "%,d", (long) d)),
                        "text-anchor", p < 3 ? null : "middle");
            }
            PictureBlock.text(small, null, bottom + 36, "Log scale: each gridline is 10× the last");
            bottom += 42;
        }
        for (Element g : svg.select("g")) if (g.childrenSize() == 0) g.remove();
        svg.attr("height", Integer.toString(bottom));
        return c.html(title, svg, PictureBlock.table("The chart's figures", List.of("Bar", "Figure"), rows));
    }

    static LinkedHashMap<String, Yaml.Located> mapping(Yaml.Located item, String what, Set<String> known, Path file) {
        var m = Yaml.mapping(item, what);
        for (var e : m.entrySet())
            if (!known.contains(e.getKey())) throw new BuildError(file, e.getValue().line(),
                    "unknown option '" + e.getKey() + "' in " + what + ". Known options: " + new TreeSet<>(known));
        return m;
    }

    /// Where a value falls, in % of the width: linear from 0, or logarithmic from the power of
    /// ten below the smallest value.
    record Scale(boolean log, double lo, double hi) {
        static Scale linear(double max) { return new Scale(false, 0, max); }

        static Scale log(double min, double max) {
            double lo = Math.pow(10, Math.floor(Math.log10(min)));
            if (lo >= min) lo /= 10;
            return new Scale(true, lo, max);
        }

        double at(double v) {
            if (hi <= 0) return 0;
            return (log ? Math.log(v / lo) / Math.log(hi / lo) : v / hi) * PictureBlock.BAR_MAX;
        }
    }
}
