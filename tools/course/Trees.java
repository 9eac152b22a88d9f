package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.Comparator;

/// Folders copied and deleted whole.
public final class Trees {
    private Trees() {}

    /// Deletes a folder and everything in it; nothing happens when it does not exist.
    public static void delete(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) return;
        try (var s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
        }
    }

    /// Copies a folder's files into another, replacing files of the same name.
    public static void copy(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) return;
        try (var s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(dest);
                else Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
