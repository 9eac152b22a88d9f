package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import org.junit.jupiter.api.*;

/// A reader on JDK 27, the newest release: every course program that uses no preview API and
/// fetches no libraries runs there as its lesson's first run declares it, with the same
/// arguments and options, and each of that run's `match:` and `absent:` claims holds on what it
/// prints (the `check:` claims compare figures, which are this machine's and JDK 25's; they are
/// left out, as LocaleTest leaves them out). JDK 27 comes from tools/jdks.sh, as a run
/// declared `jdk: 27` gets it. A preview program asks for JDK 25 (PreviewJdkTest); a //DEPS
/// program runs Spring or PostgreSQL, which their own tests run on 25.
@org.junit.jupiter.api.Order(7)   // among the slow ones: started early (Tests.java)
class OtherJdkTest {

    static final int RELEASE = 27;

    @Test
    @DisplayName("JDK 27: every program without a preview API or //DEPS runs its lesson's first run there, and that run's match:/absent: claims hold")
    void everyProgramRunsOnJdk27() throws Exception {
        var course = Build.load(Proc.ROOT);
        var firstRunOf = new LinkedHashMap<String, Lesson.DeclaredRun>();
        for (var run : course.runs().values()) {
            var alias = course.catalog().get(run.alias(), run.lesson(), run.line());
            var text = course.program(alias);
            if (alias.kind() != Catalog.Alias.Kind.PROGRAM || Preview.uses(text.shipped()) || text.fetches()) continue;
            if (!run.wrapper().isEmpty() || !run.preview() || run.jdk() != 0) continue;   // a wrapper needs root and Linux tools; the JDK-named runs run on theirs
            if (!course.recordings().get(run.id(), run.lesson(), run.line()).exit().startsWith("0 ")) continue;
            firstRunOf.putIfAbsent(run.alias(), run);
        }
        assertTrue(firstRunOf.size() >= 15, "programs found: " + firstRunOf.keySet());
        IO.println("on JDK " + RELEASE + ": " + String.join(", ", firstRunOf.keySet()));
        var problems = new ArrayList<String>();
        // two at a time, for two cores: only what they print is asserted, never a time
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(2)) {
            var each = new ArrayList<java.util.concurrent.Future<List<String>>>();
            for (var run : firstRunOf.values()) each.add(pool.submit(() -> problemsOf(course, run)));
            for (var f : each) problems.addAll(f.get());
        }
        assertEquals(List.of(), problems, "on JDK " + RELEASE + ":\n" + String.join("\n", problems));
    }

    static List<String> problemsOf(Build.Loaded course, Lesson.DeclaredRun declared) throws Exception {
        var run = new Lesson.DeclaredRun(declared.id(), declared.alias(), declared.args(), declared.wrapper(), declared.javaOptions(),
                declared.preview(), RELEASE, declared.claims(), declared.repeat(), declared.lesson(), declared.line());
        var plan = TerminalRun.plan(course.root(), course.catalog(), course.programs(), run);
        var log = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        var output = TerminalRun.run(course.root(), run, plan, log);
        var out = new ArrayList<String>();
        if (!output.environment().contains("JDK " + RELEASE + ".")) out.add(run.id() + ": ran on " + output.environment() + ", not JDK " + RELEASE);
        if (output.exit() != 0) out.add(run.id() + ": exited " + output.exit() + "\n" + output.text());
        var c = Comparison.of(course, declared, plan.shown(), output.text(), output.exit(), "JDK " + RELEASE);
        for (var claim : c.claims())
            if (claim.claim().kind() != Claim.Kind.CHECK && !claim.holds())
                out.add(run.id() + ": claim '" + claim.claim().says() + "' does not hold: " + claim.found());
        return out;
    }
}
