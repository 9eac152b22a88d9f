package course;

import java.nio.file.Path;
import java.util.*;
import java.util.function.Function;
import java.util.regex.*;

/// Numbers and `{{run-id: regex}}` references joined by `*` or `/`, evaluated left to right:
/// a chart's value (`{{waits-virtual: took (\d+) ms}} / 1000`) and each side of a claim's
/// `check:`. Charts and claims parse, evaluate and print it the same way.
public record Expression(String text, List<Term> terms) {

    /// An operand with the operator before it (null for the first): a typed number, or a reference.
    public record Term(String operator, String typed, Reference reference) {}

    static final Pattern OPERATOR = Pattern.compile("\\s*([*/])\\s*");
    static final Pattern NUMBER = Pattern.compile("\\s*(-?\\d[\\d_,]*(?:\\.\\d+)?)\\s*");

    /// Where a parse stopped: the expression read from `from`, and the index after it. It stops
    /// at the first thing that is not an operand or `*`/`/` after an operand; `problem` says
    /// what went wrong when it read no complete expression (null when it did).
    public record Read(Expression expression, int end, String problem) {}

    /// Reads an expression from `text` at `from`; references are checked as number references are.
    public static Read read(String text, int from, Path file, int line) {
        var terms = new ArrayList<Term>();
        int at = from;
        String op = null;
        while (true) {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
            if (at >= text.length())
                return new Read(null, at, terms.isEmpty() ? (from == 0 ? "is empty" : "has no right side") : "ends with an operator");
            Matcher ref = Reference.SYNTAX.matcher(text).region(at, text.length());
            Matcher num = NUMBER.matcher(text).region(at, text.length());
            if (ref.lookingAt()) {
                terms.add(new Term(op, ref.group(), Reference.parse(ref.toMatchResult(), file, line, null)));
                at = ref.end();
            } else if (num.lookingAt()) {
                terms.add(new Term(op, num.group(1), null));
                at = num.end();
            } else return new Read(null, at, "expected a number or a {{run-id: regex}} reference at '" + text.substring(at) + "'");
            int end = at;
            while (end < text.length() && Character.isWhitespace(text.charAt(end))) end++;
            Matcher o = OPERATOR.matcher(text).region(end, text.length());
            if (!o.lookingAt()) return new Read(new Expression(text.substring(from, at).strip(), List.copyOf(terms)), end, null);
            op = o.group(1);
            at = o.end();
        }
    }

    /// The references it reads, in order.
    public List<Reference> references() {
        return terms.stream().map(Term::reference).filter(Objects::nonNull).toList();
    }

    /// Its value, with `figures` giving the text each reference finds (null when none). Returns
    /// the value and its operands as read, or what is missing.
    public Value value(Function<Reference, String> figures) {
        double value = Double.NaN;
        var shown = new StringBuilder();
        var missing = new ArrayList<String>();
        for (Term t : terms) {
            String text = t.typed();
            if (t.reference() != null) {
                String found = figures.apply(t.reference());
                if (found == null) { missing.add(t.reference() + " matches nothing"); text = "?"; }
                else if (Reference.number(found).isEmpty()) { missing.add(t.reference() + " found '" + found + "', not a number"); text = found.strip(); }
                else text = found.strip();
            }
            double v = Reference.number(text).orElse(Double.NaN);
            value = t.operator() == null ? v : t.operator().equals("*") ? value * v : value / v;
            if (t.operator() != null) shown.append(' ').append(t.operator()).append(' ');
            shown.append(text);
        }
        return new Value(value, terms.size() == 1 && terms.getFirst().reference() != null && missing.isEmpty()
                ? shown.toString() : format(value), shown.toString(), List.copyOf(missing));
    }

    /// An expression's value: `number`; `shown` as a reader sees it (a single reference's text
    /// unchanged, or the number formatted); `operands` as read ("2345 * 2"); what was missing.
    public record Value(double number, String shown, String operands, List<String> missing) {}

    /// A computed number as a reader would write it: whole numbers without decimals, others to
    /// two decimals.
    public static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
