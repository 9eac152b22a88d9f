package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.*;
import org.junit.jupiter.api.*;

/// `./jbang rehearse`: a trainer's night before. On the real course's first lesson (its runs
/// take seconds): every run it declares and its exercise's solution are run, each said to end
/// as recorded; then the arguments it refuses.
class RehearseTest {

    @Test
    @DisplayName("rehearse 1 runs lesson 1's declared runs as recorded (the two that do not compile among them) and its solution, and exits 0")
    void rehearsesALesson() {
        var r = Proc.jbang("rehearse", "1");
        assertEquals(0, r.exit(), r.all());
        var lines = r.out().lines().toList();
        assertTrue(lines.contains("  1  Your first virtual thread"), r.all());
        // Every run lesson 1 declares: those that compile exit 0, the two mistakes exit 1, each as recorded.
        for (String id : List.of("hello", "first", "mistakes", "sleep-in-lambda", "count-in-lambda"))
            assertTrue(lines.stream().anyMatch(l -> l.matches(" +(ok|note) +" + id + " +\\d+\\.\\d s \\(recorded \\d+\\.\\d s\\).*")),
                    id + " not reported as ending as recorded:\n" + r.all());
        assertTrue(lines.stream().anyMatch(l -> l.matches(" +ok +crew-solution +\\d+\\.\\d s, Solved\\.")), r.all());
        assertTrue(lines.stream().noneMatch(l -> l.contains("FAILED")), r.all());
        assertFalse(lines.contains("  2  What a platform thread costs"), "only lesson 1 was asked for:\n" + r.all());
        assertTrue(lines.stream().anyMatch(l -> l.matches("took \\d+ s: \\d+ as recorded, \\d+ with a note, 0 failed")), r.all());
    }

    @Test
    @DisplayName("rehearse refuses a lesson number the course does not have, with its usage, and exits 2")
    void refusesAnUnknownLesson() {
        var r = Proc.jbang("rehearse", "99");
        assertEquals(2, r.exit(), r.all());
        assertTrue(r.err().contains("./jbang rehearse: no lesson '99'"), r.all());
        assertTrue(r.err().contains("usage: ./jbang rehearse [N...]"), r.all());
    }
}
