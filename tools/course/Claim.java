package course;

import java.nio.file.Path;
import java.util.*;
import java.util.function.Function;
import java.util.regex.*;

/// An outcome a lesson states about a run's output ("exactly 32 completed"), declared under
/// the run's `claims:` so the build can check it against every recording:
///
/// - `match: REGEX`: the output contains a match;
/// - `absent: REGEX`: the output contains none;
/// - `check: LEFT OP RIGHT`: a comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`) of two sides, each
///   numbers and `{{run-id: regex}}` references joined by `*` or `/`.
///
/// `otherwise` (optional) says what it means when a reader's run does not bear the claim out.
public record Claim(String says, String otherwise, Kind kind, String expression, Pattern pattern, Comparison comparison,
                    Path file, int line) {

    public enum Kind { MATCH, ABSENT, CHECK }

    static final Set<String> KEYS = Set.of("says", "otherwise", "match", "absent", "check");

    /// `left op right`; a side is factors joined by operators (`*`, `/`).
    public record Comparison(List<Object> left, String op, List<Object> right) {}

    /// Reads one item of a run's `claims:` list.
    static Claim parse(Yaml.Located item, Path file) {
        var m = Yaml.mapping(item, "a claim");
        for (var e : m.entrySet())
            if (!KEYS.contains(e.getKey())) throw new BuildError(file, e.getValue().line(),
                    "unknown claim key '" + e.getKey() + "'. Known keys: " + new TreeSet<>(KEYS));
        if (!m.containsKey("says") || Yaml.scalar(m.get("says"), "says").isBlank())
            throw new BuildError(file, item.line(), "a claim needs 'says:', the outcome the lesson states in a few words");
        var kinds = m.keySet().stream().filter(k -> !k.equals("says") && !k.equals("otherwise")).toList();
        if (kinds.size() != 1) throw new BuildError(file, item.line(),
                "a claim needs exactly one of match:, absent: or check:, found " + (kinds.isEmpty() ? "none" : kinds));
        String key = kinds.getFirst();
        Yaml.Located value = m.get(key);
        String text = Yaml.scalar(value, key);
        String says = Yaml.scalar(m.get("says"), "says").strip();
        String otherwise = m.containsKey("otherwise") ? Yaml.scalar(m.get("otherwise"), "otherwise").strip() : null;
        Kind kind = Kind.valueOf(key.toUpperCase(Locale.ROOT));
        if (kind == Kind.CHECK) return new Claim(says, otherwise, kind, text, null, comparison(text, file, value.line()), file, value.line());
        try {
            return new Claim(says, otherwise, kind, text, Pattern.compile(text, Pattern.MULTILINE), null, file, value.line());
        } catch (PatternSyntaxException e) {
            throw new BuildError(file, value.line(), "claim has an invalid regex: " + e.getDescription());
        }
    }

    static final Pattern OPERATOR = Pattern.compile("\\s*(<=|>=|==|!=|<|>|\\*|/)\\s*");
    static final Pattern NUMBER = Pattern.compile("\\s*(-?\\d[\\d_,]*(?:\\.\\d+)?)\\s*");
    static final Set<String> COMPARISONS = Set.of("<", "<=", ">", ">=", "==", "!=");

    static Comparison comparison(String text, Path file, int line) {
        var left = new ArrayList<Object>();
        var right = new ArrayList<Object>();
        String op = null;
        List<Object> side = left;
        boolean wantOperand = true;
        int at = 0;
        while (at < text.length()) {
            if (Character.isWhitespace(text.charAt(at))) { at++; continue; }
            if (wantOperand) {
                Matcher ref = Reference.SYNTAX.matcher(text).region(at, text.length());
                Matcher num = NUMBER.matcher(text).region(at, text.length());
                if (ref.lookingAt()) { side.add(ref.toMatchResult()); at = ref.end(); }
                else if (num.lookingAt()) { side.add(Reference.number(num.group(1)).getAsDouble()); at = num.end(); }
                else throw checkError(file, line, "expected a number or a {{run-id: regex}} reference at '" + text.substring(at) + "'");
                wantOperand = false;
                continue;
            }
            Matcher o = OPERATOR.matcher(text).region(at, text.length());
            if (!o.lookingAt()) throw checkError(file, line, "expected an operator at '" + text.substring(at) + "'");
            if (COMPARISONS.contains(o.group(1))) {
                if (op != null) throw checkError(file, line, "has two comparisons (" + op + " and " + o.group(1) + ")");
                op = o.group(1);
                side = right;
            } else {
                side.add(o.group(1));
            }
            at = o.end();
            wantOperand = true;
        }
        if (op == null || left.isEmpty() || right.isEmpty() || wantOperand)
            throw checkError(file, line, "must read LEFT OP RIGHT, e.g. {{run: took (\\d+) ms}} * 2 <= 1000");
        return new Comparison(List.copyOf(left), op, List.copyOf(right));
    }

    static BuildError checkError(Path file, int line, String what) {
        return new BuildError(file, line, "claim check " + what
                + ". Write LEFT OP RIGHT with OP one of < <= > >= == !=, each side numbers and {{run-id: regex}} references joined by * or /");
    }

    /// The references a `check:` reads, validated against the declared runs.
    public List<Reference> references(Set<String> declaredRuns) {
        if (comparison == null) return List.of();
        var out = new ArrayList<Reference>();
        for (var side : List.of(comparison.left(), comparison.right()))
            for (Object o : side)
                if (o instanceof MatchResult m) out.add(Reference.parse(m, file, line, declaredRuns));
        return out;
    }

    /// Checks the claim for run `runId`, with `outputs` giving any run's output by id
    /// (recorded, or from a fresh run). Returns null when it holds, else what was found.
    public String failure(String runId, Set<String> declaredRuns, Function<String, String> outputs) {
        return switch (kind) {
            case MATCH -> pattern.matcher(outputs.apply(runId)).find() ? null
                    : "/" + expression + "/ matches nothing in the output of " + runId;
            case ABSENT -> {
                Matcher m = pattern.matcher(outputs.apply(runId));
                yield m.find() ? "/" + expression + "/ matches '" + m.group() + "' in the output of " + runId : null;
            }
            case CHECK -> {
                var shown = new StringBuilder();
                var values = new ArrayList<Double>();
                var missing = new ArrayList<String>();
                for (var side : List.of(comparison.left(), comparison.right())) {
                    double value = Double.NaN;
                    String operator = null;
                    for (Object o : side) {
                        if (o instanceof String s) { operator = s; shown.append(' ').append(s); continue; }
                        double v;
                        if (o instanceof MatchResult m) {
                            var figure = Reference.parse(m, file, line, declaredRuns).in(outputs.apply(m.group(1)));
                            v = figure.found() ? Reference.number(figure.value()).orElse(Double.NaN) : Double.NaN;
                            if (Double.isNaN(v)) missing.add(figure.reference() + (figure.found() ? " found '" + figure.value() + "', not a number" : " matches nothing"));
                        } else {
                            v = (Double) o;
                        }
                        shown.append(' ').append(format(v));
                        value = operator == null ? v : operator.equals("*") ? value * v : value / v;
                        operator = null;
                    }
                    values.add(value);
                    if (values.size() == 1) shown.append(' ').append(comparison.op());
                }
                if (!missing.isEmpty()) yield String.join("; ", missing);
                double l = values.get(0), r = values.get(1);
                boolean holds = switch (comparison.op()) {
                    case "<" -> l < r;
                    case "<=" -> l <= r;
                    case ">" -> l > r;
                    case ">=" -> l >= r;
                    case "==" -> l == r;
                    default -> l != r;
                };
                yield holds ? null : shown.toString().strip() + " is false";
            }
        };
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
