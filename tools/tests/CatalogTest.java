package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.regex.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/// jbang-catalog.json: every file has an alias, every alias points at a file, and every
/// alias really runs through ./jbang (JBang ignores a misspelled key without a word).
@org.junit.jupiter.api.Order(3)   // among the slowest: started first, the longest first (Tests.java)
class CatalogTest {

    static final Catalog CATALOG = Catalog.load(Proc.ROOT);

    /// How `./jbang ALIAS` runs once in this test: its arguments, a pattern its output must
    /// match, the exit it must end with (null: any), whether it runs in the Arabic locale, and
    /// where all that comes from (for messages); `run`, the declared run it is (null: a tool's).
    record Case(List<String> args, Pattern expect, Integer exit, boolean arabic, String from, String run) {
        Case(List<String> args, Pattern expect, Integer exit, boolean arabic, String from) {
            this(args, expect, exit, arabic, from, null);
        }
    }

    /// The tools have no declared run, so their cases are written here. `check`: a fresh
    /// verdict (never the cache's, which a plain `./jbang check` leaves), in the working copy,
    /// which a student may have solved: either verdict proves it ran, and its exit follows it.
    /// `compare`: one real comparison, and the line that ends every report. `rehearse`: its usage
    /// (RehearseTest rehearses a lesson).
    static final Map<String, Case> TOOLS = Map.of(
            "check", new Case(List.of("--fresh", "timetable"), Pattern.compile(
                    "(?m)^timetable \\(lesson [^)]+\\): exercises/Timetable\\.java\\n(  (ok   |FAIL ).*\\n)+  (Solved\\.|Not solved yet: .+)$"),
                    null, true, "CatalogTest.TOOLS"),
            "compare", new Case(List.of("admission"), Pattern.compile(
                    "(?m)^  lessons/\\d\\d-[a-z-]+\\.md:\\d+ .*? +\\d+ +\\d+ +\\d+\\.\\d\\d\\S*$[\\s\\S]*^Your machine: JDK \\d+"),
                    0, true, "CatalogTest.TOOLS"),
            "rehearse", new Case(List.of("99"), Pattern.compile("(?m)^usage: \\./jbang rehearse \\[N\\.\\.\\.]"), 2, true, "CatalogTest.TOOLS"));

    static final Pattern WALL = Pattern.compile("^(-?\\d+) · wall ([\\d.]+) s$");

    /// Each alias's case, derived: a program runs as the quickest of the runs its lessons
    /// declare that a reader types as `./jbang ALIAS ARGS` (no wrapper, java-options or
    /// `preview: off`; the recording's header says how long it took), must end as its recording
    /// did, and must print what that run's last `match:` claim says (a pattern the lesson keeps
    /// true on any re-run), else its recording's last line, each number in it matched as any
    /// number. A run recorded with a non-zero exit (javac's errors, shown on purpose) runs in
    /// the default locale. A program whose quickest run is long runs only to its usage
    /// (refusal). Exercises and solutions have no case here: ExercisesTest runs the first
    /// solution of each kind as `./jbang NAME-solution` (ExercisesTest.throughJbang), and
    /// an exercise's alias differs from its solution's only in its file
    /// (everyExerciseHasItsSolutionAlias), whose header lines derive() keeps.
    /// A new lesson with a recorded run needs no edit here.
    static synchronized Map<String, Case> cases() {
        if (cases == null) cases = derive();
        return cases;
    }

    private static Map<String, Case> cases;

