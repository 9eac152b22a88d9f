package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import course.*;
import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// `fanout` (programs/FanOut.java): structured concurrency, a preview API in JDK 25: a failing fork, a deadline, a scoped value,
/// and what plain java says without --enable-preview. Times come from the program's own output.
@Programs
class FanOutTest {

    static final String FANOUT = "programs/FanOut.java";

    static final long SLOW_CALL_MS = 2_000;

    static final long DEADLINE_MS = 150;

    @Test
    @DisplayName("fanout: the failing fork cancels its sibling before its 2 s call ends, and join() throws FailedException")
    void failureCancelsTheSibling() {
        var r = ok(Proc.java(FANOUT));
        long failedAt = Bounds.number(r.out(), "\\[req-42\\] user: failed at (\\d+) ms");
        long interruptedAt = Bounds.number(r.out(), "\\[req-42\\] orders: interrupted at (\\d+) ms");
        assertTrue(interruptedAt >= failedAt, "the sibling was interrupted before the failure:\n" + r.all());
        Bounds.assertUnder("the orders call, interrupted", SLOW_CALL_MS, interruptedAt);
        assertTrue(r.out().contains("join() threw StructuredTaskScope.FailedException at "), r.all());
        assertTrue(r.out().contains(", cause: java.io.IOException: user service unavailable\n"), r.all());
        Bounds.assertUnder("the scope, closed", SLOW_CALL_MS, Bounds.number(r.out(), "the scope closed at (\\d+) ms"));
        assertFalse(r.out().contains("orders: answered"), r.all());
    }

    @Test
    @DisplayName("fanout: the deadline interrupts both calls, join() throws TimeoutException, and the scope closes within 2x the deadline")
    void deadlineEndsTheScope() {
        var r = ok(Proc.java(FANOUT, "timeout"));
        for (String call : List.of("user", "orders"))
            Bounds.assertTime(call + " interrupted by the deadline", DEADLINE_MS,
                    Bounds.number(r.out(), "\\[req-42\\] " + call + ": interrupted at (\\d+) ms"));
        assertTrue(r.out().contains("join() threw StructuredTaskScope.TimeoutException at "), r.all());
        Bounds.assertTime("the scope with a 150 ms deadline, closed", DEADLINE_MS,
                Bounds.number(r.out(), "the scope closed at (\\d+) ms"));
    }

    @Test
    @DisplayName("fanout: the scoped value bound in main is seen in both forks")
    void scopedValueReachesBothForks() {
        var r = ok(Proc.java(FANOUT, "ok"));
        assertTrue(r.out().contains("  [req-42] user: started at "), r.all());
        assertTrue(r.out().contains("  [req-42] orders: started at "), r.all());
        // the results are made in the forks, from the value each read
        assertTrue(r.out().contains(" with user of req-42 and orders of req-42\n"), r.all());
        assertTrue(Bounds.number(r.out(), "join\\(\\) returned at (\\d+) ms") >= SLOW_CALL_MS, "join() waits for both\n" + r.all());
    }

    @Test
    @DisplayName("fanout-no-preview: plain java without --enable-preview, whose errors are recorded as java prints them now")
    void withoutTheFlagItDoesNotCompile() {
        var course = Build.load(Proc.ROOT);
        var run = course.runs().get("fanout-no-preview");
        assertFalse(run.preview(), "the run must be declared with preview: off");
        var plan = course.plan(run.id());
        assertTrue(plan.command().getFirst().endsWith("/bin/java"), plan.command().toString());
        assertEquals(List.of(FANOUT), plan.command().subList(1, plan.command().size()), "no flag, no JBang");
        assertEquals("java " + FANOUT, plan.shown());

        var r = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(2), plan.command());
        assertEquals(1, r.exit(), r.all());
        assertEquals("", r.out(), "the program ran");
        var recorded = Recording.load(Proc.ROOT, run.id(), run.lesson(), run.line()).output();
        assertEquals(recorded, r.err(), "java now prints other errors than recordings/" + run.id()
                + ".txt shows. Re-record it: ./build.sh record " + run.id());
        // the Run-it box's generic wording (course.Preview) is what javac prints
        assertTrue(r.err().contains(Preview.ERROR.replace("NAME", "StructuredTaskScope")), r.all());
        assertTrue(r.err().contains(Preview.ERROR_HINT), r.all());
    }

    @Test
    @DisplayName("fanout: bad arguments print one usage line and exit 2")
    void badArguments() {
        usage(Proc.java(FANOUT, "explode"));
        usage(Proc.java(FANOUT, "fail", "twice"));
    }
}
