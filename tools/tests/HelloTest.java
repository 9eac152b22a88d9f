package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The course home's program (programs/Hello.java), shown again in "Your first virtual thread":
/// a virtual thread that says hello, then 10,000 sleeps of one second that overlap.
@Programs
class HelloTest {

    @Test
    @DisplayName("hello: the hello comes from a virtual thread; 10,000 one-second sleeps take at least 1 s and at most about 2x that")
    void tenThousandSleepsOverlap() {
        var r = Proc.ok(Proc.java("programs/Hello.java"));
        var lines = r.out().lines().toList();
        assertEquals(2, lines.size(), r.all());
        assertTrue(Pattern.matches("hello from VirtualThread\\[#\\d+\\]/runnable@ForkJoinPool-\\d+-worker-\\d+", lines.get(0)), r.all());
        var m = Pattern.compile("10,000 virtual threads slept 1 s each, in (\\d+) ms").matcher(lines.get(1));
        assertTrue(m.matches(), r.all());
        Bounds.assertTime("10,000 sleeps of 1 s, at once", 1_000, Long.parseLong(m.group(1)));
    }
}
