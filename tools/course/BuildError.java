package course;

import java.nio.file.Path;

/// A problem in the course's content, reported as `file:line: what is wrong. what to do`.
public final class BuildError extends RuntimeException {
    public final Path file;
    public final int line;

    public BuildError(Path file, int line, String message) {
        super(message);
        this.file = file;
        this.line = line;
    }

    /// A regex of the content's (a claim, a reference, rows:, median:), multi-line, or a
    /// BuildError at `file:line` saying `what` has an invalid one, and why.
    public static java.util.regex.Pattern regex(Path file, int line, String regex, String what) {
        try {
            return java.util.regex.Pattern.compile(regex, java.util.regex.Pattern.MULTILINE);
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new BuildError(file, line, what + " an invalid regex: " + e.getDescription());
        }
    }

    /// `lessons/05-waits.md:12: ...`, with the path relative to the repository when possible.
    public String where() {
        String f = file == null ? "(course)" : Course.relative(file);
        return line > 0 ? f + ":" + line : f;
    }

    @Override
    public String toString() {
        return file == null ? getMessage() : where() + ": " + getMessage();
    }
}
