package kit;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/// Source files run as `java File.java` runs them, but compiled only once. Each text is
/// compiled (Javac) into `cache/NAME-KEY/`, holding `classes/`, `main` (the class to run) or
/// `compile-error`, and `warnings`; it runs with `java -cp`, and once it has ended its exit
/// code and output are kept there too (`verdict`), so the same text need not run again. KEY is a
/// hash of the text, the JDK, the flags and `salt` (what else the result depends on: the
/// checker's own sources). An entry that cannot be read is rebuilt without a word.
public final class SourceRuns {
    /// What a file needs beyond the defaults, for compiling and for running (a preview
    /// program's --enable-preview, say).
    public record JdkFlags(List<String> javac, List<String> java) {
        public static final JdkFlags NONE = new JdkFlags(List.of(), List.of());
    }

    /// How a run ended: `ended` false when it was stopped after the time limit; `kept` when
    /// it was read from the cache, not run now.
    public record Ran(int exit, String output, boolean ended, boolean kept) {}

    private record Compiled(Path classes, String mainClass, String error, String warnings, boolean fromCache) {}

    private static final String RAN = "check verdict, exit ", RAN_END = "\nend of verdict\n";
    /// Output kept of one run, in characters: enough for any verdict, and no flood.
    private static final int MAX_OUTPUT = 64_000;
    /// What every JVM prints when an environment variable gives it options: said once by the
    /// JVM that runs this class, it is not the program's output.
    static final Pattern JVM_NOTICE = Pattern.compile("(NOTE: )?Picked up (JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS): ");

    private final Path cache, workDir;
    private final String salt;
    private final Duration limit;
    private final Path java = Path.of(System.getProperty("java.home"), "bin",
            System.getProperty("os.name").startsWith("Windows") ? "java.exe" : "java");

    /// Runs start in `workDir`; one that has not ended after `limit` is stopped.
    public SourceRuns(Path cache, Path workDir, String salt, Duration limit) {
        this.cache = cache;
        this.workDir = workDir;
        this.salt = salt;
        this.limit = limit;
    }

    /// The cache folder of this text of `name`.
    Path entry(String name, String text, JdkFlags flags) {
        String key = Hash.forThisJdk(salt, name, text, "javac " + flags.javac() + " java " + flags.java());
        return cache.resolve(name + "-" + key.substring(0, 20));
    }

    /// The run kept from the last time this very text ran, or null.
    public Ran kept(String name, String text, JdkFlags flags) {
        String kept = readOrNull(entry(name, text, flags).resolve("verdict"));
        if (kept == null) return null;
        int firstBreak = kept.indexOf('\n');
        if (!kept.startsWith(RAN) || firstBreak < 0 || !kept.endsWith(RAN_END)) return null;  // corrupt: run again
        try {
            int exit = Integer.parseInt(kept.substring(RAN.length(), firstBreak).strip());
            return new Ran(exit, kept.substring(firstBreak + 1, kept.length() - RAN_END.length()), true, true);
        } catch (NumberFormatException x) {
            return null;
        }
    }

    /// Runs `file` as it reads now (`text`), compiled first unless the cache has it, and
    /// keeps the result when the run ended. A compile error is a run that printed it, exit 1.
    public Ran run(String name, Path file, String text, JdkFlags flags) {
        Path entry = entry(name, text, flags);
        for (int attempt = 1; ; attempt++) {
            Compiled c = compiled(name, file, text, flags, entry);
            Ran r = c.error() != null ? new Ran(1, c.error(), true, false) : run(c, flags);
            // a damaged entry (class files cut short, say): compile once more, silently
            if (attempt == 1 && c.fromCache() && r.output().lines().anyMatch(SourceRuns::brokenClasses)) {
                Trees.deleteIfPossible(entry);
                continue;
            }
            if (r.ended()) remember(entry, r);
            return r;
        }
    }

    static boolean brokenClasses(String line) {
        return line.startsWith("Error: Could not find or load main class")
                || line.contains("java.lang.ClassFormatError") || line.contains("java.lang.NoClassDefFoundError")
                || line.contains("Incompatible magic value") || line.contains("Truncated class file");
    }

