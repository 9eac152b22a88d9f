package tests;

import static org.junit.jupiter.api.Assertions.fail;

/// Every time bound the tests assert, in one place.
/// A measured time is never faster than theory and at most SLACK times theory.
public final class Bounds {
    private Bounds() {}

    /// At most about twice theory: 2 cores shared with other work are noisy.
    public static final double SLACK = 2.0;

    /// Asserts theory <= measured <= SLACK * theory, naming what was measured.
    public static void assertTime(String what, long theoryMillis, long measuredMillis) {
        if (measuredMillis < theoryMillis)
            fail(what + ": " + measuredMillis + " ms is faster than theory (" + theoryMillis + " ms)");
        if (measuredMillis > SLACK * theoryMillis)
            fail(what + ": " + measuredMillis + " ms is more than " + SLACK + " x theory (" + theoryMillis + " ms)");
    }

    /// Asserts measured < limit: for "well under" claims (e.g. a cancelled task).
    public static void assertUnder(String what, long limitMillis, long measuredMillis) {
        if (measuredMillis >= limitMillis)
            fail(what + ": " + measuredMillis + " ms, expected under " + limitMillis + " ms");
    }

    /// Extracts the first group of a regex from text, as a long (commas removed), or fails.
    public static long number(String text, String regex) {
        var m = java.util.regex.Pattern.compile(regex).matcher(text);
        if (!m.find()) fail("no match for /" + regex + "/ in:\n" + text);
        return Long.parseLong(m.group(1).replace(",", ""));
    }
}
