package course;

import java.nio.file.Path;

/// Where the course lives on disk.
public final class Course {
    private Course() {}

    /// The course's name, as every page, the help text and a moved page's title give it.
    public static final String NAME = "Java Virtual Threads, Measured";

    /// The repository root (kit.Root says how it is found).
    public static final Path ROOT = kit.Root.find();

    public static String relative(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(ROOT) ? ROOT.relativize(abs).toString() : file.toString();
    }
}
