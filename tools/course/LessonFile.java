package course;

import java.util.regex.*;

/// The name of a lesson's file, `lessons/NN-slug.md`: the one rule that the build, the guide
/// and the exercises' checker read lessons/ by. JDK only: the checker compiles it on its own.
public final class LessonFile {
    private LessonFile() {}

    /// `06-the-daemon-trap.md`: two digits, a dash, lower-case words joined by dashes, `.md`.
    public static final Pattern NAME = Pattern.compile("(\\d{2})-(" + Slug.WORDS + ")\\.md");

    /// True for a lesson's file name (with `.md`).
    public static boolean is(String fileName) { return NAME.matcher(fileName).matches(); }

    /// `6` for `06-the-daemon-trap` or `06-the-daemon-trap.md`; -1 for a name that is no lesson's.
    public static int number(String name) {
        Matcher m = NAME.matcher(withMd(name));
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    /// `the-daemon-trap` for `06-the-daemon-trap` or `06-the-daemon-trap.md`; null for a name that is no lesson's.
    public static String slug(String name) {
        Matcher m = NAME.matcher(withMd(name));
        return m.matches() ? m.group(2) : null;
    }

    private static String withMd(String name) { return name.endsWith(".md") ? name : name + ".md"; }
}