    private static Map<String, Case> derive() {
        var course = Build.load(Proc.ROOT);
        var out = new LinkedHashMap<String, Case>(); // catalog order, the order the tests ask for them
        for (var a : course.catalog().aliases().values()) {
            switch (a.kind()) {
                case EXERCISE, SOLUTION -> { } // run by ExercisesTest (see above)
                case OTHER -> { if (TOOLS.containsKey(a.name())) out.put(a.name(), TOOLS.get(a.name())); }
                case PROGRAM -> {
                    Case quickest = null;
                    double best = Double.MAX_VALUE;
                    for (Lesson.DeclaredRun run : course.runs().values()) {
                        // ./jbang runs on the course's JDK: a run recorded on another (jdk: 21) is no case for it
                        if (!run.alias().equals(a.name()) || !run.preview() || !run.wrapper().isEmpty() || !run.javaOptions().isEmpty()
                                || Jdks.isOther(run.jdk())) continue;
                        Recording rec = course.recordings().get(run.id(), run.lesson(), run.line());
                        Matcher m = WALL.matcher(rec.exit());
                        assertTrue(m.matches(), Course.relative(rec.file()) + ": its header's exit line is not 'N · wall S s': " + rec.exit());
                        double wall = Double.parseDouble(m.group(2));
                        if (wall >= best) continue;
                        best = wall;
                        int exit = Integer.parseInt(m.group(1));
                        var claim = run.claims().stream().filter(c -> c.kind() == Claim.Kind.MATCH).reduce((x, y) -> y);
                        Pattern expect = claim.map(Claim::pattern).orElseGet(() -> anyNumbers(lastLine(rec.output())));
                        quickest = new Case(run.args(), expect, exit, exit == 0, "run " + run.id() + " ("
                                + claim.map(c -> "its claim at " + Course.relative(c.file()) + ":" + c.line()).orElse("the last line of " + Course.relative(rec.file())) + ")",
                                run.id());
                    }
                    if (quickest != null) out.put(a.name(), best > ShortRuns.SHORT_SECONDS ? refusal(a.name(), quickest) : quickest);
                }
            }
        }
        return out;
    }

    /// What a program whose every run is long (longer than ShortRuns.SHORT_SECONDS) is run
    /// with here: an option no program takes, which it must refuse with its usage line and exit 2.
    /// That still proves the alias (JBang resolves it, builds it with its //DEPS, starts its
    /// main); running it in full again would repeat what its own test runs, which runs it under
    /// the Arabic locale too (longProgramsAreRunInTheArabicLocaleByTheirTests).
    static final String NO_SUCH_OPTION = "--no-such-option";

    static Case refusal(String alias, Case quickest) {
        return new Case(List.of(NO_SUCH_OPTION), Pattern.compile("(?m)^usage: " + Pattern.quote(alias) + " "), 2, false,
                "its usage: its quickest run, " + quickest.from() + ", is longer than " + (int) ShortRuns.SHORT_SECONDS + " s");
    }

    /// A program this test runs only to its usage (see refusal) is run in full by its own test
    /// class (programs/Name.java: tools/tests/NameTest.java), and at least once under
    /// Proc.ARABIC_LOCALE, whose digits and separators are not ASCII.
    @Test
    @Quick
    @DisplayName("catalog: a program run here only to its usage (every run of it long) is run in full by its own test class, once under the Arabic locale")
    void longProgramsAreRunInTheArabicLocaleByTheirTests() throws IOException {
        var refused = new ArrayList<String>();
        for (var e : cases().entrySet()) {
            if (!e.getValue().args().equals(List.of(NO_SUCH_OPTION))) continue;
            refused.add(e.getKey());
            String program = Path.of(CATALOG.aliases().get(e.getKey()).ref()).getFileName().toString().replaceFirst("\\.java$", "");
            Path test = Proc.ROOT.resolve("tools/tests/" + program + "Test.java");
            assertTrue(Files.isRegularFile(test), "./jbang " + e.getKey() + " runs only to its usage here, so " + Proc.ROOT.relativize(test) + " must run it");
            assertTrue(Files.readString(test).contains("Proc.ARABIC_LOCALE"), Proc.ROOT.relativize(test)
                    + " must run " + e.getKey() + " under Proc.ARABIC_LOCALE once: CatalogTest runs it only to its usage");
        }
        assertFalse(refused.isEmpty(), "no program's runs are all long: is ShortRuns.SHORT_SECONDS right?");
    }

