package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;

/// An inline value the build reads from the course itself, so prose stays true when lessons
/// are renumbered, merged or shortened:
///
/// - `{{lesson SLUG}}`: "lesson" and SLUG's number, linked to SLUG.html; `{{Lesson SLUG}}` starts a sentence.
/// - `{{lesson-number SLUG}}`: "5" alone, unlinked (a heading, raw HTML, a possessive).
/// - `{{course lessons}}`: how many lessons there are.
/// - `{{course exercises}}`: how many exercises there are.
/// - `{{course reading-minutes}}`, `{{course code-minutes}}`, `{{course run-minutes}}` and
///   `{{course minutes}}`, their sum: how long the lessons take, from what can be counted
///   ({@link ReadingTime}), rounded up.
///
/// An unknown slug or value stops the build at its line.
public record CourseReference(String kind, String argument, Path file, int line) {

    public static final Pattern SYNTAX = Pattern.compile("\\{\\{(lesson|Lesson|lesson-number|course) (" + Slug.WORDS + ")\\}\\}");
    static final String USAGE = "{{lesson slug}}, {{Lesson slug}}, {{lesson-number slug}} or {{course lessons|exercises|reading-minutes|code-minutes|run-minutes|minutes}}";
    /// The reading rate behind `{{course reading-minutes}}`.
    public static final int WORDS_PER_MINUTE = 200;
    static final List<String> COURSE_VALUES = List.of("lessons", "exercises", "reading-minutes", "code-minutes", "run-minutes", "minutes");

    /// The reference that starts at `start` of `line`, or null when none does.
    static CourseReference at(String text, int start, Path file, int line, int[] end) {
        Matcher m = SYNTAX.matcher(text).region(start, text.length());
        if (!m.lookingAt()) return null;
        end[0] = m.end();
        var ref = new CourseReference(m.group(1), m.group(2), file, line);
        if (ref.kind.equals("course") && !COURSE_VALUES.contains(ref.argument))
            throw new BuildError(file, line, "has {{course " + ref.argument + "}}, which the build does not know. Use {{course "
                    + String.join("}} or {{course ", COURSE_VALUES) + "}}");
        return ref;
    }

    /// What the reference shows, as markdown (a link for `{{lesson}}` and `{{Lesson}}`).
    String markdown(Build.Loaded course) {
        if (kind.equals("course")) return switch (argument) {
            case "lessons" -> Integer.toString(course.lessons().size());
            case "exercises" -> Integer.toString(course.exercises().size());
            case "reading-minutes" -> Integer.toString(ReadingTime.of(course).readingMinutes());
            case "code-minutes" -> Integer.toString(ReadingTime.of(course).codeMinutes());
            case "run-minutes" -> Integer.toString(ReadingTime.of(course).runMinutes());
            default -> Integer.toString(ReadingTime.of(course).minutes());
        };
        Lesson l = lesson(course.lessons(), course.root());
        return switch (kind) {
            case "lesson-number" -> Integer.toString(l.order());
            case "Lesson" -> "[Lesson " + l.order() + "](" + l.page() + ")";
            default -> "[lesson " + l.order() + "](" + l.page() + ")";
        };
    }

    /// The text a reader reads, without markup: what {@link ProseCount} counts.
    String plain(List<Lesson> lessons, Path root) {
        if (kind.equals("course")) return "0";
        Lesson l = lesson(lessons, root);
        return kind.equals("lesson-number") ? Integer.toString(l.order()) : kind + " " + l.order();
    }

    /// The lesson this reference names; refuses an unknown slug, pointing at its new slug when
    /// lessons/moved.yaml knows it.
    Lesson lesson(List<Lesson> lessons, Path root) {
        for (Lesson l : lessons) if (l.slug().equals(argument)) return l;
        String moved = Redirects.load(root).get(argument);
        throw new BuildError(file, line, "refers to lesson '" + argument + "', which does not exist. "
                + (moved != null ? "It moved: write {{" + kind + " " + moved.replaceFirst("#.*", "") + "}} (lessons/moved.yaml)"
                : "Use the slug of a lesson (its file name without NN- and .md): "
                + String.join(", ", lessons.stream().map(Lesson::slug).toList())));
    }
}
