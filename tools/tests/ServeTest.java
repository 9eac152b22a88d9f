package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import java.util.concurrent.*;
import java.util.regex.*;
import org.junit.jupiter.api.*;
import tests.ServeHarness.*;

/// Live mode (`./build.sh serve`) starting up, on a course of the test's own ({@link ServeHarness}).
class ServeTest {

    // ---- the tests of starting up ----------------------------------------------------------

    @Test
    @DisplayName("serve: builds the site, listens on 127.0.0.1 only, prints the URL, and pages get the live script")
    void startsOnLoopback() throws Exception {
        try (var server = Server.start(Repo.create())) {
            server.awaitLog(Pattern.quote("serving http://127.0.0.1:" + server.port + "/"), Waits.HUNG);
            var page = server.get("/live.html");
            assertEquals(200, page.status(), page.body());
            assertTrue(page.body().contains("<script src=\"/__live/live.js\""), "live script injected");
            assertTrue(page.body().contains("figure class=\"program\" id=\"program-ticker\""), page.body());
            // The static site on disk has no live script: it is added only while serving.
            String onDisk = Files.readString(server.root.resolve("site/live.html"));
            assertFalse(onDisk.contains("__live"), "site/ itself stays static");
            assertEquals(200, server.get("/").status());
            assertEquals(200, server.get("/__live/live.js").status());
            // Bound to loopback only: another address of this machine does not answer.
            for (InetAddress other : nonLoopbackAddresses())
                assertThrows(IOException.class, () -> new Socket(other, server.port).close(), "answered on " + other);
        }
    }

    @Test
    @DisplayName("serve: --host binds that address instead, warns about it, and accepts it as Host")
    void hostFlagWarns() throws Exception {
        try (var server = Server.start(Repo.create(), "--host", "127.0.0.2")) {
            server.awaitLog(Pattern.quote("warning: listening on 127.0.0.2"), Waits.HUNG);
            var r = Raw.request("127.0.0.2", server.port, "GET", "/", Map.of("Host", "127.0.0.2:" + server.port), null);
            assertEquals(200, r.status(), r.body());
            assertThrows(IOException.class, () -> new Socket("127.0.0.1", server.port).close(), "not bound to 127.0.0.1");
        }
    }

    @Test
    @DisplayName("serve: a bad flag prints the usage and exits 2; --help exits 0")
    void badFlags() {
        var r = Proc.run(Repo.main(), Repo.env(Repo.main()), Proc.HangLimit.ofMinutes(3), List.of("./build.sh", "serve", "--port", "http"));
        assertEquals(2, r.exit(), r.all());
        assertTrue(r.err().contains("--port must be a whole number"), r.all());
        var help = Proc.run(Repo.main(), Repo.env(Repo.main()), Proc.HangLimit.ofMinutes(3), List.of("./build.sh", "serve", "--help"));
        assertEquals(0, help.exit(), help.all());
        assertTrue(help.out().contains("--run-limit"), help.all());
    }

    @Test
    @DisplayName("serve: a page's hello lists the declared runs, and says which are terminal-only")
    void helloListsRuns() throws Exception {
        try (var server = Server.start(Repo.create()); var events = server.events()) {
            var hello = events.next("hello", Waits.HUNG);
            String data = hello.data();
            assertTrue(data.contains("\"id\":\"ticker-3\",\"alias\":\"ticker\",\"args\":[\"3\",\"300\"]"), data);
            assertTrue(Pattern.compile("\"id\":\"ticker-wrapped\"[^}]*\"runnable\":false").matcher(data).find(), data);
            assertTrue(Pattern.compile("\"id\":\"check-all\"[^}]*\"runnable\":false").matcher(data).find(), data);
            assertEquals(32, hello.string("client").length(), "a 128-bit token");
        }
    }

    @Test
    @DisplayName("serve: for every run, the Run button is offered exactly where the instructors' runs table says \"Run button\" (a wrapper, java-options, preview: off, a tool's alias)")
    void runsTableAgreesWithLiveMode() throws Exception {
        Path root = Repo.create();
        Files.writeString(root.resolve("lessons/01-live.md"), ServeHarness.Repo.lesson().replace("""
                  - id: echo
                """, """
                  - id: early-plain
                    alias: early
                    preview: off
                  - id: early
                    alias: early
                  - id: echo
                """));
        Files.writeString(root.resolve("programs/Early.java"), "///usr/bin/env jbang \"$0\" \"$@\" ; exit $?\n//JAVA 25+\n//PREVIEW\n\n"
                + "void main() { IO.println(\"early\"); }\n");
        Path catalog = root.resolve("jbang-catalog.json");
        Files.writeString(catalog, Files.readString(catalog).replace("\"aliases\": {\n",
                "\"aliases\": {\n    \"early\": { \"script-ref\": \"programs/Early.java\", \"description\": \"a preview program\" },\n"));
        Files.writeString(root.resolve("lessons/instructors.md"), "---\ntitle: For instructors\n---\n{{runs-table}}\n");
        course.Build.Loaded loaded;
        try {
            loaded = course.Build.load(root);
            for (String id : loaded.runs().keySet()) Fixture.record(root, id, "ok\n");
        } catch (IOException | RuntimeException e) {
            Temp.delete(root);
            throw e;
        }
        try (var server = Server.start(root); var events = server.events()) {
            String hello = events.next("hello", Waits.HUNG).data();
            var page = server.get("/instructors.html");
            assertEquals(200, page.status(), page.body());
            var rows = org.jsoup.Jsoup.parse(page.body()).select("table.runs-table tbody tr:has(td)");
            assertEquals(loaded.runs().size(), rows.size(), page.body());
            var kinds = new TreeSet<String>();
            for (var row : rows) {
                String id = row.selectFirst("td code").text();
                String column = row.select("td").last().text();
                var live = Pattern.compile("\"id\":\"" + Pattern.quote(id) + "\"[^}]*\"runnable\":(true|false)").matcher(hello);
                assertTrue(live.find(), id + " is not in the hello: " + hello);
                assertEquals(live.group(1).equals("true") ? "Run button" : "terminal only", column, id);
                kinds.add(id + "=" + column);
            }
            assertTrue(kinds.containsAll(List.of("args-flag=Run button", "ticker-wrapped=terminal only", "early-plain=terminal only", "early=Run button",
                    "check-all=terminal only", "ticker-3=Run button")), kinds.toString());
        }
    }

    @Test
    @DisplayName("serve: stopping the server (Ctrl-C, SIGTERM) ends the programs it started")
    void stoppingEndsRuns() throws Exception {
        Optional<ProcessHandle> process;   // taken while it runs: a pid can be reused once it ends
        try (var server = Server.start(Repo.create()); var events = server.events()) {
            int mark = events.mark();
            assertEquals(202, server.post("run", events.client(), "family").status());
            process = ProcessHandle.of(events.first("start", "family", mark, Waits.HUNG).number("pid"));
            events.first("out", "family", mark, Waits.HUNG);
        } // close() stops the server and fails if a program it started still runs
        assertFalse(process.map(ProcessHandle::isAlive).orElse(false));
    }

    static List<InetAddress> nonLoopbackAddresses() throws SocketException {
        var out = new ArrayList<InetAddress>();
        for (var nif : Collections.list(NetworkInterface.getNetworkInterfaces()))
            for (var a : Collections.list(nif.getInetAddresses()))
                if (!a.isLoopbackAddress() && !a.isLinkLocalAddress() && a instanceof Inet4Address) out.add(a);
        return out;
    }
}
