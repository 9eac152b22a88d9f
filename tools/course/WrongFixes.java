package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;

/// The wrong-fix corpus: plausible mistakes a student makes in each exercise, one file per
/// exercise in tools/tests/wrong-fixes/ (NAME.txt for the exercise NAME). The tests apply each
/// and require that the check it names fails (ExercisesTest); the instructors' page shows them
/// to trainers, as what the room will try ({@link WrongFixesDirective}). JDK only.
///
/// The file format: lines before the first entry that start with `#` are comments; each entry is
///
///     === WHY A STUDENT MIGHT TRY IT, AND WHAT IS WRONG WITH IT
///     caught by: THE CHECK'S NAME, AS ITS "FAIL name: got ..." LINE PRINTS IT
///     region: N          (only for an exercise with several exercise regions: which one, from 1)
///     CODE THAT REPLACES THE SOLUTION'S LINES OF THAT REGION
///
/// and ends where the next `===` line starts. Blank lines at the end of the code are dropped.
public final class WrongFixes {
    private WrongFixes() {}

    public static final String DIR = "tools/tests/wrong-fixes";

    /// A wrong fix: `code` replaces the solution's region number `region` (from 1), at `file`:`line`.
    public record WrongFix(String exercise, String why, String caughtBy, int region, String code, Path file, int line) {
        public String where() {
            return Course.relative(file) + ":" + line;
        }
    }

    /// Every wrong fix, by exercise name (file name order), in file order; none when there is no corpus.
    public static List<WrongFix> load(Path root) {
        Path dir = root.resolve(DIR);
        if (!Files.isDirectory(dir)) return List.of();
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".txt")).sorted()
                    .flatMap(f -> read(f).stream()).toList();
        } catch (IOException e) {
            throw new BuildError(dir, 0, "cannot list the wrong fixes: " + e.getMessage());
        }
    }

    static List<WrongFix> read(Path file) {
        String exercise = file.getFileName().toString().replaceFirst("\\.txt$", "");
        List<String> lines;
        try {
            lines = Files.readString(file).replace("\r\n", "\n").lines().toList();
        } catch (IOException e) {
            throw new BuildError(file, 0, "cannot read: " + e.getMessage());
        }
        var fixes = new ArrayList<WrongFix>();
        int i = 0;
        while (i < lines.size() && !lines.get(i).startsWith("=== ")) {
            if (!lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
                throw new BuildError(file, i + 1, "expected '=== why' to start a wrong fix (or a '#' comment before the first)");
            i++;
        }
        while (i < lines.size()) {
            int start = i + 1;
            String why = lines.get(i).substring(4).strip();
            i++;
            if (i >= lines.size() || !lines.get(i).startsWith("caught by: "))
                throw new BuildError(file, i + 1, "expected 'caught by: CHECK' after '=== " + why + "'");
            String caughtBy = lines.get(i).substring("caught by: ".length()).strip();
            i++;
            int region = 1;
            if (i < lines.size() && lines.get(i).startsWith("region: ")) {
                String n = lines.get(i).substring("region: ".length()).strip();
                if (!n.matches("[1-9]\\d?")) throw new BuildError(file, i + 1, "'region: " + n + "' is not a region's number (1, 2, ...)");
                region = Integer.parseInt(n);
                i++;
            }
            var code = new ArrayList<String>();
            while (i < lines.size() && !lines.get(i).startsWith("=== ")) code.add(lines.get(i++));
            while (!code.isEmpty() && code.getLast().isBlank()) code.removeLast();
            if (code.isEmpty()) throw new BuildError(file, start, "'=== " + why + "' has no code");
            fixes.add(new WrongFix(exercise, why, caughtBy, region, String.join("\n", code), file, start));
        }
        return fixes;
    }
}
