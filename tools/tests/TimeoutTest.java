package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;
import static tests.Proc.lines;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `timeout` (programs/Timeout.java): a caller that gives up, with and without cancelling the work.
@Programs
class TimeoutTest {

    static final long WORK_MS = 1_800;

    @Test
    @DisplayName("timeout: without cancel the work completes and close() waits for it")
    void timeoutWithoutCancelStillWaits() {
        var r = ok(Proc.java("programs/Timeout.java"));
        String without = lines(r, "without cancel: ");
        assertTrue(without.contains("the work completed at"), r.all());
        assertTrue(without.contains("state at the end: SUCCESS"), r.all());
        long exited = Bounds.number(without, "scope exited at (\\d+) ms");
        Bounds.assertTime("scope without cancel", WORK_MS, exited);
    }

    @Test
    @DisplayName("timeout: with cancel(true) the work stops, cleanup runs, the scope exits early")
    void timeoutWithCancelInterrupts() {
        var r = ok(Proc.java("programs/Timeout.java"));
        String with = lines(r, "with cancel(true): ");
        assertTrue(with.contains("the work never completed"), r.all());
        assertTrue(with.contains("cleanup in finally ran at"), r.all());
        assertTrue(with.contains("cancel returned true"), r.all());
        assertTrue(with.contains("state at the end: CANCELLED"), r.all());
        final long wellUnderTheWork = WORK_MS / 2;
        Bounds.assertUnder("scope with cancel", wellUnderTheWork, Bounds.number(with, "scope exited at (\\d+) ms"));
    }
}
