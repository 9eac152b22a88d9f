package tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.TimeUnit;

/// Runs course programs the way a user would, and captures what they print.
public final class Proc {
    private Proc() {}

    /// The repository root (the folder that holds build.sh).
    public static final Path ROOT = kit.Root.find();

    /// The JDK 25 that build.sh exported.
    public static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    /// JVM options for an Arabic (Egypt) default locale, whose digits (٠ to ٩) and separators (٫ ٬)
    /// are not ASCII: a program that formats a number with the default locale prints them, and
    /// every `\d` a test or a lesson's reference matches with fails on them.
    public static final List<String> ARABIC_LOCALE = List.of("-Duser.language=ar", "-Duser.country=EG");

    /// Asserts `r` printed no digit but ASCII's; returns it.
    public static Result asciiDigits(Result r) {
        org.junit.jupiter.api.Assertions.assertTrue(r.all().chars().noneMatch(c -> Character.isDigit(c) && (c < '0' || c > '9')),
                "a digit that is not ASCII: format numbers with Locale.ROOT\n" + r.all());
        return r;
    }

    public record Result(int exit, String out, String err, long millis) {
        /// stdout and stderr together, for messages.
        public String all() { return out + err; }
    }

    /// Asserts the run exited 0; returns it.
    public static Result ok(Result r) {
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exit(), "exit code\n" + r.all());
        return r;
    }

    /// The lines of `r`'s output that start with `prefix`, each with its newline; fails when none does.
    public static String lines(Result r, String prefix) {
        var out = new StringBuilder();
        r.out().lines().filter(l -> l.startsWith(prefix)).forEach(l -> out.append(l).append('\n'));
        if (out.isEmpty()) org.junit.jupiter.api.Assertions.fail("no lines starting '" + prefix + "' in:\n" + r.all());
        return out.toString();
    }

    /// Asserts a refused argument: exit 2, one line on stderr starting "usage:", no stack trace.
    public static void usage(Result r) {
        org.junit.jupiter.api.Assertions.assertEquals(2, r.exit(), "exit code\n" + r.all());
        org.junit.jupiter.api.Assertions.assertTrue(r.err().startsWith("usage:"), r.all());
        org.junit.jupiter.api.Assertions.assertEquals(1, r.err().strip().lines().count(), "usage must be one line\n" + r.all());
        org.junit.jupiter.api.Assertions.assertFalse(r.all().contains("Exception"), r.all());
    }

    /// Runs `prlimit --nofile=1024 java <program> args...`, a server of 2,000 connections on too
    /// few files, and asserts it stopped before its server did: exit 2, a message that says it
    /// needs about 4,100 file descriptors and may open only 1,024, no line with `serverStarts`
    /// on stdout, no exception.
    public static void stopsAtTheFileLimit(String serverStarts, String program, String... args) {
        var r = java(List.of("prlimit", "--nofile=1024"), List.of(), program, args);
        org.junit.jupiter.api.Assertions.assertEquals(2, r.exit(), r.all());
        org.junit.jupiter.api.Assertions.assertTrue(r.err().contains("need about 4100 file descriptors") && r.err().contains("may open only 1024"), r.all());
        org.junit.jupiter.api.Assertions.assertFalse(r.out().contains(serverStarts), "no server may start\n" + r.all());
        org.junit.jupiter.api.Assertions.assertFalse(r.all().contains("Exception"), r.all());
    }

    /// `java [flags] FILE`, FILE relative to `dir`, with the preview flags its text there asks
    /// for (course.Preview): as a reader types it, without JBang.
    public static List<String> javaCommand(Path dir, String file) {
        String text;
        try {
            text = Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            text = ""; // the run will say the file is missing
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        var cmd = new ArrayList<String>();
        cmd.add(JAVA.toString());
        cmd.addAll(course.Preview.javaFlags(text));
        cmd.add(file);
        return cmd;
    }

    /// `java <program> args...` from the repository root, as `java programs/X.java` would. The
    /// program is compiled once in this JVM (CompiledSources.shared) and started from its
    /// classes, which saves the source launcher's compile (seconds of CPU) on every run; one
    /// that does not compile runs through the source launcher, so its errors read as a reader's.
    public static Result java(String program, String... args) {
        return java(List.of(), List.of(), program, args);
    }

    /// The same, as `BEFORE java JAVA-OPTIONS <program> args...` (BEFORE: prlimit, say).
    public static Result java(List<String> before, List<String> javaOptions, String program, String... args) {
        var compiled = CompiledSources.shared(ROOT, Path.of(program));
        if (compiled != null && compiled.compiled())
            return compiled.run(ROOT, HangLimit.ofMinutes(5), before, javaOptions, List.of(args));
        var cmd = new ArrayList<String>(before);
        var java = javaCommand(ROOT, program);
        cmd.addAll(java.subList(0, java.size() - 1));
        cmd.addAll(javaOptions);
        cmd.add(program);
        cmd.addAll(List.of(args));
        return run(ROOT, Map.of(), HangLimit.ofMinutes(5), cmd);
    }

    /// `java JAVA-OPTIONS <program> args...` from the repository root on JDK `release`, through
    /// the source launcher of that JDK's java ({@link course.Jdks}: found, or made once in
    /// .cache/jdks), as a reader on that JDK types it. A machine without it fails the test with
    /// the message saying how to point the course at one.
    public static Result onJdk(int release, List<String> javaOptions, String program, String... args) {
        var cmd = new ArrayList<String>(List.of(course.Jdks.java(release, null, 0)));
        cmd.addAll(javaOptions);
        cmd.add(program);
        cmd.addAll(List.of(args));
        return run(ROOT, Map.of(), HangLimit.ofMinutes(5), cmd);
    }

    /// `./jbang alias args...` from the repository root.
    public static Result jbang(String alias, String... args) {
        return jbang(Map.of(), alias, args);
    }

    /// `./jbang alias args...` from the repository root, with `env` added to the environment.
    public static Result jbang(Map<String, String> env, String alias, String... args) {
        var cmd = new ArrayList<String>(List.of(ROOT.resolve("jbang").toString(), alias));
        cmd.addAll(List.of(args));
        return run(ROOT, env, HangLimit.ofMinutes(5), cmd);
    }

    /// How long a process may run before the test calls it hung, kills it and fails: a safety
    /// net, never a speed requirement (a time a test asserts is a Bounds). Give minutes, many
    /// times what the process takes on a loaded 2-core machine, so a machine twice as slow
    /// still passes; the run returns as soon as the process ends.
    public record HangLimit(long millis) {
        public static HangLimit ofMinutes(long m) { return new HangLimit(m * 60_000); }
        public static HangLimit ofSeconds(long s) { return new HangLimit(s * 1_000); }
    }

    /// Runs a command, fails the test if it does not end within `limit` (a safety net against
    /// a hang: see HangLimit). The files that catch its output are deleted however it ends.
    public static Result run(Path dir, Map<String, String> env, HangLimit limit, List<String> command) {
        Path out = null, err = null;
        try {
            out = Files.createTempFile("proc", ".out");
            err = Files.createTempFile("proc", ".err");
            var pb = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
            pb.environment().putAll(env);
            long t0 = System.nanoTime();
            Process p = pb.start();
            logStart(p, command);
            if (!p.waitFor(limit.millis(), TimeUnit.MILLISECONDS)) {
                kit.Processes.stop(p, java.time.Duration.ZERO);
                p.waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("did not end within " + limit.millis() + " ms: " + command
                        + "\n" + Files.readString(out, StandardCharsets.UTF_8));
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), ms);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            Temp.delete(out);
            Temp.delete(err);
        }
    }

    /// PROC_LOG=FILE: one line per started process, "pid TAB test class TAB command", to join
    /// with the system's process accounting (which process cost how much CPU, for which test).
    static void logStart(Process p, List<String> command) {
        String log = System.getenv("PROC_LOG");
        if (log == null) return;
        String test = StackWalker.getInstance().walk(frames -> frames.map(StackWalker.StackFrame::getClassName)
                .filter(c -> c.endsWith("Test") || c.contains("Test$")).findFirst().orElse("?"));
        String line = p.pid() + "\t" + test + "\t" + String.join(" ", command).replace('\n', ' ') + "\n";
        synchronized (Proc.class) {
            try {
                Files.writeString(Path.of(log), line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

}
