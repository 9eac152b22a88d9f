package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.*;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.*;
import tests.ServeHarness.*;
import tests.ServeHarness.Events.Event;

/// Live reload: a saved change to anything the site is built from rebuilds it and reloads
/// open pages; a failed build shows in the page and the terminal while the last good site
/// keeps being served.
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServeReloadTest {
    static final Duration WAIT = Waits.HUNG;

    Server server;
    Events page;

    @BeforeAll
    void start() throws Exception {
        server = Server.start(Repo.create());
        page = server.events();
        page.client();
    }

    @AfterAll
    void stop() throws Exception {
        if (page != null) page.close();
        if (server != null) server.close();
    }

    /// Each test looks only at the events its own edits cause.
    @BeforeEach
    void forgetEarlierEvents() {
        page.skipAll();
    }

    Path file(String rel) { return server.root.resolve(rel); }

    String currentBuild() throws Exception {
        try (var fresh = server.events()) {
            return fresh.next("hello", WAIT).string("build");
        }
    }

    void append(String rel, String text) throws Exception {
        Files.writeString(file(rel), text, StandardOpenOption.APPEND);
    }

    @Test
    @DisplayName("reload: editing a lesson, program, catalog, template, asset or recording rebuilds and reloads pages")
    void everySourceReloads() throws Exception {
        String build = currentBuild();
        append("lessons/01-live.md", "\nA paragraph added while serving.\n");
        Event reload = page.next("reload", WAIT);
        assertNotEquals(build, reload.string("build"), "a new build id");
        assertTrue(server.get("/live.html").body().contains("A paragraph added while serving."));
        // A page opened now is on the new build.
        try (var fresh = server.events()) {
            assertEquals(reload.string("build"), fresh.next("hello", WAIT).string("build"));
        }
        for (String rel : List.of("programs/Spin.java", "jbang-catalog.json", "tools/templates/page.html", "tools/assets/course.css")) {
            append(rel, "\n");
            page.next("reload", WAIT);
        }
        Files.writeString(file("recordings/unused.txt"), "not a recording any page uses\n");
        page.next("reload", WAIT);
        server.awaitLog(java.util.regex.Pattern.quote("(lessons/01-live.md changed)"), WAIT);
    }

    @Test
    @DisplayName("reload: a failed build shows its error to open pages and in the terminal; the last good site stays")
    void brokenBuild() throws Exception {
        Path lesson = file("lessons/01-live.md");
        String good = Files.readString(lesson);
        String before = server.get("/live.html").body();
        Files.writeString(lesson, good.replace("title: Live", "titel: Live"));
        Event error = page.next("build-error", WAIT);
        String text = error.string("text");
        assertTrue(text.contains("lessons/01-live.md"), text);
        assertTrue(text.contains("unknown front matter key 'titel'"), text);
        server.awaitLog(java.util.regex.Pattern.quote("live: build failed: lessons/01-live.md"), WAIT);
        var still = server.get("/live.html");
        assertEquals(200, still.status());
        assertEquals(before, still.body(), "the last good page is served");
        // A page opened while the build is broken hears about it at once.
        try (var fresh = server.events()) {
            assertTrue(fresh.next("hello", WAIT).string("error").contains("titel"));
        }
        Files.writeString(lesson, good);
        page.next("reload", WAIT);
        try (var fresh = server.events()) {
            assertNull(fresh.next("hello", WAIT).string("error"), "fixed");
        }
    }

    @Test
    @DisplayName("reload: after a program changes, Run runs the new version")
    void runsTheNewProgram() throws Exception {
        Path ticker = file("programs/Ticker.java");
        Files.writeString(ticker, Files.readString(ticker).replace("\"tick \"", "\"tock \""));
        page.next("reload", WAIT);
        String client = page.client();
        int mark = page.mark();
        assertEquals(202, server.post("run", client, "ticker-3").status());
        String out = Events.output(page.untilEnd("ticker", mark, WAIT));
        assertTrue(out.contains("tock 1\n") && !out.contains("tick 1"), out);
    }

    @Test
    @DisplayName("reload: a program that does not compile gets a 500 with javac's message, and nothing starts")
    void programThatDoesNotCompile() throws Exception {
        Path spin = file("programs/Spin.java");
        String good = Files.readString(spin);
        Files.writeString(spin, good.replace("IO.println(\"spin: done\");", "IO.println(\"spin: done\")"));
        page.next("reload", WAIT);
        int before = server.startedPids().size();
        var r = server.post("run", page.client(), "spin-6");
        assertEquals(500, r.status(), r.body());
        assertTrue(r.body().contains("javac could not compile programs/Spin.java") && r.body().contains("';' expected"), r.body());
        assertEquals(before, server.startedPids().size(), "nothing started");
        Files.writeString(spin, good);
        page.next("reload", WAIT);
    }

    @Test
    @DisplayName("reload: a change to live.js or live.css reloads pages without a build")
    void liveAssetsReload() throws Exception {
        append("tools/live/live.css", "\n");
        page.next("reload", WAIT);
        server.awaitLog("tools/live/live.css changed: reloading pages", WAIT);
    }
}
