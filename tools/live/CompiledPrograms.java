package live;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import kit.Hash;
import kit.Javac;

/// Compiles each program once per content (and JDK) into .cache/live/<key>/ (kit.Javac), so a
/// Run starts `java -cp <that folder> Name` instead of compiling the source on every start
/// as `java Name.java` does. A program with `//DEPS` lines gets its classpath from JBang
/// (`./jbang info classpath`, which resolves them and may download them the first time), the
/// same jars `./jbang <alias>` runs it with; that list is kept in the same folder.
final class CompiledPrograms {
    /// A program ready to start: `java -cp classpath() mainClass`.
    record Compiled(Path classes, String mainClass, List<String> dependencies) {
        String classpath() {
            var all = new ArrayList<String>();
            all.add(classes.toString());
            all.addAll(dependencies);
            return String.join(File.pathSeparator, all);
        }
    }

    /// JBang's own compile options (`./jbang info tools` lists them): Spring reads parameter names.
    static final List<String> JBANG_JAVAC = List.of("-g", "-parameters");
    /// The longest JBang may take to resolve (and download) a program's //DEPS.
    static final long RESOLVE_MINUTES = 10;

    private final Path root;
    private final Path cache;
    private final ConcurrentHashMap<String, Object> locks = new ConcurrentHashMap<>();

    CompiledPrograms(Path root) {
        this.root = root;
        this.cache = root.resolve(".cache/live");
    }

    static boolean hasDeps(StartableRuns.Program p) {
        return course.Deps.in(p.text());
    }

    /// The program compiled, compiling it first (and resolving its //DEPS) if needed. What it
    /// does then goes to `progress`, a line at a time, so a page that waits can say why.
    Compiled classesFor(StartableRuns.Program p, Consumer<String> progress) throws IOException {
        Path dir = cache.resolve(key(p));
        Compiled ready = read(dir);
        if (ready != null) return ready;
        progress.accept(hasDeps(p)
                ? "preparing " + p.ref() + ", once for this version of it: JBang resolves its //DEPS (./jbang info classpath, which downloads them from Maven the first time), then javac compiles it"
                : "preparing " + p.ref() + ", once for this version of it: javac compiles it");
        long t0 = System.nanoTime();
        synchronized (locks.computeIfAbsent(dir.getFileName().toString(), k -> new Object())) {
            ready = read(dir);
            if (ready != null) return ready;
            kit.Trees.delete(dir); // an entry whose jars are gone from the Maven cache
            Files.createDirectories(cache);
            Javac.install(dir, folder -> {
                List<String> deps = hasDeps(p) ? dependencies(p, folder, progress) : List.of();
                var messages = new StringWriter();
                Path file = folder.resolve(p.className() + ".java");
                var flags = new ArrayList<>(course.Preview.javacFlags(p.text()));
                if (hasDeps(p)) flags.addAll(JBANG_JAVAC);
                String main = Javac.compile(file, p.text(), folder, deps.stream().map(Path::of).toList(), flags, messages);
                if (main == null) throw new IOException("javac could not compile " + p.ref() + ":\n" + messages.toString().strip());
                Files.writeString(folder.resolve("main-class"), main + "\n");
                Files.write(folder.resolve("classpath"), deps);
            });
            ready = read(dir);
            if (ready == null) throw new IOException("the compiled " + p.ref() + " is incomplete in " + dir);
            progress.accept(String.format(Locale.ROOT, "prepared in %.1f s%s", (System.nanoTime() - t0) / 1e9,
                    ready.dependencies().isEmpty() ? "" : ", with " + ready.dependencies().size() + " jars from JBang"));
            return ready;
        }
    }

    /// A finished entry, or null when there is none or a jar it names is gone.
    private static Compiled read(Path dir) throws IOException {
        Path main = dir.resolve("main-class"), classpath = dir.resolve("classpath");
        if (!Files.isRegularFile(main) || !Files.isRegularFile(classpath)) return null;
        List<String> deps = Files.readAllLines(classpath);
        for (String d : deps) if (!Files.exists(Path.of(d))) return null;
        return new Compiled(dir, Files.readString(main).strip(), deps);
    }

    /// The jars of the program's //DEPS, as JBang resolves them: `./jbang info classpath FILE`
    /// on the text live mode runs. JBang's stderr ("Resolving dependencies...") goes to `progress`.
    private List<String> dependencies(StartableRuns.Program p, Path folder, Consumer<String> progress) throws IOException {
        Path source = folder.resolve("jbang").resolve(p.className() + ".java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, p.text());
        var pb = new ProcessBuilder(root.resolve("jbang").toString(), "info", "classpath", source.toString()).directory(root.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process jbang = pb.start();
        jbang.getOutputStream().close();
        var said = new ArrayList<String>();
        Thread err = Thread.ofVirtual().start(() -> {
            try (var r = new BufferedReader(new InputStreamReader(jbang.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (said) { said.add(line); }
                    progress.accept(line);
                }
            } catch (IOException e) { /* JBang ended */ }
        });
        String out;
        try {
            out = new String(jbang.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!jbang.waitFor(RESOLVE_MINUTES, TimeUnit.MINUTES)) {
                kit.Processes.stop(jbang, java.time.Duration.ZERO);
                throw new IOException("JBang did not resolve the //DEPS of " + p.ref() + " in " + RESOLVE_MINUTES + " minutes");
            }
            err.join(2_000);
        } catch (InterruptedException e) {
            kit.Processes.stop(jbang, java.time.Duration.ZERO);
            throw new InterruptedIOException("stopped while JBang resolved the //DEPS of " + p.ref());
        } finally {
            kit.Trees.delete(source.getParent());
        }
        if (jbang.exitValue() != 0) {
            String last;
            synchronized (said) { last = said.isEmpty() ? "" : ": " + said.getLast(); }
            throw new IOException("JBang could not resolve the //DEPS of " + p.ref() + " (./jbang info classpath, exit " + jbang.exitValue() + ")" + last);
        }
        var deps = new ArrayList<String>();
        for (String entry : out.strip().split(Pattern.quote(File.pathSeparator))) {
            if (entry.isBlank()) continue;
            // The first entry is the jar JBang would build from the source: live mode compiles it itself.
            if (entry.contains("/cache/jars/") && !Files.exists(Path.of(entry))) continue;
            if (!Files.exists(Path.of(entry))) throw new IOException("JBang named a jar that is not there for " + p.ref() + ": " + entry);
            deps.add(entry);
        }
        return deps;
    }

    static String key(StartableRuns.Program p) {
        // javac's flags and the //DEPS follow from the text; "2" since entries name their main class.
        return Hash.forThisJdk("2", p.text()).substring(0, 24);
    }
}
