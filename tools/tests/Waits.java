package tests;

import java.time.Duration;

/// How long a test waits for something that should happen: a page to load, a browser
/// condition, axe-core's report, a server's log line or event, a watcher's output. In one
/// place, because none of these is a speed requirement: each is a safety net against a hang,
/// and every wait ends as soon as what it waits for happens, so a passing test never waits
/// this long. Hence generous: a machine several times slower than the one a test was written
/// on must still pass. (A time a test asserts is a Bounds, never a wait; a process's own
/// limit is a Proc.HangLimit, also minutes.)
final class Waits {
    private Waits() {}

    /// Five minutes: longer than anything a test waits for takes on a loaded 2-core machine.
    static final Duration HUNG = Duration.ofMinutes(5);
}
