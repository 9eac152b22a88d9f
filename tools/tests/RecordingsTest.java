package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/// The shipped course's recordings: every declared run has one, made from the program as it
/// is now (a stale recording fails here, while ./build.sh only warns), and none is orphaned.
@Quick
class RecordingsTest {

    static final Build.Loaded COURSE = Build.load(Proc.ROOT);

    static List<String> runIds() {
        return List.copyOf(COURSE.runs().keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runIds")
    void recordingExistsAndMatchesTheProgramAsShipped(String id) {
        var run = COURSE.runs().get(id);
        var rec = Recording.load(Proc.ROOT, id, run.lesson(), run.line());
        var alias = COURSE.catalog().aliases().get(run.alias());
        assertEquals(id, rec.id());
        assertEquals(alias.ref(), rec.program(), "recorded from another file");
        assertFalse(rec.isStaleFor(COURSE.program(alias).shipped()), Course.relative(rec.file()) + " is stale: "
                + alias.ref() + " changed since it was recorded. Re-record it: ./build.sh record " + id);
        // the JDK the run names (jdk: 21), as the JVM that ran it reported itself; else the course's JDK 25 or later
        String jdk = run.jdk() != 0 ? "JDK " + run.jdk() + "[.+]" : "JDK 2[5-9]";
        assertTrue(rec.environment().matches(jdk + ".* · \\d+ cores · .*"), "environment line: " + rec.environment());
        assertFalse(rec.output().isBlank(), "recorded nothing");
        String args = run.args().isEmpty() ? "" : " " + String.join(" ", run.args());
        assertTrue(rec.command().contains(run.alias() + args) || rec.command().contains(alias.script().getFileName() + args),
                "the header's command does not match the declared run: " + rec.command());
    }

    @Test
    void everyRecordingBelongsToADeclaredRun() throws Exception {
        try (var s = Files.list(Proc.ROOT.resolve("recordings"))) {
            for (Path p : s.toList()) {
                String id = p.getFileName().toString().replaceFirst("\\.txt$", "");
                assertTrue(COURSE.runs().containsKey(id), Course.relative(p) + " belongs to no declared run; delete it");
            }
        }
    }

    /// The bounds lessons state beside recorded figures are claims the build checks: every one
    /// holds on the shipped recordings, and a recording tampered to break one is caught, at the
    /// lesson line of the claim it breaks (the database lesson's 60 served in a 250 ms wait).
    @Test
    @org.junit.jupiter.api.DisplayName("claims: all hold on the shipped recordings; a tampered recording breaks exactly the bound it contradicts")
    void aTamperedRecordingFailsTheBoundItContradicts() {
        java.util.function.Function<String, String> shipped = id -> COURSE.recordings().get(id, null, 0).output();
        assertEquals(List.of(), Claims.failures(COURSE.runs(), shipped));

        String database = shipped.apply("database");
        var served = java.util.regex.Pattern.compile("(?m)^(pool of 10, waits up to 250 ms: served=)(\\d+)").matcher(database);
        assertTrue(served.find(), database);
        // twice the theory's 60: more than a wait of 250 ms can serve
        String tampered = served.replaceFirst("$1" + 2 * Integer.parseInt(served.group(2)));
        var failures = Claims.failures(COURSE.runs(), id -> id.equals("database") ? tampered : shipped.apply(id));
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.getFirst().claim().says().contains("at most the theory's count"), failures.toString());
        assertTrue(failures.getFirst().claim().file().endsWith("17-the-database-is-the-new-limit.md"), failures.toString());
    }
}
