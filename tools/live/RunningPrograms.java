package live;

import java.io.IOException;
import java.nio.file.Path;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/// The programs live mode is running now, one {@link RunningProgram} each: at most one per
/// program, at most --max-runs in all. A page names a declared run by its id and nothing
/// else; the command comes from the lesson and the catalog ({@link StartableRuns}).
final class RunningPrograms {
    private final Path root;
    private final ServeOptions options;
    private final Supplier<StartableRuns> declared;
    private final CompiledPrograms compiled;
    private final String nice;
    private final Map<String, RunningProgram> byAlias = new ConcurrentHashMap<>();

    RunningPrograms(Path root, ServeOptions options, Supplier<StartableRuns> declared, CompiledPrograms compiled) {
        this.root = root;
        this.options = options;
        this.declared = declared;
        this.compiled = compiled;
        this.nice = onPath("nice");
    }

    boolean usesNice() { return nice != null; }

    /// Starts declared run `id` for page `client`; the request arrived at `t0` (nanoTime).
    RunningProgram start(PageClient client, String id, long t0) {
        StartableRuns runs = declared.get();
        StartableRuns.Spec spec = runs.get(id);
        if (spec == null) throw new Rejection(404, "no lesson declares a run '" + Guard.clip(id) + "'");
        if (spec.refusal() != null) throw new Rejection(403, "run '" + id + "' is not started from a page: " + spec.refusal());
        var run = new RunningProgram(spec, runs, client, t0, options.outputLimit());
        synchronized (this) {
            RunningProgram busy = byAlias.get(spec.alias());
            if (busy != null) throw new Rejection(409, spec.alias() + " is already running (" + busy.spec.shown() + ", for "
                    + RunningProgram.seconds(busy.elapsedMillis()) + "). Stop it first");
            if (byAlias.size() >= options.maxRuns()) throw new Rejection(429, byAlias.size() + " programs are running already ("
                    + String.join(", ", byAlias.keySet()) + "; --max-runs " + options.maxRuns() + "). Stop one first");
            byAlias.put(spec.alias(), run);
        }
        try {
            // Ready at once, unless this version of the program was never compiled (a program with
            // //DEPS is prepared on its first Run): then the page hears what is being done.
            var program = compiled.classesFor(spec.program(), text -> run.preparing(text));
            run.start(RunningProgram.command(nice, spec.program(), program, spec.javaOptions(), spec.args()), root, options.runLimit(),
                    () -> byAlias.remove(spec.alias(), run));
            System.out.println("live: run " + id + " started (pid " + run.pid() + "): " + spec.shown());
            return run;
        } catch (IOException e) {
            byAlias.remove(spec.alias(), run);
            System.out.println("live: run " + id + " could not start: " + e.getMessage());
            throw new Rejection(500, "run '" + id + "' could not start: " + e.getMessage());
        } catch (RuntimeException e) {
            byAlias.remove(spec.alias(), run);
            throw e;
        }
    }

    /// Stops the program that run `id` names, whoever started it. False when none is running.
    boolean stop(String id) {
        StartableRuns.Spec spec = declared.get().get(id);
        if (spec == null) throw new Rejection(404, "no lesson declares a run '" + Guard.clip(id) + "'");
        RunningProgram run = byAlias.get(spec.alias());
        if (run == null) return false;
        run.end("stopped");
        return true;
    }

    /// A page went away: end what it started.
    void pageGone(PageClient client) {
        for (RunningProgram r : byAlias.values()) if (r.client == client) Thread.ofVirtual().start(() -> r.end("closed"));
    }

    void stopAll() {
        var ending = new ArrayList<Thread>();
        for (RunningProgram r : byAlias.values()) ending.add(Thread.ofVirtual().start(() -> r.end("shutdown")));
        for (Thread t : ending) {
            try { t.join(3_000); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
        }
    }

    static String onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null || System.getProperty("os.name").startsWith("Windows")) return null;
        for (String dir : path.split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (java.nio.file.Files.isExecutable(p)) return p.toString();
        }
        return null;
    }
}
