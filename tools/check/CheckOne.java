package check;

import static kit.SourceRuns.readOrNull;

import course.Course;
import course.Exercises.Exercise;
import course.YourPart;
import java.util.stream.Collectors;

/// `check NAME`: one exercise, run (or its verdict kept from the last run), and what the
/// checker says around a verdict, which the course list and watch mode say too.
///
/// `fresh`: --fresh, so no verdict kept from the last check is used.
public record CheckOne(ExerciseRuns runs, Lessons lessons, boolean fresh) {

    /// Exit code 0 once it is solved, 1 before.
    public int check(Exercise e) {
        IO.println(e.name() + " (lesson " + lessons.of(e) + "): " + Course.relative(e.file()));
        Outcome o = fresh ? null : runs.kept(e);
        if (o == null) o = runs.run(e);
        else IO.println(fromCache(e));
        IO.println(indent(o.output()));
        warnOutsideYourPart(e);
        if (o.solved()) {
            offerTheSolution(e);
            return 0;
        }
        tellHowToGoOn(e, o);
        return 1;
    }

    /// Said above a verdict read from .cache/check.
    static String fromCache(Exercise e) {
        return "  (from the cache: file, JDK and checker unchanged since it last ran; ./jbang check --fresh "
                + e.name() + " runs it again)";
    }

    /// Said once an exercise passes, never before: where the course's solution is, to compare.
    void offerTheSolution(Exercise e) {
        IO.println("Solved " + e.name() + ". To compare with yours, the course's solution: " + Course.relative(e.solution())
                + " (run it: ./jbang " + e.solutionAlias() + ")");
        if (e.capstone())
            IO.println("Now that it is solved, read the capstone's discussion: the fold \"" + e.discussion()
                    + "\" in lesson " + lessons.of(e) + ".");
    }

    /// A warning when a line outside the exercise's marked part differs from the exercise as
    /// shipped: the checks live there, so an edit there can make them say what is not so.
    static void warnOutsideYourPart(Exercise e) {
        String now = readOrNull(e.file());
        if (now == null) return;
        int line = YourPart.firstChangeOutside(e.shipped(), now);
        if (line == 0) return;
        IO.println("Note: line " + line + " of " + Course.relative(e.file()) + " is outside your part (from \"// ---- your part\" to \"// ---- end of your part ----\")"
                + " lines) and differs from the exercise as shipped. The checks read that code too; if the change was not"
                + " meant, ./jbang check --reset " + e.name() + " restores the file and keeps a copy of yours.");
    }

    /// The exercise prints its own verdict and hint line; a run that could not (a compile error,
    /// a crash, a hang) gets them here.
    static void tellHowToGoOn(Exercise e, Outcome o) {
        if (!o.saidVerdict()) {
            IO.println("Not solved yet: " + o.failure());
            IO.println("Hint: ./jbang check --hint " + e.name());
        }
    }

    /// An exercise's output (or a hint) as the checker shows it: each line indented by two spaces.
    static String indent(String text) {
        return text.isEmpty() ? "" : text.lines().map(l -> l.isEmpty() ? l : "  " + l).collect(Collectors.joining("\n"));
    }
}
