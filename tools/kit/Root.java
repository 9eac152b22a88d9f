package kit;

import java.nio.file.*;

/// Where the course lives on disk: $COURSE_ROOT when it is set (build.sh sets it), else the
/// nearest folder upward from the working directory that holds build.sh, else the working
/// directory.
public final class Root {
    private Root() {}

    public static Path find() {
        String fromEnv = System.getenv("COURSE_ROOT");
        if (fromEnv != null && !fromEnv.isBlank()) return Path.of(fromEnv).toAbsolutePath().normalize();
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) if (Files.exists(p.resolve("build.sh"))) return p;
        return here;
    }
}
