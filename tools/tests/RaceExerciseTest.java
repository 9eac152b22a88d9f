package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import course.Exercises;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/// The `race` exercise: the wrong fixes its check must catch, and the right one it passes.
/// Alone, as LostUpdatesTest: its check times the fetches, which a class busy beside it would slow.
@Programs
@Isolated
class RaceExerciseTest {

    record Edit(String from, String to) {}

    @Test
    @DisplayName("race: making the total volatile is caught (the total is still wrong)")
    void volatileFixIsCaught() throws IOException {
        var r = runRaceWith(new Edit("long totalWords;", "volatile long totalWords;"));
        assertNotEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("Not solved yet: the total is exact"), r.all());
    }

    @Test
    @DisplayName("race: one lock around the whole task is caught (the fetches ran one at a time)")
    void wholeTaskLockIsCaught() throws IOException {
        var r = runRaceWith(new Edit("void countWords(int page)", "synchronized void countWords(int page)"));
        assertNotEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("ok   the total is exact"), r.all());
        assertTrue(r.out().contains("Not solved yet: most fetches waiting at once"), r.all());
    }

    @Test
    @DisplayName("race: a lock around the addition only, after the fetch, passes")
    void lockAroundTheAdditionPasses() throws IOException {
        var r = runRaceWith(new Edit("    totalWords += wordsOn(page);",
                "    int words = wordsOn(page);\n    synchronized (this) { totalWords += words; }"));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().strip().endsWith("Solved."), r.all());
    }

    /// The race exercise as shipped (derived from its solution), with one edit, run in a temporary folder.
    static Proc.Result runRaceWith(Edit edit) throws IOException {
        String shipped = Exercises.derive(Files.readString(Proc.ROOT.resolve("exercises/solutions/Race.java")));
        assertTrue(shipped.contains(edit.from()), "the shipped exercise has no '" + edit.from() + "'");
        Path dir = Files.createTempDirectory("race");
        try {
            Files.writeString(dir.resolve("Race.java"), shipped.replace(edit.from(), edit.to()), StandardCharsets.UTF_8);
            return CompiledSources.runOnce(dir, Path.of("Race.java"), Proc.HangLimit.ofMinutes(2));   // as `java Race.java` runs it
        } finally {
            Temp.delete(dir);
        }
    }
}
