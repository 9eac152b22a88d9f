package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;
import org.snakeyaml.engine.v2.nodes.*;

/// A lesson's markdown body (or lessons/index.md), read once into what every tool needs: its
/// block directives, its fenced blocks, and its lines of prose with their number references and
/// cited figures. The renderer, `./jbang compare`, `./build.sh cited` and the tests all read
/// this one parse. Every error names the file and line.
public record Body(Path file, List<Part> parts) {

    /// A block directive's line: `{{name}}` or `{{name argument}}`.
    static final Pattern DIRECTIVE = Pattern.compile("\\{\\{([a-z]+(?:-[a-z]+)*)(?: +([A-Za-z0-9-]+))?\\}\\}");

    /// One line of the body, or one fenced directive block.
    public sealed interface Part { int line(); }

    /// A line of prose: its text and its `{{` spans, in order.
    public record Prose(int line, String text, List<Inline> spans) implements Part {}

    /// A line of a plain fenced code block, its fences included: shown as written.
    public record Code(int line, String text) implements Part {}

    /// `{{name argument}}` alone on a line (argument null when there is none).
    public record Placed(int line, Directive.OnALine kind, String argument) implements Part {}

    /// A fenced block of a directive kind (```` ```chart ````) opened on `line`: the text between its fences.
    public record Block(int line, Directive.Fenced kind, String text) implements Part {
        /// The number references in the block's YAML values, each at its value's line; none when
        /// the YAML does not parse (rendering the block says why).
        public List<Reference> references(Path file, Set<String> declaredRuns) {
            Optional<Node> root;
            try {
                root = new org.snakeyaml.engine.v2.api.lowlevel.Compose(org.snakeyaml.engine.v2.api.LoadSettings.builder().build()).composeString(text);
            } catch (RuntimeException e) {
                return List.of();
            }
            var out = new ArrayList<Reference>();
            root.ifPresent(n -> collect(n, file, declaredRuns, out));
            return out;
        }

        private void collect(Node node, Path file, Set<String> declaredRuns, List<Reference> out) {
            switch (node) {
                case ScalarNode s -> {
                    int at = line + 1 + s.getStartMark().map(m -> m.getLine()).orElse(0);
                    for (Reference.Span span : Reference.spans(s.getValue()))
                        if (span.match() != null) out.add(Reference.parse(span.match(), file, at, declaredRuns));
                }
                case MappingNode m -> m.getValue().forEach(t -> collect(t.getValueNode(), file, declaredRuns, out));
                case SequenceNode q -> q.getValue().forEach(n -> collect(n, file, declaredRuns, out));
                default -> { }
            }
        }
    }

    /// A `{{` in prose, from `start` to `end` of its line: one of the three inline kinds. A new
    /// kind is one more record here, and the compiler names every switch that must handle it.
    public sealed interface Inline permits Measured, Cited, FromCourse {
        int start();
        int end();
    }

    /// `{{run-id: regex}}`: a figure read from a recording.
    public record Measured(int start, int end, Reference reference) implements Inline {}

    /// `{{cited FIGURE | SOURCE}}`, the `n`-th on its page.
    public record Cited(int start, int end, CitedFigure figure, int n) implements Inline {}

    /// `{{lesson slug}}`, `{{course lessons}}`: a value read from the course.
    public record FromCourse(int start, int end, CourseReference reference) implements Inline {}

    /// Parses `markdown`, whose first line is line `firstLine` of `file`. References must name
    /// one of `declaredRuns`.
    public static Body parse(Path file, String markdown, int firstLine, Set<String> declaredRuns) {
        var parts = new ArrayList<Part>();
        String[] lines = markdown.split("\n", -1);
        String fence = null;
        int cited = 0;
        int[] spanEnd = new int[1];
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int lineNo = firstLine + i;
            if (fence != null) {
                if (line.strip().startsWith(fence)) fence = null;
                parts.add(new Code(lineNo, line));
                continue;
            }
            Matcher f = Markdown.FENCE.matcher(line);
            if (f.find()) {
                if (Directive.named(line.substring(f.end()).strip()).orElse(null) instanceof Directive.Fenced block) {
                    int end = closingFence(lines, i + 1, f.group(1));
                    if (end < 0) throw new BuildError(file, lineNo, "opens a " + line.strip() + " block that is never closed. "
                            + "End it with a line " + f.group(1));
                    parts.add(new Block(lineNo, block, String.join("\n", Arrays.asList(lines).subList(i + 1, end))));
                    i = end;
                    continue;
                }
                fence = f.group(1);
                parts.add(new Code(lineNo, line));
                continue;
            }
            Matcher d = DIRECTIVE.matcher(line.strip());
            Directive kind = d.matches() ? Directive.named(d.group(1)).orElse(null) : null;
            if (kind instanceof Directive.Fenced fenced) throw new BuildError(file, lineNo, fenced.notOnALine());
            if (kind instanceof Directive.OnALine onALine) {
                parts.add(new Placed(lineNo, onALine, d.group(2)));
                continue;
            }
            var spans = new ArrayList<Inline>();
            for (Reference.Span s : Reference.spans(line)) {
                if (s.cited() != null)
                    spans.add(new Cited(s.start(), s.end(), CitedFigure.parse(s.cited(), file, lineNo), ++cited));
                else if (s.match() != null)
                    spans.add(new Measured(s.start(), s.end(), Reference.parse(s.match(), file, lineNo, declaredRuns)));
                else if (CourseReference.at(line, s.start(), file, lineNo, spanEnd) instanceof CourseReference c)
                    spans.add(new FromCourse(s.start(), spanEnd[0], c));
                else throw new BuildError(file, lineNo, "has '{{' that is not a directive, a number reference "
                        + "or a cited figure. Use " + Directive.usages() + ", " + NumberReferences.USAGE + ", " + CitedFigure.USAGE + ", " + CourseReference.USAGE
                        + "; write `{{` inside backticks to show it literally");
            }
            parts.add(new Prose(lineNo, line, List.copyOf(spans)));
        }
        return new Body(file, List.copyOf(parts));
    }

    /// The index of the line that closes a fenced block opened with `fence`, from `from` on; -1 if none.
    static int closingFence(String[] lines, int from, String fence) {
        for (int i = from; i < lines.length; i++) if (lines[i].strip().startsWith(fence)) return i;
        return -1;
    }

    /// The arguments of every `{{name argument}}` line of kind `name`, in order.
    public List<String> placed(String name) {
        var out = new ArrayList<String>();
        for (Part p : parts)
            if (p instanceof Placed d && d.kind().name().equals(name) && d.argument() != null) out.add(d.argument());
        return out;
    }

    /// Every number reference, in prose and in directive blocks (a chart's figures), in order.
    public List<Reference> references(Set<String> declaredRuns) {
        var out = new ArrayList<Reference>();
        for (Part p : parts) {
            if (p instanceof Prose prose) { for (Inline s : prose.spans()) if (s instanceof Measured m) out.add(m.reference()); }
            else if (p instanceof Block b) out.addAll(b.references(file, declaredRuns));
        }
        return out;
    }

    /// Every cited figure, in order: the n-th is numbered n on the page.
    public List<CitedFigure> cited() {
        var out = new ArrayList<CitedFigure>();
        for (Part p : parts)
            if (p instanceof Prose prose) for (Inline s : prose.spans()) if (s instanceof Cited c) out.add(c.figure());
        return out;
    }
}
