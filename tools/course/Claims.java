package course;

import java.util.*;
import java.util.function.Function;

/// Checks the claims of every declared run against the runs' outputs.
public final class Claims {
    private Claims() {}

    /// A claim that does not hold, with what was found instead.
    public record Failure(Claim claim, String runId, String found) {
        @Override
        public String toString() {
            return Course.relative(claim.file()) + ":" + claim.line() + ": claim '" + claim.says() + "' of run " + runId
                    + " does not hold: " + found + ". Fix the lesson's sentence and its claim, or re-record: ./build.sh record " + runId;
        }
    }

    /// Refuses a claim whose check refers to an undeclared run or has a bad reference.
    public static void validate(Map<String, Lesson.DeclaredRun> runs) {
        for (Lesson.DeclaredRun run : runs.values())
            for (Claim c : run.claims()) c.references(runs.keySet());
    }

    /// Every claim that does not hold, with `outputs` giving a run's output by id.
    public static List<Failure> failures(Map<String, Lesson.DeclaredRun> runs, Function<String, String> outputs) {
        var out = new ArrayList<Failure>();
        for (Lesson.DeclaredRun run : runs.values())
            for (Claim c : run.claims()) {
                String found = c.failure(run.id(), runs.keySet(), outputs);
                if (found != null) out.add(new Failure(c, run.id(), found));
            }
        return out;
    }
}
