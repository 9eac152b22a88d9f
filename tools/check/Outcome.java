package check;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/// One run of an exercise, judged: solved or not, whether the exercise said its verdict itself,
/// the failure in a few words, its whole output, and `kept`: the verdict was read from
/// .cache/check, not run now.
public record Outcome(boolean solved, boolean saidVerdict, String failure, String output, boolean kept) {
    public Outcome(boolean solved, boolean saidVerdict, String failure, String output) {
        this(solved, saidVerdict, failure, output, false);
    }

    /// The verdict of a run that ended with `exit` and printed `out`: the exercise's own
    /// "Not solved yet:" or "Solved." line, else the first compile error or crash it printed.
    public static Outcome judge(int exit, String out) {
        var lines = out.lines().map(String::strip).toList();
        for (String line : lines)
            if (line.startsWith("Not solved yet:"))
                return new Outcome(false, true, line.substring("Not solved yet:".length()).strip(), out);
        if (exit == 0 && lines.contains("Solved.")) return new Outcome(true, true, "", out);
        String compileError = lines.stream().filter(l -> l.contains(".java:") && l.contains(": error:")).findFirst().orElse(null);
        if (compileError != null)
            return new Outcome(false, false, "does not compile, line "
                    + compileError.replaceFirst("^.*?\\.java:(\\d+): error: ", "$1: "), out);
        String crash = lines.stream().filter(l -> l.startsWith("Exception in thread")).findFirst().orElse(null);
        if (crash != null)
            return new Outcome(false, false, "crashed: " + crash.replaceFirst("^Exception in thread \"[^\"]*\" ", ""), out);
        return new Outcome(false, false, "ended (exit " + exit + ") without saying Solved.", out);
    }

    /// The outcome a run started on a pool comes to, or why it could not run.
    public static Outcome of(Future<Outcome> f) {
        try {
            return f.get();
        } catch (ExecutionException | InterruptedException x) {
            return new Outcome(false, false, "could not run it: " + x, "");
        }
    }

    /// The exercise's check lines, one per check it made: `ok   what` or `FAIL what: got ...`.
    public List<String> checks() {
        return output.lines().filter(l -> l.startsWith("ok   ") || l.startsWith("FAIL ")).toList();
    }

    /// `2/4`: the checks that passed of those made, or "" for a run that made no check.
    public String passed() {
        var checks = checks();
        return checks.isEmpty() ? "" : checks.stream().filter(c -> c.startsWith("ok")).count() + "/" + checks.size();
    }
}
