package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.*;
import java.util.*;
import java.util.logging.Level;
import org.junit.jupiter.api.*;
import org.openqa.selenium.*;
import org.openqa.selenium.chrome.*;
import org.openqa.selenium.logging.*;
import org.openqa.selenium.support.ui.*;
import tests.ServeHarness.*;

/// Live mode in a real Chromium: Run streams output into the page with times and the exit
/// code, Stop stops, the presenter switch enlarges type, an edit reloads the page (after a
/// running run ends), and a failed build shows over the page.
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServeBrowserTest {
    Server server;
    ChromeDriver driver;
    Browser browser;
    String base;

    @BeforeAll
    void start() throws Exception {
        Path repo = Repo.create();
        recordTicker(repo);
        server = Server.start(repo);
        base = "http://127.0.0.1:" + server.port + "/";
        browser = new Browser(1280, 900, LogType.BROWSER);
        driver = browser.driver;
    }

    /// A recording of ticker-3, made by the recorder's code, and a lesson sentence that quotes
    /// it: so a finished run can be set beside it.
    static void recordTicker(Path repo) throws Exception {
        Path lesson = repo.resolve("lessons/01-live.md");
        Files.writeString(lesson, Files.readString(lesson).replace("A lesson for the live-mode tests.",
                "A lesson for the live-mode tests. The ticker ticked {{ticker-3: (\\d+) ticks every}} times."));
        var loaded = course.Build.load(repo);
        var run = loaded.runs().get("ticker-3");
        course.Recording.write(repo, run, loaded.catalog().get("ticker", null, 0), loaded.plan(run.id()),
                new course.TerminalRun.Output("ticker: 3 ticks every 300 ms\nticker: a line on stderr\ntick 1\ntick 2\ntick 3\n", 0, 1.2, "JDK recorded"));
    }

    @AfterAll
    void stop() throws Exception {
        Browser.close(browser, server);
    }

    @AfterEach
    void noConsoleErrors() {
        var errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
        assertEquals(List.of(), errors, "console errors");
    }

    WebDriverWait waiting() {
        return browser.waiting();
    }

    Object js(String script, Object... args) {
        return driver.executeScript(script, args);
    }

    /// Opens a page and waits until its Run buttons are there and it is connected.
    void open(String page) {
        driver.get(base + page);
        waiting().until(d -> Boolean.TRUE.equals(js("return !!document.querySelector('.live-bar.live-connected') && !!document.querySelector('.live-run')")));
        js("window.__notReloaded = true");
    }

    WebElement panel(String alias) {
        return driver.findElement(By.cssSelector("#program-" + alias + " .live-run"));
    }

    void choose(WebElement panel, String runId) {
        new Select(panel.findElement(By.cssSelector("select"))).selectByValue(runId);
    }

    String output(WebElement panel) {
        return panel.findElement(By.cssSelector("pre.live-output")).getText();
    }

    String status(WebElement panel) {
        return panel.findElement(By.cssSelector(".live-status")).getText();
    }

    void awaitReload() {
        waiting().until(d -> !Boolean.TRUE.equals(js("return window.__notReloaded")) && Boolean.TRUE.equals(js("return !!document.querySelector('.live-bar.live-connected')")));
    }

    @Test
    @DisplayName("browser: Run streams the output into the page, line by line with times, then the exit code")
    void runStreams() {
        open("live.html");
        var p = panel("ticker");
        var options = p.findElements(By.cssSelector("option"));
        assertEquals(List.of("./jbang ticker 3 300", "./jbang ticker 300 100", "./jbang ticker 1 (terminal only)"),
                options.stream().map(WebElement::getText).toList());
        assertNotNull(options.get(2).getAttribute("disabled"), "the wrapped run cannot be chosen");
        choose(p, "ticker-3");
        p.findElement(By.cssSelector("button.live-start")).click();
        // tick 1 shows while the program still runs: Stop is still enabled then.
        waiting().until(d -> output(p).contains("tick 1"));
        assertTrue(p.findElement(By.cssSelector("button.live-stop")).isEnabled() || output(p).contains("exit 0"));
        waiting().until(d -> status(p).startsWith("exit 0"));
        String out = output(p);
        // stdout and stderr are two pipes: their lines keep their own order, not each other's.
        var lines = out.lines().toList();
        assertEquals("$ ./jbang ticker 3 300", lines.getFirst());
        assertEquals(List.of("ticker: 3 ticks every 300 ms", "tick 1", "tick 2", "tick 3"),
                lines.subList(1, 6).stream().filter(l -> !l.contains("stderr")).toList(), "copying the output copies only the output");
        assertTrue(lines.subList(1, 6).contains("ticker: a line on stderr"), out);
        assertTrue(out.lines().toList().get(6).matches("exit 0 · \\d+\\.\\d{3} s"), out);
        var times = p.findElements(By.cssSelector(".live-line")).stream().map(e -> e.getAttribute("data-ms")).toList();
        assertEquals("", times.getFirst(), "the command has no time");
        for (String t : times.subList(1, times.size())) assertTrue(t.matches("\\d+\\.\\d{3} s"), times.toString());
        assertEquals(1, p.findElements(By.cssSelector(".live-line.live-err")).size(), "the stderr line is marked");
        assertTrue(p.findElement(By.cssSelector("button.live-start")).isEnabled());
        assertFalse(p.findElement(By.cssSelector("button.live-stop")).isEnabled());
    }

    @Test
    @DisplayName("browser: a finished run is set beside its recording, figure by figure")
    void runIsComparedWithItsRecording() {
        open("live.html");
        var p = panel("ticker");
        choose(p, "ticker-3");
        p.findElement(By.cssSelector("button.live-start")).click();
        waiting().until(d -> !p.findElements(By.cssSelector(".live-comparison table")).isEmpty());
        var table = p.findElement(By.cssSelector(".live-comparison table"));
        assertTrue(table.findElement(By.cssSelector("caption")).getText().contains("JDK recorded"), table.getText());
        var cells = table.findElements(By.cssSelector("tbody tr:first-child > *")).stream().map(WebElement::getText).toList();
        assertEquals(List.of("The ticker ticked", "3", "3", "1.00×"), cells);
        // A new run clears the old comparison until its own arrives.
        p.findElement(By.cssSelector("button.live-start")).click();
        waiting().until(d -> p.findElements(By.cssSelector(".live-comparison")).isEmpty() || output(p).contains("tick 1"));
    }

    @Test
    @DisplayName("browser: Stop ends a run and says so")
    void stopButton() {
        open("live.html");
        var p = panel("ticker");
        choose(p, "ticker-long");
        p.findElement(By.cssSelector("button.live-start")).click();
        waiting().until(d -> output(p).contains("tick 2"));
        p.findElement(By.cssSelector("button.live-stop")).click();
        waiting().until(d -> status(p).contains("stopped from the page"));
    }

    @Test
    @DisplayName("browser: the presenter switch enlarges type and hides the sidebar, and is remembered")
    void presenter() {
        open("live.html");
        var toggle = driver.findElement(By.cssSelector(".live-presenter-switch"));
        toggle.click();
        assertEquals("true", toggle.getAttribute("aria-pressed"));
        assertEquals("24px", js("return getComputedStyle(document.body).fontSize"));
        open("live.html");
        assertEquals(Boolean.TRUE, js("return document.documentElement.classList.contains('live-presenter')"), "remembered");
        driver.findElement(By.cssSelector(".live-presenter-switch")).click();
        assertEquals(Boolean.FALSE, js("return document.documentElement.classList.contains('live-presenter')"));
    }

    @Test
    @DisplayName("browser: an edited lesson reloads the page; a broken one shows its error over the page until fixed")
    void reloadAndErrors() throws Exception {
        Path lesson = server.root.resolve("lessons/01-live.md");
        String good = Files.readString(lesson);
        open("live.html");
        Files.writeString(lesson, good + "\nEdited while the page was open.\n");
        awaitReload();
        assertTrue(driver.findElement(By.tagName("article")).getText().contains("Edited while the page was open."));
        js("window.__notReloaded = true");
        Files.writeString(lesson, good.replace("title: Live", "titel: Live"));
        var overlay = waiting().until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".live-error")));
        assertTrue(overlay.getText().contains("unknown front matter key 'titel'"), overlay.getText());
        assertEquals("alert", overlay.getAttribute("role"));
        Files.writeString(lesson, good);
        awaitReload();
        assertTrue(driver.findElements(By.cssSelector(".live-error")).isEmpty());
    }

    @Test
    @DisplayName("browser: a rebuild during a run waits for the run to end before reloading")
    void reloadWaitsForRun() throws Exception {
        open("live.html");
        var p = panel("ticker");
        choose(p, "ticker-long");
        p.findElement(By.cssSelector("button.live-start")).click();
        waiting().until(d -> output(p).contains("tick 1"));
        Path lesson = server.root.resolve("lessons/01-live.md");
        Files.writeString(lesson, "\nAnother edit.\n", StandardOpenOption.APPEND);
        waiting().until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".live-pending")));
        assertEquals(Boolean.TRUE, js("return window.__notReloaded"), "not reloaded while the run goes on");
        assertTrue(output(p).contains("tick"));
        p.findElement(By.cssSelector("button.live-stop")).click();
        awaitReload();
    }

    @Test
    @DisplayName("browser: axe finds nothing in the live controls, bar and output")
    void accessible() {
        try (var axe = new Axe(driver)) {
            open("live.html");
            var p = panel("ticker");
            choose(p, "ticker-3");
            p.findElement(By.cssSelector("button.live-start")).click();
            waiting().until(d -> status(p).startsWith("exit 0"));
            waiting().until(d -> !p.findElements(By.cssSelector(".live-comparison table")).isEmpty());
            assertEquals(List.of(), axe.check("live.html", "light", Axe.Run.every().in(".live-run", ".live-bar")));
        }
    }
}
