package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.*;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `server` (programs/WaitingServer.java): what the program must show, checked on one fresh default run through
/// plain java (the catalog test runs the alias through ./jbang). Times and rates come from
/// the program's own output: JVM start-up is not part of what it measures.
@Programs
class WaitingServerTest {

    static final int REQUESTS = 2_000;
    static final int POOL_THREADS = 50;
    static final long WAIT_MS = 200;
    static final double POOL_CEILING = POOL_THREADS * 1000.0 / WAIT_MS; // 250 requests per second

    /// The default run (2,000 requests on the pool, then on virtual threads), made once.
    static Proc.Result defaultRun;

    static synchronized Proc.Result defaultRun() {
        if (defaultRun == null) defaultRun = Proc.ok(Proc.java("programs/WaitingServer.java"));
        return defaultRun;
    }

    @Test
    @DisplayName("server: every request is answered 200, on the pool and on virtual threads, by a server on 127.0.0.1")
    void everyRequestIsAnswered() {
        var r = defaultRun();
        for (String kind : new String[] {"pool", "virtual"}) {
            String result = resultLine(r, kind);
            assertEquals(REQUESTS, Bounds.number(result, "ok=(\\d+) "), result);
            assertEquals(0, Bounds.number(result, "failed=(\\d+)"), result);
            assertTrue(line(r, kind, "server on ").contains("server on http://127.0.0.1:"), r.all());
        }
    }

    @Test
    @DisplayName("server: the pool of 50 takes its 40 rounds of 200 ms: at most 250 req/s, at least half of that")
    void poolStaysUnderItsCeiling() {
        var r = defaultRun();
        String result = resultLine(r, "pool");
        final long theory = (REQUESTS / POOL_THREADS) * WAIT_MS; // 40 rounds of 200 ms = 8,000 ms
        long wall = Bounds.number(result, "wall (\\d+) ms");
        Bounds.assertTime("2000 requests on a pool of 50", theory, wall);
        double perSecond = REQUESTS * 1000.0 / wall;
        assertTrue(perSecond <= POOL_CEILING, perSecond + " req/s is above the ceiling\n" + r.all());
        assertTrue(perSecond >= POOL_CEILING / 2, perSecond + " req/s is under half the ceiling\n" + r.all());
        assertTrue(line(r, "pool", "ceiling").contains("ceiling: 50 threads / 0.2 s = 250 req/s"), r.all());
    }

    @Test
    @DisplayName("server: virtual threads answer at least twice the pool's requests per second")
    void virtualThreadsBeatThePool() {
        var r = defaultRun();
        long pool = Bounds.number(resultLine(r, "pool"), "(\\d+) req/s");
        long virtual = Bounds.number(resultLine(r, "virtual"), "(\\d+) req/s");
        assertTrue(virtual >= 2 * pool, "virtual " + virtual + " req/s, pool " + pool + " req/s\n" + r.all());
    }

    @Test
    @DisplayName("server: a bad kind, a request count past the cap or not a number, or too many arguments print usage and exit 2")
    void serverRejectsBadArguments() {
        Proc.usage(Proc.java("programs/WaitingServer.java", "fibers"));
        var pastTheCap = Proc.java("programs/WaitingServer.java", "virtual", "5001");
        Proc.usage(pastTheCap);
        assertTrue(pastTheCap.err().contains("1 to 5000"), "the usage line names the cap\n" + pastTheCap.all());
        Proc.usage(Proc.java("programs/WaitingServer.java", "pool", "0"));
        Proc.usage(Proc.java("programs/WaitingServer.java", "pool", "10", "more"));
        Proc.usage(Proc.java("programs/WaitingServer.java", "virtual", "99999999999999999999"));
        Proc.usage(Proc.java("programs/WaitingServer.java", "virtual", "12x"));
    }

    @Test
    @DisplayName("server: requests the server refuses are counted by class and message and left out of the latencies")
    void failedRequestsAreCountedAndLeftOutOfTheLatencies() {
        // The JDK's HttpServer closes every connection past this many at once: most of the
        // 200 requests fail at once, the few that get in each wait their 200 ms.
        final int requests = 200;
        var r = Proc.ok(Proc.java(List.of(), List.of("-Djdk.httpserver.maxConnections=20"),
                "programs/WaitingServer.java", "virtual", "" + requests));
        String result = resultLine(r, "virtual");
        long ok = Bounds.number(result, "ok=(\\d+) "), failed = Bounds.number(result, "failed=(\\d+)");
        assertEquals(requests, ok + failed, result);
        assertTrue(failed > 0, "some requests must fail\n" + r.all());
        // {java.io.IOException: MESSAGE=N, …}: each failure's class and the first line of its message, with its count
        long named = 0;
        var m = java.util.regex.Pattern.compile("[{ ]([\\w.$]+)(: [^=]*)?=(\\d+)(?=, |})").matcher(result);
        while (m.find()) named += Long.parseLong(m.group(3));
        assertEquals(failed, named, "every failure is named by its class and message, with its count\n" + result);
        assertTrue(Bounds.number(result, "p50 (\\d+) ms") >= WAIT_MS,
                "only answered requests, each of which waited " + WAIT_MS + " ms, count in the latencies\n" + result);

        // A server that allows one request header refuses every request: no latency to report.
        var none = Proc.ok(Proc.java(List.of(), List.of("-Dsun.net.httpserver.maxReqHeaders=1"),
                "programs/WaitingServer.java", "virtual", "20"));
        String refused = resultLine(none, "virtual");
        assertTrue(refused.contains("ok=0 failed=20 {"), refused);
        assertTrue(refused.contains("no latency: nothing answered") && !refused.contains("p50"), refused);
    }

    @Test
    @DisplayName("server: with 1,024 files allowed, 2,000 requests stop with a clear message and exit 2 before any server starts")
    void serverStopsWhenTheFileLimitIsTooLow() {
        Proc.stopsAtTheFileLimit("server on", "programs/WaitingServer.java", "virtual", "2000");
    }

    @Test
    @DisplayName("server: ASCII digits and a decimal point in an Arabic (Egypt) locale, as the lesson quotes them")
    void numbersDoNotFollowTheLocale() {
        var r = Proc.asciiDigits(Proc.ok(Proc.java(List.of(), Proc.ARABIC_LOCALE, "programs/WaitingServer.java", "virtual", "20")));
        assertTrue(r.out().contains("20 requests / 0.2 s = 100 req/s"), r.all());
        assertTrue(r.out().matches("(?s).*, \\d+\\.\\d\\d ms per request.*"), r.all());
    }

    /// The "ok=... failed=..." line of one executor's run.
    static String resultLine(Proc.Result r, String kind) {
        return line(r, kind, "ok=");
    }

    static String line(Proc.Result r, String kind, String contains) {
        return r.out().lines().filter(l -> l.startsWith(kind + ":") && l.contains(contains)).findFirst()
                .orElseGet(() -> fail("no '" + kind + ":' line with '" + contains + "' in:\n" + r.all()));
    }
}
