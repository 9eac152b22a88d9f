package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// A run that names its JDK (`jdk: 21` in a lesson's runs): refused where it means nothing,
/// recorded on that JDK's java with that JVM's own version in the header, said in the caption;
/// and tools/jdks.sh, which finds that java (or makes it once as root on Debian).
class JdkRunsTest {

    @TempDir
    Path tmp;
    Fixture f;

    /// A program JDK 21 runs (no compact source file), which prints the release it ran on.
    static final String RELEASE = """
            ///usr/bin/env jbang "$0" "$@" ; exit $?
            //JAVA 21+

            public class Hello {
                public static void main(String[] args) {
                    System.out.println("release " + Runtime.version().feature());
                }
            }
            """;

    @BeforeEach
    void setUp() throws Exception {
        f = new Fixture(tmp);
        f.write("site/marker.txt", "previous site");
    }

    void declare(String keys) throws IOException {
        f.replace("lessons/01-first.md", "    alias: hello\n", "    alias: hello\n  - id: hello-old\n    alias: hello\n" + keys);
    }

    void assertRefused(int line, String words) throws Exception {
        var e = f.buildFails(false);
        assertTrue(e.where().endsWith("lessons/01-first.md:" + line), "where: " + e.where() + " — " + e);
        assertTrue(e.getMessage().contains(words), e.getMessage());
        assertEquals("previous site", f.read("site/marker.txt"), "site/ must be left as it was");
    }

    @Test
    @Quick
    @DisplayName("jdk: a release before 21, or no number, is refused at its line, saying what it takes")
    void aJdkThatIsNoReleaseIsRefused() throws Exception {
        declare("    jdk: 17\n");
        assertRefused(9, "jdk takes a feature release, 21 or later (jdk: 21), not '17'");
        f.replace("lessons/01-first.md", "jdk: 17", "jdk: latest");
        assertRefused(9, "not 'latest'; leave it out to run on the course's JDK 25");
    }

    @Test
    @Quick
    @DisplayName("jdk: with a wrapper, or on an exercise, is refused at the run's line")
    void aJdkWhereItMeansNothingIsRefused() throws Exception {
        declare("    jdk: 21\n    wrapper: [prlimit, --nproc=100]\n");
        assertRefused(9, "jdk: runs that JDK's plain java; it cannot be combined with a wrapper");
        f.replace("lessons/01-first.md", "    alias: hello\n    jdk: 21\n    wrapper: [prlimit, --nproc=100]\n", "    alias: answer\n    jdk: 21\n");
        assertRefused(7, "run 'hello-old' has jdk: 21, but exercises/Answer.java is not a program");
    }

    @Test
    @Quick
    @DisplayName("jdk: 21 plans plain java (never ./jbang, which would fetch the JDK its //JAVA line asks for); the caption, the runs table and live mode say JDK 21")
    void aRunOnJdk21IsShownAsSuch() throws Exception {
        declare("    jdk: 21\n    args: [x]\n");
        f.replace("lessons/01-first.md", "{{run hello-run}}", "{{run hello-run}}\n\n{{run hello-old}}");
        f.record("hello-old", "took 1234 ms\n");
        var course = Build.load(f.root);
        var plan = course.plan("hello-old");
        assertEquals("java programs/Hello.java x", plan.shown());
        assertEquals("java programs/Hello.java x   (on JDK 21)", plan.described());
        assertEquals(21, plan.jdk());
        assertEquals(0, course.plan("hello-run").jdk());
        assertTrue(LiveRule.refusal(course.runs().get("hello-old"), course.catalog().aliases().get("hello")).startsWith("it runs on JDK 21"));
        assertNull(LiveRule.refusal(course.runs().get("hello-run"), course.catalog().aliases().get("hello")));

        f.build(false);
        var page = Jsoup.parse(f.file("site/first.html"));
        assertEquals("Output of java programs/Hello.java x on JDK 21", page.selectFirst("#run-hello-old figcaption").text());
        assertEquals("Output of ./jbang hello", page.selectFirst("#run-hello-run figcaption").text(), "a run that names no JDK says none");
    }

    @Test
    @Quick
    @DisplayName("compare: a note first when the run starts on another JDK than its recording's, naming the run recorded on the reader's JDK; none when they agree")
    void compareSaysFirstWhenTheJdkDiffers() throws Exception {
        int yours = Runtime.version().feature();
        declare("    jdk: " + yours + "\n");
        f.record("hello-old", "took 1234 ms\n");
        Path rec = f.file("recordings/hello-run.txt");
        Files.writeString(rec, Files.readString(rec).replace("# java: JDK test", "# java: JDK 21.0.13+9 (Debian) · Linux"));
        var course = Build.load(f.root);
        String note = Jdks.note(course, course.runs().get("hello-run"));
        assertNotNull(note, "recorded on JDK 21, run on " + yours);
        assertTrue(note.startsWith("Note: this runs on JDK " + yours + " ("), note);
        assertTrue(note.contains("hello-run was recorded on JDK 21.0.13+9 (Debian): a difference below may come from the JDK"), note);
        assertTrue(note.endsWith("Its run recorded on JDK " + yours + ": ./jbang compare hello-old"), note);
        Files.writeString(f.file("recordings/hello-old.txt"), Files.readString(f.file("recordings/hello-old.txt"))
                .replace("# java: JDK test", "# java: JDK " + yours + ".0.1 (Test) · Linux"));
        assertNull(Jdks.note(Build.load(f.root), course.runs().get("hello-old")), "recorded on the JDK it runs on");
        assertEquals(0, Jdks.distance(course.runs().get("hello-old")), "compare hello picks the run of the reader's JDK");
        assertEquals(1, Jdks.distance(course.runs().get("hello-run")));
    }

