package course;

import java.util.*;

/// How long a lesson takes a reader, from what can be counted: its main-path prose (the words
/// {@link ProseCount} counts) at {@link CourseReference#WORDS_PER_MINUTE}, the program lines its
/// listings show open (one line a fold's summary, {@link Excerpt}) at {@link #LINES_PER_MINUTE},
/// and the wall time of the runs it shows, as recorded: what a reader waits for who runs them.
/// Exercises are not in it: they take from minutes to an hour, and nobody has timed them.
public record ReadingTime(int words, int codeLines, double runSeconds) {

    /// Code reads slower than prose: a line every six seconds, with its lesson's text beside it.
    public static final int LINES_PER_MINUTE = 10;

    public int readingMinutes() { return ceil(words, CourseReference.WORDS_PER_MINUTE); }
    public int codeMinutes() { return ceil(codeLines, LINES_PER_MINUTE); }
    public int runMinutes() { return (int) Math.ceil(runSeconds / 60); }
    public int minutes() { return readingMinutes() + codeMinutes() + runMinutes(); }

    static int ceil(int n, int perMinute) { return (n + perMinute - 1) / perMinute; }

    public static ReadingTime of(Build.Loaded course, Lesson lesson) {
        Body body = course.body(lesson);
        int words = ProseCount.of(body, course.lessons(), course.root()).words();
        int lines = 0;
        double seconds = 0;
        for (Body.Part p : body.parts()) {
            if (!(p instanceof Body.Placed d)) continue;
            String kind = d.kind().name();
            if (kind.equals("program") || kind.equals("listing")) {
                String alias = d.argument() != null ? d.argument() : lesson.program();
                Excerpt e = course.program(course.catalog().get(alias, lesson.file(), d.line())).excerpt();
                lines += e.openLines() + (int) e.parts().stream().filter(Excerpt.Part::folded).count();
            } else if (kind.equals("run") && d.argument() != null) {
                seconds += course.recordings().get(d.argument(), lesson.file(), d.line()).wallSeconds().orElse(0);
            }
        }
        return new ReadingTime(words, lines, seconds);
    }

    /// The whole course: every lesson's time, added up.
    public static ReadingTime of(Build.Loaded course) {
        int words = 0, lines = 0;
        double seconds = 0;
        for (Lesson l : course.lessons()) {
            var t = of(course, l);
            words += t.words;
            lines += t.codeLines;
            seconds += t.runSeconds;
        }
        return new ReadingTime(words, lines, seconds);
    }
}
