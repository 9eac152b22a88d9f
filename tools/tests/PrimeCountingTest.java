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

/// `primes` (programs/PrimeCounting.java): CPU-bound work on one thread, a pool and virtual threads.
@Programs
class PrimeCountingTest {

    static final long PRIMES_BELOW_3_000_000 = 216_816;

    @Test
    @DisplayName("primes: every task counts 216,816 primes, on one thread, the pool and virtual threads, in an Arabic locale too")
    void primesAreCountedRight() {
        var r = Proc.asciiDigits(ok(Proc.java(List.of(), Proc.ARABIC_LOCALE, "programs/PrimeCounting.java", "4")));
        for (String how : List.of("one thread", "pool of \\d+ threads", "virtual threads")) {
            long count = Bounds.number(r.out(), how + ": +4 tasks took +\\d+ ms, primes per task: (\\d+)\\s");
            assertEquals(PRIMES_BELOW_3_000_000, count, how + "\n" + r.all());
        }
    }

    /// In a comma-decimal locale the speed-ups would read "1,96x" unless the program formats
    /// with Locale.ROOT; every {{primes: regex}} reference of the lesson cpu-bound-work must still match.
    @Test
    @DisplayName("primes: under a German locale the output still matches every reference of its lesson")
    void primesOutputIsLocaleIndependent() throws Exception {
        var r = ok(Proc.java(List.of(), List.of("-Duser.language=de", "-Duser.country=DE"), "programs/PrimeCounting.java", "2"));
        String lesson = Files.readString(RealCourse.lesson("cpu-bound-work"));
        var references = Pattern.compile("\\{\\{primes: (.+?)\\}\\}").matcher(lesson);
        var unmatched = new ArrayList<String>();
        int count = 0;
        while (references.find()) {
            count++;
            var m = Pattern.compile(references.group(1), Pattern.MULTILINE).matcher(r.out());
            if (!m.find() || m.group(1).isEmpty()) unmatched.add(references.group(1));
        }
        assertTrue(count >= 5, "the lesson cpu-bound-work has too few references to primes: " + count);
        assertEquals(List.of(), unmatched, "references that no longer match\n" + r.all());
        assertTrue(r.out().matches("(?s).*pool \\d+\\.\\d\\dx, virtual threads \\d+\\.\\d\\dx.*"), r.all());
    }

    @Test
    @DisplayName("primes: a bad task count prints usage and exits 2")
    void primesRejectsBadArguments() {
        usage(Proc.java("programs/PrimeCounting.java", "0"));
        usage(Proc.java("programs/PrimeCounting.java", "lots"));
    }
}
