package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// The first minute at the terminal: `./jbang` with no argument prints the course's help
/// (course.Guide, run by tools/Help.java without JBang), a name the course does not know gets
/// the nearest names and exit 2 (`./jbang NAME`, `./jbang check NAME`, `./build.sh NAME`),
/// and long commands say how long they will take (`./build.sh record`, `waits pool 10000`).
class GuideTest {

    static final Guide GUIDE = Guide.load(Proc.ROOT);

    @TempDir
    Path tmp;

    // ---- what the help is read from ----------------------------------------------------------

    /// Guide reads the catalog and the lessons without the generator's parsers (it must run on a
    /// bare JDK): it must read what they read.
    @Test
    @Quick
    void theGuideReadsWhatTheGeneratorReads() {
        var loaded = Build.load(Proc.ROOT);
        assertEquals(loaded.catalog().aliases().keySet(), GUIDE.aliases().keySet());
        for (var a : loaded.catalog().aliases().values()) {
            assertEquals(a.ref(), GUIDE.aliases().get(a.name()).ref(), a.name());
            assertEquals(a.description(), GUIDE.aliases().get(a.name()).description(), a.name());
        }
        assertEquals(loaded.lessons().size(), GUIDE.chapters().size());
        var exercises = Exercises.load(Proc.ROOT);
        for (int i = 0; i < loaded.lessons().size(); i++) {
            Lesson l = loaded.lessons().get(i);
            Guide.Chapter c = GUIDE.chapters().get(i);
            assertEquals(l.order(), c.order(), l.file().toString());
            assertEquals(l.title(), c.title(), l.file().toString());
            var shown = new LinkedHashSet<String>();
            if (l.program() != null) shown.add(l.program());
            shown.addAll(loaded.body(l).placed("program"));
            assertEquals(List.copyOf(shown), c.programs(), l.file() + ": the programs it shows");
            assertEquals(exercises.stream().filter(e -> e.lessonFile().equals(l.fileStem())).map(Exercises.Exercise::name).toList(),
                    c.exercises(), l.file() + ": its exercises");
        }
    }

    @Test
    @Quick
    void theHelpNamesEveryProgramAndExerciseAndWhereToStart() {
        String help = GUIDE.help();
        for (var a : GUIDE.aliases().values())
            if (a.ref().startsWith("programs/"))
                assertTrue(help.contains("./jbang " + a.name() + (a.args().isEmpty() ? "\n" : " " + a.args() + "\n")), a.name() + "\n" + help);
        for (var e : Exercises.load(Proc.ROOT)) assertTrue(Pattern.compile("\\(exercise: ([a-z-]+, )*" + e.name() + "[,)]").matcher(help).find(), e.name());
        for (var c : GUIDE.chapters()) assertTrue(help.contains(c.order() + "  " + c.title()), c.title());
        for (String tool : List.of("./jbang check ", "./jbang check --watch", "./jbang check --hint NAME", "./jbang compare NAME"))
            assertTrue(help.contains(tool), tool);
        String first = GUIDE.chapters().stream().filter(c -> !c.programs().isEmpty()).findFirst().orElseThrow().programs().getFirst();
        assertTrue(help.strip().endsWith("Then run its program, ./jbang " + first + ", and see where you are with the exercises: ./jbang check"), help);
    }

    @Test
    @Quick
    void anUnknownNameGetsTheNearestAliases() {
        assertEquals("""
                ./jbang: the course has no program or exercise called 'wiats'.
                  nearest: waits
                  ./jbang with no argument lists them all, by lesson.
                """, GUIDE.unknown("wiats"));
        assertFalse(GUIDE.unknown("zzzzzzzz").contains("nearest"), "nothing near: no nearest line");
        assertEquals(List.of("race", "race-solution"), kit.Nearest.to("rac", List.of("census", "race-solution", "race"), 3));
        assertEquals(List.of("test"), kit.Nearest.to("tset", List.of("build", "test", "record"), 3));
        assertEquals(List.of(), kit.Nearest.to("nosuch", List.of("build", "test", "record"), 3));
    }

    // ---- at the terminal -----------------------------------------------------------------------

    /// A copy of what ./jbang needs for its help, with no .cache at all: the help must come
    /// without JBang, so nothing is fetched (COURSE_NO_FETCH would make a fetch an error anyway).
    Path bareCopy() throws IOException {
        Path copy = Files.createTempDirectory(tmp, "course");
        for (String part : List.of("jbang", "build.sh", "jbang-catalog.json", "lessons", "exercises", "tools"))
            kit.Trees.copy(Proc.ROOT.resolve(part), copy.resolve(part));
        return copy;
    }

    Proc.Result jbang(Path copy, String... args) {
        var cmd = new ArrayList<>(List.of(copy.resolve("jbang").toString()));
        cmd.addAll(List.of(args));
        return Proc.run(copy, Map.of("COURSE_NO_FETCH", "1"), Proc.HangLimit.ofMinutes(3), cmd);
    }

    @Test
    @DisplayName("./jbang alone prints the course's help, exit 0, without JBang; `./jbang help` too")
    void jbangAlonePrintsTheHelp() throws IOException {
        Path copy = bareCopy();
        var r = jbang(copy);
        assertEquals(0, r.exit(), r.all());
        assertEquals(Guide.load(copy).help(), r.out());
        assertEquals("", r.err());
        assertFalse(Files.exists(copy.resolve(".cache/jbang")), "no JBang was fetched for the help");
        var again = jbang(copy, "help");
        assertEquals(0, again.exit(), again.all());
        assertEquals(r.out(), again.out());
    }

