package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// A program with a //PREVIEW line uses its release's preview API (FanOut: JDK 25's
/// StructuredTaskScope), which JDK 26 and 27 changed: `./jbang` on another JDK says so in one
/// line (tools/preview-jdk.sh) instead of javac's errors, and runs what still compiles there.
/// Run as a reader on JDK 27 would, through tools/jdks.sh --run.
class PreviewJdkTest {

    static Proc.Result onJdk27(String... command) {
        var cmd = new java.util.ArrayList<>(List.of(Proc.ROOT.resolve("tools/jdks.sh").toString(), "--run", "27"));
        cmd.addAll(List.of(command));
        return Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(5), cmd);
    }

    @Test
    @DisplayName("./jbang fanout on JDK 27: one line naming JDK 25 and why, no javac error; afterwards JDK 25 still runs it")
    void fanoutOnJdk27SaysItNeedsJdk25() {
        var r = onJdk27("./jbang", "fanout");
        assertEquals(1, r.exit(), r.all());
        assertEquals("", r.out(), r.all());
        assertEquals(List.of("./jbang: fanout uses a preview API of JDK 25, and preview APIs change from one release to the next (JEP 12), "
                + "so javac refused it on this JDK 27; run it with JDK 25: JAVA_HOME=/path/to/jdk-25 ./jbang fanout   (COURSE_VERBOSE=1 shows javac's errors)"),
                r.err().lines().filter(l -> !l.startsWith("WARNING:")).toList(), r.all());
        // JBang's jar of JDK 27 is kept apart from JDK 25's: the course's own JDK still runs the program
        var own = Proc.jbang("fanout");
        assertEquals(0, own.exit(), own.all());
        assertTrue(own.out().contains("StructuredTaskScope.FailedException"), own.all());
    }

    @Test
    @DisplayName("./jbang on JDK 27: a preview program that still compiles there runs as usual (the fail-fast solution)")
    void aPreviewProgramThatCompilesOnJdk27Runs() {
        var r = onJdk27("./jbang", "fail-fast-solution");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().strip().endsWith("Solved."), r.all());
    }
}
