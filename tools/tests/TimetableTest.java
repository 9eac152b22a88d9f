package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.io.IOException;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.*;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The `timetable` exercise (the rounds rule turned around: the fewest threads for a deadline): as shipped it fails, a wrong fix is caught, the solution passes.
@Programs
class TimetableTest {

    static final Path SOLUTION = Path.of("exercises/solutions/Timetable.java");

    static final String HEADLINE = "threadsFor(201 tasks of 1 s, done by 2 s)";

    @Test
    @DisplayName("timetable: as shipped, it fails naming a case and how to get a hint")
    void shippedTimetableFails() throws IOException {
        var r = runShipped(UnaryOperator.identity());
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("FAIL threadsFor(7 tasks of 2 s, done by 6 s): got 0, expected 3"), r.all());
        assertTrue(r.out().contains("Not solved yet: threadsFor(7 tasks of 2 s, done by 6 s)\n"
                + "Hint: ./jbang check --hint timetable\n"), r.all());
        assertFalse(r.out().contains("Solved."), r.all());
    }

    @Test
    @DisplayName("timetable: plain integer division of the tasks over the rounds is caught, 201 tasks by 2 s among them")
    void integerDivisionIsCaught() throws IOException {
        var r = runShipped(text -> text.replace("    return 0;\n", "    return tasks / (deadline / secondsEach);\n"));
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("FAIL threadsFor(7 tasks of 2 s, done by 6 s): got 2, expected 3"), r.all());
        assertTrue(r.out().contains("FAIL " + HEADLINE + ": got 100, expected 101"), r.all());
    }

    @Test
    @DisplayName("timetable: the solution passes every case and prints the timetable and totals")
    void solutionPasses() {
        var r = ok(Proc.java(SOLUTION.toString()));
        assertFalse(r.out().contains("FAIL"), r.all());
        assertTrue(r.out().contains("ok   " + HEADLINE + "\n"), r.all());
        assertTrue(r.out().contains("tasks start at (s): 0, 0, 0, 2, 2, 2, 4\n  all done after 6 s"), r.all());
        assertTrue(r.out().contains("10,000 tasks, 200 threads, 1 s each: all done after 50 s"), r.all());
        assertTrue(r.out().contains("10,000 tasks, 10,000 threads, 1 s each: all done after 1 s"), r.all());
        assertTrue(r.out().contains("201 tasks, 101 threads, 1 s each: all done after 2 s"), r.all());
        assertTrue(r.out().endsWith("Solved.\n"), r.all());
    }

    /// Runs the exercise as shipped (derived from the solution, never a working copy),
    /// after an optional edit, from a temporary folder.
    static Proc.Result runShipped(UnaryOperator<String> edit) throws IOException {
        String shipped = course.Exercises.derive(Files.readString(Proc.ROOT.resolve(SOLUTION)));
        Path dir = Files.createTempDirectory("timetable");
        Path file = dir.resolve("Timetable.java");
        try {
            Files.writeString(file, edit.apply(shipped));
            return CompiledSources.runOnce(dir, file.getFileName(), Proc.HangLimit.ofMinutes(2));   // as `java Timetable.java` runs it
        } finally {
            Temp.delete(dir);
        }
    }
}
