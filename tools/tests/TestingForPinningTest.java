package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `testing-for-pinning` (programs/TestingForPinning.java): real JUnit 5 tests, run by the program
/// through the JUnit Platform Launcher. A JFR test fails on a class initializer that pins and passes
/// on the fix; a forced lost update fails before the fix and passes after it. The program needs its
/// //DEPS, so it runs with the command `./jbang testing-for-pinning` runs it with (JBangCommand).
class TestingForPinningTest {

    static Proc.Result run;

    @BeforeAll
    static void runOnce() {
        run = Proc.ok(JBangCommand.of("testing-for-pinning", "extra").run());
    }

    static String result(String test) {
        var m = Pattern.compile("(?m)^  (passed|FAILED)  " + Pattern.quote(test) + "$").matcher(run.out());
        assertTrue(m.find(), "no result line for '" + test + "'\n" + run.all());
        return m.group(1);
    }

    static String failure(String test) {
        var m = Pattern.compile("(?m)^  FAILED  " + Pattern.quote(test) + "\n {10}(.*)$").matcher(run.out());
        assertTrue(m.find(), "'" + test + "' did not fail with a message\n" + run.all());
        return m.group(1);
    }

    @Test
    @DisplayName("testing-for-pinning: the JFR test fails on the class initializer with its one pin, in a park, and passes on the fix")
    void thePinningTestFailsOnThePinAndPassesOnTheFix() {
        assertEquals("FAILED", result("prices from a static initializer do not pin"));
        assertTrue(Pattern.matches("pinned ==> expected: <\\[]> but was: <\\[\\d+ ms in LockSupport\\.park, reason: "
                        + "VM call to TestingForPinning\\$PricesInAStaticInitializer\\.<clinit> on stack]>",
                failure("prices from a static initializer do not pin")), run.all());
        assertEquals("passed", result("prices fetched on first use do not pin"));
    }

    @Test
    @DisplayName("testing-for-pinning: forced to overlap, two deposits lose one before the fix and none after it")
    void theForcedRaceFailsBeforeTheFixAndPassesAfterIt() {
        assertEquals("FAILED", result("two deposits forced to overlap, before the fix"));
        assertEquals("balance ==> expected: <200> but was: <100>", failure("two deposits forced to overlap, before the fix"));
        assertEquals("passed", result("two deposits forced to overlap, after the fix"));
    }

    @Test
    @DisplayName("testing-for-pinning: five tests in two classes, each with one result, the test left to chance among them")
    void everyTestReportsOnce() {
        result("two deposits left to chance, before the fix");   // passed or failed: chance decides
        assertEquals(5, run.out().lines().filter(l -> l.matches("  (passed|FAILED)  .*")).count(), run.all());
        assertEquals(List.of("PinningTests", "LostUpdateTests"),
                run.out().lines().filter(l -> l.matches("[A-Z]\\w+Tests")).toList(), run.all());
        assertTrue(run.out().startsWith("JDK 25"), run.all());
    }
}
