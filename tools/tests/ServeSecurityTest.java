package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.*;
import tests.ServeHarness.*;

/// Live mode refuses what it must: other hosts (DNS rebinding), other sites' POSTs, anything
/// but a declared run id, paths out of site/, wrong methods and big bodies; and starts
/// nothing for any of them.
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServeSecurityTest {
    Server server;
    Events page;
    String client;
    String origin;

    @BeforeAll
    void start() throws Exception {
        server = Server.start(Repo.create());
        page = server.events();
        client = page.client();
        origin = "http://127.0.0.1:" + server.port;
    }

    @AfterAll
    void stop() throws Exception {
        if (page != null) page.close();
        if (server != null) server.close();
    }

    /// Every test ends with: nothing was started.
    @AfterEach
    void nothingStarted() {
        assertEquals(List.of(), server.startedPids(), "a program was started:\n" + server.log());
        assertEquals(0, server.programsRunning(), "a process runs under the server");
    }

    Map<String, String> post(String... more) {
        var h = new LinkedHashMap<String, String>(Map.of("Origin", origin, "X-Live-Client", client, "Content-Type", "text/plain"));
        for (int i = 0; i < more.length; i += 2) h.put(more[i], more[i + 1]);
        return h;
    }

    @Test
    @DisplayName("security: a Host that is not the server's own gets 403, for pages, events and runs")
    void foreignHost() throws Exception {
        for (String host : List.of("attacker.example:" + server.port, "attacker.example", "127.0.0.1:1", "localhost.attacker.example:" + server.port,
                "127.0.0.1:" + server.port + ".attacker.example")) {
            var h = new HashMap<>(post());
            h.put("Host", host);
            assertEquals(403, server.request("GET", "/", Map.of("Host", host), null).status(), host);
            assertEquals(403, server.request("GET", "/__live/events", Map.of("Host", host), null).status(), host);
            assertEquals(403, server.request("POST", "/__live/run", h, "ticker-3").status(), host);
        }
        // Our own names pass.
        assertEquals(200, server.request("GET", "/", Map.of("Host", "localhost:" + server.port), null).status());
        // An absolute request line naming another server is refused too.
        assertEquals(403, server.request("GET", "http://attacker.example/", Map.of(), null).status());
    }

    @Test
    @DisplayName("security: a POST from another site's page (foreign Origin) gets 403")
    void foreignOrigin() throws Exception {
        for (String o : List.of("http://attacker.example", "https://127.0.0.1:" + server.port, "http://127.0.0.1:" + (server.port + 1), "null"))
            assertEquals(403, server.request("POST", "/__live/run", post("Origin", o), "ticker-3").status(), o);
        assertEquals(403, server.request("POST", "/__live/run", post("Sec-Fetch-Site", "cross-site"), "ticker-3").status());
        // Another site's EventSource or fetch cannot even open a stream or read a page.
        assertEquals(403, server.request("GET", "/__live/events", Map.of("Origin", "http://attacker.example"), null).status());
        assertEquals(403, server.request("GET", "/live.html", Map.of("Origin", "http://attacker.example"), null).status());
    }

    @Test
    @DisplayName("security: a POST without the page's token, or with a made-up one, gets 403")
    void tokenRequired() throws Exception {
        var none = new HashMap<>(post());
        none.remove("X-Live-Client");
        assertEquals(403, server.request("POST", "/__live/run", none, "ticker-3").status());
        assertEquals(403, server.request("POST", "/__live/run", post("X-Live-Client", "0".repeat(32)), "ticker-3").status());
        assertEquals(403, server.request("POST", "/__live/stop", none, "ticker-3").status());
    }

    @Test
    @DisplayName("security: unknown run ids, ids with shell syntax and extra arguments get 404")
    void onlyDeclaredRunIds() throws Exception {
        for (String id : List.of("nope", "ticker", "ticker-3 --help", "ticker-3;touch pwned", "ticker-3\nticker-3", "../ticker-3",
                "programs/Ticker.java", "ticker-3 4 5", "$(touch pwned)", "TICKER-3", ""))
            assertEquals(404, server.post("run", client, id).status(), "'" + id + "'");
        assertEquals(404, server.post("stop", client, "nope").status());
        assertFalse(Files.exists(server.root.resolve("pwned")));
    }

    @Test
    @DisplayName("security: runs with a wrapper, and aliases outside programs/ and exercises/ (check), are never started")
    void refusedRuns() throws Exception {
        var wrapped = server.post("run", client, "ticker-wrapped");
        assertEquals(403, wrapped.status(), wrapped.body());
        assertTrue(wrapped.body().contains("setpriv"), wrapped.body());
        var check = server.post("run", client, "check-all");
        assertEquals(403, check.status(), check.body());
        assertTrue(check.body().contains("tools/Check.java"), check.body());
    }

    @Test
    @DisplayName("security: GET (or PUT) on the run and stop endpoints gets 405; POST to a page gets 405")
    void wrongMethods() throws Exception {
        var get = server.request("GET", "/__live/run", Map.of(), null);
        assertEquals(405, get.status(), get.body());
        assertEquals("POST", get.headers().get("Allow"));
        assertEquals(405, server.request("GET", "/__live/run?id=ticker-3", Map.of(), null).status());
        assertEquals(405, server.request("PUT", "/__live/run", post(), "ticker-3").status());
        assertEquals(405, server.request("GET", "/__live/stop", Map.of(), null).status());
        assertEquals(405, server.request("POST", "/index.html", post(), "x").status());
        assertEquals(405, server.request("DELETE", "/index.html", Map.of(), null).status());
        assertEquals(405, server.request("POST", "/__live/events", post(), "x").status());
        assertEquals(404, server.request("GET", "/__live/other", Map.of(), null).status());
    }

    @Test
    @DisplayName("security: a body over the limit gets 413, by Content-Length or chunked")
    void oversizedBody() throws Exception {
        String big = "ticker-3" + " ".repeat(10_000);
        var r = server.request("POST", "/__live/run", post(), big);
        assertEquals(413, r.status(), r.body());
        assertEquals(413, server.request("POST", "/__live/run", post("Content-Length", "100000000"), "ticker-3").status());
        String chunked = Integer.toHexString(big.length()) + "\r\n" + big + "\r\n0\r\n\r\n";
        assertEquals(413, server.request("POST", "/__live/run", post("Transfer-Encoding", "chunked"), chunked).status());
    }

    @Test
    @DisplayName("security: static files cannot leave site/: .., encoded dots and slashes, hidden files, symlinks")
    void staysInSite() throws Exception {
        Path outside = Files.writeString(server.root.resolve("secret.txt"), "SECRET");
        Files.createSymbolicLink(server.root.resolve("site/leak.txt"), outside);
        Files.createSymbolicLink(server.root.resolve("site/up"), server.root);
        Files.writeString(server.root.resolve("site/.hidden"), "SECRET");
        for (String path : List.of("/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt",
                "/assets%2f..%2f..%2fsecret.txt", "/%2E%2E%2Fsecret.txt", "/..%5csecret.txt", "/leak.txt", "/up/secret.txt",
                "/up/build.sh", "/.hidden", "//etc/passwd", "/index.html%00.txt", "/./index.html", "/" + "a/".repeat(600)))
        {
            var r = server.get(path);
            assertTrue(r.status() >= 400 && r.status() < 500, path + " -> " + r.status());
            assertFalse(r.body().contains("SECRET"), path);
            assertFalse(r.body().contains("#!/usr/bin/env bash"), path);
        }
        assertEquals(200, server.get("/assets/course.css").status(), "files inside site/ are served");
    }

    @Test
    @DisplayName("security: errors say what was wrong, as JSON, and nothing is cached")
    void clearErrors() throws Exception {
        var r = server.post("run", client, "nope");
        assertEquals("application/json; charset=utf-8", r.headers().get("Content-Type"));
        assertTrue(r.body().contains("no lesson declares a run 'nope'"), r.body());
        assertEquals("no-store", r.headers().get("Cache-Control"));
        assertEquals("nosniff", r.headers().get("X-Content-Type-Options"));
        // No CORS: another site's script cannot read any answer.
        assertNull(server.get("/").headers().get("Access-Control-Allow-Origin"));
    }
}
