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
public record Claim(String says, String otherwise, Kind kind, String expression, Pattern pattern, Relation relation,
                    Path file, int line) {

    public enum Kind { MATCH, ABSENT, CHECK }

    static final Set<String> KEYS = Set.of("says", "otherwise", "match", "absent", "check");

    /// A `check:` claim's `left op right`, each side an {@link Expression} (not {@link Comparison}, which sets a
    /// reader's run beside its recording).
    public record Relation(Expression left, String op, Expression right) {}

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
        if (kind == Kind.CHECK) return new Claim(says, otherwise, kind, text, null, relation(text, file, value.line()), file, value.line());
        return new Claim(says, otherwise, kind, text, BuildError.regex(file, value.line(), text, "claim has"), null, file, value.line());
    }

    static final Pattern COMPARISON = Pattern.compile("\\s*(<=|>=|==|!=|<|>)\\s*");

    static Relation relation(String text, Path file, int line) {
        Expression.Read left = side(Expression.read(text, 0, file, line), text, file, line);
        if (left.end() >= text.length()) throw lhsOpRhs(file, line);
        Matcher op = COMPARISON.matcher(text).region(left.end(), text.length());
        if (!op.lookingAt()) throw checkError(file, line, "expected an operator at '" + text.substring(left.end()) + "'");
        Expression.Read right = side(Expression.read(text, op.end(), file, line), text, file, line);
        if (right.end() < text.length()) {
            Matcher again = COMPARISON.matcher(text).region(right.end(), text.length());
            throw checkError(file, line, again.lookingAt() ? "has two comparisons (" + op.group(1) + " and " + again.group(1) + ")"
                    : "expected an operator at '" + text.substring(right.end()) + "'");
        }
        return new Relation(left.expression(), op.group(1), right.expression());
    }

    private static Expression.Read side(Expression.Read read, String text, Path file, int line) {
        if (read.problem() == null) return read;
        if (read.problem().startsWith("expected")) throw checkError(file, line, read.problem());
        throw lhsOpRhs(file, line);
    }

    private static BuildError lhsOpRhs(Path file, int line) {
        return checkError(file, line, "must read LEFT OP RIGHT, e.g. {{run: took (\\d+) ms}} * 2 <= 1000");
    }

    static BuildError checkError(Path file, int line, String what) {
        return new BuildError(file, line, "claim check " + what
                + ". Write LEFT OP RIGHT with OP one of < <= > >= == !=, each side numbers and {{run-id: regex}} references joined by * or /");
    }

    /// The references a `check:` reads, validated against the declared runs.
    public List<Reference> references(Set<String> declaredRuns) {
        if (relation == null) return List.of();
        var out = new ArrayList<Reference>();
        for (Expression side : List.of(relation.left(), relation.right()))
            for (Reference r : side.references()) out.add(r.declaredIn(declaredRuns));
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
                references(declaredRuns);
                Function<Reference, String> figures = r -> r.in(outputs.apply(r.runId())).value();
                Expression.Value l = relation.left().value(figures), r = relation.right().value(figures);
                var missing = new ArrayList<String>(l.missing());
                missing.addAll(r.missing());
                if (!missing.isEmpty()) yield String.join("; ", missing);
                boolean holds = switch (relation.op()) {
                    case "<" -> l.number() < r.number();
                    case "<=" -> l.number() <= r.number();
                    case ">" -> l.number() > r.number();
                    case ">=" -> l.number() >= r.number();
                    case "==" -> l.number() == r.number();
                    default -> l.number() != r.number();
                };
                yield holds ? null : l.operands() + " " + relation.op() + " " + r.operands() + " is false";
            }
        };
    }
}
