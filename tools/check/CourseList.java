package check;

import static check.CheckOne.indent;

import course.Course;
import course.Exercises.Exercise;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/// `check` with no name: every exercise under its lesson with the checks it passes, how many
/// are solved, and the next one to solve with what it says now. The capstone unsolved lists
/// its checks one by one, since a student converts its properties one at a time.
///
/// `parallel`: how many exercises run at once; `fresh`: --fresh, so every one runs again.
public record CourseList(List<Exercise> exercises, ExerciseRuns runs, Lessons lessons, int parallel, boolean fresh) {

    /// Exit code 0 when every exercise is solved, 1 before.
    public int show() {
        IO.println("Checking " + exercises.size() + " exercises, in course order.");
        Exercise next = null;
        Outcome nextOutcome = null;
        int solved = 0, kept = 0;
        // What must run (changed since the last check) runs `parallel` at a time, the file saved
        // last first: its verdict is printed as soon as it is known, before the others finish.
        var outcomes = new ArrayList<Future<Outcome>>();
        var toRun = new ArrayList<Exercise>();
        for (Exercise e : exercises) {
            Outcome o = fresh ? null : runs.kept(e);
            outcomes.add(o == null ? null : CompletableFuture.completedFuture(o));
            if (o == null) toRun.add(e);
        }
        toRun.sort(Comparator.comparing((Exercise e) -> modified(e.file())).reversed());
        // Running them all (the first check, or --fresh) takes a while: say so, not a silent wait.
        if (toRun.size() > 1)
            IO.println("Running " + toRun.size() + " of them, " + Math.min(parallel, toRun.size()) + " at a time"
                    + (toRun.size() < exercises.size() ? " (changed since the last check)" : "") + "...");
        var pool = Executors.newFixedThreadPool(parallel);
        var started = new HashMap<Exercise, Future<Outcome>>();
        for (Exercise e : toRun) started.put(e, pool.submit(() -> runs.run(e)));
        pool.shutdown();
        for (int i = 0; i < exercises.size(); i++)
            if (outcomes.get(i) == null) outcomes.set(i, started.get(exercises.get(i)));
        if (toRun.size() > 1 && toRun.size() < exercises.size() && exercises.indexOf(toRun.getFirst()) > 0) {
            Exercise last = toRun.getFirst();
            Outcome o = Outcome.of(started.get(last));
            IO.println("The one you saved last: " + last.name() + ": " + (o.solved() ? "solved." : o.failure()));
        }
        int width = exercises.stream().mapToInt(e -> e.name().length()).max().orElse(0);
        String lesson = null;
        for (int i = 0; i < exercises.size(); i++) {
            Exercise e = exercises.get(i);
            Outcome o = Outcome.of(outcomes.get(i));
            if (o.kept()) kept++;
            if (!e.lessonFile().equals(lesson)) {
                lesson = e.lessonFile();
                IO.println("Lesson " + lessons.of(e));
            }
            IO.println(summary(e, o, width));
            if (o.solved()) {
                solved++;
            } else if (next == null) {
                next = e;
                nextOutcome = o;
            }
        }
        IO.println();
        IO.println(solved + " of " + exercises.size() + " solved.");
        if (kept > 0)
            IO.println((kept == exercises.size() ? "All " + kept : kept + " of " + exercises.size())
                    + " results are from the cache: files, JDK and checker unchanged since they ran"
                    + " (./jbang check --fresh runs them again).");
        if (next == null) {
            IO.println("All exercises solved. Well done.");
            return 0;
        }
        IO.println();
        IO.println("Next: " + next.name() + ", from lesson " + lessons.of(next));
        IO.println("  " + next.practises());
        IO.println("Edit " + Course.relative(next.file()) + " until it says Solved. Right now it says:");
        IO.println(indent(nextOutcome.output()));
        CheckOne.warnOutsideYourPart(next);
        CheckOne.tellHowToGoOn(next, nextOutcome);
        IO.println("Re-run on every save: ./jbang check --watch");
        return 1;
    }

    /// One exercise's lines in the list: `ok   crew   6/6`, `--   race   2/3 checks: the total is
    /// exact` (the first check that failed), and for the capstone unsolved, each
    /// of its checks on a line of its own. A run that made no check (a compile error) says why.
    static String summary(Exercise e, Outcome o, int width) {
        var checks = o.checks();
        String counts = o.passed();
        String name = (o.solved() ? "  ok   " : "  --   ") + e.name();
        if (o.solved()) return counts.isEmpty() ? name : pad(name, width + 7) + " " + counts;
        String line = pad(name, width + 7) + " " + (counts.isEmpty() ? "" : counts + " checks");
        if (!e.capstone() || checks.isEmpty())
            return line + (counts.isEmpty() ? "" : ": ") + o.failure();
        // The capstone: its checks are the properties a student makes pass one by one, so each is listed.
        var b = new StringBuilder(line + (counts.isEmpty() ? "" : ", each:"));
        for (String c : checks) {
            int got = c.indexOf(": got ");
            b.append("\n       ").append(got < 0 ? c : c.substring(0, got));
        }
        return b.toString();
    }

    static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException x) {
            return FileTime.fromMillis(0);
        }
    }
}
