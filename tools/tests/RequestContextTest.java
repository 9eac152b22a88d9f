package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The lesson "Request context" (programs/RequestContext.java): a request id in Logback's MDC,
/// lost when the work is handed to an executor, kept by copying the MDC and by a ScopedValue
/// read in structured forks. The program needs Logback, so it runs with the command ./jbang
/// runs it with (JBangCommand); one run serves every test.
class RequestContextTest {

    static final Pattern LINE = Pattern.compile("^  (\\S+) +mdc=(\\S+) +scoped=(\\S+) +(.+)$");
    static final Pattern TALLY = Pattern.compile("^  (req-\\d): (\\d+) log lines, (\\d+) with the request id, (\\d+) without$");

    record Logged(String thread, String mdc, String scoped, String message) {}
    record Request(List<Logged> lines, String tally) {}

    static JBangCommand program;
    static Proc.Result run;
    static Map<String, Request> requests;

    @BeforeAll
    static void runOnce() {
        program = JBangCommand.of("request-context", "extra");
        run = Proc.ok(program.run());
        requests = new LinkedHashMap<>();
        var lines = new java.util.ArrayList<Logged>();
        for (String l : run.out().lines().toList()) {
            var m = LINE.matcher(l);
            var t = TALLY.matcher(l);
            if (m.matches()) lines.add(new Logged(m.group(1), m.group(2), m.group(3), m.group(4)));
            else if (t.matches()) {
                requests.put(t.group(1), new Request(List.copyOf(lines), l.strip()));
                lines.clear();
            }
        }
        assertEquals(List.of("req-1", "req-2", "req-3", "req-4", "req-5"), List.copyOf(requests.keySet()), run.all());
    }

    static Request request(String id) {
        return requests.get(id);
    }

    /// The lines each request logged that name its id, in either field, counted by the test.
    static long withId(String id) {
        return request(id).lines().stream().filter(l -> l.mdc().equals(id) || l.scoped().equals(id)).count();
    }

    @Test
    @DisplayName("request-context: each request logs received, both pieces of work and answered, and the program's tally agrees with its lines")
    void everyRequestLogsItsFourLinesAndTheTallyAgrees() {
        for (var e : requests.entrySet()) {
            var r = e.getValue();
            assertEquals(List.of("received", "loaded orders", "loaded user", "answered").stream().sorted().toList(),
                    r.lines().stream().map(Logged::message).sorted().toList(), run.all());
            long with = withId(e.getKey());
            assertEquals(e.getKey() + ": " + r.lines().size() + " log lines, " + with + " with the request id, "
                    + (r.lines().size() - with) + " without", r.tally(), run.all());
        }
    }

    @Test
    @DisplayName("request-context: the request's own thread has its id on every line, in the MDC for 1 to 3 and in the ScopedValue for 4 and 5")
    void theRequestsOwnThreadAlwaysHasTheId() {
        for (var e : requests.entrySet()) {
            int n = Integer.parseInt(e.getKey().substring(4));
            var own = e.getValue().lines().stream().filter(l -> l.thread().equals("request-" + n)).toList();
            assertEquals(n == 1 ? 4 : 2, own.size(), "request 1 does its work on its own thread\n" + run.all());
            for (var l : own) {
                assertEquals(n <= 3 ? e.getKey() : "none", l.mdc(), run.all());
                assertEquals(n <= 3 ? "none" : e.getKey(), l.scoped(), run.all());
            }
        }
    }

    @Test
    @DisplayName("request-context: an executor's tasks lose the id, from the MDC and from a ScopedValue alike")
    void anExecutorLosesTheId() {
        for (String id : List.of("req-2", "req-5")) {
            var tasks = request(id).lines().stream().filter(l -> l.thread().startsWith("virtual-")).toList();
            assertEquals(2, tasks.size(), run.all());
            tasks.forEach(t -> assertEquals(List.of("none", "none"), List.of(t.mdc(), t.scoped()), run.all()));
            assertEquals(2, withId(id), run.all());
        }
    }

    @Test
    @DisplayName("request-context: with the MDC copied, the tasks log the caller's id; structured forks read the ScopedValue: every line has the id")
    void bothRemediesKeepTheId() {
        var copied = request("req-3").lines().stream().filter(l -> l.thread().startsWith("virtual-")).toList();
        assertEquals(2, copied.size(), run.all());
        copied.forEach(t -> assertEquals("req-3", t.mdc(), run.all()));
        var forks = request("req-4").lines().stream().filter(l -> l.thread().startsWith("virtual-")).toList();
        assertEquals(2, forks.size(), run.all());
        forks.forEach(f -> assertEquals(List.of("none", "req-4"), List.of(f.mdc(), f.scoped()), run.all()));
        for (String id : List.of("req-1", "req-3", "req-4")) assertEquals(4, withId(id), id + "\n" + run.all());
    }

    @Test
    @DisplayName("request-context inheritance: 10,000 threads created with an inheritable value set cost their creator more bytes than without, and the difference is printed")
    void inheritingCostsEveryNewThread() {
        var r = Proc.ok(program.run("inheritance"));
        long without = Bounds.number(r.out(), "(?m)^10000 virtual threads created, no inheritable value set: (\\d+) bytes");
        long with = Bounds.number(r.out(), "(?m)^10000 virtual threads created, one inheritable value set: (\\d+) bytes");
        assertTrue(with > without, r.all());
        assertEquals(with - without, Bounds.number(r.out(), "(?m)^inheriting one value: (\\d+) bytes more"), r.all());
        assertEquals((with - without) / 10_000, Bounds.number(r.out(), "(?m)^inheriting one value: \\d+ bytes more, (\\d+) per thread"), r.all());
    }

    @Test
    @DisplayName("request-context: an argument gets the usage line and exit code 2")
    void refusesAnArgument() {
        Proc.usage(program.run("extra"));
    }
}
