package tests;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `spring` (programs/SpringProperty.java): the Spring Boot program, with the command ./jbang runs it with (JBangCommand:
/// it needs Spring Boot, which only JBang fetches), and once through ./jbang itself. The bursts are small and the wait long, so the pool's rounds, not the CPU, set
/// the time even on a loaded machine. Times come from the program's own output: JVM and
/// Spring start-up are not part of what it measures.
class SpringPropertyTest {

    static final int THREADS = 5, REQUESTS = 50;
    static final long WAIT_MS = 500;

    static JBangCommand spring;

    /// JBang's own "[jbang] Building jar" lines come once, here, not in a test's output.
    @BeforeAll
    static void build() {
        spring = JBangCommand.of("spring", "fibers");
    }

    @Test
    @DisplayName("spring: on Tomcat's pool of 5, every request is answered 200 by exactly 5 platform threads, in 10 rounds of 500 ms, in an Arabic locale too")
    void thePoolServesInRounds() {
        var r = Proc.asciiDigits(Proc.ok(spring.run(Proc.ARABIC_LOCALE, "pool", "" + THREADS, "" + REQUESTS, "" + WAIT_MS)));
        String result = line(r, "pool: ok=");
        assertTrue(result.startsWith("pool: ok=" + REQUESTS + " failed=0 "), r.all());
        assertEquals("pool: served by " + THREADS + " platform threads named http-nio-127.0.0.1-auto-1-exec-N",
                line(r, "pool: served by"), r.all());
        assertEquals("pool: ceiling: 5 threads / 0.5 s = 10 req/s", line(r, "pool: ceiling"), r.all());
        final long theory = (REQUESTS / THREADS) * WAIT_MS; // 10 rounds of 500 ms
        Bounds.assertTime(REQUESTS + " requests on a pool of " + THREADS, theory, Bounds.number(result, "wall (\\d+) ms"));
        assertTrue(line(r, "non-daemon threads besides main:").contains("container-0"), r.all());
    }

    @Test
    @DisplayName("spring: with the property, the pool's size has no effect: every request gets a virtual thread of its own and all wait at once")
    void virtualThreadsIgnoreThePoolSize() {
        var r = Proc.ok(spring.run("virtual", "" + THREADS, "" + REQUESTS, "" + WAIT_MS));
        String result = line(r, "virtual: ok=");
        assertTrue(result.startsWith("virtual: ok=" + REQUESTS + " failed=0 "), r.all());
        assertEquals("virtual: served by " + REQUESTS + " virtual threads named tomcat-handler-N",
                line(r, "virtual: served by"), r.all());
        long wall = Bounds.number(result, "wall (\\d+) ms");
        assertTrue(wall >= WAIT_MS, "every request waits " + WAIT_MS + " ms\n" + r.all());
        // The pool of 5 needs 10 rounds; all at once is one round, plus what 50 requests cost.
        Bounds.assertUnder(REQUESTS + " requests on virtual threads, threads.max=" + THREADS,
                (REQUESTS / THREADS) * WAIT_MS / 2, wall);
        assertTrue(line(r, "non-daemon threads besides main:").contains("container-0"), r.all());
    }

    @Test
    @DisplayName("spring: a bad mode, a number out of range or not a number, or too many arguments print usage and exit 2")
    void badArgumentsPrintUsage() {
        var pastTheCap = Proc.jbang("spring", "pool", "401");   // the one run through ./jbang itself
        Proc.usage(pastTheCap);
        assertTrue(pastTheCap.err().contains("threads 1-400") && pastTheCap.err().contains("requests 1-4000")
                && pastTheCap.err().contains("wait-ms 1-2000"), "the usage line names the caps\n" + pastTheCap.all());
        Proc.usage(spring.run("fibers"));
        Proc.usage(spring.run("pool", "0"));
        Proc.usage(spring.run("virtual", "20", "4001"));
        Proc.usage(spring.run("virtual", "20", "100", "0"));
        Proc.usage(spring.run("pool", "20", "100", "2001"));
        Proc.usage(spring.run("pool", "20x"));
        Proc.usage(spring.run("pool", "20", "100", "200", "more"));
    }

    static String line(Proc.Result r, String start) {
        return r.out().lines().filter(l -> l.startsWith(start)).findFirst()
                .orElseGet(() -> fail("no line starting '" + start + "' in:\n" + r.all()));
    }
}
