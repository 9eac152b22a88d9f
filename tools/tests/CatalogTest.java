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

    /// Cheap arguments for each alias, and a line of output that only a run that measured
    /// something prints: never a banner or usage line printed before the work starts, never a
    /// word that every line contains. Values that vary from run to run are matched as `\d+`
    /// (`[\d,]+` where the program groups thousands).
    /// An exercise alias runs the working copy, which a student may have solved: either answer proves it ran.
    static final Map<String, List<String>> CASES = new LinkedHashMap<>();
    static {
        CASES.put("ceiling", List.of("200", "(?m)^started 200 threads \\(platform\\) in [\\d,]+ ms, [\\d,]+ us per thread$"));
        CASES.put("hopping", List.of("2", "(?m)^  sleeper-2: (\\d+ ){5}\\d+  (hopped|stayed)$[\\s\\S]*^distinct carriers: [1-9]\\d* \\[ForkJoinPool-\\d+-worker-\\d+"));
        CASES.put("daemon", List.of("join", "(?m)^worker: work done, this line was printed\\nmain: worker finished, main returns$"));
        CASES.put("waits", List.of("virtual 100", "(?m)^100 tasks on virtual threads took \\d+ ms \\(theory: at least 1000 ms"));
        CASES.put("primes", List.of("1", "(?m)^one thread: +1 tasks? took +\\d+ ms, primes per task: 216816$[\\s\\S]*^virtual threads: +1 tasks? took +\\d+ ms, primes per task: 216816$"));
        CASES.put("pinning", List.of("", "(?m)^class initializer: +took +\\d+ ms, pinned events: [1-9]\\d*\\n    pinned \\d+ ms, reason: "));
        CASES.put("admission", List.of("", "(?m)^unbounded: +completed=100 rejected=0 in \\d+ ms[\\s\\S]*^admission limit 32: +completed=[1-9]\\d* rejected=[1-9]\\d* in \\d+ ms"));
        CASES.put("timeout", List.of("", "(?m)^with cancel\\(true\\): cleanup in finally ran at \\d+ ms, after an interrupt\\nwith cancel\\(true\\): state at the end: CANCELLED$"));
        CASES.put("server", List.of("virtual 100", "(?m)^virtual: +ok=100 failed=0 +wall \\d+ ms"));
        CASES.put("check", List.of("--fresh timetable", "(?m)^timetable \\(lesson [^)]+\\): exercises/Timetable\\.java\\n(  (ok   |FAIL ).*\\n)+  (Solved\\.|Not solved yet: .+)$"));
        CASES.put("compare", List.of("admission", "(?m)^  lessons/08-admission\\.md:\\d+ .*? +\\d+ +\\d+ +\\d+\\.\\d\\d\\S*$[\\s\\S]*^Your machine: JDK \\d+"));
        CASES.put("fanout", List.of("timeout", "(?m)^join\\(\\) threw StructuredTaskScope\\.TimeoutException at \\d+ ms$"));
        CASES.put("million", List.of("2000", "(?m)^peak: 2000 virtual threads alive at once, all started and waiting after \\d+ ms$"));
        CASES.put("counter", List.of("10 100", "(?m)^ReentrantLock: +count= +1,000 +lost= +0 +took +\\d+ ms$"));
        CASES.put("mistakes", List.of("", "(?m)^   get\\(\\) threw ExecutionException, caused by: java\\.lang\\.IllegalStateException"));
        CASES.put("echo", List.of("virtual 50", "echoes read back: 50 of 50"));
        CASES.put("spring", List.of("virtual 200 100 100", "(?m)^virtual: ok=100 failed=0  wall \\d+ ms[\\s\\S]*^virtual: served by 100 virtual threads named tomcat-handler-N$"));
        CASES.put("limits", List.of("semaphore", "at most 20 at once"));
        CASES.put("sleep-in-lambda", List.of("", "error: unreported exception InterruptedException"));
        CASES.put("count-in-lambda", List.of("", "error: local variables referenced from a lambda expression must be final"));
    }

    /// Aliases that do not compile, on purpose (a lesson shows javac's message): they must exit non-zero.
    static final Set<String> FAIL_TO_COMPILE = Set.of("sleep-in-lambda", "count-in-lambda");

    static List<String> aliases() {
        return List.copyOf(CATALOG.aliases().keySet());
    }

    /// A tool's alias (tools/X.java) names in its description the options its usage text
    /// lists (`--help`), no more and no fewer.
    @ParameterizedTest
    @MethodSource("toolAliases")
    void aToolsDescriptionNamesTheOptionsOfItsUsage(String alias) {
        var help = Proc.jbang(alias, "--help");
        assertEquals(0, help.exit(), alias + " --help: " + help.err());
        assertEquals(options(help.out()), options(CATALOG.aliases().get(alias).description()),
                "the options in the description of alias '" + alias + "' (jbang-catalog.json), against its usage text:\n" + help.out());
    }

    /// ./jbang, without JBang, reads the catalog with sed by one rule (see run_with_plain_java
    /// there): each alias opens with `    "NAME": {` and closes with `    }`, its script-ref on
    /// one line inside. The catalog must keep to it, or ./jbang runs the wrong file.
    @Test
    void theCatalogKeepsTheLayoutTheLauncherReads() throws Exception {
        var lines = Files.readAllLines(CATALOG.file());
        for (var a : CATALOG.aliases().values()) {
            int open = lines.indexOf("    \"" + a.name() + "\": {");
            assertTrue(open >= 0, "alias '" + a.name() + "' does not open on a line of its own: `    \"" + a.name() + "\": {`");
            int close = open + 1;
            while (close < lines.size() && !lines.get(close).startsWith("    }")) close++;
            var block = lines.subList(open, Math.min(close + 1, lines.size()));
            assertTrue(close < lines.size() && block.stream().anyMatch(l -> l.matches("\\s*\"script-ref\": *\"" + Pattern.quote(a.ref()) + "\",?")),
                    "alias '" + a.name() + "': no line `\"script-ref\": \"" + a.ref() + "\"` before its closing `    }`");
            assertEquals(!a.runtimeOptions().isEmpty(), block.stream().anyMatch(l -> l.contains("\"runtime-options\"")), a.name());
        }
    }

    static List<String> toolAliases() {
        return aliases().stream().filter(a -> CATALOG.aliases().get(a).ref().startsWith("tools/")).toList();
    }

    static Set<String> options(String text) {
        var out = new TreeSet<String>();
        var m = Pattern.compile("(?<![\\w-])--[a-z][a-z-]*").matcher(text);
        while (m.find()) out.add(m.group());
        return out;
    }

    @Test
    @Quick
    void everyProgramAndExerciseHasAnAlias() {
        CATALOG.requireAliasesFor(Proc.ROOT);
    }

    @Test
    @Quick
    void everyAliasHasADescriptionAndAnExistingFile() {
        for (var a : CATALOG.aliases().values()) {
            assertTrue(Files.isRegularFile(a.script()), a.name());
            assertFalse(a.description().isBlank(), a.name());
        }
    }

    @Test
    @Quick
    void everyExerciseHasItsSolutionAlias() {
        for (var a : CATALOG.aliases().values())
            if (a.isExercise()) {
                var s = CATALOG.aliases().get(a.name() + "-solution");
                assertNotNull(s, a.name() + " has no -solution alias");
                assertEquals("exercises/solutions/" + a.script().getFileName(), s.ref());
            }
    }

    @Test
    @Quick
    void theBriefsAliasesPointAtTheBriefsFiles() {
        var brief = Map.of("ceiling", "programs/ThreadCeiling.java", "timetable", "exercises/Timetable.java",
                "timetable-solution", "exercises/solutions/Timetable.java", "hopping", "programs/CarrierHopping.java",
                "daemon", "programs/DaemonTrap.java", "waits", "programs/TenThousandWaits.java",
                "primes", "programs/PrimeCounting.java", "pinning", "programs/Pinning.java",
                "admission", "programs/Admission.java", "timeout", "programs/Timeout.java");
        brief.forEach((alias, file) -> assertEquals(file, CATALOG.aliases().get(alias).ref(), alias));
    }

    @Test
    @Quick
    void everyProgramStartsWithTheLineThatRunsItBothWays() throws Exception {
        for (var a : CATALOG.aliases().values()) {
            String first = Files.readAllLines(a.script()).getFirst();
            assertEquals("///usr/bin/env jbang \"$0\" \"$@\" ; exit $?", first, a.ref());
        }
    }

    /// A locale whose digits are not ASCII: any number formatted without `Locale.ROOT`
    /// (`String.format`, `formatted`, `printf`) prints as ٠-٩ with ٫ and ٬ as separators, so
    /// the lesson's references, its claims and `compare` would no longer match a reader's run.
    /// Every program and tool runs in it (exercises and solutions print the checker's verdict).
    static final Map<String, String> ARABIC = Map.of("JAVA_TOOL_OPTIONS", "-Duser.language=ar -Duser.country=EG");
    static final Pattern LOCAL_DIGITS = Pattern.compile("[\\u0660-\\u066C\\u06F0-\\u06F9]+");
    /// What each JVM prints to say it read JAVA_TOOL_OPTIONS (the checker passes its exercise's on).
    static final Pattern PICKED_UP = Pattern.compile("(?m)^ *(NOTE: )?Picked up JAVA_TOOL_OPTIONS: .*\n");

    /// Each alias once through ./jbang: programs and tools in an Arabic locale, where they must
    /// print what they print in any other.
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
        boolean program = !exercise && !alias.endsWith("-solution") && !FAIL_TO_COMPILE.contains(alias);
        var r = Proc.jbang(program ? ARABIC : Map.of(), alias, args.isEmpty() ? new String[0] : args.split(" "));
        if (program) {
            r = new Proc.Result(r.exit(), PICKED_UP.matcher(r.out()).replaceAll(""), PICKED_UP.matcher(r.err()).replaceAll(""), r.millis());
            var local = LOCAL_DIGITS.matcher(r.out());
            String found = local.find() ? local.group() : null;
            assertNull(found, "./jbang " + alias + " printed a number in an Arabic locale's digits: format it with Locale.ROOT\n" + r.out());
        }
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
