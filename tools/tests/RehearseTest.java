package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.*;
import org.junit.jupiter.api.*;

/// `./jbang rehearse`: a trainer's night before, on the real course's first lesson,
/// your-first-virtual-thread, whose runs take seconds: every run it declares and its exercise's
/// solution are run, each said to end as recorded. (CatalogTest runs its usage.)
class RehearseTest {

    @Test
    @DisplayName("rehearse 1 runs your-first-virtual-thread's declared runs as recorded (the two that do not compile among them) and its solution, and exits 0")
    void rehearsesALesson() {
        var r = Proc.jbang("rehearse", "1");
        assertEquals(0, r.exit(), r.all());
        var lines = r.out().lines().toList();
        assertTrue(lines.contains("  1  Your first virtual thread"), r.all());
        // Every run your-first-virtual-thread declares: those that compile exit 0, the two mistakes exit 1, each as recorded.
        for (String id : List.of("hello", "first", "mistakes", "sleep-in-lambda", "count-in-lambda"))
            assertTrue(lines.stream().anyMatch(l -> l.matches(" +(ok|note) +" + id + " +\\d+\\.\\d s \\(recorded \\d+\\.\\d s\\).*")),
                    id + " not reported as ending as recorded:\n" + r.all());
        assertTrue(lines.stream().anyMatch(l -> l.matches(" +ok +crew-solution +\\d+\\.\\d s, Solved\\.")), r.all());
        assertTrue(lines.stream().noneMatch(l -> l.contains("FAILED")), r.all());
        assertFalse(lines.contains("  2  What a platform thread costs"), "only the first lesson was asked for:\n" + r.all());
        assertTrue(lines.stream().anyMatch(l -> l.matches("took \\d+ s: \\d+ as recorded, \\d+ with a note, 0 failed")), r.all());
    }
}
