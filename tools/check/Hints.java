package check;

import static check.CheckOne.indent;

import course.Course;
import course.Exercises.Exercise;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/// `check --hint NAME [N]`: an exercise's next hint (from exercises/HINTS.md), or hint N. How
/// many were shown is remembered in .cache/check-hints/NAME, so the next ask shows one more.
public final class Hints {
    private Hints() {}

    /// Shows hint `asked` (1 to the number of hints), or with 0 the one after those shown.
    public static int show(Path root, Exercise e, int asked) {
        List<String> hints = e.hints();
        Path state = state(root, e);
        int shown = 0;
        try {
            if (Files.isRegularFile(state)) shown = Integer.parseInt(Files.readString(state).strip());
        } catch (IOException | NumberFormatException ignored) {
            // start again from the first hint
        }
        int n = asked > 0 ? asked : Math.min(shown + 1, hints.size());
        IO.println("Hint " + n + " of " + hints.size() + " for " + e.name() + " (" + Course.relative(e.file()) + "):");
        IO.println();
        IO.println(indent(hints.get(n - 1)));
        IO.println();
        if (n < hints.size()) {
            IO.println("Still stuck? ./jbang check --hint " + e.name() + " shows hint " + (n + 1) + ".");
        } else {
            IO.println("That was the last hint. Once ./jbang check " + e.name()
                    + " says Solved, it tells you where the course's solution is, to compare with yours.");
        }
        try {
            Files.createDirectories(state.getParent());
            Files.writeString(state, Math.max(shown, n) + "\n");
        } catch (IOException x) {
            System.err.println("check: could not remember the hint in " + Course.relative(state) + ": " + x.getMessage());
        }
        return 0;
    }

    /// Forgets how many hints of `e` were shown: the next ask shows the first.
    static void forget(Path root, Exercise e) {
        try {
            Files.deleteIfExists(state(root, e));
        } catch (IOException ignored) {
            // nothing to forget
        }
    }

    /// .cache/check-hints/NAME: how many of its hints were shown.
    static Path state(Path root, Exercise e) {
        return root.resolve(".cache/check-hints").resolve(e.name());
    }
}
