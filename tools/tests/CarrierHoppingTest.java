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

/// `hopping` (programs/CarrierHopping.java): which carriers virtual threads run on, checked on a fresh run.
@Programs
class CarrierHoppingTest {

    static final String HOPPING = "programs/CarrierHopping.java";

    @Test
    @DisplayName("hopping: virtual threads run on ForkJoinPool carriers, never more than the cores")
    void carriersAreForkJoinWorkers() {
        var r = ok(Proc.java(HOPPING));
        assertTrue(r.out().contains("VirtualThread["), r.all());
        assertTrue(r.out().contains("ForkJoinPool-1-worker-"), r.all());
        for (int i = 1; i <= 3; i++)
            assertTrue(Pattern.compile("(?m)^  sleeper-" + i + ": (\\d+ ){5}\\d+  (hopped|stayed)$").matcher(r.out()).find(),
                    "sleeper-" + i + "\n" + r.all());
        long cores = Bounds.number(r.out(), "availableProcessors: (\\d+)");
        var seen = new TreeSet<String>();
        var m = Pattern.compile("ForkJoinPool-1-worker-\\d+").matcher(r.out());
        while (m.find()) seen.add(m.group());
        assertTrue(seen.size() <= cores, seen + " on " + cores + " cores\n" + r.all());
        assertTrue(Bounds.number(r.out(), "distinct carriers: (\\d+)") <= cores, r.all());
    }

    @Test
    @DisplayName("hopping: bad arguments print a usage line and exit 2")
    void badArgumentsPrintUsage() {
        usage(Proc.java(HOPPING, "0"));
        usage(Proc.java(HOPPING, "201"));
    }
}
