package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.concurrent.*;
import org.junit.jupiter.api.*;

/// Every short recorded run, re-run as its recording was made but under a German default
/// locale (a decimal comma, a dot between thousands): each figure any page quotes from it must
/// still be found, a number where the recording has a number, and each `match:` or `absent:`
/// claim must still hold. Read through the build's own code ({@link Comparison}, as
/// `./jbang compare` reads a reader's run), so a program that formats with the default locale
/// fails here at the reference it breaks. A run recorded with a non-zero exit shows javac's
/// errors, which javac prints in the locale's language on purpose: it is left out.
@org.junit.jupiter.api.Order(6)   // among the slowest: started first, the longest first (Tests.java)
class GermanLocaleTest {

    static final Map<String, String> GERMAN = Map.of("JAVA_TOOL_OPTIONS", "-Duser.language=de -Duser.country=DE");
    /// Short: the runs of at most this many seconds, as recorded (the long ones take minutes).
    static final double SHORT_SECONDS = 6;

    @Test
    @DisplayName("locale: every short recorded run, re-run under a German locale, keeps every figure its pages quote and its match:/absent: claims")
    void everyShortRunKeepsItsFiguresUnderAGermanLocale() throws Exception {
        var course = Build.load(Proc.ROOT);
        var runs = new ArrayList<Lesson.DeclaredRun>();
        for (var run : course.runs().values()) {
            Recording rec = course.recordings().get(run.id(), run.lesson(), run.line());
            if (rec.exit().startsWith("0 ") && rec.wallSeconds().orElse(Double.MAX_VALUE) <= SHORT_SECONDS) runs.add(run);
        }
        assertTrue(runs.size() >= 20, "short runs found: " + runs.size());
        var problems = new ConcurrentLinkedQueue<String>();
        // two at a time, for two cores: only figures' presence and form are asserted, never a time
        try (var pool = Executors.newFixedThreadPool(2)) {
            var done = new ArrayList<Future<?>>();
            for (var run : runs) done.add(pool.submit(() -> { problems.addAll(problemsOf(course, run)); return null; }));
            for (var f : done) f.get();
        }
        assertEquals(List.of(), List.copyOf(problems), "under a German locale (format with Locale.ROOT)");
    }

    static List<String> problemsOf(Build.Loaded course, Lesson.DeclaredRun run) throws Exception {
        var plan = course.plan(run.id());
        var log = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        var output = RecordingRunner.run(course.root(), run, plan, log, GERMAN);
        String text = CatalogTest.PICKED_UP.matcher(output.text()).replaceAll("");
        var out = new ArrayList<String>();
        if (output.exit() != 0) out.add(run.id() + ": exited " + output.exit() + "\n" + text);
        var c = Comparison.of(course, run, plan.shown(), text, output.exit(), "German");
        for (var row : c.rows()) {
            boolean recordedNumber = row.recorded() != null && Reference.number(row.recorded()).isPresent();
            if (row.yours() == null) out.add(run.id() + ": " + row.reference() + " at " + Course.relative(row.reference().file()) + ":"
                    + row.reference().line() + " matches nothing in:\n" + text);
            else if (recordedNumber && Reference.number(row.yours()).isEmpty()) out.add(run.id() + ": " + row.reference()
                    + " found '" + row.yours() + "', not a number as recorded ('" + row.recorded() + "')");
        }
        for (var claim : c.claims())
            if (claim.claim().kind() != Claim.Kind.CHECK && !claim.holds()) out.add(run.id() + ": claim '" + claim.claim().says()
                    + "' does not hold: " + claim.found());
        return out;
    }

    /// The locale is really in force: a program that formats with the default locale prints
    /// a decimal comma and dots between thousands under it, which the references above would
    /// not match, and the same program in CatalogTest's Arabic locale prints Arabic digits.
    @Test
    @DisplayName("locale: a program that formats with the default locale prints 1,50 and 1.234.567 under the German locale, Arabic digits under CatalogTest's")
    void theLocalesAreInForce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        var program = tmp.resolve("DefaultLocale.java");
        java.nio.file.Files.writeString(program, "void main() { IO.println(String.format(\"%.2f %,d\", 1.5, 1234567)); }\n");
        String javaCommand = Proc.JAVA.toString();
        var german = Proc.ok(Proc.run(tmp, GERMAN, Proc.HangLimit.ofMinutes(3), List.of(javaCommand, program.toString())));
        assertEquals("1,50 1.234.567", german.out().strip(), german.all());
        var arabic = Proc.ok(Proc.run(tmp, CatalogTest.ARABIC, Proc.HangLimit.ofMinutes(3), List.of(javaCommand, program.toString())));
        assertTrue(CatalogTest.LOCAL_DIGITS.matcher(arabic.out()).find(), "CatalogTest's check would not catch it: " + arabic.all());
    }
}
