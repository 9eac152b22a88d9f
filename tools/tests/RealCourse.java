package tests;

import course.Lesson;
import java.nio.file.Path;

/// The course in this repository as tests name it: lessons by slug, never by file name, so a
/// lesson that moves keeps its tests.
final class RealCourse {
    private RealCourse() {}

    /// The file of the lesson whose slug is `slug` (the part after `NN-`).
    static Path lesson(String slug) {
        return Lesson.loadAll(Proc.ROOT).stream().filter(l -> l.slug().equals(slug)).findFirst()
                .orElseThrow(() -> new AssertionError("no lesson with slug '" + slug + "' in lessons/")).file();
    }
}
