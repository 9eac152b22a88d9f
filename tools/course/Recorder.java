package course;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDate;
import java.util.*;
import java.util.concurrent.TimeUnit;

/// `./build.sh record`: runs the lessons' declared runs and writes what they printed,
/// with where and how, to recordings/<id>.txt.
public final class Recorder {
    private Recorder() {}

    static final long LIMIT_MINUTES = 10;
    static final int MAX_OUTPUT = 256 * 1024;
    /// Where a wrapped run's world-readable copy goes (a limited user cannot read /root).
    static final Path PUBLIC_DIR = Path.of("/tmp/course-run");

    /// How a run is started, and how the header shows it.
    public record Plan(List<String> command, String shown, Path sourceToCopy, String text) {}

    public static Plan plan(Path root, Catalog catalog, Lesson.Run run) {
        Catalog.Alias alias = catalog.get(run.alias(), run.lesson(), run.line());
        String text = Sources.shipped(alias);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String args = run.args().isEmpty() ? "" : " " + String.join(" ", run.args());
        if (!run.wrapper().isEmpty()) {
            Path copy = PUBLIC_DIR.resolve(alias.script().getFileName());
            var cmd = new ArrayList<>(run.wrapper());
            cmd.add(java);
            cmd.addAll(Preview.withFlags(run.javaOptions(), text));
            cmd.add(copy.toString());
            cmd.addAll(run.args());
            String shown = "cp " + alias.ref() + " " + PUBLIC_DIR + "/ && " + String.join(" ", run.wrapper())
                    + " $JAVA_HOME/bin/java " + Preview.shown(run.javaOptions(), text) + copy + args;
            return new Plan(cmd, shown, copy, text);
        }
        if (!run.javaOptions().isEmpty())
            throw new BuildError(run.lesson(), run.line(), "java-options need a wrapper; for flags every user needs, "
                    + "put runtime-options on the alias in jbang-catalog.json");
        if (alias.isExercise()) {
            // The exercise as shipped, never the student's working copy.
            Path copy = root.resolve(".cache/shipped").resolve(alias.script().getFileName());
            var cmd = new ArrayList<>(List.of(java));
            cmd.addAll(Preview.withFlags(alias.runtimeOptions(), text));
            cmd.add(copy.toString());
            cmd.addAll(run.args());
            return new Plan(cmd, "./jbang " + run.alias() + args + "   (the exercise as shipped)", copy, text);
        }
        var cmd = new ArrayList<>(List.of(root.resolve("jbang").toString(), run.alias()));
        cmd.addAll(run.args());
        return new Plan(cmd, "./jbang " + run.alias() + args, null, text);
    }

    /// Records one run; returns the recording's file.
    public static Path record(Path root, Catalog catalog, Lesson.Run run, PrintStream log) throws IOException, InterruptedException {
        Plan plan = plan(root, catalog, run);
        if (plan.sourceToCopy() != null) {
            Files.createDirectories(plan.sourceToCopy().getParent());
            Files.writeString(plan.sourceToCopy(), plan.text());
            if (plan.sourceToCopy().startsWith(PUBLIC_DIR)) {
                Files.setPosixFilePermissions(PUBLIC_DIR, PosixFilePermissions.fromString("rwxr-xr-x"));
                Files.setPosixFilePermissions(plan.sourceToCopy(), PosixFilePermissions.fromString("rw-r--r--"));
            }
        }
        log.println("record " + run.id() + ": " + plan.shown());
        if (plan.command().getFirst().endsWith("jbang")) prebuild(root, run.alias(), log);
        var pb = new ProcessBuilder(plan.command()).directory(root.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
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
            } catch (IOException ignored) { }
        });
        if (!p.waitFor(LIMIT_MINUTES, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new BuildError(run.lesson(), run.line(), "run '" + run.id() + "' did not end within "
                    + LIMIT_MINUTES + " minutes; nothing was recorded. Make the program end by itself");
        }
        reader.join();
        double seconds = (System.nanoTime() - t0) / 1e9;
        String output = out.toString(StandardCharsets.UTF_8);
        if (out.size() >= MAX_OUTPUT) output += "\n[output cut at " + MAX_OUTPUT + " bytes]\n";
        if (!output.isEmpty() && !output.endsWith("\n")) output += "\n";
        Catalog.Alias alias = catalog.get(run.alias(), run.lesson(), run.line());
        String header = "# run: " + run.id() + "\n"
                + "# command: " + plan.shown() + "\n"
                + "# program: " + alias.ref() + " sha256=" + Sources.sha256(plan.text()) + "\n"
                + "# java: " + environment() + "\n"
                + "# exit: " + p.exitValue() + " · wall " + String.format(Locale.ROOT, "%.1f", seconds) + " s\n"
                + Recording.OUTPUT_MARK + "\n";
        Path file = Recording.fileFor(root, run.id());
        Files.createDirectories(file.getParent());
        Files.writeString(file, header + output);
        log.println("wrote " + Course.relative(file) + " (exit " + p.exitValue() + ")");
        return file;
    }

    /// Compiles the alias first, so JBang's own "[jbang] Building jar" lines stay out of the recording.
    static void prebuild(Path root, String alias, PrintStream log) throws IOException, InterruptedException {
        var pb = new ProcessBuilder(root.resolve("jbang").toString(), "build", alias).directory(root.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        int rc = pb.start().waitFor();
        if (rc != 0) log.println("warning: ./jbang build " + alias + " exited " + rc + "; the run below will show why");
    }

    /// JDK, OS, cores, memory and date: enough to judge a number.
    public static String environment() {
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long gib = Math.round(os.getTotalMemorySize() / (1024.0 * 1024 * 1024));
        return "JDK " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ") · "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch")
                + " · " + Runtime.getRuntime().availableProcessors() + " cores · " + gib + " GiB · " + LocalDate.now();
    }
}
