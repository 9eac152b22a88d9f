package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `./build.sh bench classes`: the CPU time of each test class, run one at a time. Only what it
/// prints is asserted, never a figure: CPU time is the machine's.
class BenchTest {

    @Test
    @DisplayName("bench classes: runs the named class alone and lists it with its wall time, its own CPU time and the machine's, and the tests' result")
    void classesListsEachClassWithItsCpuTime() {
        var r = Proc.ok(Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(10), List.of("./build.sh", "bench", "classes", "HelloTest")));
        assertTrue(Pattern.compile("(?m)^test class +wall \\(s\\) +own +machine +share$").matcher(r.out()).find(), r.all());
        assertTrue(Pattern.compile("(?m)^HelloTest +\\d+\\.\\d +\\d+\\.\\d +\\d+\\.\\d +100\\.0%$").matcher(r.out()).find(), r.all());
        assertTrue(Pattern.compile("(?m)^classes: 1, \\d+\\.\\d machine CPU-s in them; ").matcher(r.out()).find(), r.all());
        assertTrue(Pattern.compile("(?m)^\\d+ passed, 0 failed$").matcher(r.out()).find(), r.all());
    }

    @Test
    @DisplayName("bench: an unknown command prints the usage, which names classes, and exits 2; tests refuse a TEST_CLASSES_AT_ONCE that is not 1 to 9")
    void badArgumentsAreRefused() {
        var unknown = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(3), List.of("./build.sh", "bench", "nope"));
        assertEquals(2, unknown.exit(), unknown.all());
        assertTrue(unknown.err().startsWith("usage: ./build.sh bench") && unknown.err().contains("./build.sh bench classes [CLASS...]"), unknown.all());

        var many = Proc.run(Proc.ROOT, Map.of("TEST_CLASSES_AT_ONCE", "lots"), Proc.HangLimit.ofMinutes(5), List.of("./build.sh", "test", "HelloTest"));
        assertEquals(2, many.exit(), many.all());
        assertTrue(many.err().contains("TEST_CLASSES_AT_ONCE is 'lots': give a number from 1 to 9 (3 unless set)"), many.all());
        assertFalse(many.all().contains("passed"), "no test may run\n" + many.all());
    }
}