    @Test
    @DisplayName("./jbang NAME for no alias: the course's message, the nearest aliases, exit 2; files and remote aliases still go to JBang")
    void jbangUnknownName() throws IOException {
        Path copy = bareCopy();
        var r = jbang(copy, "nosuch");
        assertEquals(2, r.exit(), r.all());
        assertEquals("", r.out());
        assertEquals(GUIDE.unknown("nosuch"), r.err());
        var near = jbang(copy, "wiats", "pool", "400");
        assertEquals(2, near.exit(), near.all());
        assertTrue(near.err().contains("  nearest: waits\n"), near.all());
        assertFalse(near.all().contains("[jbang]"), "JBang never saw it: " + near.all());
        // A name with a slash is a file for JBang (here: no JBang, so the launcher's own error).
        var file = jbang(copy, "programs/NoSuch.java");
        assertNotEquals(0, file.exit());
        assertFalse(file.all().contains("no program or exercise called"), file.all());
    }

    @Test
    @DisplayName("./jbang check NAME for no exercise: exit 2, the nearest exercise and where the list is")
    void checkUnknownName() throws IOException {
        Path copy = bareCopy();
        var r = jbang(copy, "check", "crunc");
        assertEquals(2, r.exit(), r.all());
        assertTrue(r.err().contains("check: no exercise named 'crunc'."), r.all());
        assertTrue(r.err().contains("  nearest: crunch\n"), r.all());
        assertTrue(r.err().contains("./jbang check lists them"), r.all());
    }

    @Test
    @DisplayName("./build.sh NAME for no command: exit 2, the nearest command and every command")
    void buildShUnknownCommand() {
        var r = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(1), List.of(Proc.ROOT.resolve("build.sh").toString(), "tset"));
        assertEquals(2, r.exit(), r.all());
        assertTrue(r.err().startsWith("./build.sh: there is no command 'tset'.\n  nearest: test\nIts commands:\n"), r.err());
        for (String c : List.of("test", "record", "runs", "cited", "check", "compare", "serve", "bench", "help"))
            assertTrue(r.err().contains("  ./build.sh " + c + " "), c + "\n" + r.err());
        var none = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(1), List.of(Proc.ROOT.resolve("build.sh").toString(), "nosuch"));
        assertEquals(2, none.exit());
        assertFalse(none.err().contains("nearest"), none.err());
    }

    /// ./jbang passes JBang's own commands to JBang: its list must be JBang's.
    @Test
    @DisplayName("./jbang's list of JBang commands is the one `./jbang --help` prints")
    void theLaunchersJbangCommandsAreJbangs() throws IOException {
        var help = Proc.jbang("--help");
        assertEquals(0, help.exit(), help.all());
        var commands = new TreeSet<String>();
        boolean in = false;
        for (String line : help.all().lines().toList()) {
            if (line.matches("[A-Z][a-z]+:")) { in = true; continue; }
            var m = Pattern.compile("^  ([a-z]+)  ").matcher(line);
            if (in && m.find()) commands.add(m.group(1));
        }
        var script = Files.readString(Proc.ROOT.resolve("jbang"));
        var listed = Pattern.compile("JBANG_COMMANDS=\" ([a-z ]+) \"").matcher(script);
        assertTrue(listed.find(), "no JBANG_COMMANDS line in ./jbang");
        assertEquals(commands, new TreeSet<>(List.of(listed.group(1).split(" "))), "JBang's commands:\n" + help.all());
    }

    // ---- long commands say how long ------------------------------------------------------------

    @Test
    @DisplayName("record: says run n of N, and how long the runs left took when last recorded")
    void recordSaysWhereItIs() throws Exception {
        var f = new Fixture(tmp);
        // Two runs of the exercise as shipped: the recorder runs those with java, no ./jbang.
        f.replace("lessons/01-first.md", "    alias: hello\n", "    alias: hello\n  - id: answer-one\n    alias: answer\n  - id: answer-two\n    alias: answer\n");
        var ids = List.of("answer-one", "answer-two");
        var log = new ByteArrayOutputStream();
        RecordCommand.record(Build.load(f.root), ids, new PrintStream(log, true, StandardCharsets.UTF_8));
        String first = log.toString(StandardCharsets.UTF_8);
        assertTrue(first.contains("[1/2] record answer-one: ./jbang answer"), first);
        assertTrue(first.contains("       not recorded before; with the 1 run after it, about 0 s left (plus 2 never recorded)"), first);
        assertTrue(first.contains("[2/2] record answer-two: "), first);
        assertTrue(first.contains("       not recorded before; the last run"), first);

        var loaded = Build.load(f.root);
        var left = ids.stream().map(id -> loaded.runs().get(id)).toList();
        double one = Recording.load(f.root, "answer-one", f.file("lessons/01-first.md"), 1).wallSeconds().orElseThrow();
        double two = Recording.load(f.root, "answer-two", f.file("lessons/01-first.md"), 1).wallSeconds().orElseThrow();
        assertEquals(String.format(Locale.ROOT, "took %.1f s last time; with the 1 run after it, about %d s left", one, Math.round(one + two)),
                RecordCommand.progress(f.root, left));
        assertEquals(String.format(Locale.ROOT, "took %.1f s last time; the last run", two), RecordCommand.progress(f.root, left.subList(1, 2)));
    }

    @Test
    @DisplayName("waits pool: ten rounds or more say how long first; the default run prints no such line")
    void aLongWaitSaysSoFirst() {
        var pool = Proc.ok(Proc.java("programs/TenThousandWaits.java", "pool", "2000"));
        assertTrue(pool.out().startsWith("This takes about 10 s: the pool runs 200 tasks at a time.\n2000 tasks on a pool"), pool.out());
        var virtual = Proc.ok(Proc.java("programs/TenThousandWaits.java", "virtual", "100"));
        assertFalse(virtual.out().contains("This takes"), virtual.out());
    }
}
