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
