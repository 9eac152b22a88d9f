package kit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.*;
import java.util.Comparator;

/// Folders deleted and copied whole.
public final class Trees {
    private Trees() {}

    /// Deletes a file or a folder with everything in it (a link is deleted, never what it
    /// points to); nothing happens when it does not exist.
    public static void delete(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) return;
        try (var all = Files.walk(p)) {
            for (Path q : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /// `delete`, for a folder that may be left behind: false when some of it could not go.
    public static boolean deleteIfPossible(Path p) {
        try {
            delete(p);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /// Copies a file, or a folder's files into another, replacing files of the same name and
    /// keeping each file's time stamp and permissions (a script stays executable). A missing
    /// source copies nothing.
    public static void copy(Path from, Path to) throws IOException {
        if (!Files.exists(from)) return;
        try (var all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(dest);
                else {
                    Files.createDirectories(dest.toAbsolutePath().getParent());
                    Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
