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

/// `pinning` (programs/Pinning.java): what pins a virtual thread on JDK 25, through plain java and ./jbang.
@Programs
class PinningTest {

    static final int PIN_TASKS = 4;

    static final long PIN_SLEEP_MS = 200;

    @Test
    @DisplayName("pinning, through plain java: synchronized does not pin, a class initializer does")
    void pinningThroughJava() {
        checkPinning(Proc.java("programs/Pinning.java"));
    }

    @Test
    @DisplayName("pinning, through ./jbang: synchronized does not pin, a class initializer does")
    void pinningThroughJbang() {
        checkPinning(Proc.jbang("pinning"));
    }

    @Test
    @DisplayName("pinning: -Djdk.tracePinnedThreads is gone on JDK 25: no trace, no warning")
    void tracePinnedThreadsPrintsNothing() {
        var r = ok(Proc.java(List.of(), List.of("-Djdk.tracePinnedThreads=full"), "programs/Pinning.java"));
        checkPinning(r);
        assertEquals("", r.err(), "the flag must add nothing to stderr");
        // Every stdout line is one the program prints itself: no stack trace, no warning.
        var own = java.util.regex.Pattern.compile(
                "\\d+ virtual threads each sleep .*|[a-z ,]+: +took +\\d+ ms, pinned events: \\d+"
                        + "|    pinned \\d+ ms, reason: .*|carriers seen: .*");
        r.out().lines().forEach(line -> assertTrue(own.matcher(line).matches(), "unexpected line: " + line + "\n" + r.all()));
    }

    static void checkPinning(Proc.Result r) {
        ok(r);
        final long unmounted = PIN_SLEEP_MS;            // the sleeps overlap: about one sleep
        final long pinned = PIN_TASKS * PIN_SLEEP_MS;   // one carrier held by each sleep in turn

        String ownLock = pinCase(r, "synchronized, own lock");
        Bounds.assertTime("sleep inside synchronized, own lock", unmounted, pinTook(ownLock));
        assertEquals(0, pinEvents(ownLock), "synchronized must not pin on JDK 24+\n" + r.all());

        String clinit = pinCase(r, "class initializer");
        Bounds.assertTime("sleep inside a class initializer", pinned, pinTook(clinit));
        assertTrue(pinEvents(clinit) >= 1, "no pinned event for the class initializer\n" + r.all());
        assertTrue(clinit.contains("reason: VM call to") && clinit.contains(".<clinit> on stack"),
                "no pinned reason naming <clinit>\n" + r.all());

        String shared = pinCase(r, "synchronized, one shared lock");
        Bounds.assertTime("one shared lock (contention)", pinned, pinTook(shared));
        assertEquals(0, pinEvents(shared), "waiting for a lock is not pinning\n" + r.all());
    }

    /// The lines of one case: its summary line and the event lines indented under it.
    static String pinCase(Proc.Result r, String label) {
        var block = new StringBuilder();
        boolean in = false;
        for (String line : r.out().split("\n")) {
            if (line.startsWith(label + ":")) in = true;
            else if (in && !line.startsWith("    ")) break;
            if (in) block.append(line).append('\n');
        }
        if (block.isEmpty()) fail("no case '" + label + "' in:\n" + r.all());
        return block.toString();
    }

    static long pinTook(String block) { return Bounds.number(block, "took +(\\d+) ms"); }

    static long pinEvents(String block) { return Bounds.number(block, "pinned events: (\\d+)"); }
}
