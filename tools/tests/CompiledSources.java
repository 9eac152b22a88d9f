package tests;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/// A source file run as `java File.java` runs it, but compiled in this JVM (kit.Javac, with
/// the source launcher's options and the file's preview flags) and started as `java -cp
/// CLASSES Main`. The source launcher compiles the file again in every new JVM, about a
/// second of CPU each time; the test JVM's javac, once warm, compiles a file in a fraction
/// of that. The program, its working folder and what it prints are the same; a file that
/// does not compile gives what `java File.java` gives: javac's errors and exit 1.
final class CompiledSources implements AutoCloseable {
    private final Path classes;     // null when it did not compile
    private final String mainClass;
    private final String messages;  // javac's errors, or its warnings, which `java File.java` prints on stderr
    private final List<String> javaFlags;

    private CompiledSources(Path classes, String mainClass, String messages, List<String> javaFlags) {
        this.classes = classes;
        this.mainClass = mainClass;
        this.messages = messages;
        this.javaFlags = javaFlags;
    }

    /// `file` (relative to `dir`) as it reads on disk, compiled into a new temporary folder
    /// (deleted by close). javac's messages name it as `java FILE` run in `dir` would.
    static CompiledSources compile(Path dir, Path relative) {
        Path file = dir.resolve(relative);
        try {
            String text = Files.readString(file);
            Path classes = Files.createTempDirectory("compiled");
            var messages = new StringWriter();
            String main;
            try {
                main = kit.Javac.compile(file, text, classes, course.Preview.javacFlags(text), messages);
            } catch (IOException | RuntimeException e) {
                Temp.delete(classes);
                throw e;
            }
            // javac's notes ("uses preview features") the source launcher does not print.
            String shown = messages.toString().replace(dir.toAbsolutePath() + java.io.File.separator, "")
                    .lines().filter(l -> !l.startsWith("Note: ")).map(l -> l + "\n").collect(java.util.stream.Collectors.joining());
            if (main == null) {
                Temp.delete(classes);
                return new CompiledSources(null, null, shown.stripTrailing() + "\nerror: compilation failed\n", List.of());
            }
            return new CompiledSources(classes, main, shown, course.Preview.javaFlags(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /// Runs it in `dir` as `java [preview flags] -cp CLASSES Main`, `before` (prlimit, say) first.
    Proc.Result run(Path dir, Proc.HangLimit limit, String... before) {
        return run(dir, limit, List.of(before), List.of(), List.of());
    }

    /// Runs it in `dir` as `java [preview flags] -cp CLASSES Main ARGS`.
    Proc.Result runWith(Path dir, Proc.HangLimit limit, List<String> args) {
        return run(dir, limit, List.of(), List.of(), args);
    }

    /// Runs it in `dir` as `BEFORE java [preview flags] JAVA-OPTIONS -cp CLASSES Main ARGS`.
    Proc.Result run(Path dir, Proc.HangLimit limit, List<String> before, List<String> javaOptions, List<String> args) {
        if (classes == null) return new Proc.Result(1, "", messages, 0);
        var cmd = new ArrayList<String>(before);
        cmd.add(Proc.JAVA.toString());
        cmd.addAll(javaFlags);
        cmd.addAll(javaOptions);
        cmd.addAll(List.of("-cp", classes.toString(), mainClass));
        cmd.addAll(args);
        var r = Proc.run(dir, Map.of(), limit, cmd);
        return messages.isEmpty() ? r : new Proc.Result(r.exit(), r.out(), messages + r.err(), r.millis());
    }

    boolean compiled() {
        return classes != null;
    }

    /// A program of the course compiled once for this test run: the same file with the same
    /// text is compiled once however many tests run it. Deleted when the test JVM ends. Null
    /// for a program that starts itself again, and for a file that cannot be read.
    static CompiledSources shared(Path dir, Path relative) {
        String text;
        try {
            text = Files.readString(dir.resolve(relative));
        } catch (IOException e) {
            return null;   // the run will say what is wrong with the file
        }
        // A program that reads how it was started (DaemonTrap's race starts itself again that
        // way, and prints the command) runs as `java File.java`, as a reader runs it. One that
        // starts other processes (MillionThreads' jstack) runs compiled like any other.
        // A test that runs such a program in a way that does not read it takes compiledOnce.
        if (text.contains("ProcessHandle.current().info()")) return null;
        return compiledOnce(dir, relative, text);
    }

    /// The same, for any program: for a run that does not depend on how the program was started.
    static CompiledSources compiledOnce(Path dir, Path relative) {
        try {
            return compiledOnce(dir, relative, Files.readString(dir.resolve(relative)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CompiledSources compiledOnce(Path dir, Path relative, String text) {
        String key = dir.resolve(relative).toAbsolutePath() + "\n" + text.hashCode() + "\n" + text.length();
        return SHARED.computeIfAbsent(key, k -> {
            var c = compile(dir, relative);
            if (c.classes != null) Runtime.getRuntime().addShutdownHook(new Thread(c::close));
            return c;
        });
    }

    private static final Map<String, CompiledSources> SHARED = new java.util.concurrent.ConcurrentHashMap<>();

    /// Compiles `file` (in `dir`) and runs it there once: `java File.java`, compiled here.
    static Proc.Result runOnce(Path dir, Path file, Proc.HangLimit limit, String... before) {
        try (var compiled = compile(dir, file)) {
            return compiled.run(dir, limit, before);
        }
    }

    @Override
    public void close() {
        Temp.delete(classes);
    }
}
