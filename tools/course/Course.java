package course;

import java.nio.file.*;

/// Where the course lives on disk.
public final class Course {
    private Course() {}

    /// The repository root: the nearest folder upward that holds build.sh.
    public static final Path ROOT = findRoot();

    public static String relative(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(ROOT) ? ROOT.relativize(abs).toString() : file.toString();
    }

    private static Path findRoot() {
        String fromEnv = System.getenv("COURSE_ROOT");
        if (fromEnv != null && !fromEnv.isBlank()) return Path.of(fromEnv).toAbsolutePath().normalize();
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("build.sh"))) p = p.getParent();
        return p == null ? Path.of("").toAbsolutePath() : p;
    }
}
