package tests;

import java.util.*;

/// The wrong-fix corpus (course.WrongFixes reads it; its format is there), as the tests apply
/// each fix to its exercise's solution (ExercisesTest).
final class WrongFixes {
    private WrongFixes() {}

    /// Every wrong fix, by exercise name, in file order.
    static List<course.WrongFixes.WrongFix> all() {
        return course.WrongFixes.load(Proc.ROOT);
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
