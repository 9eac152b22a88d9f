package live;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import javax.tools.ToolProvider;

/// Compiles each program once per content (and JDK), with the JDK's own javac in this JVM,
/// into .cache/live/<sha>/, so a Run starts `java -cp <that folder> Name` instead of
/// compiling the source on every start as `java Name.java` does.
final class CompiledPrograms {
    private final Path cache;
    private final ConcurrentHashMap<String, Object> locks = new ConcurrentHashMap<>();

    CompiledPrograms(Path cache) {
        this.cache = cache;
    }

    /// The folder holding the program's classes, compiling it first if needed.
    Path classesFor(DeclaredRuns.Program p) throws IOException {
        String key = key(p);
        Path dir = cache.resolve(key);
        if (Files.isRegularFile(dir.resolve(p.className() + ".class"))) return dir;
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            if (Files.isRegularFile(dir.resolve(p.className() + ".class"))) return dir;
            compile(p, dir);
            return dir;
        }
    }

    static String key(DeclaredRuns.Program p) {
        boolean preview = p.runtimeOptions().contains("--enable-preview");
        return course.Sources.sha256(p.text() + "\n" + Runtime.version() + (preview ? " preview" : "")).substring(0, 24);
    }

    private void compile(DeclaredRuns.Program p, Path dir) throws IOException {
        var javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) throw new IOException("this Java has no compiler (javac); live mode needs a full JDK 25");
        Path tmp = Files.createDirectories(cache).resolve(dir.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-" + Thread.currentThread().threadId());
        course.Trees.delete(tmp);
        Path src = Files.createDirectories(tmp.resolve("src")).resolve(p.className() + ".java");
        Files.writeString(src, p.text(), StandardCharsets.UTF_8);
        var args = new ArrayList<>(List.of("-d", tmp.toString(), "-encoding", "UTF-8", "-proc:none", "-Xlint:none", "-nowarn"));
        args.addAll(course.Preview.javacFlags(p.text()));
        args.add(src.toString());
        var err = new ByteArrayOutputStream();
        int rc = javac.run(null, OutputStream.nullOutputStream(), err, args.toArray(String[]::new));
        if (rc != 0) {
            course.Trees.delete(tmp);
            throw new IOException("javac could not compile " + p.ref() + ":\n" + err.toString(StandardCharsets.UTF_8).strip());
        }
        course.Trees.delete(tmp.resolve("src"));
        try {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            course.Trees.delete(tmp); // another JVM compiled it first
        }
    }
}