    static String lastLine(String output) {
        var lines = output.lines().filter(l -> !l.isBlank() && !l.startsWith("[jbang]")).toList();
        return lines.isEmpty() ? "" : lines.getLast();
    }

    /// `line` as a pattern in which each number matches any number, and each run of spaces any run.
    static Pattern anyNumbers(String line) {
        var regex = new StringBuilder("(?m)^");
        Matcher m = Pattern.compile("\\d[\\d,.]*\\d|\\d| +").matcher(line);
        int at = 0;
        while (m.find()) {
            if (m.start() > at) regex.append(Pattern.quote(line.substring(at, m.start())));
            regex.append(m.group().startsWith(" ") ? " +" : "[\\d,.]+");
            at = m.end();
        }
        if (at < line.length()) regex.append(Pattern.quote(line.substring(at)));
        return Pattern.compile(regex.append("$").toString());
    }

    /// Every alias has a case: a program needs a declared run that ./jbang can start, with a
    /// recording; a tool an entry in TOOLS.
    @Test
    @Quick
    void everyAliasHasACaseDerivedFromItsRunsOrWrittenForATool() {
        var cases = cases();
        for (String alias : runAliases())
            assertTrue(cases.containsKey(alias), "alias '" + alias + "' has no case: a program needs a run declared in a lesson "
                    + "(runs: - id: ..., alias: " + alias + ") and recorded; a tool needs an entry in CatalogTest.TOOLS");
    }

    @Test
    @Quick
    void aLastLineMatchesAsAnyNumbers() {
        Pattern p = anyNumbers("ReentrantLock:  count= 10,000,000  lost=         0  took   214 ms (1.95x)");
        assertTrue(p.matcher("x\nReentrantLock: count= 9,999 lost= 12 took 3 ms (2.00x)\n").find(), p.pattern());
        assertFalse(p.matcher("ReentrantLock: count= 9,999 lost= 12 took 3 s (2.00x)").find(), "the words stay");
    }

    static List<String> aliases() {
        return List.copyOf(CATALOG.aliases().keySet());
    }

