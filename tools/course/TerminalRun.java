package course;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDate;
import java.util.*;
import java.util.concurrent.TimeUnit;

/// Runs a declared run ({@link Lesson.DeclaredRun}) exactly as its recording is made, in a
/// terminal, and returns all it printed once it ends: what `./build.sh record` stores and
/// `./jbang compare` sets beside the recording. (Live mode starts runs from a page its own way,
/// streaming the output: `live.RunningPrograms`.) Writing a recording ({@link Recording#write})
/// and matching references ({@link Reference#in}) are separate steps, so a fresh run can be
/// compared, not stored.
public final class TerminalRun {
    private TerminalRun() {}

    static final long LIMIT_MINUTES = 10;
    static final int MAX_OUTPUT = 256 * 1024;
    /// Where the header says a wrapped run's copy goes: a wrapper may drop to a user (the ceiling-limited run's
    /// `setpriv` to nobody) who cannot read /root, so the program is copied where anyone can read it.
    /// Each run really gets a fresh folder under /tmp of its own, deleted when it ends ({@link #run}).
    static final Path PUBLIC_DIR = Path.of("/tmp/course-run");

    /// How a run is started, and how a recording's header shows it. `jdk` is the release the
    /// run names (0: the course's, the tools' own). The command's java is the tools' own until
    /// the run starts: only then does a run that names another JDK look for it ({@link Jdks}),
    /// so that loading the course never does.
    public record Plan(List<String> command, String shown, Path sourceToCopy, String text, int jdk) {
        public Plan(List<String> command, String shown, Path sourceToCopy, String text) {
            this(command, shown, sourceToCopy, text, 0);
        }

        /// The command as shown, with the JDK it runs on when the run names one: for listings and logs.
        public String described() {
            return jdk == 0 ? shown : shown + "   (on JDK " + jdk + ")";
        }
    }

    /// What a run printed (stdout and stderr as they arrived), how it ended, and where it ran.
    public record Output(String text, int exit, double seconds, String environment) {}

    /// How `run` is started: made once per run when the course loads ({@link Build.Loaded#plan});
    /// refuses, at the run's line, `preview: off` or `java-options` where they mean nothing.
    public static Plan plan(Path root, Catalog catalog, ProgramTexts texts, Lesson.DeclaredRun run) {
        Catalog.Alias alias = catalog.get(run.alias(), run.lesson(), run.line());
        String text = alias.ref().endsWith(".java") ? texts.of(alias).shipped() : Sources.read(alias.script());
        String java = Jdks.ownJava();
        String args = run.args().isEmpty() ? "" : " " + String.join(" ", run.args());
        if (!run.preview()) {
            // JBang would read //PREVIEW and add the flag: this run is plain `java FILE`, as a reader types it.
            if (alias.isExercise() || !Preview.uses(text) || !alias.ref().endsWith(".java"))
                throw new BuildError(run.lesson(), run.line(), "run '" + run.id() + "' has preview: off, but " + alias.ref()
                        + " is not a program with a //PREVIEW line; preview: off is for showing what java says without --enable-preview");
            var cmd = new ArrayList<>(List.of(java));
            cmd.addAll(run.javaOptions());
            cmd.add(alias.ref());
            cmd.addAll(run.args());
            String options = run.javaOptions().isEmpty() ? "" : String.join(" ", run.javaOptions()) + " ";
            return new Plan(cmd, "java " + options + alias.ref() + args, null, text, run.jdk());
        }
        if (!run.wrapper().isEmpty()) {
            Path copy = PUBLIC_DIR.resolve(alias.script().getFileName());
            var cmd = new ArrayList<>(run.wrapper());
            cmd.add(java);
            cmd.addAll(Preview.withFlags(run.javaOptions(), text));
            cmd.add(copy.toString());
            cmd.addAll(run.args());
            // Shown so that a reader can paste it from the course folder, the folder made first.
            String shown = "mkdir -p " + PUBLIC_DIR + " && cp " + alias.ref() + " " + PUBLIC_DIR + "/ && " + String.join(" ", run.wrapper())
                    + " $JAVA_HOME/bin/java " + Preview.shown(run.javaOptions(), text) + copy + args;
            return new Plan(cmd, shown, copy, text);
        }
        if (!run.javaOptions().isEmpty() || run.jdk() != 0) {
            // Options a reader adds by hand: `java OPTIONS FILE args` from the course folder, as typed.
            // A run on a named JDK is that JDK's plain java too: JBang would fetch the JDK its //JAVA line asks for.
            if (alias.isExercise() || !alias.ref().endsWith(".java"))
                throw new BuildError(run.lesson(), run.line(), "run '" + run.id() + "' has " + (run.jdk() != 0 ? "jdk: " + run.jdk() : "java-options")
                        + ", but " + alias.ref() + " is not a program; " + (run.jdk() != 0 ? "jdk is for running a program in programs/ with that JDK's java"
                        : "java-options are for running a program in programs/ with a flag added"));
            var options = new ArrayList<>(alias.runtimeOptions());
            options.addAll(run.javaOptions());
            var cmd = new ArrayList<>(List.of(java));
            cmd.addAll(Preview.withFlags(options, text));
            cmd.add(alias.ref());
            cmd.addAll(run.args());
            return new Plan(cmd, "java " + Preview.shown(options, text) + alias.ref() + args, null, text, run.jdk());
        }
        if (alias.isExercise()) {
            // The exercise as shipped, never the student's working copy.
            Path copy = root.resolve(".cache/shipped").resolve(alias.script().getFileName());
            var cmd = new ArrayList<>(List.of(java));
            cmd.addAll(Preview.withFlags(alias.runtimeOptions(), text));
            cmd.add(copy.toString());
            cmd.addAll(run.args());
            return new Plan(cmd, run.command() + "   (the exercise as shipped)", copy, text);
        }
        var cmd = new ArrayList<>(List.of(root.resolve("jbang").toString(), run.alias()));
        cmd.addAll(run.args());
        return new Plan(cmd, run.command(), null, text);
    }

