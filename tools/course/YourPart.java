package course;

import java.util.ArrayList;
import java.util.List;

/// The part of an exercise a student is meant to change, marked in the file itself: a line
/// that starts with `// ---- your part` opens it, `// ---- end of your part ----` closes it
/// (several pairs where the change is in several places). Both lines are plain comments,
/// written in the solution around each `// exercise:` region and so kept by derive().
///
/// The checker compares the rest of the file with the exercise as shipped: a change there
/// (to the checks, to the code they call) gets a warning naming its line, never a refusal,
/// since a student may well add an import or a helper method there on purpose.
public final class YourPart {
    private YourPart() {}

    public static final String OPENS = "// ---- your part";
    public static final String START = OPENS + ": change only from here to its end ----";
    public static final String END = "// ---- end of your part ----";

    static boolean opens(String line) {
        return line.strip().startsWith(OPENS);
    }

    static boolean closes(String line) {
        return line.strip().equals(END);
    }

    /// The text without its marker lines: a solution as the site shows it, where the part a
    /// student changes has been changed.
    public static String unmarked(String text) {
        var out = new java.util.StringJoiner("\n");
        for (String line : text.split("\n", -1))
            if (!opens(line) && !closes(line)) out.add(line);
        return out.toString();
    }

    /// How many marked parts the text has (pairs of an opening and a closing line, in order).
    public static int count(String text) {
        int n = 0;
        boolean inside = false;
        for (String line : text.split("\r?\n", -1)) {
            if (!inside && opens(line)) inside = true;
            else if (inside && closes(line)) {
                inside = false;
                n++;
            }
        }
        return n;
    }

    /// The number (from 1) of the first line of `now` outside its marked parts that differs
    /// from `shipped` outside its marked parts, or 0 if every such line is as shipped. The
    /// marker lines count as outside, so removing one is a change; line ends (CRLF or LF) and
    /// blank lines at the end of the file are not. With no marked part in `shipped`, 0.
    public static int firstChangeOutside(String shipped, String now) {
        var before = outside(shipped);
        if (count(shipped) == 0) return 0;
        var after = outside(now);
        int n = Math.min(before.size(), after.size());
        for (int i = 0; i < n; i++)
            if (!before.get(i).text().equals(after.get(i).text())) return after.get(i).number();
        if (before.size() == after.size()) return 0;
        if (after.size() > n) return after.get(n).number();               // lines added at the end
        return after.isEmpty() ? 1 : after.getLast().number() + 1;         // lines (or a closing marker) gone
    }

    record Line(int number, String text) {}

    /// The lines outside the marked parts, each with its number, blank lines at the end dropped.
    static List<Line> outside(String text) {
        var lines = text.split("\r?\n", -1);
        var out = new ArrayList<Line>();
        boolean inside = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (inside) {
                if (closes(line)) {
                    inside = false;
                    out.add(new Line(i + 1, line.stripTrailing()));
                }
            } else {
                out.add(new Line(i + 1, line.stripTrailing()));
                if (opens(line)) inside = true;
            }
        }
        while (!out.isEmpty() && out.getLast().text().isBlank()) out.removeLast();
        return out;
    }
}
