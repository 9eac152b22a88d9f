package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import java.util.regex.*;
import org.junit.jupiter.api.*;
import tests.ServeHarness.*;
import tests.ServeHarness.Events.Event;

/// Run buttons: a declared run's real output streams into the page as it is printed, one run
/// per program, Stop and a closed tab end the process tree, and the limits hold.
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServeRunTest {
    static final long RUN_LIMIT_SECONDS = 5;
    static final int OUTPUT_LIMIT = 4096;
    static final Duration WAIT = Waits.HUNG;

    Server server;
    Events page;
    String client;

    @BeforeAll
    void start() throws Exception {
        server = Server.start(Repo.create(), "--run-limit", Long.toString(RUN_LIMIT_SECONDS),
                "--output-limit", Integer.toString(OUTPUT_LIMIT), "--max-runs", "2");
        page = server.events();
        client = page.client();
    }

    @AfterAll
    void stop() throws Exception {
        if (page != null) page.close();
        if (server != null) server.close();
    }

    /// Starts run `id` from the test's page; returns the events' mark before it.
    int start(String id) throws Exception {
        int mark = page.mark();
        var r = server.post("run", client, id);
        assertEquals(202, r.status(), r.body());
        return mark;
    }

    List<Event> run(String id, String alias) throws Exception {
        return page.untilEnd(alias, start(id), WAIT);
    }

    static Event end(List<Event> events) {
        return events.stream().filter(e -> e.name().equals("end")).findFirst().orElseThrow();
    }

    /// Waits (up to 5 s) for the process to end, woken when it does, and fails if it still runs.
    /// The handle must be taken while the process runs: looked up by pid afterwards, it could
    /// name another process, since the kernel reuses pids and other test classes run beside.
    static void assertDead(Optional<ProcessHandle> process) throws InterruptedException {
        if (process.isPresent()) {
            try {
                process.get().onExit().get(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // still running: the assertion below says so
            }
        }
        assertFalse(process.map(ProcessHandle::isAlive).orElse(false), "pid " + process.map(ProcessHandle::pid).orElse(-1L) + " still runs");
    }

    @Test
    @DisplayName("runs: output streams in order, stdout and stderr, each line before the program ends, then the exit code")
    void streamsInOrder() throws Exception {
        var events = run("ticker-3", "ticker");
        assertEquals("start", events.getFirst().name());
        assertEquals("./jbang ticker 3 300", events.getFirst().string("command"));
        String out = Events.output(events);
        assertTrue(out.contains("ticker: a line on stderr\n"), out);
        assertTrue(out.replace("ticker: a line on stderr\n", "").equals("ticker: 3 ticks every 300 ms\ntick 1\ntick 2\ntick 3\n"), out);
        assertTrue(events.stream().anyMatch(e -> e.name().equals("out") && "err".equals(e.string("s")) && e.string("text").contains("stderr")), events.toString());
        Event end = end(events);
        assertEquals(0, end.number("exit"));
        assertEquals("exit", end.string("reason"));
        // Streamed, not collected: tick 1 reached the page at least one tick interval before the end.
        Event tick1 = events.stream().filter(e -> e.name().equals("out") && e.string("text").contains("tick 1")).findFirst().orElseThrow();
        long before = (end.nanos() - tick1.nanos()) / 1_000_000;
        assertTrue(before >= 300, "tick 1 arrived only " + before + " ms before the end");
        // The server's times per chunk never go backwards.
        long last = -1;
        for (Event e : events) if (e.name().equals("out")) { assertTrue(e.number("ms") >= last, events.toString()); last = e.number("ms"); }
    }

    @Test
    @DisplayName("runs: the first output line reaches the page soon after the click (warm)")
    void firstOutputIsQuick() throws Exception {
        run("ticker-3", "ticker"); // warm: compiled, JDK files cached
        var times = new ArrayList<Long>();
        for (int i = 0; i < 3; i++) {
            int mark = page.mark();
            long t0 = System.nanoTime();
            var r = server.post("run", client, "ticker-3");
            assertEquals(202, r.status(), r.body());
            Event first = page.first("out", "ticker", mark, WAIT);
            times.add((first.nanos() - t0) / 1_000_000);
            page.untilEnd("ticker", mark, WAIT);
        }
        IO.println("       click to first output line, warm: " + times + " ms");
        // The goal is 0.5 s; on two shared cores under a test suite allow three times that.
        for (long t : times) Bounds.assertUnder("click to first output", 1_500, t);
    }

    @Test
    @DisplayName("runs: one run per program; a second click gets 409 and starts nothing; Stop ends it")
    void onePerProgram() throws Exception {
        int mark = start("ticker-long");
        page.first("out", "ticker", mark, WAIT);
        long pid = page.first("start", "ticker", mark, WAIT).number("pid");
        var process = ProcessHandle.of(pid);
        var again = server.post("run", client, "ticker-long");
        assertEquals(409, again.status(), again.body());
        assertTrue(again.body().contains("ticker is already running"), again.body());
        assertEquals(409, server.post("run", client, "ticker-3").status(), "same program, other arguments");
        assertEquals(1, server.startedPids().stream().filter(p -> p == pid).count());
        var stop = server.post("stop", client, "ticker-long");
        assertEquals(200, stop.status(), stop.body());
        Event end = end(page.untilEnd("ticker", mark, WAIT));
        assertEquals("stopped", end.string("reason"));
        assertDead(process);
        assertEquals(409, server.post("stop", client, "ticker-long").status(), "nothing left to stop");
    }

    @Test
    @DisplayName("runs: Stop ends the whole process tree, children included")
    void stopEndsTree() throws Exception {
        int mark = start("family");
        Event out = page.first("out", "family", mark, WAIT);
        Matcher m = Pattern.compile("child pid (\\d+)").matcher(out.string("text"));
        assertTrue(m.find(), out.data());
        long child = Long.parseLong(m.group(1));
        long pid = page.first("start", "family", mark, WAIT).number("pid");
        var process = ProcessHandle.of(pid);
        var childProcess = ProcessHandle.of(child);
        assertTrue(childProcess.map(ProcessHandle::isAlive).orElse(false), "the child runs");
        assertEquals(200, server.post("stop", client, "family").status());
        assertEquals("stopped", end(page.untilEnd("family", mark, WAIT)).string("reason"));
        assertDead(process);
        assertDead(childProcess);
    }

    @Test
    @DisplayName("runs: closing the page that started a run ends it")
    void closedTabEndsRun() throws Exception {
        var tab = server.events();
        String other = tab.client();
        int mark = tab.mark();
        var r = server.post("run", other, "ticker-long");
        assertEquals(202, r.status(), r.body());
        long pid = tab.first("start", "ticker", mark, WAIT).number("pid");
        var process = ProcessHandle.of(pid);
        tab.first("out", "ticker", mark, WAIT);
        long t0 = System.nanoTime();
        tab.close();
        server.awaitLog("run ticker-long \\(pid " + pid + "\\) ended: the page that started it was closed", WAIT);
        assertDead(process);
        Bounds.assertUnder("closed page noticed", 5_000, (System.nanoTime() - t0) / 1_000_000);
    }

    @Test
    @DisplayName("runs: a run past --run-limit is ended and says so")
    void runLimit() throws Exception {
        var events = run("ticker-long", "ticker");
        Event end = end(events);
        assertEquals("limit", end.string("reason"));
        assertTrue(end.string("text").contains("live-mode limit"), end.data());
        assertTrue(end.number("ms") >= RUN_LIMIT_SECONDS * 1000, end.data());
        assertTrue(Events.output(events).contains("tick 30\n"), "it ran until the limit");
    }

    @Test
    @DisplayName("runs: output past --output-limit is cut with a notice; the program still finishes")
    void outputCut() throws Exception {
        var events = run("spew", "spew");
        String out = Events.output(events);
        assertTrue(out.length() <= OUTPUT_LIMIT, out.length() + " characters");
        assertTrue(out.startsWith("00000000 xxx"), out);
        assertTrue(events.stream().anyMatch(e -> e.name().equals("note") && e.string("text").contains("output cut at " + OUTPUT_LIMIT + " bytes")));
        // One note about the output; a program not yet compiled when the click came also gets
        // the two notes that say it is being prepared.
        assertEquals(1, events.stream().filter(e -> e.name().equals("note") && !e.string("text").startsWith("prepar")).count(),
                events.toString());
        assertEquals(0, end(events).number("exit"));
    }

    @Test
    @DisplayName("runs: the server answers quickly while a program keeps every core busy")
    void responsiveUnderLoad() throws Exception {
        int mark = start("spin-6");
        page.first("out", "spin", mark, WAIT);
        var times = new ArrayList<Long>();
        for (int i = 0; i < 10; i++) {
            long t0 = System.nanoTime();
            assertEquals(200, server.get("/live.html").status());
            times.add((System.nanoTime() - t0) / 1_000_000);
            Thread.sleep(100);
        }
        IO.println("       page load while spinning: " + times + " ms");
        for (long t : times) Bounds.assertUnder("a page while every core is busy", 1_000, t);
        assertEquals(200, server.post("stop", client, "spin-6").status());
        page.untilEnd("spin", mark, WAIT);
    }

    @Test
    @DisplayName("runs: an exercise runs as shipped (derived from its solution), not the working copy")
    void exerciseAsShipped() throws Exception {
        String out = Events.output(run("echo", "echo"));
        assertEquals("echo: as shipped\n", out);
    }

    @Test
    @DisplayName("runs: declared arguments reach the program verbatim, with no shell; the alias's runtime options apply")
    void argumentsVerbatim() throws Exception {
        String out = Events.output(run("args-odd", "args"));
        assertEquals("args: 7, live.test=yes\n[a;b]\n[$(touch pwned)]\n[--x]\n[c d]\n[`touch pwned2`]\n[|]\n[>out]\n", out);
        for (String f : List.of("pwned", "pwned2", "out")) assertFalse(Files.exists(server.root.resolve(f)), f);
    }

    @Test
    @DisplayName("runs: a run's java-options need no wrapper: they follow the alias's runtime options")
    void javaOptions() throws Exception {
        var events = run("args-flag", "args");
        assertEquals("args: 1, live.test=flag\n[x]\n", Events.output(events));
    }

    @Test
    @DisplayName("runs: at most --max-runs programs at once; one more gets 429")
    void maxRuns() throws Exception {
        int mark = start("ticker-long");
        start("family");
        page.first("out", "family", mark, WAIT);
        var third = server.post("run", client, "echo");
        assertEquals(429, third.status(), third.body());
        server.post("stop", client, "ticker-long");
        server.post("stop", client, "family");
        page.untilEnd("ticker", mark, WAIT);
        page.untilEnd("family", mark, WAIT);
    }
}