    /// Runs `plan`, copying its output to `log` as it comes; a run that outlives the limit is
    /// ended and refused.
    public static Output run(Path root, Lesson.DeclaredRun run, Plan plan, PrintStream log) throws IOException, InterruptedException {
        return run(root, run, plan, log, Map.of());
    }

    /// The same, with `environment` added to the program's (the tests' re-run under another locale).
    public static Output run(Path root, Lesson.DeclaredRun run, Plan plan, PrintStream log, Map<String, String> environment) throws IOException, InterruptedException {
        if (plan.sourceToCopy() == null || !plan.sourceToCopy().startsWith(PUBLIC_DIR)) {
            if (plan.sourceToCopy() != null) {
                Files.createDirectories(plan.sourceToCopy().getParent());
                Files.writeString(plan.sourceToCopy(), plan.text());
            }
            return start(root, run, plan, log, environment);
        }
        // A folder of this run's own, readable by the wrapper's user (not writable), gone afterwards.
        Path dir = Files.createTempDirectory("course-run-");
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path copy = dir.resolve(plan.sourceToCopy().getFileName());
            Files.writeString(copy, plan.text());
            Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));
            var command = plan.command().stream().map(a -> a.equals(plan.sourceToCopy().toString()) ? copy.toString() : a).toList();
            return start(root, run, new Plan(command, plan.shown(), copy, plan.text()), log, environment);
        } finally {
            kit.Trees.delete(dir);
        }
    }

    private static Output start(Path root, Lesson.DeclaredRun run, Plan plan, PrintStream log, Map<String, String> environment) throws IOException, InterruptedException {
        if (plan.command().getFirst().endsWith("jbang")) prebuild(root, run.alias(), plan.text(), log);
        var command = new ArrayList<>(plan.command());
        String javaRan = Jdks.ownJava();
        if (Jdks.isOther(plan.jdk())) command.set(0, javaRan = Jdks.java(plan.jdk(), run.lesson(), run.line()));
        var pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().putAll(environment);
        long t0 = System.nanoTime();
        Process p = pb.start();
        var out = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> {
            try (InputStream in = p.getInputStream()) {
                byte[] buf = new byte[8192];
                for (int r; (r = in.read(buf)) > 0; ) {
                    if (out.size() < MAX_OUTPUT) out.write(buf, 0, Math.min(r, MAX_OUTPUT - out.size()));
                    log.write(buf, 0, r);
                }
            } catch (IOException e) {
                log.println("warning: reading the output of " + run.id() + " failed: " + e.getMessage());
            }
        });
        if (!p.waitFor(LIMIT_MINUTES, TimeUnit.MINUTES)) {
            kit.Processes.stop(p, java.time.Duration.ZERO);
            throw new BuildError(run.lesson(), run.line(), "run '" + run.id() + "' did not end within "
                    + LIMIT_MINUTES + " minutes; nothing was recorded. Make the program end by itself");
        }
        reader.join();
        double seconds = (System.nanoTime() - t0) / 1e9;
        String text = out.toString(StandardCharsets.UTF_8);
        if (out.size() >= MAX_OUTPUT) text += "\n[output cut at " + MAX_OUTPUT + " bytes]\n";
        if (!text.isEmpty() && !text.endsWith("\n")) text += "\n";
        return new Output(text, p.exitValue(), seconds, Jdks.environment(javaRan));
    }

    /// Compiles the alias first, so JBang's own "[jbang] Building jar" lines stay out of the output.
    /// Once per alias and text in this JVM: JBang's cache keeps the jar of a text it has built
    /// (a run of many declared runs, or a test's re-runs, start JBang once less each time).
    static void prebuild(Path root, String alias, String text, PrintStream log) throws IOException, InterruptedException {
        String key = root.toAbsolutePath() + "\n" + alias + "\n" + kit.Hash.sha256(text);
        if (PREBUILT.contains(key)) return;
        var pb = new ProcessBuilder(root.resolve("jbang").toString(), "build", alias).directory(root.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        int rc = pb.start().waitFor();
        if (rc != 0) log.println("warning: ./jbang build " + alias + " exited " + rc + "; the run below will show why");
        else PREBUILT.add(key);
    }

    private static final java.util.Set<String> PREBUILT = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /// JDK, OS, cores, memory and date: enough to judge a number.
    public static String environment() {
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long gib = Math.round(os.getTotalMemorySize() / (1024.0 * 1024 * 1024));
        return "JDK " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ") · "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch")
                + " · " + Runtime.getRuntime().availableProcessors() + " cores · " + gib + " GiB · " + LocalDate.now();
    }
}
