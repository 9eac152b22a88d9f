package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;

/// An inline value the build reads from the course itself, so prose stays true when lessons
/// are renumbered, merged or shortened:
///
/// - `{{lesson SLUG}}`: "lesson 5", linked to SLUG.html; `{{Lesson SLUG}}` starts a sentence.
/// - `{{lesson-number SLUG}}`: "5" alone, unlinked (a heading, raw HTML, "lesson 9's").
/// - `{{course lessons}}`: how many lessons there are.
/// - `{{course reading-minutes}}`: the main-path words of every lesson ({@link ProseCount})
///   at {@link #WORDS_PER_MINUTE} words a minute, rounded up.
///
/// An unknown slug or value stops the build at its line.
public record CourseReference(String kind, String argument, Path file, int line) {

    public static final Pattern SYNTAX = Pattern.compile("\\{\\{(lesson|Lesson|lesson-number|course) (" + Slug.WORDS + ")\\}\\}");
    static final String USAGE = "{{lesson slug}}, {{Lesson slug}}, {{lesson-number slug}}, {{course lessons}} or {{course reading-minutes}}";
    /// The reading rate behind `{{course reading-minutes}}`.
    public static final int WORDS_PER_MINUTE = 200;
    static final List<String> COURSE_VALUES = List.of("lessons", "reading-minutes");

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
            default -> Integer.toString(readingMinutes(course));
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

    /// Minutes to read every lesson's main path at {@link #WORDS_PER_MINUTE}, rounded up.
    static int readingMinutes(Build.Loaded course) {
        int words = 0;
        for (Lesson l : course.lessons()) words += ProseCount.of(course.body(l), course.lessons(), course.root()).words();
        return (words + WORDS_PER_MINUTE - 1) / WORDS_PER_MINUTE;
    }
}
