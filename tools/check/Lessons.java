package check;

import course.Exercises.Exercise;
import course.Guide;
import course.LessonFile;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/// How the checker names an exercise's lesson: its number and its title, each lesson's title
/// read once.
public final class Lessons {
    private final Path root;
    private final Map<String, String> titles = new HashMap<>();

    public Lessons(Path root) {
        this.root = root;
    }

    /// `11, Wait or refuse: limits that still matter`: the lesson's number (its file's prefix) and
    /// its `title:` from the front matter of lessons/FILE.md (course.Guide reads it, as for
    /// `./jbang`'s list of lessons), or the file's name without one.
    public String of(Exercise e) {
        String file = e.lessonFile();
        String number = String.valueOf(LessonFile.number(file));
        return number + ", " + titles.computeIfAbsent(file, f -> {
            String title = Guide.title(root.resolve("lessons").resolve(f + ".md"));
            return title.isEmpty() ? f : title;
        });
    }
}
