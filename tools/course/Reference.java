package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;

/// A number reference, `{{run-id: regex}}`: the figure a lesson quotes from a run's output,
/// and the lesson line that quotes it. Matching needs only an output, so the same reference
/// works against a recording or against a fresh run.
public record Reference(String runId, String regex, Pattern pattern, Path file, int line) {

    public static final Pattern SYNTAX = Pattern.compile("\\{\\{(" + Slug.WORDS + "): (.+?)\\}\\}");

    /// A reference's figure in one output: the value, or null when the pattern matches nothing.
    public record Figure(Reference reference, String value) {
        public boolean found() { return value != null; }
    }

    /// Parses the reference `m` matched at `file:line`; refuses an undeclared run (unless
    /// `declaredRuns` is null: not known yet) or a regex without exactly one group.
    public static Reference parse(MatchResult m, Path file, int line, Set<String> declaredRuns) {
        String id = m.group(1);
        if (declaredRuns != null) requireDeclared(id, declaredRuns, file, line);
        Pattern p = BuildError.regex(file, line, m.group(2), "has a reference with");
        if (p.matcher("").groupCount() != 1) throw new BuildError(file, line, "reference /" + m.group(2)
                + "/ must have exactly one (group): the number to show");
        return new Reference(id, m.group(2), p, file, line);
    }

    /// This reference, after refusing it when its run is not declared.
    public Reference declaredIn(Set<String> declaredRuns) {
        requireDeclared(runId, declaredRuns, file, line);
        return this;
    }

    private static void requireDeclared(String id, Set<String> declaredRuns, Path file, int line) {
        if (!declaredRuns.contains(id)) throw new BuildError(file, line, "refers to run '" + id + "', which no lesson declares. "
                + "Declare it under runs: in the front matter");
    }

    /// What this reference finds in `output`.
    public Figure in(String output) {
        Matcher value = pattern.matcher(output);
        return new Figure(this, value.find() ? value.group(1) : null);
    }

    /// The figure as a number: digits with `,` or `_` separators, an optional sign and decimals.
    public static OptionalDouble number(String value) {
        String plain = value.strip().replace(",", "").replace("_", "");
        try {
            return OptionalDouble.of(Double.parseDouble(plain));
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /// A `{{` in a line of prose outside code spans: where it starts, where it ends, and what it
    /// opens: a number reference (`match`), a cited figure (`cited`), or neither (both null).
    public record Span(int start, int end, MatchResult match, MatchResult cited) {}

    /// Every `{{` in one line of prose, outside code spans, in order.
    public static List<Span> spans(String line) {
        var out = new ArrayList<Span>();
        boolean inCode = false;
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '`') inCode = !inCode;
            if (inCode || !line.startsWith("{{", i)) continue;
            Matcher m = SYNTAX.matcher(line).region(i, line.length());
            Matcher c = CitedFigure.SYNTAX.matcher(line).region(i, line.length());
            if (m.lookingAt()) out.add(new Span(i, m.end(), m.toMatchResult(), null));
            else if (c.lookingAt()) out.add(new Span(i, c.end(), null, c.toMatchResult()));
            else { out.add(new Span(i, i + 2, null, null)); i++; continue; }
            i = out.getLast().end() - 1;
        }
        return out;
    }

    @Override
    public String toString() {
        return "{{" + runId + ": " + regex + "}}";
    }
}