    /// The aliases this test runs: every program's and tool's (exercises: see cases()).
    static List<String> runAliases() {
        return CATALOG.aliases().values().stream().filter(a -> a.kind() != Catalog.Alias.Kind.EXERCISE && a.kind() != Catalog.Alias.Kind.SOLUTION).map(a -> a.name()).toList();
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

    /// ./jbang reads the catalog with sed by one rule (tools/catalog.sh): each alias opens with
    /// `    "NAME": {` and closes with `    }`, its script-ref on one line inside. The catalog
    /// must keep to it, or ./jbang runs the wrong file.
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
    @DisplayName("catalog: in sync with the course (./build.sh sync would write nothing): exercise aliases and lesson titles are derived")
    void theCatalogIsInSync() throws Exception {
        assertEquals(Files.readString(Proc.ROOT.resolve("jbang-catalog.json")), CatalogSync.synced(Proc.ROOT),
                "jbang-catalog.json is out of sync with the course: run ./build.sh sync");
    }

    @Test
    @Quick
    @DisplayName("sync: a missing solution alias is written back, a renamed lesson's title follows, a second sync writes nothing")
    void syncWritesWhatFollows(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        var f = new Fixture(tmp);
        f.write("jbang-catalog.json", """
                {
                  "aliases": {
                    "hello": { "script-ref": "programs/Hello.java", "description": "Lesson 'Old title': says hello" },
                    "answer": { "script-ref": "exercises/Answer.java", "description": "exercise" }
                  }
                }
                """);
        assertEquals(List.of("hello", "answer-solution"), CatalogSync.write(f.root));
        var synced = Catalog.load(f.root);
        assertEquals("Lesson 'First': says hello", synced.aliases().get("hello").description());
        assertEquals("exercises/solutions/Answer.java", synced.aliases().get("answer-solution").ref());
        assertEquals("Lesson 'First' exercise, solved.", synced.aliases().get("answer-solution").description());
        assertEquals(List.of(), CatalogSync.write(f.root));
    }

    @Test
    @Quick
    void everyExerciseHasItsSolutionAlias() {
        for (var a : CATALOG.aliases().values())
            if (a.isExercise()) {
                var s = CATALOG.aliases().get(a.name() + "-solution");
                assertNotNull(s, a.name() + " has no -solution alias");
                assertEquals("exercises/solutions/" + a.script().getFileName(), s.ref());
                assertEquals(a.runtimeOptions(), s.runtimeOptions(), a.name() + " and its solution run with other options; "
                        + "ExercisesTest runs only the solution's alias through ./jbang");
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
    /// Every program and tool runs in it.
    static final Map<String, String> ARABIC = Map.of("JAVA_TOOL_OPTIONS", String.join(" ", Proc.ARABIC_LOCALE));
    static final Pattern LOCAL_DIGITS = Pattern.compile("[\\u0660-\\u066C\\u06F0-\\u06F9]+");
    /// What each JVM prints to say it read JAVA_TOOL_OPTIONS (the checker passes its exercise's on).
    static final Pattern PICKED_UP = Pattern.compile("(?m)^ *(NOTE: )?Picked up JAVA_TOOL_OPTIONS: .*\n");

    /// The runs of all aliases, started on the first call, two at a time: each run spends most of
    /// its time in JBang's launcher and the JVM's start-up on one core, so two overlap on two
    /// cores. Started lazily, so the quick tier, which starts no process, never starts them.
    /// A case that is a short run is ShortRuns' re-run of it, the same `./jbang ALIAS ARGS` in
    /// the same Arabic locale, which LocaleTest reads too: started once for both.
    static Map<String, Future<Proc.Result>> runs;

    static synchronized Future<Proc.Result> runOf(String alias) {
        if (runs == null) {
            var pool = Executors.newFixedThreadPool(2, Thread.ofPlatform().daemon().name("catalog-run-", 0).factory());
            runs = new LinkedHashMap<>();
            cases().forEach((name, c) -> runs.put(name, c.run() != null && c.arabic() && ShortRuns.RUNS.containsKey(c.run())
                    ? shortRun(c.run())
                    : pool.submit(() -> Proc.jbang(c.arabic() ? ARABIC : Map.of(), name, c.args().toArray(String[]::new)))));
            pool.shutdown();
        }
        return runs.get(alias);
    }

    /// ShortRuns' re-run of `id`, as a Proc.Result (what it printed is all on stdout there).
    static Future<Proc.Result> shortRun(String id) {
        return ShortRuns.of(id).thenApply(r -> new Proc.Result(r.exit(), r.text(), "", 0));
    }

    /// Each alias once through ./jbang: programs and tools in an Arabic locale, where they must
    /// print what they print in any other.
    @ParameterizedTest(name = "./jbang {0}")
    @MethodSource("runAliases")
    void aliasRunsThroughJbang(String alias) throws Exception {
        Case c = cases().get(alias);
        assertNotNull(c, "alias '" + alias + "' has no case (see everyAliasHasACaseDerivedFromItsRunsOrWrittenForATool)");
        var r = runOf(alias).get();
        String shown = "./jbang " + alias + (c.args().isEmpty() ? "" : " " + String.join(" ", c.args())) + " (" + c.from() + ")";
        if (c.arabic()) {
            r = new Proc.Result(r.exit(), PICKED_UP.matcher(r.out()).replaceAll(""), PICKED_UP.matcher(r.err()).replaceAll(""), r.millis());
            var local = LOCAL_DIGITS.matcher(r.out());
            String found = local.find() ? local.group() : null;
            assertNull(found, shown + " printed a number in an Arabic locale's digits: format it with Locale.ROOT\n" + r.out());
        }
        assertTrue(c.expect().matcher(r.all()).find(), shown + " should print /" + c.expect() + "/, printed:\n" + r.all());
        if (c.exit() != null) assertEquals(c.exit(), r.exit(), shown + " should exit as recorded\n" + r.all());
    }
}
