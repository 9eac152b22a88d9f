package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.io.IOException;
import java.nio.file.*;
import java.nio.file.attribute.FileTime;
import java.util.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// A warm build skips its work only while nothing it reads has changed (course.UpToDate):
/// every file of the course, the site as built, and the --strict flag.
@Quick
class UpToDateTest {

    final Fixture f;

    UpToDateTest(@TempDir Path tmp) throws Exception {
        f = new Fixture(tmp);
    }

    Build.Result build(boolean strict) throws IOException {
        return Build.buildIfChanged(f.root, f.file("site"), strict, false, System.out);
    }

    boolean rebuilds(boolean strict) throws IOException {
        return build(strict).loaded() != null;
    }

    /// Makes `change` to a course that is up to date (built: the first call builds it): true
    /// when the next build does the work. That build leaves it up to date for the next change.
    boolean rebuildsAfter(Change change) throws Exception {
        if (!Files.exists(f.file("site"))) build(false);
        assertFalse(rebuilds(false), "up to date before the change");
        change.make();
        return rebuilds(false);
    }

    interface Change {
        void make() throws Exception;
    }

    @Test
    void aSecondBuildWithNothingChangedWritesNothingAndRepeatsTheReport() throws Exception {
        // a stale recording: the program changed after it was recorded, so the build warns
        f.write("programs/Hello.java", Fixture.HELLO.replace("took", "spent"));
        var first = build(false);
        assertNotNull(first.loaded(), "the first build does the work");
        assertFalse(first.warnings().isEmpty(), "the stale recording is reported");
        var before = listing();
        var second = build(false);
        assertNull(second.loaded(), "nothing changed: nothing built");
        assertEquals(first.pages(), second.pages());
        assertEquals(first.warnings(), second.warnings(), "the warnings are shown again, not lost");
        assertEquals(before, listing(), "the site was not touched");
    }

    @Test
    void anEditToAnyFileOfTheCourseRebuilds() throws Exception {
        List<Path> files;
        try (var s = Files.walk(f.root)) {
            files = s.filter(Files::isRegularFile).filter(p -> !p.startsWith(f.file("site")) && !p.startsWith(f.file(".cache"))).toList();
        }
        // lessons, recordings, programs, exercises, hints, templates, the catalog, build.sh
        for (String kind : List.of("lessons/", "recordings/", "programs/", "exercises/", "tools/templates/", "jbang-catalog.json"))
            assertTrue(files.stream().anyMatch(p -> f.root.relativize(p).toString().startsWith(kind)), kind + " is among the files");
        for (Path p : files) {
            String rel = f.root.relativize(p).toString();
            String text = Files.readString(p);
            assertTrue(rebuildsAfter(() -> Files.writeString(p, text + "\n")), rel + " edited");
        }
    }

    @Test
    void aNewOrDeletedFileRebuilds() throws Exception {
        assertTrue(rebuildsAfter(() -> f.write("lessons/moved.yaml", "old-name: first\n")), "a new file");
        assertTrue(rebuildsAfter(() -> f.write("tools/assets/new.css", "p {}\n")), "a new asset");
        assertTrue(rebuildsAfter(() -> Files.delete(f.file("tools/assets/new.css"))), "a deleted file");
    }

    @Test
    void aScreenshotTheTestsWroteIsNoInput() throws Exception {
        assertFalse(rebuildsAfter(() -> f.write("tools/screenshots/a-lesson-desktop-light.png", "not a page\n")), "a new screenshot");
        assertTrue(rebuildsAfter(() -> f.write("tools/screenshot.png", "an asset\n")), "a file beside the folder");
    }

    @Test
    void contentCountsEvenWithTheSameSizeAndTime() throws Exception {
        Path lesson = f.file("lessons/02-second.md");
        assertTrue(rebuildsAfter(() -> {
            FileTime time = Files.getLastModifiedTime(lesson);
            Files.writeString(lesson, Files.readString(lesson).replace("Back to", "back to"));
            Files.setLastModifiedTime(lesson, time);
        }));
        assertTrue(f.read("site/second.html").contains("back to"));
    }

    @Test
    void aTouchedFileRebuilds() throws Exception {
        Path lesson = f.file("lessons/01-first.md");
        assertTrue(rebuildsAfter(() -> Files.setLastModifiedTime(lesson, FileTime.fromMillis(Files.getLastModifiedTime(lesson).toMillis() - 60_000))));
    }

    @Test
    void aSiteEditedOrDeletedIsBuiltAgain() throws Exception {
        assertTrue(rebuildsAfter(() -> Files.writeString(f.file("site/first.html"), "edited by hand")), "a page edited");
        assertNotEquals("edited by hand", f.read("site/first.html"));
        assertTrue(rebuildsAfter(() -> Files.delete(f.file("site/second.html"))), "a page deleted");
        assertTrue(Files.exists(f.file("site/second.html")));
        assertTrue(rebuildsAfter(() -> kit.Trees.delete(f.file("site"))), "the site deleted");
        assertTrue(Files.exists(f.file("site/index.html")));
        assertTrue(rebuildsAfter(() -> f.write("site/extra.html", "x")), "a file added to the site");
    }

    @Test
    void strictAfterAPlainBuildBuildsAndFailsOnWarnings() throws Exception {
        f.write("programs/Hello.java", Fixture.HELLO.replace("took", "spent"));   // stale: a warning
        build(false);
        assertThrows(BuildError.class, () -> build(true), "--strict refuses the stale recording, even though nothing changed");
        assertTrue(rebuilds(false), "the failed build left no stamp behind");
    }

    @Test
    void aFailedBuildLeavesNoStamp() throws Exception {
        build(false);
        String lesson = f.read("lessons/01-first.md");
        f.write("lessons/01-first.md", lesson.replace("{{run hello-run}}", "{{run nope}}"));
        assertThrows(BuildError.class, () -> build(false));
        f.write("lessons/01-first.md", lesson);
        assertTrue(rebuilds(false), "back as it was, yet built again: the stamp went with the failed build");
    }

    /// Every file of the site with its size and time.
    Map<String, String> listing() throws IOException {
        var m = new TreeMap<String, String>();
        try (var s = Files.walk(f.file("site"))) {
            for (Path p : s.filter(Files::isRegularFile).toList())
                m.put(f.file("site").relativize(p).toString(), Files.size(p) + " " + Files.getLastModifiedTime(p));
        }
        return m;
    }
}
