package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;
import org.jsoup.nodes.Element;

/// A ```` ```timeline ```` block: a grid drawn from lines of one recorded run, one row per matched
/// line and one cell per value on it, each cell coloured and labelled by its value, a thick
/// line wherever a row's value changes, and a legend naming every value.
///
/// ```yaml
/// title: The carrier each thread ran on
/// run: hopping
/// rows: '^ +(sleeper-\d+): ([\d ]+?) +(?:stayed|hopped)$'   # (row label) (values, by spaces)
/// columns: [start, 1, 2, 3, 4, 5]
/// legend: 'ForkJoinPool-1-worker-{}'                        # a value's name; {} is the value
/// change: changed carrier                                    # what a thick line means
/// ```
final class TimelineDirective implements Directive.Fenced {

    static final Set<String> KEYS = Set.of("title", "run", "rows", "columns", "legend", "change");
    static final int HEAD = 20, CELL = 26, ROW = 32, KEY = 26, COLOURS = 4;

    public String name() { return "timeline"; }

    public String usage() { return "```timeline (a fenced block of YAML)"; }

    public String notOnALine() { return "a timeline is a fenced block: a line ```timeline, its YAML, then a line ```. See CONTRIBUTING.md"; }

    record Row(String label, List<String> cells) {
        int changes() {
            int n = 0;
            for (int j = 1; j < cells.size(); j++) if (!cells.get(j).equals(cells.get(j - 1))) n++;
            return n;
        }
    }

    /// A timeline as its block says it: its rows matched in the run's recording, each with as many
    /// values as there are columns; `values`, every value once, in order (numerically when they
    /// are numbers); `legendName`, a value's name in the legend (`{}` is the value); `change`,
    /// what a thick line means. Every text is checked to fit a phone.
    record Timeline(String title, List<String> columns, String legendName, String change, List<Row> rows, List<String> values) {
        /// The row labels' width, in pixels of a phone's screen.
        double labelWidth() {
            return rows.stream().mapToInt(r -> r.label().length()).max().orElse(0) * PictureBlock.CHAR + 10;
        }

        /// Where the cells start, in % of the width: after the row labels.
        double left() {
            return labelWidth() / PictureBlock.PHONE * 100;
        }

        /// A cell's width, in % of the width.
        double cell() {
            return (100 - left()) / columns.size();
        }
    }

    public String renderBlock(Render page, Lesson lesson, String body, Path file, int firstLine) {
        PictureBlock c = new PictureBlock(page, "timeline", body, file, firstLine, KEYS);
        return draw(c, read(c, file));
    }

    /// The block's YAML and the lines of its run as a timeline, or the BuildError at the line of
    /// what is wrong.
    private static Timeline read(PictureBlock c, Path file) {
        String title = c.prose(c.required("title"), "title");
        Recording rec = c.run(c.required("run"));
        Yaml.Located rowsAt = c.required("rows");
        String regex = PictureBlock.text(rowsAt, "rows");
        Pattern p = BuildError.regex(file, rowsAt.line(), regex, "rows has");
        if (p.matcher("").groupCount() != 2) throw new BuildError(file, rowsAt.line(),
                "rows /" + regex + "/ must have exactly two (groups): the row's label, then its values separated by spaces");
        List<String> columns = Yaml.scalars(c.required("columns"), "columns");
        String legendName = c.keys.containsKey("legend") ? PictureBlock.text(c.keys.get("legend"), "legend") : "{}";
        String change = c.keys.containsKey("change") ? PictureBlock.text(c.keys.get("change"), "change") : "the value changed";

        var rows = new ArrayList<Row>();
        Matcher m = p.matcher(rec.output());
        while (m.find()) {
            var row = new Row(m.group(1).strip(), List.of(m.group(2).strip().split("\\s+")));
            if (row.cells().size() != columns.size()) throw new BuildError(file, rowsAt.line(), "row '" + row.label() + "' of "
                    + Course.relative(rec.file()) + " has " + row.cells().size() + " values, but columns: names " + columns.size());
            rows.add(row);
        }
        if (rows.isEmpty()) throw new BuildError(file, rowsAt.line(), "rows /" + regex + "/ matches nothing in "
                + Course.relative(rec.file()) + ". Fix the pattern, or re-record: ./build.sh record " + rec.id());

        // Values in order (numerically when they are numbers).
        var values = new TreeSet<String>((a, b) -> {
            var x = Reference.number(a);
            var y = Reference.number(b);
            return x.isPresent() && y.isPresent() && x.getAsDouble() != y.getAsDouble() ? Double.compare(x.getAsDouble(), y.getAsDouble()) : a.compareTo(b);
        });
        rows.forEach(r -> values.addAll(r.cells()));
        var timeline = new Timeline(title, columns, legendName, change, List.copyOf(rows), List.copyOf(values));

        if (timeline.labelWidth() > PictureBlock.PHONE * 0.4) throw new BuildError(file, rowsAt.line(), "row labels are too long for a 375 px screen ("
                + (int) (PictureBlock.PHONE * 0.4 / PictureBlock.CHAR) + " characters at most): match shorter ones");
        double cellPx = timeline.cell() / 100 * PictureBlock.PHONE;
        for (String col : columns) c.fits(col, cellPx - 4, c.keys.get("columns"), "a column's label", true);
        for (String v : values) c.fits(v, cellPx - 6, rowsAt, "the value", false);
        for (String v : values) c.fits(name(legendName, v), PictureBlock.PHONE - 36, c.keys.containsKey("legend") ? c.keys.get("legend") : rowsAt, "the legend", false);
        c.fits(change, PictureBlock.PHONE - 36, c.keys.containsKey("change") ? c.keys.get("change") : rowsAt, "the change's legend", false);
        return timeline;
    }