    /// The classes, from the cache or compiled now; or the compile errors, printed as
    /// `java File.java` prints them (file:line: error: ...).
    private Compiled compiled(String name, Path file, String text, JdkFlags flags, Path entry) {
        Compiled kept = read(entry, true);
        if (kept != null) return kept;
        Trees.deleteIfPossible(entry);
        try {
            Javac.install(entry, dir -> {
                Path classes = Files.createDirectories(dir.resolve("classes"));
                var messages = new StringWriter();
                String mainClass = Javac.compile(file, text, classes, flags.javac(), messages);
                String shown = messages.toString().replace(workDir + File.separator, "");
                if (mainClass == null) {
                    Files.writeString(dir.resolve("compile-error"), shown.stripTrailing() + "\nerror: compilation failed\n");
                    Trees.delete(classes);
                } else {
                    // warnings (deprecation, unchecked) are shown as `java File.java` shows them
                    Files.writeString(dir.resolve("warnings"), shown);
                    Files.writeString(dir.resolve("main"), mainClass + "\n");
                }
            });
            dropOlderEntries(name, entry);
            Compiled c = read(entry, false);
            if (c == null) throw new IOException("no classes in " + entry);
            return c;
        } catch (IOException | RuntimeException x) {
            return new Compiled(null, null, "error: could not compile " + workDir.relativize(file.toAbsolutePath()) + ": " + x + "\n", "", false);
        }
    }

    /// What an entry holds: classes to run, or a compile error; null when it holds neither.
    private static Compiled read(Path entry, boolean fromCache) {
        String main = readOrNull(entry.resolve("main")), error = readOrNull(entry.resolve("compile-error"));
        if (error != null) return new Compiled(null, null, error, "", fromCache);
        if (main == null || main.isBlank() || !Files.isDirectory(entry.resolve("classes"))) return null;
        String warnings = readOrNull(entry.resolve("warnings"));
        return new Compiled(entry.resolve("classes"), main.strip(), null, warnings == null ? "" : warnings, fromCache);
    }

    /// Drops the entries of older texts of `name`.
    private void dropOlderEntries(String name, Path entry) throws IOException {
        try (var old = Files.list(cache)) {
            for (Path p : old.toList()) {
                String n = p.getFileName().toString();
                if (!p.equals(entry) && n.startsWith(name + "-") && !Javac.unfinished(n)
                        && n.substring(name.length() + 1).matches("[0-9a-f]{20}"))
                    Trees.deleteIfPossible(p);
            }
        }
    }

    private static void remember(Path entry, Ran r) {
        try {
            if (!Files.isDirectory(entry)) return;
            Path tmp = entry.resolve("verdict.tmp-" + Thread.currentThread().threadId());
            Files.writeString(tmp, RAN + r.exit() + "\n" + r.output() + RAN_END, StandardCharsets.UTF_8);
            Files.move(tmp, entry.resolve("verdict"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException ignored) {
            // not kept: it runs again next time
        }
    }

    /// `java [options] -cp classes Main` in workDir: its output (both streams) and exit code.
    private Ran run(Compiled c, JdkFlags flags) {
        var command = new ArrayList<String>(List.of(java.toString()));
        command.addAll(flags.java());
        command.addAll(List.of("-cp", c.classes().toString(), c.mainClass()));
        Process p = null;
        try {
            p = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true).start();
            Process running = p;
            running.getOutputStream().close();
            var output = new StringBuilder(c.warnings());
            Thread reader = Thread.ofVirtual().start(() -> {
                try (var in = new BufferedReader(new InputStreamReader(running.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        if (JVM_NOTICE.matcher(line).lookingAt()) continue;
                        synchronized (output) {
                            if (output.length() < MAX_OUTPUT) output.append(line).append('\n');
                        }
                    }
                } catch (IOException ignored) {
                    // the process was ended
                }
            });
            boolean ended = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) Processes.stop(p, Duration.ZERO);
            reader.join(2_000);
            String out;
            synchronized (output) {
                out = output.toString().stripTrailing();
            }
            return new Ran(ended ? p.exitValue() : -1, out, ended, false);
        } catch (IOException x) {
            return new Ran(1, "could not run " + java + ": " + x.getMessage(), true, false);
        } catch (InterruptedException x) {
            if (p != null) Processes.stop(p, Duration.ZERO);
            Thread.currentThread().interrupt();
            return new Ran(1, "interrupted", false, false);
        }
    }

    /// Loads and exercises javac in the background, so that the next compile does not pay for it.
    public void warmUp() {
        Thread.ofPlatform().daemon().name("warm-up").priority(Thread.MIN_PRIORITY).start(() -> {
            try {
                // In the cache, not /tmp: the JVM may end while this daemon thread compiles.
                Path dir = Files.createTempDirectory(Files.createDirectories(cache), "warm-up");
                try {
                    Javac.compile(dir.resolve("WarmUp.java"), "void main() { IO.println(java.util.List.of(1)); }\n",
                            dir, List.of(), new StringWriter());
                } finally {
                    Trees.deleteIfPossible(dir);
                }
            } catch (IOException | RuntimeException ignored) {
                // only a warm-up
            }
        });
    }

    /// A file's text, or null when it cannot be read (gone, say, or not text).
    public static String readOrNull(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }
}
