package live;

import course.Json;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.*;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/// One program live mode started from a page: its process, its output streamed to that page
/// as it arrives (with the time since the click), its time and output limits, and its end.
/// (A run for a recording is started by `course.TerminalRun` instead, which keeps the
/// whole output for the end.)
final class RunningProgram {
    final StartableRuns.Spec spec;
    final PageClient client;
    /// When the request that started it arrived (System.nanoTime()).
    final long t0;
    private final long outputLimit;
    private final AtomicLong sent = new AtomicLong();
    /// The runs this one was declared among: to set its output beside its recording at the end.
    private final StartableRuns declared;
    /// What it printed, both streams as they arrived, up to the output limit.
    private final StringBuffer printed = new StringBuffer();
    private volatile Process process;
    /// Why it was ended from outside ("stopped", "closed", "limit", "shutdown"), or null.
    private volatile String endedBy;

    RunningProgram(StartableRuns.Spec spec, StartableRuns declared, PageClient client, long t0, long outputLimit) {
        this.spec = spec;
        this.declared = declared;
        this.client = client;
        this.t0 = t0;
        this.outputLimit = outputLimit;
    }

    long elapsedMillis() { return (System.nanoTime() - t0) / 1_000_000; }

    long pid() { return process == null ? -1 : process.pid(); }

    /// The command: nice (when there is one), this JDK's java, the alias's runtime options, the
    /// run's java-options, the compiled class (with its //DEPS jars), and the run's declared arguments. No shell is involved.
    static List<String> command(String nice, StartableRuns.Program p, CompiledPrograms.Compiled compiled, List<String> javaOptions, List<String> args) {
        var cmd = new ArrayList<String>();
        if (nice != null) cmd.addAll(List.of(nice, "-n", "10"));
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(p.runtimeOptions());
        cmd.addAll(javaOptions);
        cmd.addAll(List.of("-cp", compiled.classpath(), compiled.mainClass()));
        cmd.addAll(args);
        return cmd;
    }

    /// Before the process starts: what is being done to prepare it (compiling, resolving //DEPS),
    /// as a note on the page, which also shows it as the run's status.
    void preparing(String text) {
        client.send("note", Json.object("alias", spec.alias(), "run", spec.id(), "ms", elapsedMillis(), "text", text, "preparing", true));
    }

    /// Starts the process and the threads that read it; `done` runs after the end event.
    void start(List<String> command, Path workDir, Duration limit, Runnable done) throws IOException {
        var pb = new ProcessBuilder(command).directory(workDir.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        process = pb.start();
        client.running(+1);
        process.getOutputStream().close(); // stdin: at its end at once, as from /dev/null
        if (endedBy != null || client.isClosed()) end(endedBy != null ? endedBy : "closed"); // stopped or page gone while it compiled
        client.send("start", Json.object("alias", spec.alias(), "run", spec.id(), "command", spec.shown(),
                "pid", process.pid(), "ms", elapsedMillis()));
        Thread out = Thread.ofVirtual().name("run-" + spec.id() + "-out").start(() -> pump(process.getInputStream(), "out"));
        Thread err = Thread.ofVirtual().name("run-" + spec.id() + "-err").start(() -> pump(process.getErrorStream(), "err"));
        Thread.ofVirtual().name("run-" + spec.id()).start(() -> {
            try {
                if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) end("limit");
                process.waitFor();
                out.join(2_000);
                err.join(2_000);
            } catch (InterruptedException e) {
                end("shutdown");
            }
            finish(limit, done);
        });
    }

    private final Object sending = new Object();

    /// Reads one stream in chunks and sends each chunk as it arrives; the page splits lines.
    private void pump(InputStream in, String stream) {
        try (var reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            char[] buf = new char[8192];
            for (int n; (n = reader.read(buf)) > 0; ) {
                String text = new String(buf, 0, n);
                // stdout's and stderr's readers take turns here, so a chunk's time is never
                // earlier than the one sent before it
                synchronized (sending) {
                    long ms = elapsedMillis();
                    long bytes = text.getBytes(StandardCharsets.UTF_8).length;
                    long before = sent.getAndAdd(bytes);
                    if (before >= outputLimit) continue; // cut: keep reading so the program never blocks
                    boolean cut = before + bytes > outputLimit;
                    if (cut) text = text.substring(0, (int) Math.min(text.length(), outputLimit - before));
                    printed.append(text);
                    client.send("out", Json.object("alias", spec.alias(), "s", stream, "ms", ms, "text", text));
                    if (cut) client.send("note", Json.object("alias", spec.alias(), "ms", ms, "text", "output cut at " + outputLimit
                            + " bytes (--output-limit); the program goes on, and Stop ends it"));
                }
            }
        } catch (IOException e) {
            // the process was ended: its pipes close
        }
    }

    /// Ends the process and everything it started: politely, then forcibly after 1.5 s.
    void end(String why) {
        if (endedBy == null) endedBy = why;
        Process p = process;
        if (p == null) return;
        kit.Processes.stop(p, Duration.ofMillis(1_500));
    }

    /// Says how the run ended. `done` (which frees the program for the next run) runs first,
    /// so a page that starts the program again as soon as it hears the end is never refused.
    private void finish(Duration limit, Runnable done) {
        int exit = process.exitValue();
        long ms = elapsedMillis();
        String reason = endedBy == null ? "exit" : endedBy;
        String text = switch (reason) {
            case "stopped" -> "stopped from the page";
            case "closed" -> "ended: the page that started it was closed";
            case "limit" -> "ended: still running after " + seconds(limit.toMillis()) + " (the live-mode limit, --run-limit)";
            case "shutdown" -> "ended: the server stopped";
            default -> "exit " + exit;
        };
        String comparison = reason.equals("exit") ? declared.comparison(spec, printed.toString(), exit) : null;
        client.running(-1);
        done.run();
        client.send("end", Json.object("alias", spec.alias(), "run", spec.id(), "exit", exit, "ms", ms, "reason", reason, "text", text));
        if (comparison != null) client.send("compare", Json.object("alias", spec.alias(), "run", spec.id(), "comparison", new Json.Raw(comparison)));
        System.out.println("live: run " + spec.id() + " (pid " + process.pid() + ") " + text + (reason.equals("exit") ? "" : ", exit " + exit)
                + " after " + seconds(ms));
    }

    static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