    @Test
    @DisplayName("compare ALIAS: of an alias's runs on several JDKs, the one recorded on the reader's JDK, with no note")
    void compareAnAliasPicksTheReadersJdk() {
        var r = Proc.jbang("compare", "synchronized-sleeps");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("compare synchronized-sleeps-jdk" + Runtime.version().feature() + ": java programs/SynchronizedSleeps.java"), r.all());
        assertFalse(r.all().contains("Note: this runs on JDK"), r.all());
    }

    @Test
    @DisplayName("record: a jdk: 21 run runs on JDK 21, and its header names the JVM that ran it, vendor and full version")
    void aRunOnJdk21IsRecordedThere() throws Exception {
        f.write("programs/Hello.java", RELEASE);
        declare("    jdk: 21\n");
        var log = new ByteArrayOutputStream();
        var failures = RecordCommand.record(Build.load(f.root), List.of("hello-old"), new PrintStream(log, true, StandardCharsets.UTF_8));
        assertEquals(List.of(), failures);
        var rec = Recording.load(f.root, "hello-old", f.file("lessons/01-first.md"), 1);
        assertEquals("release 21\n", rec.output(), log.toString(StandardCharsets.UTF_8));
        assertEquals("java programs/Hello.java", rec.command());
        assertTrue(rec.environment().matches("JDK 21[.+]\\S* \\([^)]+\\) · Linux .* · \\d+ cores · .*"), rec.environment());
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("(on JDK 21)"), log.toString(StandardCharsets.UTF_8));
        assertNoMountLeft();
    }

    @Test
    @DisplayName("tools/jdks.sh 21, twice: the same java of release 21, no mount left behind")
    void jdksFindsTheSameJavaTwice() throws Exception {
        var first = jdks("21");
        assertEquals(0, first.exit(), first.all());
        var second = jdks("21");
        assertEquals(first.out(), second.out(), "a second call finds what the first found");
        var version = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(2), List.of(first.out().strip(), "-version"));
        assertEquals(0, version.exit(), version.all());
        assertTrue(version.err().matches("(?s)(openjdk|java) version \"21[.\"].*"), version.all());
        assertNoMountLeft();
    }

    @Test
    @DisplayName("tools/jdks.sh: a JDK<N>_HOME or JAVA_HOME of that release wins; a JDK<N>_HOME of another release is an error naming it")
    void jdksTakesTheVariablesFirst() {
        String home = System.getProperty("java.home");
        int release = Runtime.version().feature();
        var named = jdks(Map.of("JDK" + release + "_HOME", home), Integer.toString(release));
        assertEquals(home + "/bin/java", named.out().strip(), named.all());
        var wrong = jdks(Map.of("JDK21_HOME", home), "21");
        assertEquals(1, wrong.exit(), wrong.all());
        assertTrue(wrong.err().startsWith("error: JDK21_HOME is " + home + ", which is not a JDK 21"), wrong.all());
    }

    @Test
    @DisplayName("tools/jdks.sh: a release it cannot find or make says which JDK is needed and how to point the course at one; a bad argument prints its usage")
    void jdksWithoutTheJdkSaysWhatToDo() {
        var none = jdks(Map.of("COURSE_NO_FETCH", "1", "COURSE_JDK_DIRS", "/nonexistent"), "22");
        assertEquals(1, none.exit(), none.all());
        assertEquals("", none.out());
        assertTrue(none.err().startsWith("error: this needs JDK 22, and none was found"), none.all());
        assertTrue(none.err().contains("export JDK22_HOME=/path/to/jdk-22"), none.all());
        assertTrue(none.err().contains("here not: COURSE_NO_FETCH=1 forbids it"), none.all());
        var bad = jdks(Map.of(), "twenty-one");
        assertEquals(2, bad.exit(), bad.all());
        assertTrue(bad.err().startsWith("usage: tools/jdks.sh FEATURE-RELEASE"), bad.all());
    }

    static Proc.Result jdks(String release) {
        return jdks(Map.of(), release);
    }

    static Proc.Result jdks(Map<String, String> env, String release) {
        // Its own JAVA_HOME is the tools' JDK (Proc sets it): unset here, so that only `env` names a JDK.
        var all = new HashMap<>(env);
        all.putIfAbsent("JAVA_HOME", "");
        return Proc.run(Proc.ROOT, all, Proc.HangLimit.ofMinutes(10), List.of(Proc.ROOT.resolve("tools/jdks.sh").toString(), release));
    }

    /// Nothing of the course's Debian root is still mounted.
    static void assertNoMountLeft() throws IOException {
        var left = Files.readAllLines(Path.of("/proc/mounts")).stream().filter(l -> l.contains(".cache/jdks/")).toList();
        assertEquals(List.of(), left, "mounts left behind");
    }
}
