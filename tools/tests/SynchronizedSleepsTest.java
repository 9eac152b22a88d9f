package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `synchronized-sleeps` (programs/SynchronizedSleeps.java), on one carrier, on the three JDKs
/// its lesson records: pinned inside synchronized on JDK 21, unmounted on 25 and 27 (JEP 491).
@Programs
class SynchronizedSleepsTest {

    static final int TASKS = 8;
    static final long SLEEP_MS = 200;
    static final String PROGRAM = "programs/SynchronizedSleeps.java";

    @Test
    @DisplayName("synchronized-sleeps on JDK 21: the sleeps inside synchronized take turns on the one carrier, and JFR records the pins")
    void pinnedOnJdk21() {
        var r = ok(Proc.onJdk(21, List.of(), PROGRAM));
        assertRanOn(21, r);
        assertTrue(r.out().contains("expected on JDK 21: they are pinned"), r.all());
        Bounds.assertTime("eight pinned sleeps on one carrier, JDK 21", TASKS * SLEEP_MS, took(r));
        assertTrue(pinnedEvents(r) >= 1, "JFR recorded no pinned event on JDK 21\n" + r.all());
    }

    @Test
    @DisplayName("synchronized-sleeps on JDK 25: the sleeps inside synchronized overlap (JEP 491), nothing pinned")
    void unmountedOnJdk25() {
        assertUnmounted(25, ok(Proc.onJdk(25, List.of(), PROGRAM)));
    }

    @Test
    @DisplayName("synchronized-sleeps on JDK 27: the sleeps inside synchronized overlap, nothing pinned")
    void unmountedOnJdk27() {
        assertUnmounted(27, ok(Proc.onJdk(27, List.of(), PROGRAM)));
    }

    @Test
    @DisplayName("synchronized-sleeps through ./jbang (JDK 25): one carrier by default, the sleeps overlap")
    void throughJbang() {
        assertUnmounted(25, ok(Proc.jbang("synchronized-sleeps")));
    }

    @Test
    @DisplayName("synchronized-sleeps with -Djdk.virtualThreadScheduler.parallelism=2: two carriers, and the theory it prints follows them")
    void theoryFollowsTheCarriers() {
        var r = ok(Proc.java(List.of(), List.of("-Djdk.virtualThreadScheduler.parallelism=2"), PROGRAM));
        assertTrue(r.out().contains("on 2 carriers: 200 ms if they unmount, 800 ms if pinned"), r.all());
    }

    @Test
    @DisplayName("synchronized-sleeps: an argument, or a parallelism that is no number, prints one usage line and exits 2")
    void badInputIsRefused() {
        usage(Proc.java(PROGRAM, "8"));
        usage(Proc.java(List.of(), List.of("-Djdk.virtualThreadScheduler.parallelism=one"), PROGRAM));
    }

    static void assertUnmounted(int release, Proc.Result r) {
        assertRanOn(release, r);
        assertTrue(r.out().contains("expected on JDK " + release + ": they unmount"), r.all());
        Bounds.assertTime("eight sleeps inside synchronized on one carrier, JDK " + release, SLEEP_MS, took(r));
        assertEquals(0, pinnedEvents(r), "synchronized must not pin on JDK " + release + "\n" + r.all());
    }

    static void assertRanOn(int release, Proc.Result r) {
        assertTrue(r.out().matches("(?s)JDK " + release + "[.+].*"), "not run on JDK " + release + ":\n" + r.all());
        assertTrue(r.out().contains(TASKS + " virtual threads each sleep " + SLEEP_MS + " ms inside synchronized on 1 carrier"), r.all());
    }

    static long took(Proc.Result r) { return Bounds.number(r.out(), "took (\\d+) ms"); }

    static long pinnedEvents(Proc.Result r) { return Bounds.number(r.out(), "pinned events: (\\d+)"); }
}