    /// The timeline as inline SVG, with a table of its values for screen readers ({@link PictureBlock#html}).
    private static String draw(PictureBlock c, Timeline timeline) {
        String title = timeline.title(), legendName = timeline.legendName(), change = timeline.change();
        List<String> columns = timeline.columns(), values = timeline.values();
        List<Row> rows = timeline.rows();
        double left = timeline.left(), cell = timeline.cell();
        // Each value has a colour, in the values' order.
        var colour = new HashMap<String, String>();
        for (String v : values) colour.put(v, "k" + (colour.size() % COLOURS + 1));

        // The words: every row's values, how often they changed, and what each value names.
        var words = new ArrayList<String>();
        var tableRows = new ArrayList<List<String>>();
        for (Row r : rows) {
            int n = r.changes();
            words.add(r.label() + ": " + String.join(" ", r.cells()) + " (" + (n == 0 ? "no change" : n == 1 ? "1 change" : n + " changes") + ")");
            var t = new ArrayList<String>(List.of(r.label()));
            t.addAll(r.cells());
            tableRows.add(t);
        }
        String key = String.join(", ", values.stream().map(v -> v + " is " + name(legendName, v)).toList());
        String desc = "Columns " + String.join(", ", columns) + ". " + String.join("; ", words) + ". " + key + ".";

        // The picture: column heads; per row its label, its values, and under them one band per
        // run of equal values. Bands, the lines that split cells and the thick lines at changes
        // are paths in a grid whose unit is one cell wide and one pixel high (stretched to the
        // width; strokes keep their width), one path per colour: a few bytes per band.
        Element svg = PictureBlock.svg(title, desc);
        Element heads = PictureBlock.text(PictureBlock.group(svg, "head"), null, 14, null);
        for (int j = 0; j < columns.size(); j++) PictureBlock.add(heads, "tspan", "x", PictureBlock.pct(left + (j + .5) * cell)).text(columns.get(j));
        int n = columns.size(), bottom = HEAD + rows.size() * ROW;
        Element grid = PictureBlock.add(svg, "svg", "x", PictureBlock.pct(left), "width", PictureBlock.pct(100 - left), "height", Integer.toString(bottom),
                "viewBox", "0 0 " + n + " " + bottom, "preserveAspectRatio", "none");
        Element labels = PictureBlock.group(svg, "label"), numbers = PictureBlock.group(svg, "band-text");
        var bands = new TreeMap<String, StringBuilder>();
        var changes = new StringBuilder();
        var splits = new StringBuilder();
        for (int j = 1; j < n; j++) splits.append("M").append(j).append(' ').append(HEAD).append('V').append(bottom - ROW + CELL);
        int y = HEAD;
        for (Row r : rows) {
            PictureBlock.text(labels, null, y + 18, r.label());
            var cells = r.cells();
            for (int j = 0, from = 0; j <= n; j++) {
                if (j < n && cells.get(j).equals(cells.get(from))) continue;
                bands.computeIfAbsent(colour.get(cells.get(from)), k -> new StringBuilder())
                        .append("M").append(from).append(' ').append(y).append('h').append(j - from).append('v').append(CELL).append('h').append(from - j).append('z');
                if (from > 0) changes.append("M").append(from).append(' ').append(y - 2).append('v').append(CELL + 4);
                from = j;
            }
            var xs = new ArrayList<String>();
            for (int j = 0; j < n; j++) xs.add(PictureBlock.pct(left + (j + .5) * cell));
            if (cells.stream().allMatch(v -> v.length() == 1)) PictureBlock.text(numbers, String.join(" ", xs), y + 18, String.join("", cells)); // x per character
            else {
                Element t = PictureBlock.text(numbers, null, y + 18, null);
                for (int j = 0; j < n; j++) PictureBlock.add(t, "tspan", "x", xs.get(j)).text(cells.get(j));
            }
            y += ROW;
        }
        for (var band : bands.entrySet()) PictureBlock.add(grid, "path", "d", band.getValue().toString()).addClass(band.getKey());
        PictureBlock.add(grid, "path", "d", splits.toString(), "vector-effect", "non-scaling-stroke").addClass("split");
        if (!changes.isEmpty()) PictureBlock.add(grid, "path", "d", changes.toString(), "vector-effect", "non-scaling-stroke").addClass("hop");
        Element legend = PictureBlock.group(svg, "legend"), hop = PictureBlock.group(svg, "hop");
        y += 6;
        Element keys = PictureBlock.group(svg, "label"), swatchNumbers = PictureBlock.group(svg, "band-text");
        for (String v : values) {
            PictureBlock.add(legend, "rect", "y", Integer.toString(y), "width", "28", "height", "20").addClass(colour.get(v));
            PictureBlock.text(swatchNumbers, "14", y + 15, v);
            PictureBlock.text(keys, "36", y + 15, name(legendName, v));
            y += KEY;
        }
        PictureBlock.line(hop, "14", y - 1, "14", y + 21);
        PictureBlock.text(keys, "36", y + 15, change);
        svg.attr("height", Integer.toString(y + KEY));

        var head = new ArrayList<String>(List.of("Row"));
        head.addAll(columns);
        return c.html(title, svg, PictureBlock.table("The timeline's values (" + key + ")", head, tableRows));
    }

    static String name(String legend, String value) {
        return legend.replace("{}", value);
    }
}
