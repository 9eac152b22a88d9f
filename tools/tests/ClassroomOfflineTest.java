package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// `./jbang prepare` and `./jbang doctor`, as a classroom uses them: the doctor finds what is
/// missing, prepare fetches it while the network is there, and afterwards the course runs with
/// the network cut. Each test gives JBang a home and a Maven repository of its own in a folder
/// JUnit deletes, so nothing is fetched into (or taken from) the real caches. "No network" is
/// a network namespace of its own (`unshare -n`, root), with or without its loopback up.
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClassroomOfflineTest {

    @TempDir
    static Path jbangHome;

    /// The test's JBang home gets the compile options `./jbang` writes into the course's own
    /// home's config (javac on C1 alone; ./jbang never writes them into a home named elsewhere),
    /// and nothing else of that config: the compiles of prepare take half the CPU time, and what
    /// the tests check does not depend on it.
    @BeforeAll
    static void compilesAsInTheCoursesHome() throws java.io.IOException {
        Path config = Proc.ROOT.resolve(".cache/jbang-home/jbang.properties");
        Path home = Files.createDirectories(jbangHome.resolve("home"));
        if (!Files.exists(config)) return;
        var options = Files.readAllLines(config).stream().filter(l -> l.matches("(run|build)\\.compileoption=.*")).toList();
        Files.write(home.resolve("jbang.properties"), options);
    }

    static Map<String, String> ownJBang() {
        return Map.of("JBANG_DIR", jbangHome.resolve("home").toString(), "JBANG_REPO", jbangHome.resolve("repo").toString());
    }

    /// `./jbang ARGS` in a network namespace of its own; `loopback`: with 127.0.0.1 up in it.
    static Proc.Result offline(Map<String, String> env, boolean loopback, String... args) {
        String jbang = Proc.ROOT.resolve("jbang").toString();
        String script = (loopback ? "ip link set lo up && " : "") + "exec \"$0\" \"$@\"";
        var cmd = new ArrayList<>(List.of("unshare", "-n", "sh", "-c", script, jbang));
        cmd.addAll(List.of(args));
        return Proc.run(Proc.ROOT, env, Proc.HangLimit.ofMinutes(5), cmd);
    }

    @Test
    @Order(1)
    @DisplayName("doctor: with no network, one core, an old java on PATH and nothing fetched, it names each, says what to do and exits 1")
    void doctorNamesWhatIsMissing(@TempDir Path fake) throws Exception {
        // A `java` on PATH whose JDK says it is 17, as a machine with an older default has.
        Path bin = Files.createDirectories(fake.resolve("jdk17/bin"));
        Files.writeString(fake.resolve("jdk17/release"), "JAVA_VERSION=\"17.0.15\"\n");
        Files.writeString(bin.resolve("java"), "#!/bin/sh\nexit 1\n");
        bin.resolve("java").toFile().setExecutable(true);
        var env = new HashMap<>(ownJBang());
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        env.put("JAVA_TOOL_OPTIONS", "-XX:ActiveProcessorCount=1");

        var r = offline(env, false, "doctor");
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("  FIX   loopback: a server on 127.0.0.1 could not be reached"), r.all());
        assertTrue(r.out().contains("  note  1 core; the recordings ran on "), r.all());
        assertTrue(r.out().contains("  note  `java` on your PATH (" + bin.resolve("java") + ") is JDK 17: `java programs/X.java` needs JDK 25"), r.all());
        assertTrue(r.out().contains("  FIX   not ready offline: database, spring"), r.all());
        assertTrue(r.out().contains("run ./jbang prepare while the network is there"), r.all());
        assertTrue(r.out().strip().endsWith("2 to fix (FIX lines above), 2 notes."), r.all());
    }

    @Test
    @Order(2)
    @DisplayName("prepare, then no network: the doctor says it is ready, and a real PostgreSQL with its pool runs through JBang")
    void afterPrepareTheCourseRunsOffline() {
        var prepared = Proc.run(Proc.ROOT, ownJBang(), Proc.HangLimit.ofMinutes(10), List.of(Proc.ROOT.resolve("jbang").toString(), "prepare"));
        assertEquals(0, prepared.exit(), prepared.all());
        assertTrue(prepared.out().contains("  ready  database  (programs/DatabaseLimit.java has //DEPS"), prepared.all());
        assertTrue(prepared.out().contains("  ready  tools/Site.java"), prepared.all());

        var doctor = offline(ownJBang(), true, "doctor");
        assertEquals(0, doctor.exit(), doctor.all());
        assertTrue(doctor.out().contains("  ok    ready offline: database, spring, "), doctor.all());

        var database = offline(ownJBang(), true, "database");
        assertEquals(0, database.exit(), database.all());
        assertTrue(database.out().startsWith("PostgreSQL "), database.all());   // the server started, from the fetched binaries
        assertTrue(database.out().matches("(?s).*\\npool of 10, waits up to 60 s: served=\\d+ refused=0 failed=0.*"), database.all());
    }

    @Test
    @DisplayName("prepare NAME fetches only that; an unknown NAME and any argument to doctor exit 2 with what there is")
    void badArguments() {
        var unknown = Proc.jbang(ownJBang(), "prepare", "no-such-thing");
        assertEquals(2, unknown.exit(), unknown.all());
        assertTrue(unknown.err().contains("nothing to fetch for 'no-such-thing'. These need the network once: database, spring, "), unknown.all());
        var doctor = Proc.jbang(ownJBang(), "doctor", "--now");
        assertEquals(2, doctor.exit(), doctor.all());
        assertTrue(doctor.err().startsWith("usage: ./jbang doctor"), doctor.all());
    }
}
