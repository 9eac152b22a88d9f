package tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.Stream;

/// Plausible wrong fixes of the exercises, one file per exercise in tools/tests/wrong-fixes/
/// (NAME.txt for the exercise NAME), each fix failing the check meant for it (ExercisesTest).
///
/// The file format, for a contributor: lines before the first entry that start with `#` are
/// comments; each entry is
///
///     === WHY A STUDENT MIGHT TRY IT, AND WHAT IS WRONG WITH IT
///     caught by: THE CHECK'S NAME, AS ITS "FAIL name: got ..." LINE PRINTS IT
///     region: N          (only for an exercise with several exercise regions: which one, from 1)
///     CODE THAT REPLACES THE SOLUTION'S LINES OF THAT REGION
///
/// and ends where the next `===` line starts. Blank lines at the end of the code are dropped.
final class WrongFixes {
    private WrongFixes() {}

    static final Path DIR = Proc.ROOT.resolve("tools/tests/wrong-fixes");

    /// A wrong fix: `code` replaces the solution's region number `region` (from 1).
    record WrongFix(String exercise, String why, String caughtBy, int region, String code, Path file, int line) {
        String where() {
            return Proc.ROOT.relativize(file) + ":" + line;
        }
    }

    /// Every wrong fix, by exercise name, in file order.
    static List<WrongFix> all() {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".txt")).sorted()
                    .flatMap(f -> read(f).stream()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<WrongFix> read(Path file) {
        String exercise = file.getFileName().toString().replaceFirst("\\.txt$", "");
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        var fixes = new ArrayList<WrongFix>();
        int i = 0;
        while (i < lines.size() && !lines.get(i).startsWith("=== ")) {
            if (!lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected '=== why' to start a wrong fix");
            i++;
        }
        while (i < lines.size()) {
            int start = i + 1;
            String why = lines.get(i).substring(4).strip();
            i++;
            if (i >= lines.size() || !lines.get(i).startsWith("caught by: "))
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected 'caught by: CHECK' after '=== " + why + "'");
            String caughtBy = lines.get(i).substring("caught by: ".length()).strip();
            i++;
            int region = 1;
            if (i < lines.size() && lines.get(i).startsWith("region: ")) {
                region = Integer.parseInt(lines.get(i).substring("region: ".length()).strip());
                i++;
            }
            var code = new ArrayList<String>();
            while (i < lines.size() && !lines.get(i).startsWith("=== ")) code.add(lines.get(i++));
            while (!code.isEmpty() && code.getLast().isBlank()) code.removeLast();
            if (code.isEmpty())
                throw new IllegalArgumentException(file + ":" + start + ": '=== " + why + "' has no code");
            fixes.add(new WrongFix(exercise, why, caughtBy, region, String.join("\n", code), file, start));
        }
        return fixes;
    }

    /// The solution with its exercise region number `region` (from 1; markers and solution
    /// lines) replaced by `code`; the other regions keep the solution's lines, without markers.
    static String withRegion(String solution, int region, String code) {
        var out = new StringJoiner("\n");
        boolean inRegion = false, inMarkers = false;
        int seen = 0;
        for (String line : solution.split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith("// exercise:")) {
                if (!inMarkers) seen++;
                inRegion = inMarkers = true;
            } else if (t.equals("// end exercise")) {
                if (seen == region) out.add(code);
                inRegion = inMarkers = false;
            } else {
                inMarkers = false;
                if (!inRegion || seen != region) out.add(line);
            }
        }
        if (seen < region)
            throw new IllegalArgumentException("the solution has " + seen + " exercise region(s), not " + region);
        return out.toString();
    }
}
