package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.util.*;
import org.junit.jupiter.api.*;

/// Every short recorded run (ShortRuns), re-run as its recording was made but under an Arabic
/// default locale, whose digits are not ASCII and whose separators are ٫ and ٬: it must print no
/// such digit, each figure any page quotes from it must still be found, a number where the
/// recording has a number, and each `match:` or `absent:` claim must still hold. Read through the
/// build's own code ({@link Comparison}, as `./jbang compare` reads a reader's run), so a program
/// that formats with the default locale fails here at the reference it breaks. A run recorded
/// with a non-zero exit shows javac's errors, which javac prints in the locale's language on
/// purpose: it is left out.
@org.junit.jupiter.api.Order(6)   // among the slowest: started first, the longest first (Tests.java)
class LocaleTest {

    @Test
    @DisplayName("locale: every short recorded run, re-run under an Arabic locale, prints ASCII digits and keeps every figure its pages quote and its match:/absent: claims")
    void everyShortRunKeepsItsFiguresUnderAnArabicLocale() throws Exception {
        assertTrue(ShortRuns.RUNS.size() >= 20, "short runs found: " + ShortRuns.RUNS.size());
        var problems = new ArrayList<String>();
        for (String id : ShortRuns.RUNS.keySet()) problems.addAll(problemsOf(ShortRuns.of(id).get()));
        assertEquals(List.of(), problems, "under an Arabic locale (format with Locale.ROOT)");
    }

    static List<String> problemsOf(ShortRuns.Rerun r) {
        var run = r.run();
        var out = new ArrayList<String>();
        if (r.exit() != 0) out.add(run.id() + ": exited " + r.exit() + "\n" + r.text());
        var local = CatalogTest.LOCAL_DIGITS.matcher(r.text());
        if (local.find()) out.add(run.id() + ": printed '" + local.group() + "', a number in the locale's digits\n" + r.text());
        var c = Comparison.of(ShortRuns.COURSE, run, r.plan().shown(), r.text(), r.exit(), "Arabic");
        for (var row : c.rows()) {
            boolean recordedNumber = row.recorded() != null && Reference.number(row.recorded()).isPresent();
            if (row.yours() == null) out.add(run.id() + ": " + row.reference() + " at " + Course.relative(row.reference().file()) + ":"
                    + row.reference().line() + " matches nothing in:\n" + r.text());
            else if (recordedNumber && Reference.number(row.yours()).isEmpty()) out.add(run.id() + ": " + row.reference()
                    + " found '" + row.yours() + "', not a number as recorded ('" + row.recorded() + "')");
        }
        for (var claim : c.claims())
            if (claim.claim().kind() != Claim.Kind.CHECK && !claim.holds()) out.add(run.id() + ": claim '" + claim.claim().says()
                    + "' does not hold: " + claim.found());
        return out;
    }

    /// The locale is really in force: a program that formats with the default locale prints
    /// Arabic-Indic digits and separators under it, which the checks above catch.
    @Test
    @DisplayName("locale: a program that formats with the default locale prints ١٫٥٠ ١٬٢٣٤٬٥٦٧ under the Arabic locale, and the check above catches it")
    void theLocaleIsInForce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        var program = tmp.resolve("DefaultLocale.java");
        java.nio.file.Files.writeString(program, "void main() { IO.println(String.format(\"%.2f %,d\", 1.5, 1234567)); }\n");
        var arabic = Proc.ok(Proc.run(tmp, CatalogTest.ARABIC, Proc.HangLimit.ofMinutes(3), List.of(Proc.JAVA.toString(), program.toString())));
        String printed = CatalogTest.PICKED_UP.matcher(arabic.out()).replaceAll("").strip();
        assertEquals("١٫٥٠ ١٬٢٣٤٬٥٦٧", printed, arabic.all());
        assertTrue(CatalogTest.LOCAL_DIGITS.matcher(printed).find(), arabic.all());
    }
}
