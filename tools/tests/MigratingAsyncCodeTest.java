package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The lesson "Migrating async code" (programs/MigratingAsyncCode.java): a CompletableFuture
/// chain on a fixed pool and its blocking rewrite on virtual threads give the same outcome in
/// every case; the timeout fires in both; only the rewrite stops the work nobody waits for.
@Programs
class MigratingAsyncCodeTest {

    static final long DEADLINE_MS = 500, SLOW_MS = 2_000;

    /// The lines a case printed: [chain outcome, chain calls, blocking outcome, blocking calls].
    static String[] caseLines(String out, String name) {
        var m = Pattern.compile("(?m)^case: " + Pattern.quote(name) + " \\(.*\\)\\n(.*)\\n(.*)\\n(.*)\\n(.*)$").matcher(out);
        assertTrue(m.find(), "no case '" + name + "' in:\n" + out);
        return new String[] {m.group(1), m.group(2), m.group(3), m.group(4)};
    }

    static String outcome(String line, String variant) {
        var m = Pattern.compile("^  " + variant + ": +(.*) \\(in \\d+ ms\\)$").matcher(line);
        assertTrue(m.matches(), "not a " + variant + " outcome: " + line);
        return m.group(1);
    }

    @Test
    @DisplayName("migrating-async-code: chain and blocking rewrite give the same outcome case by case; the timeout fires at the deadline in both; the rewrite interrupts what the chain leaves running")
    void theRewriteKeepsTheChainsOutcomes() {
        var r = Proc.ok(Proc.java("programs/MigratingAsyncCode.java"));
        String out = r.out();
        String[][] expected = {
                {"every call answers", "page for u-7: 2 orders, recommendations [socks, tea]"},
                {"recommendations fail", "page for u-7: 2 orders, recommendations none"},
                {"orders fail", "failed: IOException: orders service unavailable"},
                {"orders too slow", "failed: TimeoutException"}};
        for (var e : expected) {
            var lines = caseLines(out, e[0]);
            assertEquals(e[1], outcome(lines[0], "chain"), e[0] + ", chain\n" + r.all());
            assertEquals(e[1], outcome(lines[2], "blocking"), e[0] + ", blocking\n" + r.all());
            assertTrue(lines[1].endsWith("; on platform threads"), e[0] + ", chain's threads\n" + r.all());
            assertTrue(lines[3].endsWith("; on virtual threads"), e[0] + ", blocking's threads\n" + r.all());
        }
        assertTrue(out.contains("\nsame outcome in 4 of 4 cases\n"), r.all());

        var slow = caseLines(out, "orders too slow");
        Bounds.assertTime("the chain's timeout", DEADLINE_MS, Bounds.number(slow[0], "\\(in (\\d+) ms\\)"));
        Bounds.assertTime("the blocking timeout", DEADLINE_MS, Bounds.number(slow[2], "\\(in (\\d+) ms\\)"));
        assertTrue(slow[1].contains("orders answered ") && slow[1].contains(" ms after the page had ended"),
                "orTimeout left the orders call running to its end\n" + r.all());
        assertTrue(slow[3].contains("orders interrupted"), "the blocking timeout interrupted the orders call\n" + r.all());
        Bounds.assertUnder("the blocking run of the slow case", SLOW_MS, Bounds.number(slow[2], "\\(in (\\d+) ms\\)"));

        var failing = caseLines(out, "orders fail");
        assertTrue(failing[3].contains("orders failed, recommendations interrupted"),
                "the failed orders cancelled the recommendations\n" + r.all());
        assertTrue(failing[1].contains("orders failed, recommendations answered"), r.all());
    }

    @Test
    @DisplayName("migrating-async-code: an argument gets the usage line and exit code 2")
    void refusesAnArgument() {
        Proc.usage(Proc.java("programs/MigratingAsyncCode.java", "extra"));
    }
}
