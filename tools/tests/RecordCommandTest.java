package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// `./build.sh record` on a tiny course: a real run of a fixture program, stored with its
/// provenance, read back as the build reads it, and its claims checked afterwards.
class RecordCommandTest {

    @TempDir
    Path tmp;
    Fixture f;
    final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() throws Exception {
        f = new Fixture(tmp);
        // The exercise as shipped prints "Not solved yet: answer" and exits 0.
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                  - id: answer-shipped
                    alias: answer
                    claims:
                      - says: as shipped it is not solved
                        match: '^Not solved yet'
                """);
    }

    List<Claims.Failure> record(String... ids) throws Exception {
        return RecordCommand.record(Build.load(f.root), List.of(ids), new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    @Test
    void aRecordingHoldsWhatTheProgramPrintedAndWhereItRan() throws Exception {
        assertEquals(List.of(), record("answer-shipped"));
        var rec = Recording.load(f.root, "answer-shipped", f.file("lessons/01-first.md"), 1);
        assertEquals("Not solved yet: answer\n", rec.output());
        assertEquals("answer-shipped", rec.id());
        assertEquals("./jbang answer   (the exercise as shipped)", rec.command());
        assertEquals("exercises/Answer.java", rec.program());
        assertFalse(rec.isStaleFor(Exercises.derive(Fixture.SOLUTION)), "hashed from the shipped text");
        assertTrue(rec.exit().matches("0 · wall \\d+\\.\\d s"), rec.exit());
        assertTrue(rec.environment().matches("JDK 2\\d.* · \\d+ cores · \\d+ GiB · \\d{4}-\\d\\d-\\d\\d"), rec.environment());
        String printed = log.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("record answer-shipped: ./jbang answer") && printed.contains("Not solved yet: answer"), printed);
    }

    @Test
    void theStudentsWorkingCopyIsNeverWhatIsRecorded() throws Exception {
        f.write("exercises/Answer.java", Fixture.SOLUTION); // solved in place
        record("answer-shipped");
        assertEquals("Not solved yet: answer\n", Recording.load(f.root, "answer-shipped", f.file("lessons/01-first.md"), 1).output());
    }

    @Test
    void aClaimTheNewRecordingContradictsIsReportedAndTheRecordingKept() throws Exception {
        f.replace("lessons/01-first.md", "match: '^Not solved yet'", "match: '^Solved'");
        var failures = record("answer-shipped");
        assertEquals(1, failures.size(), failures.toString());
        assertEquals(11, failures.getFirst().claim().line(), "the line of the claim's pattern in the lesson");
        assertTrue(failures.getFirst().toString().contains("claim 'as shipped it is not solved' of run answer-shipped does not hold"),
                failures.getFirst().toString());
        assertTrue(f.read("recordings/answer-shipped.txt").endsWith("# output:\nNot solved yet: answer\n"), "kept");
    }

    @Test
    void aWrappedRunGetsAFolderOfItsOwnThatIsGoneAfterwards() throws Exception {
        // `echo` as the wrapper prints the command it was given: java, then the copy's path.
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                  - id: hello-wrapped
                    alias: hello
                    wrapper: [echo]
                """);
        assertEquals(List.of(), record("answer-shipped", "hello-wrapped"));
        var rec = Recording.load(f.root, "hello-wrapped", f.file("lessons/01-first.md"), 1);
        assertTrue(rec.command().startsWith("mkdir -p /tmp/course-run && cp programs/Hello.java /tmp/course-run/ && echo "), rec.command());
        var path = java.util.regex.Pattern.compile("(/\\S+)/Hello\\.java$").matcher(rec.output().strip());
        assertTrue(path.find(), rec.output());
        Path dir = Path.of(path.group(1));
        assertNotEquals(Path.of("/tmp/course-run"), dir, "not the folder every run shares");
        assertFalse(java.nio.file.Files.exists(dir), dir + " is left behind");
        record("hello-wrapped");
        assertNotEquals(rec.output(), Recording.load(f.root, "hello-wrapped", f.file("lessons/01-first.md"), 1).output(),
                "each run has a folder of its own");
    }

    @Test
    void javaOptionsWithoutAWrapperRunJavaWithThemAsAReaderTypesIt() throws Exception {
        f.write("programs/Hello.java", Fixture.HELLO.replace("\"took 1234 ms\"", "\"greeting=\" + System.getProperty(\"greeting\")"));
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                  - id: hello-flag
                    alias: hello
                    args: [a]
                    java-options: [-Dgreeting=hi]
                """);
        f.record("answer-shipped", "Not solved yet: answer\n"); // its claims are checked after every record
        assertEquals(List.of(), record("hello-flag"));
        var rec = Recording.load(f.root, "hello-flag", f.file("lessons/01-first.md"), 1);
        assertEquals("java -Dgreeting=hi programs/Hello.java a", rec.command());
        assertEquals("greeting=hi\n", rec.output());
    }

    @Test
    @DisplayName("repeat: 5 runs a timing run five times and stores the run with the median figure, whole; the header lists all five and the page says so")
    void aRepeatedRunStoresTheMedianRunAndListsEveryFigure() throws Exception {
        Path counter = tmp.resolve("runs-so-far");
        f.write("programs/Hello.java", """
                ///usr/bin/env jbang "$0" "$@" ; exit $?
                //JAVA 25+

                void main() throws Exception {
                    Path counter = Path.of(System.getProperty("counter"));
                    int run = Files.exists(counter) ? Integer.parseInt(Files.readString(counter)) : 0;
                    Files.writeString(counter, String.valueOf(run + 1));
                    IO.println("run " + (run + 1));
                    IO.println("took " + List.of(30, 10, 50, 20, 40).get(run) + " ms");
                }
                """);
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                  - id: hello-timed
                    alias: hello
                    java-options: [-Dcounter=%s]
                    repeat: 5
                    median: 'took (\\d+) ms'
                """.formatted(counter));
        f.record("answer-shipped", "Not solved yet: answer\n");
        f.record("hello-run", "took 1234 ms\n");
        assertEquals(List.of(), record("hello-timed"));
        assertEquals("5", Files.readString(counter), "five runs");
        var rec = Recording.load(f.root, "hello-timed", f.file("lessons/01-first.md"), 1);
        assertEquals("run 1\ntook 30 ms\n", rec.output(), "the median run's output, whole");
        assertEquals("median of 5 runs by /took (\\d+) ms/: 30, 10, 50, 20, 40; stored: run 1", rec.repeat());
        f.replace("lessons/01-first.md", "{{run hello-run}}", "{{run hello-run}}\n\n{{run hello-timed}}");
        f.build(false);
        String env = org.jsoup.Jsoup.parse(f.read("site/first.html")).selectFirst("#run-hello-timed p.env").text();
        assertTrue(env.endsWith("· the median of 5 runs, which printed \"took 10 to 50 ms\""), env);
    }

    @Test
    @DisplayName("repeat: without median:, an even count, or a median: with no group are refused at their line")
    void aBadRepeatIsRefusedAtItsLine() throws Exception {
        for (String bad : List.of("    repeat: 5\n", "    repeat: 4\n    median: 'took (\\d+) ms'\n", "    repeat: 3\n    median: 'took \\d+ ms'\n")) {
            f.write("lessons/01-first.md", f.read("lessons/01-first.md").replaceAll("(?m)^    (repeat|median): .*\n", ""));
            f.replace("lessons/01-first.md", "    alias: hello\n", "    alias: hello\n" + bad);
            var e = assertThrows(BuildError.class, () -> Build.load(f.root));
            assertTrue(e.where().endsWith("lessons/01-first.md:" + (bad.startsWith("    repeat: 5") ? 7 : bad.contains("4") ? 7 : 8)), e.toString());
            assertTrue(e.getMessage().contains("repeat") || e.getMessage().contains("median"), e.getMessage());
        }
    }

    @Test
    void aWrappedRunGetsItsJavaOptionsAfterTheWrapper() throws Exception {
        f.replace("lessons/01-first.md", "    alias: hello\n", """
                    alias: hello
                  - id: hello-wrapped
                    alias: hello
                    args: [a, b]
                    wrapper: [nice, -n, '5']
                    java-options: [-Xint]
                """);
        var course = Build.load(f.root);
        var plan = course.plan("hello-wrapped");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        assertEquals(List.of("nice", "-n", "5", java, "-Xint", "/tmp/course-run/Hello.java", "a", "b"), plan.command());
        assertEquals("mkdir -p /tmp/course-run && cp programs/Hello.java /tmp/course-run/ && nice -n 5 $JAVA_HOME/bin/java -Xint /tmp/course-run/Hello.java a b", plan.shown());
    }

    @Test
    void aPlainRunIsBuiltFirstThenRunThroughTheCoursesJbang() throws Exception {
        // A stand-in for ./jbang that says how it was called; the build's lines must stay out of the recording.
        Path calls = f.file("calls.txt");
        f.write("jbang", "#!/bin/sh\necho \"$*\" >> " + calls + "\necho \"jbang was asked: $*\"\n");
        java.nio.file.Files.setPosixFilePermissions(f.file("jbang"), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        f.replace("lessons/01-first.md", "    alias: hello\n", "    alias: hello\n    args: [x, 'y z']\n");
        f.record("answer-shipped", "Not solved yet: answer\n"); // its claims are checked after every record
        assertEquals(List.of(), record("hello-run"));
        var rec = Recording.load(f.root, "hello-run", f.file("lessons/01-first.md"), 1);
        assertEquals("./jbang hello x y z", rec.command());
        assertEquals("jbang was asked: hello x y z\n", rec.output());
        assertEquals("build hello\nhello x y z\n", f.read("calls.txt"), "built first, then run with the declared arguments");
    }

    @Test
    void anUndeclaredRunIsRefusedWithTheDeclaredOnes() {
        var e = assertThrows(BuildError.class, () -> record("nosuch"));
        assertTrue(e.getMessage().contains("Declared runs: hello-run, answer-shipped"), e.getMessage());
    }

    @Test
    void theFixturesRecordingsAreTheRecordersFormat() throws Exception {
        record("answer-shipped");
        String real = f.read("recordings/answer-shipped.txt");
        String fixture = f.read("recordings/hello-run.txt");
        var headerKeys = java.util.regex.Pattern.compile("(?m)^# (\\w+):");
        assertEquals(headerKeys.matcher(real).results().map(m -> m.group(1)).toList(),
                headerKeys.matcher(fixture).results().map(m -> m.group(1)).toList());
    }
}
