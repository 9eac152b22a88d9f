package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.Pattern;

/// A program as a page shows it: the lines that carry its idea open, the rest folded. The program
/// marks what to fold, as JEP 413's `@snippet` marks regions: a line `// @fold WHAT IT HOLDS` opens
/// a fold and a line `// @end` closes it; both stay in the file and in the fold, so the page keeps
/// the file's own line numbers and Copy gives the whole file. An exercise's part under the line
/// `// ---- Checking your work: ...` is folded without a marker. A marker out of place stops the
/// build at the program's file and line.
public record Excerpt(List<Part> parts) {

    /// Lines `first` (1-based) to `first + lines.size() - 1`; `fold` says what a folded part holds, null when open.
    public record Part(int first, List<String> lines, String fold) {
        public boolean folded() { return fold != null; }
        /// The part of an exercise under its "Checking your work" line.
        public boolean checking() { return CHECKING_FOLD.equals(fold); }
        /// The summary a fold shows: "42 lines: reading /proc".
        public String summary() { return lines.size() + " lines: " + fold; }
    }

    static final Pattern FOLD = Pattern.compile("^\\s*// @fold(?:\\s+(.*?))?\\s*$");
    static final Pattern END = Pattern.compile("^\\s*// @end\\s*$");
    /// A line that looks like a marker (`// @` and a lower-case word): a misspelt one is refused.
    static final Pattern MARKER = Pattern.compile("^\\s*// @[a-z]\\w*");
    /// Where an exercise's checking code starts (the same line in every exercise).
    static final String CHECKING = "// ---- Checking your work:";
    static final String CHECKING_FOLD = "checking your work";

    /// The lines a reader sees before unfolding anything.
    public int openLines() {
        return parts.stream().filter(p -> !p.folded()).mapToInt(p -> p.lines().size()).sum();
    }

    public static Excerpt of(Path file, String text, boolean exercise) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!lines.isEmpty() && lines.getLast().isEmpty()) lines.removeLast();   // the file's final newline
        var parts = new ArrayList<Part>();
        int start = 0, foldAt = -1;
        String fold = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            var open = FOLD.matcher(line);
            if (open.matches()) {
                if (fold != null) throw new BuildError(file, i + 1, "a fold opens inside the fold opened at line " + (foldAt + 1) + ": close that one first with // @end");
                if (open.group(1) == null || open.group(1).isBlank())
                    throw new BuildError(file, i + 1, "// @fold needs to say what the fold holds: // @fold reading /proc");
                add(parts, lines, start, i, null);
                start = i;
                foldAt = i;
                fold = open.group(1);
            } else if (END.matcher(line).matches()) {
                if (fold == null) throw new BuildError(file, i + 1, "// @end closes no fold: open one above it with // @fold WHAT IT HOLDS");
                add(parts, lines, start, i + 1, fold);
                start = i + 1;
                fold = null;
            } else if (MARKER.matcher(line).find()) {
                throw new BuildError(file, i + 1, "unknown marker '" + line.strip() + "': a program folds with // @fold WHAT IT HOLDS ... // @end");
            } else if (exercise && fold == null && line.startsWith(CHECKING)) {
                add(parts, lines, start, i, null);
                add(parts, lines, i, lines.size(), CHECKING_FOLD);
                return new Excerpt(List.copyOf(parts));
            }
        }
        if (fold != null) throw new BuildError(file, foldAt + 1, "the fold '" + fold + "' is never closed: end it with a line // @end");
        add(parts, lines, start, lines.size(), null);
        return new Excerpt(List.copyOf(parts));
    }

    private static void add(List<Part> parts, List<String> lines, int from, int to, String fold) {
        if (to > from) parts.add(new Part(from + 1, List.copyOf(lines.subList(from, to)), fold));
    }
}
