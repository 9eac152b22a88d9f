package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.*;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// `./build.sh new lesson SLUG EXERCISE` (course/Scaffold): on a copy of the real course, the
/// files it writes make a course that loads, with the new lesson's run declared, its exercise
/// derived and the catalog in sync; it refuses a bad name or a name in use and writes nothing then.
class ScaffoldTest {

    static Path copyOfCourse(Path tmp) throws Exception {
        for (String p : List.of("jbang-catalog.json", "lessons", "programs", "exercises", "recordings", "tools/templates", "tools/assets"))
            kit.Trees.copy(Proc.ROOT.resolve(p), tmp.resolve(p));
        for (String tool : List.of("tools/Check.java", "tools/Compare.java", "tools/Rehearse.java")) Files.copy(Proc.ROOT.resolve(tool), tmp.resolve(tool));
        Files.createDirectories(tmp.resolve("tools/tests/wrong-fixes"));
        return tmp;
    }

    @Test
    @Quick
    @DisplayName("new lesson: the course loads with the new lesson last, its run, program alias and exercise; the catalog is in sync")
    void aNewLessonLoads(@TempDir Path tmp) throws Exception {
        Path root = copyOfCourse(tmp);
        int before = Lesson.loadAll(root).size();
        // numbered one after the last lesson's number (numbers may have gaps while lessons are being added)
        int next = Integer.parseInt(Lesson.loadAll(root).getLast().file().getFileName().toString().substring(0, 2)) + 1;
        var wrote = Scaffold.lesson(root, "request-hello", "tag-along");

        assertEquals(5, wrote.indexOf("exercises/HINTS.md (a section appended)"), "six files to fill in by hand come first: " + wrote);
        assertEquals(List.of("exercises/TagAlong.java", "lessons/instructors.md (the lesson last in the class plan, as homework)",
                "jbang-catalog.json (aliases request-hello, tag-along, tag-along-solution)"), wrote.subList(6, wrote.size()),
                "then what follows from them");
        var lessons = Lesson.loadAll(root);
        assertEquals(before + 1, lessons.size());
        assertEquals("request-hello", lessons.getLast().slug(), "the new lesson comes last");
        assertEquals("%02d-request-hello.md".formatted(next), lessons.getLast().file().getFileName().toString());

        var loaded = Build.load(root);
        assertEquals("request-hello", loaded.runs().get("request-hello").alias(), "its run is declared");
        var catalog = Catalog.load(root);
        assertEquals("programs/RequestHello.java", catalog.aliases().get("request-hello").ref());
        assertEquals("exercises/TagAlong.java", catalog.aliases().get("tag-along").ref());
        assertEquals("exercises/solutions/TagAlong.java", catalog.aliases().get("tag-along-solution").ref());
        assertEquals(Files.readString(root.resolve("jbang-catalog.json")), CatalogSync.synced(root), "sync would write nothing");

        var exercise = Exercises.load(root).stream().filter(e -> e.name().equals("tag-along")).findFirst().orElseThrow();
        assertEquals("%02d-request-hello".formatted(next), exercise.lessonFile());
        assertEquals(Exercises.derive(Files.readString(root.resolve("exercises/solutions/TagAlong.java"))),
                Files.readString(root.resolve("exercises/TagAlong.java")), "the shipped exercise is derived from its solution");
        assertTrue(Files.readString(root.resolve("tools/tests/wrong-fixes/tag-along.txt")).split("\n=== ").length >= 3, "three wrong fixes");

        // and the course builds with it, its place in the class plan included, once its run is
        // recorded (here the test's stand-in for the real run that `./build.sh record` makes)
        Fixture.record(root, "request-hello", "hello from a virtual thread: true\n");
        Build.build(root, root.resolve("site"), false, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        assertTrue(Files.readString(root.resolve("site/instructors.html")).contains("request-hello.html"), "the instructors' page plans the new lesson");
    }

    @Test
    @Quick
    @DisplayName("new lesson: a slug or alias in use, or a bad name, is refused and nothing is written")
    void refusesWhatExists(@TempDir Path tmp) throws Exception {
        Path root = copyOfCourse(tmp);
        String catalog = Files.readString(root.resolve("jbang-catalog.json"));
        String hints = Files.readString(root.resolve("exercises/HINTS.md"));
        String slug = Lesson.loadAll(root).getFirst().slug();

        var taken = assertThrows(BuildError.class, () -> Scaffold.lesson(root, slug, "tag-along"));
        assertTrue(taken.getMessage().contains("exists already"), taken.getMessage());
        var alias = assertThrows(BuildError.class, () -> Scaffold.lesson(root, "request-hello", "crew"));
        assertTrue(alias.getMessage().contains("the alias 'crew' exists already"), alias.getMessage());
        var bad = assertThrows(BuildError.class, () -> Scaffold.lesson(root, "Request_Hello", "tag-along"));
        assertTrue(bad.getMessage().contains("is not a lesson slug"), bad.getMessage());

        assertEquals(catalog, Files.readString(root.resolve("jbang-catalog.json")));
        assertEquals(hints, Files.readString(root.resolve("exercises/HINTS.md")));
        assertFalse(Files.exists(root.resolve("programs/RequestHello.java")));
    }

    @Test
    @DisplayName("./build.sh new: without 'lesson SLUG EXERCISE' it prints its usage line and exits 2")
    void theCommandSaysHowToUseIt() {
        var r = Proc.run(Proc.ROOT, java.util.Map.of(), Proc.HangLimit.ofMinutes(3), List.of("./build.sh", "new", "lesson"));
        assertEquals(2, r.exit(), r.all());
        assertTrue(r.err().contains("usage: ./build.sh new lesson SLUG EXERCISE"), r.all());
    }
}
