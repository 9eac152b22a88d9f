package check;

import static kit.SourceRuns.readOrNull;

import course.Course;
import course.Exercises.Exercise;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/// `check --reset NAME|all [--yes]`: writes exercises back as shipped, after asking (unless
/// --yes) and after keeping a copy of the student's text in .cache/check-reset/; forgets each
/// one's hints count and deletes its work folder, .cache/exercises/NAME/.
public final class Reset {
    private final Path root;

    public Reset(Path root) {
        this.root = root;
    }

    /// Exit code 0 when every chosen exercise is as shipped now, 1 when the student said no or
    /// a file could not be kept or written.
    public int reset(List<Exercise> chosen, boolean yes) {
        var changed = new ArrayList<Exercise>();
        for (Exercise e : chosen) {
            if (e.shipped().equals(readOrNull(e.file()))) {
                IO.println(Course.relative(e.file()) + " is already as shipped.");
                forgetHints(e);
            } else {
                changed.add(e);
            }
        }
        if (changed.isEmpty()) return 0;
        if (!yes) {
            IO.print("Reset " + String.join(", ", changed.stream().map(e -> Course.relative(e.file())).toList())
                    + " to the text as shipped? A copy of each is kept in .cache/check-reset/. [y/N] ");
            String answer;
            try {
                answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            } catch (IOException x) {
                answer = null;
            }
            if (answer == null) IO.println();
            if (answer == null || !List.of("y", "yes").contains(answer.strip().toLowerCase(Locale.ROOT))) {
                IO.println(answer == null ? "Nothing was reset: no answer came (no terminal?). Add --yes to reset without asking."
                        : "Nothing was reset.");
                return 1;
            }
        }
        String stamp = LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString().replace(':', '-');
        for (Exercise e : changed) {
            String yours = readOrNull(e.file());
            Path kept = null;
            try {
                if (yours != null) kept = keepACopy(e, yours, stamp);
            } catch (IOException x) {
                System.err.println("check: could not keep a copy of " + Course.relative(e.file()) + ", so it is not reset: " + x.getMessage());
                return 1;
            }
            try {
                Files.createDirectories(e.file().getParent());
                Files.writeString(e.file(), e.shipped(), StandardCharsets.UTF_8);
            } catch (IOException x) {
                System.err.println("check: could not write " + Course.relative(e.file()) + ": " + x.getMessage());
                return 1;
            }
            forgetHints(e);
            IO.println("Reset " + Course.relative(e.file()) + " (and its hints count)"
                    + (kept == null ? "." : "; your version is kept as " + Course.relative(kept) + "."));
        }
        return 0;
    }

    /// The student's text, written to .cache/check-reset/NAME/STAMP.java before a reset; a second
    /// reset within the same second gets STAMP-2, and so on: no copy is ever overwritten.
    Path keepACopy(Exercise e, String text, String stamp) throws IOException {
        Path dir = root.resolve(".cache/check-reset").resolve(e.name());
        Files.createDirectories(dir);
        Path copy = dir.resolve(stamp + ".java");
        for (int n = 2; Files.exists(copy); n++) copy = dir.resolve(stamp + "-" + n + ".java");
        Files.writeString(copy, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
        return copy;
    }

    void forgetHints(Exercise e) {
        Hints.forget(root, e);
        forgetWork(e);
    }

    /// What the exercise's runs left in its work folder, .cache/exercises/NAME/ (census keeps the
    /// thread dump it reads there, for the student to open).
    void forgetWork(Exercise e) {
        Path work = root.resolve(".cache/exercises").resolve(e.name());
        if (!Files.isDirectory(work)) return;
        try (var files = Files.walk(work)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException x) {
            System.err.println("check: could not delete " + Course.relative(work) + ": " + x.getMessage());
        }
    }
}
