package course;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.*;

/// `./build.sh record`: runs declared runs ({@link TerminalRun}), stores each output as its
/// recording ({@link Recording#write}), then checks every claim against the recordings.
/// A claim that no longer holds does not undo a recording: it is returned, to be fixed in the lesson.
public final class RecordCommand {
    private RecordCommand() {}

    /// How long the runs left (this one first) took when last recorded, from each recording's
    /// `wall N s`: "took 51.5 s last time; with the 3 runs after it, about 1 min 10 s left".
    public static String progress(Path root, List<Lesson.DeclaredRun> left) {
        double seconds = 0;
        int unknown = 0;
        String first = null;
        for (Lesson.DeclaredRun r : left) {
            OptionalDouble wall = OptionalDouble.empty();
            try {
                wall = Recording.load(root, r.id(), r.lesson(), r.line()).wallSeconds();
            } catch (BuildError e) {
                // never recorded, or unreadable: counted as unknown below
            }
            if (wall.isPresent()) seconds += wall.getAsDouble(); else unknown++;
            if (first == null) first = wall.isPresent()
                    ? String.format(Locale.ROOT, "took %.1f s last time", wall.getAsDouble()) : "not recorded before";
        }
        int after = left.size() - 1;
        if (after == 0) return first + "; the last run";
        return first + "; with the " + after + (after == 1 ? " run" : " runs") + " after it, about " + duration(seconds) + " left"
                + (unknown > 0 ? " (plus " + unknown + " never recorded)" : "");
    }

    /// "45 s", "3 min 5 s", rounded to the second.
    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s < 60 ? s + " s" : s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    }

    /// Records the runs named in `ids` (every run when empty); returns the claims that no longer hold.
    public static List<Claims.Failure> record(Build.Loaded course, List<String> ids, PrintStream log) throws Exception {
        for (String id : ids)
            if (!course.runs().containsKey(id)) throw new BuildError(null, 0, "no lesson declares run '" + id
                    + "'. Declared runs: " + String.join(", ", course.runs().keySet()));
        Path root = course.root();
        var todo = course.runs().values().stream().filter(r -> ids.isEmpty() || ids.contains(r.id())).toList();
        for (int i = 0; i < todo.size(); i++) {
            Lesson.DeclaredRun run = todo.get(i);
            var plan = course.plan(run.id());
            log.println("[" + (i + 1) + "/" + todo.size() + "] record " + run.id() + ": " + plan.described());
            log.println("       " + progress(root, todo.subList(i, todo.size())));
            var output = TerminalRun.run(root, run, plan, log);
            String repeat = null;
            if (run.repeat() != null) { // a timing run: the median of several ({@link Repeat})
                var outputs = new ArrayList<>(List.of(output));
                while (outputs.size() < run.repeat().times() && output.exit() == 0) {
                    log.println("       run " + (outputs.size() + 1) + " of " + run.repeat().times());
                    outputs.add(output = TerminalRun.run(root, run, plan, log));
                }
                var chosen = run.repeat().choose(outputs, run.id());
                output = chosen.output();
                repeat = chosen.header();
                log.println("       " + repeat);
            }
            Path file = Recording.write(root, run, course.catalog().get(run.alias(), run.lesson(), run.line()), plan, output, repeat);
            log.println("wrote " + Course.relative(file) + " (exit " + output.exit() + ")");
        }
        return Claims.failures(course.runs(), id -> {
            Lesson.DeclaredRun run = course.runs().get(id);
            return Recording.load(root, id, run.lesson(), run.line()).output();
        });
    }
}
