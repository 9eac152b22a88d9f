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

/// `admission` (programs/Admission.java): a burst against few connections, unbounded and behind an admission limit.
@Programs
class AdmissionTest {

    static final long CALL_MS = 80;

    static final int CONNECTIONS = 8;

    @Test
    @DisplayName("admission: unbounded completes 100 in 13 rounds; a limit of 32 completes 32 in 4 and rejects 68")
    void admissionLimitRejectsEarly() {
        var r = ok(Proc.java("programs/Admission.java"));

        assertEquals(100, Bounds.number(r.out(), "unbounded: +completed=(\\d+)"), r.all());
        assertEquals(0, Bounds.number(r.out(), "unbounded: +completed=\\d+ rejected=(\\d+)"), r.all());
        final long unbounded = ((100 + CONNECTIONS - 1) / CONNECTIONS) * CALL_MS; // 13 rounds
        Bounds.assertTime("unbounded", unbounded, Bounds.number(r.out(), "unbounded: .* in (\\d+) ms"));

        assertEquals(32, Bounds.number(r.out(), "limit 32: +completed=(\\d+)"), r.all());
        assertEquals(68, Bounds.number(r.out(), "limit 32: +completed=\\d+ rejected=(\\d+)"), r.all());
        final long limited = ((32 + CONNECTIONS - 1) / CONNECTIONS) * CALL_MS; // 4 rounds
        Bounds.assertTime("admission limit 32", limited, Bounds.number(r.out(), "limit 32: .* in (\\d+) ms"));
    }

    /// The counts are exact only if every request has tried to get in before the first admitted
    /// one is served; the program's latches make sure of it. Busy threads in this JVM load every
    /// core meanwhile, so the scheduling is slow and uneven, as on a busy or one-core machine.
    @Test
    @DisplayName("admission: on a machine loaded by busy threads, and on one carrier, still exactly 32 completed and 68 rejected")
    void admissionCountsHoldUnderLoad() throws InterruptedException {
        try (var busy = BusyCores.start()) {
            for (int run = 0; run < 3; run++) {
                var options = run == 2 ? List.of("-Djdk.virtualThreadScheduler.parallelism=1") : List.<String>of(); // one carrier
                var r = ok(Proc.java(List.of(), options, "programs/Admission.java"));
                assertEquals(100, Bounds.number(r.out(), "unbounded: +completed=(\\d+)"), r.all());
                assertEquals(32, Bounds.number(r.out(), "limit 32: +completed=(\\d+)"), r.all());
                assertEquals(68, Bounds.number(r.out(), "limit 32: +completed=\\d+ rejected=(\\d+)"), r.all());
            }
        }
    }
}
