package tests;

import course.*;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.concurrent.*;

/// Every short recorded run that ended with exit 0, re-run once a test run through its recorded
/// command (`./jbang ALIAS ARGS`, a wrapper, java options, as `./build.sh record` runs it) in
/// CatalogTest's Arabic locale. Two tests read the same runs: LocaleTest (each figure and claim
/// still holds) and CatalogTest (each alias runs through ./jbang), so a program is not started
/// twice for the two of them. Started on the first call, two at a time: only what they print is
/// asserted, never a time. The quick tier, which starts no process, never calls this.
final class ShortRuns {
    private ShortRuns() {}

    /// Short: the runs of at most this many seconds, as recorded (the long ones take minutes).
    static final double SHORT_SECONDS = 6;

    /// A run's re-run: what it printed (JVMs' "Picked up JAVA_TOOL_OPTIONS" lines left out) and its exit.
    record Rerun(Lesson.DeclaredRun run, TerminalRun.Plan plan, String text, int exit) {}

    static final Build.Loaded COURSE = Build.load(Proc.ROOT);

    /// The runs, in course order, by id.
    static final Map<String, Lesson.DeclaredRun> RUNS = chosen();

    private static Map<String, Lesson.DeclaredRun> chosen() {
        var out = new LinkedHashMap<String, Lesson.DeclaredRun>();
        for (var run : COURSE.runs().values()) {
            Recording rec = COURSE.recordings().get(run.id(), run.lesson(), run.line());
            if (rec.exit().startsWith("0 ") && rec.wallSeconds().orElse(Double.MAX_VALUE) <= SHORT_SECONDS) out.put(run.id(), run);
        }
        return out;
    }

    private static Map<String, CompletableFuture<Rerun>> started;

    /// The re-run of `id`, one of RUNS.
    static synchronized CompletableFuture<Rerun> of(String id) {
        if (started == null) {
            var pool = Executors.newFixedThreadPool(2, Thread.ofPlatform().daemon().name("short-run-", 0).factory());
            started = new LinkedHashMap<>();
            RUNS.forEach((runId, run) -> started.put(runId, CompletableFuture.supplyAsync(() -> rerun(run), pool)));
            pool.shutdown();
        }
        return Objects.requireNonNull(started.get(id), () -> id + " is not a short run");
    }

    private static Rerun rerun(Lesson.DeclaredRun run) {
        try {
            var plan = COURSE.plan(run.id());
            var log = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
            var output = TerminalRun.run(COURSE.root(), run, plan, log, CatalogTest.ARABIC);
            return new Rerun(run, plan, CatalogTest.PICKED_UP.matcher(output.text()).replaceAll(""), output.exit());
        } catch (Exception e) {
            throw new CompletionException(run.id() + ": " + e, e);
        }
    }
}
