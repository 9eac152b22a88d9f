package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `echo` (programs/EchoServer.java): 2,000 connections held on platform and on virtual threads.
@Programs
class EchoServerTest {

    static final String ECHO = "programs/EchoServer.java";

    static final int CLIENTS = 2_000;

    /// Both runs are used by two tests each; run them once.
    static Proc.Result virtualRun, platformRun;

    static synchronized Proc.Result virtualEcho() {
        if (virtualRun == null) virtualRun = ok(Proc.java(ECHO, "virtual", "2000"));
        return virtualRun;
    }

    static synchronized Proc.Result platformEcho() {
        if (platformRun == null) platformRun = ok(Proc.java(ECHO, "platform", "2000"));
        return platformRun;
    }

    static long heldPlatformThreads(Proc.Result r) {
        return Bounds.number(r.out(), "while " + CLIENTS + " connections were held: (\\d+) platform threads");
    }

    @Test
    @DisplayName("echo: 2,000 connections held on virtual threads with under 100 platform threads, every echo back")
    void virtualServerHoldsConnectionsOnFewPlatformThreads() {
        var r = virtualEcho();
        assertTrue(r.out().contains("all " + CLIENTS + " clients connected"), r.all());
        long platform = heldPlatformThreads(r);
        assertTrue(platform < 100, platform + " platform threads while " + CLIENTS + " connections were held\n" + r.all());
        assertTrue(r.out().contains("echoes read back: " + CLIENTS + " of " + CLIENTS + ", client failures: 0"), r.all());
    }

    @Test
    @DisplayName("echo: the platform server needs about one more platform thread per connection")
    void platformServerNeedsAThreadPerConnection() {
        var r = platformEcho();
        long platform = heldPlatformThreads(r), virtual = heldPlatformThreads(virtualEcho());
        // One per connection, give or take the scheduler's carriers, which may differ by a few between runs.
        final long slack = 10;
        assertTrue(Math.abs(platform - virtual - CLIENTS) <= slack,
                "platform " + platform + " vs virtual " + virtual + ": expected about " + CLIENTS + " more\n" + r.all());
        assertTrue(r.out().contains("echoes read back: " + CLIENTS + " of " + CLIENTS + ", client failures: 0"), r.all());
    }

    @Test
    @DisplayName("echo: with 1,024 files allowed, a clear message and exit 2 before any socket opens")
    void echoStopsWhenTheFileLimitIsTooLow() {
        Proc.stopsAtTheFileLimit("echo server on", ECHO);
    }

    /// The check before the server opens allows 100 descriptors for the JVM. Here 300 more are
    /// already open, inherited from the shell that starts it (as from a parent that leaks them),
    /// so the run passes the check and then runs out part-way. Which call fails first, a
    /// client's connect or the server's accept, varies; either way the program must say so,
    /// count the clients that failed, end by itself and exit 1. (Before, the accept loop ended
    /// without a word and every client's failure was lost in its Future.) RLIMIT_NOFILE binds
    /// root too; no privilege is needed to lower it.
    @Test
    @DisplayName("echo: when descriptors run out part-way, 'Too many open files' is reported, failures counted, exit 1")
    void echoReportsRunningOutOfDescriptors() {
        final int clients = 500, limit = 2 * clients + 100, inherited = 300;   // the limit is what the check asks for
        String openThenRun = "for i in $(seq " + inherited + "); do exec {fd}</dev/null; done; exec \"$0\" \"$@\"";
        var r = Proc.java(List.of("prlimit", "--nofile=" + limit, "bash", "-c", openThenRun), List.of(),
                ECHO, "virtual", String.valueOf(clients));
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("echo server on"), "the check let it start\n" + r.all());
        assertTrue(r.out().contains("Too many open files"), r.all());
        long failures = Bounds.number(r.out(), "client failures: (\\d+)");
        long echoed = Bounds.number(r.out(), "echoes read back: (\\d+) of " + clients);
        assertTrue(failures > 0 && echoed + failures <= clients, r.all());
        assertTrue(r.out().contains("the first client failure: java."), r.all());
        r.out().lines().filter(l -> l.startsWith("server: accept failed"))
                .forEach(l -> assertTrue(l.contains("Too many open files"), r.all()));
        assertFalse(r.all().contains("\tat "), "no stack trace\n" + r.all());
    }

    @Test
    @DisplayName("echo: a bad kind, a client count past the cap or not a number prints usage and exits 2")
    void echoRejectsBadArguments() {
        usage(Proc.java(ECHO, "fibers"));
        usage(Proc.java(ECHO, "virtual", "5001"));
        usage(Proc.java(ECHO, "virtual", "99999999999999999999"));
        usage(Proc.java(ECHO, "virtual", "12x"));
        usage(Proc.java(ECHO, "virtual", "-5"));
    }
}
