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

/// The `race` exercise: a right fix that is not the course's solution passes. The wrong fixes
/// its check must catch (volatile fields, one lock around the whole task, and six more) are in
/// its wrong-fix corpus, tools/tests/wrong-fixes/race.txt, which ExercisesTest runs.
/// Alone, as LostUpdatesTest: its rounds race platform threads, which a class busy beside it would slow.
@Programs
@Isolated
class RaceExerciseTest {

    record Edit(String from, String to) {}

    @Test
    @DisplayName("race: a lock around the updates only, after the fetch, passes")
    void lockAroundTheUpdatesPasses() throws IOException {
        String updates = """
                    totalWords += fetched.words().size();
                    for (String word : fetched.words()) wordCounts.put(word, countOf(word) + 1);
                    if (fetched.bytes() > largestPage) largestPage = fetched.bytes();
                """;
        var r = runRaceWith(new Edit(updates, "    synchronized (this) {\n" + updates.indent(4) + "    }\n"));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().strip().endsWith("Solved."), r.all());
    }

    /// The race exercise as shipped (derived from its solution), with some edits, run in a temporary folder.
    static Proc.Result runRaceWith(Edit... edits) throws IOException {
        String shipped = Exercises.derive(Files.readString(Proc.ROOT.resolve("exercises/solutions/Race.java")));
        for (Edit edit : edits) {
            assertTrue(shipped.contains(edit.from()), "the shipped exercise has no '" + edit.from() + "'");
            shipped = shipped.replace(edit.from(), edit.to());
        }
        Path dir = Files.createTempDirectory("race");
        try {
            Files.writeString(dir.resolve("Race.java"), shipped, StandardCharsets.UTF_8);
            return CompiledSources.runOnce(dir, Path.of("Race.java"), Proc.HangLimit.ofMinutes(2));   // as `java Race.java` runs it
        } finally {
            Temp.delete(dir);
        }
    }
}
