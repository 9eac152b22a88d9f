package check;

import static kit.SourceRuns.readOrNull;

import course.Course;
import course.Exercises.Exercise;
import course.Preview;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import kit.Hash;
import kit.SourceRuns;
import kit.SourceRuns.JdkFlags;
import kit.SourceRuns.Ran;

/// Running an exercise as the student left it, and the verdict kept from its last run
/// (kit.SourceRuns, in .cache/check/: kept while the exercise's text, the JDK and the
/// checker's own sources are unchanged).
public final class ExerciseRuns {
    private final SourceRuns runs;
    private final long timeoutSeconds;

    /// Runs start in `root`; one that has not ended after `timeoutSeconds` is stopped.
    public ExerciseRuns(Path root, long timeoutSeconds) {
        this.runs = new SourceRuns(root.resolve(".cache/check"), root, checkerKey(root), Duration.ofSeconds(timeoutSeconds));
        this.timeoutSeconds = timeoutSeconds;
    }

    /// The verdict kept from the last run of this very text, or null.
    public Outcome kept(Exercise e) {
        String text = readOrNull(e.file());
        Ran kept = text == null ? null : runs.kept(e.name(), text, flagsFor(text));
        if (kept == null) return null;
        Outcome o = Outcome.judge(kept.exit(), kept.output());
        return new Outcome(o.solved(), o.saidVerdict(), o.failure(), o.output(), true);
    }

    /// Runs the exercise as it reads now, and judges what it printed.
    public Outcome run(Exercise e) {
        String text = readOrNull(e.file());
        if (text == null)
            return new Outcome(false, false, Course.relative(e.file()) + " is missing",
                    "(no file; restore it with ./jbang check --reset " + e.name() + ")");
        Ran r = runs.run(e.name(), e.file(), text, flagsFor(text));
        return r.ended() ? Outcome.judge(r.exit(), r.output())
                : new Outcome(false, false, "did not end within " + timeoutSeconds + " s", r.output());
    }

    /// Loads javac while the student edits, so the next run starts sooner.
    public void warmUp() {
        runs.warmUp();
    }

    static JdkFlags flagsFor(String text) {
        // a //PREVIEW line (tools/course/Preview.java): --enable-preview for javac and for java
        return Preview.uses(text) ? new JdkFlags(Preview.javacFlags(text), Preview.javaFlags(text)) : JdkFlags.NONE;
    }

    /// A hash of the checker's own sources: tools/Check.java and those its //SOURCES lines name.
    static String checkerKey(Path root) {
        String self = readOrNull(root.resolve("tools/Check.java"));
        var parts = new ArrayList<String>(List.of(String.valueOf(self)));
        if (self != null)
            self.lines().filter(l -> l.startsWith("//SOURCES ")).flatMap(l -> Arrays.stream(l.substring(10).strip().split("\\s+")))
                    .forEach(f -> parts.add(readOrNull(root.resolve("tools").resolve(f))));
        return Hash.sha256(String.join("\0", parts));
    }
}
