package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;

/// A reader's run beside its recording: every figure the lessons quote from the run (with the
/// lesson line that quotes it), the recorded value, the reader's value and their ratio; and
/// every claim of the run, checked against the reader's output.
public record Comparison(Lesson.DeclaredRun run, String command, Recording recorded, String environment,
                         int exit, List<Row> rows, List<ClaimResult> claims) {

    /// One quoted figure. `recorded` or `yours` is null when that output lacks it.
    public record Row(Reference reference, String recorded, String yours) {
        /// yours / recorded, when both are numbers and recorded is not 0.
        public OptionalDouble ratio() {
            if (recorded == null || yours == null) return OptionalDouble.empty();
            var r = Reference.number(recorded);
            var y = Reference.number(yours);
            return r.isPresent() && y.isPresent() && r.getAsDouble() != 0 ? OptionalDouble.of(y.getAsDouble() / r.getAsDouble()) : OptionalDouble.empty();
        }
    }

    /// A claim checked on the reader's output: `found` is null when it holds.
    public record ClaimResult(Claim claim, String found) {
        public boolean holds() { return found == null; }
    }

    /// Compares `output` (the reader's run of `run`, exit code `exit`, on `environment`) with
    /// the recording. Other runs a claim refers to keep their recorded outputs.
    public static Comparison of(Build.Loaded course, Lesson.DeclaredRun run, String command, String output, int exit, String environment) {
        Recording recorded = Recording.load(course.root(), run.id(), run.lesson(), run.line());
        var rows = new ArrayList<Row>();
        for (Reference ref : referencesTo(course, run.id()))
            rows.add(new Row(ref, ref.in(recorded.output()).value(), ref.in(output).value()));
        var claims = new ArrayList<ClaimResult>();
        for (Claim c : run.claims())
            claims.add(new ClaimResult(c, c.failure(run.id(), course.runs().keySet(), id -> id.equals(run.id()) ? output
                    : Recording.load(course.root(), id, run.lesson(), run.line()).output())));
        return new Comparison(run, command, recorded, environment, exit, List.copyOf(rows), List.copyOf(claims));
    }

    /// Every number reference to run `id` in every lesson, the index and the site's other pages
    /// (the adoption page), in prose and in charts,
    /// in course order.
    public static List<Reference> referencesTo(Build.Loaded course, String id) {
        var out = new ArrayList<Reference>();
        var bodies = new ArrayList<Body>();
        for (Lesson l : course.lessons()) bodies.add(course.body(l));
        if (course.index() != null) bodies.add(course.index());
        for (SitePage page : course.pages()) bodies.add(course.body(page));
        for (Body b : bodies)
            for (Reference r : b.references(course.runs().keySet()))
                if (r.runId().equals(id)) out.add(r);
        return out;
    }

    /// A few words of the lesson's prose just before a reference, so a reader knows which figure it is.
    public static String context(Reference ref) {
        String[] lines = Sources.read(ref.file()).split("\n", -1);
        int at = ref.line() - 1;
        if (at < 0 || at >= lines.length) return "";
        String line = lines[at];
        int end = line.indexOf(ref.toString());
        // A chart's value or note ("    value: '{{...}}'") is named by its bar's label.
        Matcher key = YAML_KEY.matcher(line);
        if (end >= 0 && key.lookingAt() && key.end() == end) {
            for (int i = at; i >= 0 && i > at - 6; i--) {
                Matcher label = LABEL.matcher(lines[i]);
                if (label.matches()) return shorten(plain(label.group(1))) + (key.group(1).equals("note") ? " (note)" : "");
                if (i < at && lines[i].strip().startsWith("- ")) break;
            }
            return key.group(1);
        }
        // The sentence up to the reference. When the line holds too little of it ("(" or
        // "both:" name nothing), the lines of its paragraph before it, up to three, come first.
        var paragraph = new StringBuilder(end < 0 ? line : line.substring(0, end));
        for (int i = at - 1; i >= at - 3 && i >= 0 && words(plain(paragraph.toString())) < 3 && prose(lines[i]); i--)
            paragraph.insert(0, lines[i] + " ");
        String before = plain(paragraph.toString());
        int sentence = Math.max(before.lastIndexOf(". "), before.lastIndexOf(": "));
        if (sentence >= 0 && words(before.substring(sentence + 2)) >= 3) before = before.substring(sentence + 2);
        else if ((sentence = before.lastIndexOf(". ")) >= 0 && sentence + 2 < before.length()) before = before.substring(sentence + 2);
        before = before.replaceFirst("[\\s(:,;]+$", "");
        return shorten(before.startsWith("'") ? before.substring(1) : before);
    }

    private static int words(String text) {
        return (int) java.util.Arrays.stream(text.split("\\s+")).filter(w -> w.chars().anyMatch(Character::isLetterOrDigit)).count();
    }

    /// A line of a paragraph's prose: not blank, not a directive, fence, heading, table or front matter.
    private static boolean prose(String line) {
        String t = line.strip();
        return !t.isEmpty() && !t.startsWith("{{") && !t.startsWith("```") && !t.startsWith("#") && !t.startsWith("|") && !t.equals("---");
    }

    private static String shorten(String text) {
        return text.length() > 36 ? "…" + text.substring(text.length() - 35) : text;
    }

    /// A line of a chart's YAML up to its value: `  - value: '`.
    private static final Pattern YAML_KEY = Pattern.compile("(?:\\s+|\\s*-\\s+)([a-z]+):\\s*'?");
    private static final Pattern LABEL = Pattern.compile("\\s*(?:-\\s+)?label:\\s*'?(.*?)'?\\s*");

    private static String plain(String markdown) {
        var text = new StringBuilder();
        int at = 0;
        for (Reference.Span span : Reference.spans(markdown)) {
            text.append(markdown, at, span.start()).append('…');
            at = span.end();
        }
        return text.append(markdown.substring(at)).toString().replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("[*_`>#]", "").strip();
    }

    /// A ratio as a reader reads it: two significant decimals, "×" after.
    public static String ratio(OptionalDouble r) {
        if (r.isEmpty()) return "";
        double v = r.getAsDouble();
        return String.format(Locale.ROOT, v >= 10 ? "%.0f×" : v >= 0.1 ? "%.2f×" : "%.2g×", v);
    }

    /// The comparison as JSON, for tools and live mode.
    public String json() {
        var rowList = new ArrayList<Object>();
        for (Row r : rows)
            rowList.add(new Json.Raw(Json.object("figure", context(r.reference()), "pattern", r.reference().regex(), "lesson", Course.relative(r.reference().file()),
                    "line", r.reference().line(), "recorded", r.recorded(), "yours", r.yours(),
                    "ratio", r.ratio().isPresent() ? (Object) r.ratio().getAsDouble() : null)));
        var claimList = new ArrayList<Object>();
        for (ClaimResult c : claims)
            claimList.add(new Json.Raw(Json.object("says", c.claim().says(), "holds", c.holds(), "found", c.found(),
                    "otherwise", c.claim().otherwise(), "lesson", Course.relative(c.claim().file()), "line", c.claim().line())));
        return Json.object("run", run.id(), "command", command, "exit", exit,
                "recorded", Json.object("environment", recorded.environment(), "command", recorded.command()).transform(Json.Raw::new),
                "yours", Json.object("environment", environment).transform(Json.Raw::new),
                "figures", rowList, "claims", claimList);
    }
}
