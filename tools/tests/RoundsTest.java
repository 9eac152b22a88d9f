package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `rounds` (programs/Rounds.java): tasks that only wait, on a small pool of platform threads, run in rounds.
/// Times come from the program's own output (JVM start-up is not part of what it measures).
@Programs
class RoundsTest {

    @Test
    @DisplayName("rounds: 7 tasks of 2 s on 3 threads start in three rounds, 2 s apart, and take three waits")
    void sevenTasksOnThreeThreadsRunInThreeRounds() {
        var r = ok(Proc.java("programs/Rounds.java"));
        for (int task = 1; task <= 7; task++) {
            long round = (task - 1) / 3;                      // 0, 0, 0, 1, 1, 1, 2
            long theory = round * 2_000;
            if (round == 0) Bounds.assertUnder("task " + task + "'s start, in the first round", 1_000, startMillis(r.out(), task));
            else Bounds.assertTime("task " + task + "'s start, in round " + (round + 1), theory, startMillis(r.out(), task));
        }
        Bounds.assertTime("the batch", 6_000, doneMillis(r.out()));
        assertTrue(r.out().contains(": 3 rounds of 2 s"), r.all());
        assertEquals(3, r.out().lines().filter(l -> l.startsWith("task ")).map(l -> l.substring(l.lastIndexOf(' ') + 1)).distinct().count(),
                "three threads serve every task:\n" + r.all());
    }

    @Test
    @DisplayName("rounds: as many threads as tasks is one round, in an Arabic locale too")
    void oneThreadPerTaskIsOneRound() {
        var r = Proc.asciiDigits(ok(Proc.java(List.of(), Proc.ARABIC_LOCALE, "programs/Rounds.java", "5", "5", "1")));
        assertTrue(r.out().contains(": 1 round of 1 s"), r.all());
        Bounds.assertTime("the batch", 1_000, doneMillis(r.out()));
    }

    @Test
    @DisplayName("rounds: a count past its cap, a word or a fourth argument prints usage and exits 2")
    void roundsRejectsBadArguments() {
        usage(Proc.java("programs/Rounds.java", "21"));
        usage(Proc.java("programs/Rounds.java", "7", "3", "4"));
        usage(Proc.java("programs/Rounds.java", "seven"));
        usage(Proc.java("programs/Rounds.java", "1", "1", "1", "1"));
    }

    static long doneMillis(String out) {
        return seconds(out, "done after ([\\d.]+) s");
    }

    static long startMillis(String out, int task) {
        return seconds(out, "(?m)^task " + task + " starts at ([\\d.]+) s");
    }

    /// The first group of regex in out, a figure in seconds such as 2.0, as milliseconds.
    static long seconds(String out, String regex) {
        var m = Pattern.compile(regex).matcher(out);
        assertTrue(m.find(), "no match for /" + regex + "/ in:\n" + out);
        return Math.round(1000 * Double.parseDouble(m.group(1)));
    }
}
