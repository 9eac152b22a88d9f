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
        assertFalse(rec.isStaleFor(Sources.shipped(alias)), Course.relative(rec.file()) + " is stale: "
                + alias.ref() + " changed since it was recorded. Re-record it: ./build.sh record " + id);
        assertTrue(rec.environment().matches("JDK 2[5-9].* · \\d+ cores · .*"), "environment line: " + rec.environment());
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
}
