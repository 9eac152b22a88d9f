package live;

import java.io.*;
import java.nio.file.*;
import java.util.concurrent.ConcurrentHashMap;
import kit.Hash;
import kit.Javac;

/// Compiles each program once per content (and JDK) into .cache/live/<key>/ (kit.Javac), so a
/// Run starts `java -cp <that folder> Name` instead of compiling the source on every start
/// as `java Name.java` does.
final class CompiledPrograms {
    private final Path cache;
    private final ConcurrentHashMap<String, Object> locks = new ConcurrentHashMap<>();

    CompiledPrograms(Path cache) {
        this.cache = cache;
    }

    /// The folder holding the program's classes, compiling it first if needed.
    Path classesFor(StartableRuns.Program p) throws IOException {
        String key = key(p);
        Path dir = cache.resolve(key);
        if (Files.isRegularFile(dir.resolve(p.className() + ".class"))) return dir;
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            if (Files.isRegularFile(dir.resolve(p.className() + ".class"))) return dir;
            Files.createDirectories(cache);
            Javac.install(dir, folder -> {
                var messages = new StringWriter();
                Path file = folder.resolve(p.className() + ".java");
                if (Javac.compile(file, p.text(), folder, course.Preview.javacFlags(p.text()), messages) == null)
                    throw new IOException("javac could not compile " + p.ref() + ":\n" + messages.toString().strip());
            });
            return dir;
        }
    }

    static String key(StartableRuns.Program p) {
        return Hash.forThisJdk(p.text()).substring(0, 24);   // javac's flags follow from the text (//PREVIEW)
    }
}
