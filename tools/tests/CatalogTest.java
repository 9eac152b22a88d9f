package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;
import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/// jbang-catalog.json: every file has an alias, every alias points at a file, and every
/// alias really runs through ./jbang (JBang ignores a misspelled key without a word).
class CatalogTest {

    static final Catalog CATALOG = Catalog.load(Proc.ROOT);

    /// Cheap arguments for each alias, and what its output must show.
    /// An exercise alias runs the working copy, which a student may have solved: either answer proves it ran.
    static final Map<String, List<String>> CASES = new LinkedHashMap<>();
    static {
        CASES.put("ceiling", List.of("200", "started 200 "));
        CASES.put("hopping", List.of("2", "distinct carriers: "));
        CASES.put("daemon", List.of("join", "this line was printed"));
        CASES.put("waits", List.of("virtual 100", "100 tasks on virtual threads took \\d+ ms"));
        CASES.put("primes", List.of("1", "primes per task: 216816"));
        CASES.put("pinning", List.of("", "(?i)pinned"));
        CASES.put("admission", List.of("", "rejected"));
        CASES.put("timeout", List.of("", "CANCELLED"));
        CASES.put("echo", List.of("virtual 50", "echoes read back: 50 of 50"));
        CASES.put("limits", List.of("semaphore", "at most 20 at once"));
        CASES.put("server", List.of("virtual 100", "(?m)^virtual: +ok=100 failed=0 "));
        CASES.put("check", List.of("timetable", "timetable"));
        CASES.put("compare", List.of("mistakes", "(?m)^Your machine: JDK 2\\d"));
        CASES.put("fanout", List.of("timeout", "join\\(\\) threw StructuredTaskScope\\.TimeoutException"));
        CASES.put("million", List.of("2000", "peak: 2000 virtual threads alive at once"));
        CASES.put("counter", List.of("10 100", "ReentrantLock: +count= +1,000 "));
        CASES.put("mistakes", List.of("", "get\\(\\) threw ExecutionException"));
        CASES.put("sleep-in-lambda", List.of("", "error: unreported exception InterruptedException"));
        CASES.put("count-in-lambda", List.of("", "error: local variables referenced from a lambda expression must be final"));
    }

    /// Aliases that do not compile, on purpose (a lesson shows javac's message): they must exit non-zero.
    static final Set<String> FAIL_TO_COMPILE = Set.of("sleep-in-lambda", "count-in-lambda");

    static List<String> aliases() {
        return List.copyOf(CATALOG.aliases().keySet());
    }

    @Test
    void everyProgramAndExerciseHasAnAlias() {
        CATALOG.requireAliasesFor(Proc.ROOT);
    }

    @Test
    void everyAliasHasADescriptionAndAnExistingFile() {
        for (var a : CATALOG.aliases().values()) {
            assertTrue(Files.isRegularFile(a.script()), a.name());
            assertFalse(a.description().isBlank(), a.name());
        }
    }

    @Test
    void everyExerciseHasItsSolutionAlias() {
        for (var a : CATALOG.aliases().values())
            if (a.isExercise()) {
                var s = CATALOG.aliases().get(a.name() + "-solution");
                assertNotNull(s, a.name() + " has no -solution alias");
                assertEquals("exercises/solutions/" + a.script().getFileName(), s.ref());
            }
    }

    @Test
    void theBriefsAliasesPointAtTheBriefsFiles() {
        var brief = Map.of("ceiling", "programs/ThreadCeiling.java", "timetable", "exercises/Timetable.java",
                "timetable-solution", "exercises/solutions/Timetable.java", "hopping", "programs/CarrierHopping.java",
                "daemon", "programs/DaemonTrap.java", "waits", "programs/TenThousandWaits.java",
                "primes", "programs/PrimeCounting.java", "pinning", "programs/Pinning.java",
                "admission", "programs/Admission.java", "timeout", "programs/Timeout.java");
        brief.forEach((alias, file) -> assertEquals(file, CATALOG.aliases().get(alias).ref(), alias));
    }

    @Test
    void everyProgramStartsWithTheLineThatRunsItBothWays() throws Exception {
        for (var a : CATALOG.aliases().values()) {
            String first = Files.readAllLines(a.script()).getFirst();
            assertEquals("///usr/bin/env jbang \"$0\" \"$@\" ; exit $?", first, a.ref());
        }
    }

    @ParameterizedTest(name = "./jbang {0}")
    @MethodSource("aliases")
    void aliasRunsThroughJbang(String alias) {
        List<String> c = CASES.get(alias);
        String args, expect;
        boolean exercise = CATALOG.aliases().get(alias).isExercise();
        if (c != null) { args = c.get(0); expect = c.get(1); }
        else if (exercise) { args = ""; expect = "(?m)^(Solved\\.|Not solved yet: .+)$"; }
        else if (alias.endsWith("-solution")) { args = ""; expect = "(?m)^Solved\\.$"; }
        else { fail("add cheap arguments and an expected output for new alias '" + alias + "' to CatalogTest.CASES"); return; }
        var r = Proc.jbang(alias, args.isEmpty() ? new String[0] : args.split(" "));
        if (FAIL_TO_COMPILE.contains(alias)) {
            assertNotEquals(0, r.exit(), "./jbang " + alias + " must fail to compile\n" + r.all());
            assertTrue(Pattern.compile(expect).matcher(r.all()).find(), "./jbang " + alias + " should print /" + expect + "/, printed:\n" + r.all());
            return;
        }
        assertTrue(Pattern.compile(expect).matcher(r.out()).find(),
                "./jbang " + alias + " " + args + " should print /" + expect + "/, printed:\n" + r.all());
        if (!exercise && !alias.equals("check")) assertEquals(0, r.exit(), r.all());
    }
}
