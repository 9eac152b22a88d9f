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

/// `daemon` (programs/DaemonTrap.java): what a JVM that exits with only daemon threads left does to their work, checked on fresh runs.
@Programs
class DaemonTrapTest {

    static final String DAEMON = "programs/DaemonTrap.java";

    /// DaemonTrap but its race: those runs do not read how the program was started, so they
    /// run from classes compiled once, like every other program. The race starts each child
    /// the way the program itself was started, so it runs as `java programs/DaemonTrap.java`
    /// (Proc.java), as a reader runs it.
    static Proc.Result daemon(String... args) {
        return CompiledSources.compiledOnce(Proc.ROOT, Path.of(DAEMON)).runWith(Proc.ROOT, Proc.HangLimit.ofMinutes(5), List.of(args));
    }

    static final String WORKER_LINE = "worker: work done, this line was printed";

    @Test
    @DisplayName("daemon: when main does not wait, the worker's line is lost, every run")
    void trapLosesTheLine() {
        for (int run = 0; run < 3; run++) {
            var r = ok(daemon("trap"));
            assertTrue(r.out().contains("main: worker started, main returns without waiting"), r.all());
            assertFalse(r.out().contains(WORKER_LINE), "run " + run + "\n" + r.all());
        }
    }

    @Test
    @DisplayName("daemon: a virtual thread is a daemon, cannot be made non-daemon, and keeps priority 5")
    void virtualThreadsAreDaemons() {
        var r = ok(daemon());
        assertTrue(r.out().contains("worker.isDaemon(): true"), r.all());
        assertTrue(r.out().contains("worker.setDaemon(false): java.lang.IllegalArgumentException"), r.all());
        assertTrue(r.out().contains("worker.setPriority(10), then getPriority(): 5"), r.all());
        assertFalse(r.out().contains(WORKER_LINE), r.all());
    }

    @Test
    @DisplayName("daemon: when main joins, the worker's line is always printed")
    void joinKeepsTheLine() {
        for (int run = 0; run < 2; run++) {
            var r = ok(daemon("join"));
            int line = r.out().indexOf(WORKER_LINE);
            assertTrue(line >= 0, r.all());
            assertTrue(line < r.out().indexOf("main: worker finished, main returns"), r.all());
        }
    }

    @Test
    @DisplayName("daemon: race 3 runs three child JVMs and counts the lost lines")
    void raceCountsLostLines() {
        var r = ok(Proc.java(DAEMON, "race", "3"));
        long lost = Bounds.number(r.out(), "lost the line in (\\d+) of 3 runs");
        assertTrue(lost >= 0 && lost <= 3, r.all());
        assertTrue(r.out().contains("each child runs: $JAVA_HOME/bin/java programs/DaemonTrap.java child\n"), r.all());
    }

    @Test
    @DisplayName("daemon: through ./jbang, the child's command names the jar, not this machine's folders")
    void raceShowsNoAbsolutePath() {
        var r = ok(Proc.jbang("daemon", "race", "1"));
        String command = r.out().lines().filter(l -> l.startsWith("each child runs: ")).findFirst().orElseThrow();
        assertTrue(command.matches("each child runs: \\$JAVA_HOME/bin/java .*-classpath DaemonTrap\\.jar DaemonTrap child"), r.all());
        assertFalse(command.contains(Proc.ROOT.toString()), r.all());
    }

    @Test
    @DisplayName("daemon: a platform thread inherits daemon status: not from main, yes from a virtual thread")
    void platformThreadsInheritDaemonStatus() {
        var r = ok(daemon("inherit"));
        assertEquals("""
                main thread: isDaemon() = false
                platform thread started from main: isDaemon() = false
                platform thread started from a virtual thread: isDaemon() = true
                platform thread started from a virtual thread with daemon(false): isDaemon() = false
                """, r.out(), r.all());
    }

    @Test
    @DisplayName("daemon: bad arguments print a usage line and exit 2")
    void badArgumentsPrintUsage() {
        usage(daemon("fly"));
        usage(daemon("race", "0"));
        usage(daemon("race", "1001"));
        usage(daemon("trap", "now"));
        usage(daemon("inherit", "1"));
    }
}
