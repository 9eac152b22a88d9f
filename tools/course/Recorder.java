package course;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.*;

/// `./build.sh record`: runs declared runs ({@link RecordingRunner}), stores each output as its
/// recording ({@link Recording#write}), then checks every claim against the recordings.
/// A claim that no longer holds does not undo a recording: it is returned, to be fixed in the lesson.
public final class Recorder {
    private Recorder() {}

    /// Records the runs named in `ids` (every run when empty); returns the claims that no longer hold.
    public static List<Claims.Failure> record(Build.Loaded course, List<String> ids, PrintStream log) throws Exception {
        for (String id : ids)
            if (!course.runs().containsKey(id)) throw new BuildError(null, 0, "no lesson declares run '" + id
                    + "'. Declared runs: " + String.join(", ", course.runs().keySet()));
        Path root = course.root();
        for (Lesson.DeclaredRun run : course.runs().values()) {
            if (!ids.isEmpty() && !ids.contains(run.id())) continue;
            var plan = RecordingRunner.plan(root, course.catalog(), run);
            log.println("record " + run.id() + ": " + plan.shown());
            var output = RecordingRunner.run(root, run, plan, log);
            Path file = Recording.write(root, run, course.catalog().get(run.alias(), run.lesson(), run.line()), plan, output);
            log.println("wrote " + Course.relative(file) + " (exit " + output.exit() + ")");
        }
        return Claims.failures(course.runs(), id -> {
            Lesson.DeclaredRun run = course.runs().get(id);
            return Recording.load(root, id, run.lesson(), run.line()).output();
        });
    }
}
