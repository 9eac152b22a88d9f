package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `waits` (programs/TenThousandWaits.java): one-second waits on a pool, on platform and on virtual threads.
/// Times come from the program's own output (JVM start-up is not part of what it measures).
@Programs
class TenThousandWaitsTest {

    static final long WAIT_MS = 1_000;

    static final int POOL_THREADS = 200;

    @Test
    @DisplayName("waits: 400 tasks on a pool of 200 take two rounds of 1 s")
    void poolRunsInRounds() {
        var r = ok(Proc.java("programs/TenThousandWaits.java", "pool", "400"));
        final long theory = ((400 + POOL_THREADS - 1) / POOL_THREADS) * WAIT_MS; // 2 rounds
        Bounds.assertTime("400 tasks on the pool", theory, took(r));
        assertEquals(theory, Bounds.number(r.out(), "theory: at least (\\d+) ms"), r.all());
    }

    @Test
    @DisplayName("waits: 2,000 tasks on virtual threads all wait at once, about 1 s")
    void virtualThreadsWaitTogether() {
        var r = ok(Proc.java("programs/TenThousandWaits.java", "virtual", "2000"));
        final long theory = WAIT_MS; // one round: every task waits at the same time
        Bounds.assertTime("2000 tasks on virtual threads", theory, took(r));
        assertTrue(r.out().contains("2000 tasks on virtual threads"), r.all());
    }

    @Test
    @DisplayName("waits: the default run is 10,000 tasks on virtual threads, about 1 s")
    void defaultIsTenThousandVirtual() {
        var r = ok(Proc.java("programs/TenThousandWaits.java"));
        assertTrue(r.out().contains("10000 tasks on virtual threads"), r.all());
        final long theory = WAIT_MS;
        Bounds.assertTime("10000 tasks on virtual threads", theory, took(r));
    }

    @Test
    @DisplayName("waits: a bad kind or a task count past the cap prints usage and exits 2")
    void waitsRejectsBadArguments() {
        usage(Proc.java("programs/TenThousandWaits.java", "fibers"));
        usage(Proc.java("programs/TenThousandWaits.java", "platform", "2001"));
        usage(Proc.java("programs/TenThousandWaits.java", "virtual", "many"));
    }

    static long took(Proc.Result r) { return Bounds.number(r.out(), "took (\\d+) ms"); }
}
