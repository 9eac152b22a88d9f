package tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.*;
import java.util.List;

/// Temporary folders the tests make, and their removal. Where it can, a test or a test class
/// takes its folder from JUnit's `@TempDir`, which deletes it even when the test fails. The
/// rest (a course copy a live server runs in, a browser profile, a folder a program runs in)
/// are made with Files.createTempDirectory and deleted here, in a `finally` or a `close()`;
/// nothing in the tests deletes a tree any other way. Also here: a folder that lives for the
/// whole test run, and the cache a copy of the repository gets of its own.
final class Temp {
    private Temp() {}

    /// Deletes a file, or a folder and everything under it (kit.Trees.delete: symbolic links
    /// are removed, never followed). Nothing to do when it is already gone.
    static void delete(Path root) {
        if (root == null) return;
        try {
            kit.Trees.delete(root);
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the temporary " + root, e);
        }
    }

    /// A folder for what several test classes share in one run (the built site): deleted
    /// when the test JVM ends, which Tests.java does with System.exit.
    static Path forTheRun(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(prefix);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
        return dir;
    }

    /// Gives a copy of the repository a `.cache` of its own, seeded from the real one: the
    /// JBang jar and JBang's home with its compiled scripts (so nothing is fetched or compiled
    /// again), and the classpath files build.sh keeps for its tools (.cache/tools/NAME-KEY.classpath),
    /// their paths moved into the copy, so that build.sh there does not ask JBang again for
    /// what the real repo's asked already (two JBang starts, seconds of CPU). A copy whose
    /// tools differ gets another KEY and asks JBang itself; a classpath file that a build in
    /// the real repo deletes while this reads it is left out, as it only saves time. build.sh
    /// then writes its classpath files and AOT caches into the copy, never into the real
    /// `.cache`.
    static void ownCache(Path copy) throws IOException {
        for (String part : List.of(".cache/jbang", ".cache/jbang-home"))
            kit.Trees.copy(Proc.ROOT.resolve(part), copy.resolve(part));
        Path tools = Files.createDirectories(copy.resolve(".cache/tools"));
        Path real = Proc.ROOT.resolve(".cache/tools");
        if (!Files.isDirectory(real)) return;
        String from = Proc.ROOT.resolve(".cache/jbang-home") + "/", to = copy.resolve(".cache/jbang-home") + "/";
        try (var files = Files.newDirectoryStream(real, "*.classpath")) {
            for (Path f : files) {
                String classpath;
                try {
                    classpath = Files.readString(f);
                } catch (NoSuchFileException gone) {
                    continue;
                }
                if (classpath.startsWith(from))   // made with this repo's JBang home, which the copy has now
                    Files.writeString(tools.resolve(f.getFileName()), classpath.replace(from, to));
            }
        }
    }
}
