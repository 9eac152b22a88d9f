package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.logging.Level;
import java.util.regex.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.openqa.selenium.*;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.json.Json;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/// The site in a real Chromium (Debian's chromium and chromium-driver), one browser for the
/// whole class: every page from a static HTTP server on the loopback and from file://, with
/// no console error, no failed request and nothing loaded from outside the site; axe-core
/// finds nothing in light and dark; nothing scrolls sideways at 375 px; and the reader
/// features do what they promise: copy, search, theme, step-through, menu, print, no-JS.
@org.junit.jupiter.api.Order(1)   // among the slowest: started first, the longest first (Tests.java)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SiteBrowserTest {

    static final Path SCREENSHOTS = Proc.ROOT.resolve("tools/screenshots");
    static final int DESKTOP_W = 1280, DESKTOP_H = 900, PHONE_W = 375, PHONE_H = 812;
    /// Under /repo/ the site is served from a folder, as on GitHub Pages, and its scripts
    /// arrive this late: long after the first paint, as on a slow phone network.
    static final String FOLDER = "repo/";
    /// How late: 600 ms; or, while nothingMovesAfterTheFirstPaint holds `painted`, until the
    /// page says it has painted (PAINTED, which RECORD_SHIFTS asks for), however long a slow
    /// machine takes to paint.
    static final long SLOW_SCRIPT_MS = 600;
    static final String PAINTED = "/__painted";
    /// Pages under FOLDER are painted only once parsed. A loaded machine's Chromium may paint a
    /// page its parser has only half read, and what it reads next moves what it painted: a
    /// table's columns widen for a later row, the search box slides left when the theme button
    /// after it arrives. CI saw that four times; it is the parser's timing, not the page's CSS
    /// or script, which is what nothingMovesAfterTheFirstPaint is about. So the server puts this
    /// in each page's head: a render-blocking wait for an element that never comes, which
    /// Chromium ends when the parse does ([HTML: the expect link type](https://html.spec.whatwg.org/multipage/links.html#link-type-expect)).
    static final String PARSED_FIRST = "<link rel=\"expect\" href=\"#__never\" blocking=\"render\">";
    /// `?split` serves a page in two parts, cut after its first table row, the second SPLIT_MS
    /// after the first: the half-read page a loaded machine may paint, offered for certain.
    /// `?split-unguarded` also leaves out PARSED_FIRST, to show that it is what keeps that page
    /// from being painted half-read; its second part waits until the page says it has painted.
    static final String SPLIT = "split", SPLIT_UNGUARDED = "split-unguarded";
    static final long SPLIT_MS = 500;
    volatile CompletableFuture<Void> painted;

    Path site;
    SiteServer server;
    String http, file;
    Browser browser;
    ChromeDriver driver;

    @BeforeAll
    void start() throws IOException {
        site = SiteTest.site();
        server = new SiteServer(site, new SlowToPaint(), "/", "/" + FOLDER).route(PAINTED, exchange -> {
            var waiting = painted;
            if (waiting != null) waiting.complete(null);
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        http = server.origin + "/";
        file = site.toUri().toString();

        browser = new Browser(DESKTOP_W, DESKTOP_H, LogType.BROWSER, LogType.PERFORMANCE);
        driver = browser.driver;
        cdp("Browser.grantPermissions", Map.of("permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
    }

    /// What this server does that a static host does not: under FOLDER it holds each script
    /// back (holdScript) and puts PARSED_FIRST in each page's head; `?split` and
    /// `?split-unguarded` send a page in two parts.
    final class SlowToPaint implements SiteServer.Delivery {
        @Override
        public byte[] body(SiteServer.Request request, byte[] bytes) {
            boolean inFolder = ("/" + FOLDER).equals(request.prefix());
            if (inFolder && request.path().endsWith(".js")) holdScript();
            if (inFolder && request.file().toString().endsWith(".html") && !request.query().equals(SPLIT_UNGUARDED))
                return new String(bytes, StandardCharsets.UTF_8).replaceFirst("<head>", "<head>" + PARSED_FIRST).getBytes(StandardCharsets.UTF_8);
            return bytes;
        }

        @Override
        public void write(SiteServer.Request request, byte[] body, OutputStream out) throws IOException {
            int cut = request.query().startsWith(SPLIT) ? firstRowEnd(body) : -1;
            if (cut > 0) {
                out.write(body, 0, cut);
                out.flush();
                if (request.query().equals(SPLIT_UNGUARDED)) holdScript();   // until the half page is painted
                else pause(SPLIT_MS);   // guarded, it cannot be painted before the rest
                out.write(body, cut, body.length - cut);
            } else {
                out.write(body);
            }
        }
    }

    long started;

    @BeforeEach
    void clock() { started = System.nanoTime(); }

    @AfterEach
    void took(TestInfo info) {
        System.out.printf(Locale.ROOT, "  (%.1f s) %s%n", (System.nanoTime() - started) / 1e9, info.getTestMethod().map(m -> m.getName()).orElse(""));
    }

    @AfterAll
    void stop() throws Exception {
        Browser.close(browser, server);
    }

    /// Holds a script of the site in a folder back: until the page has painted, while a test
    /// waits for that, else SLOW_SCRIPT_MS.
    void holdScript() {
        try {
            var waiting = painted;
            if (waiting != null) waiting.get(Waits.HUNG.toMillis(), TimeUnit.MILLISECONDS);
            else pause(SLOW_SCRIPT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            // served anyway: the test finds the page was not painted first, and says so
        }
    }

    /// Where the first table row of a page ends, in bytes; -1 if it has none.
    static int firstRowEnd(byte[] page) {
        byte[] end = "</tr>".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + end.length <= page.length; i++)
            if (Arrays.equals(page, i, i + end.length, end, 0, end.length)) return i + end.length;
        return -1;
    }

    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- browser helpers ----------------------------------------------------------------

    Map<String, Object> cdp(String command, Map<String, Object> params) {
        return driver.executeCdpCommand(command, params);
    }

    void viewport(int width, int height) {
        cdp("Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height, "deviceScaleFactor", 1,
                "mobile", width < 600));
    }

    void scheme(String lightOrDark) {
        cdp("Emulation.setEmulatedMedia", Map.of("media", "", "features",
                List.of(Map.of("name", "prefers-color-scheme", "value", lightOrDark))));
    }

    Object js(String script, Object... args) {
        return driver.executeScript(script, args);
    }

    WebDriverWait waiting() {
        return browser.waiting();
    }

    /// Loads a page and waits until it and its widgets are ready.
    void open(String url) {
        driver.get(url);
        waiting().until(d -> "complete".equals(js("return document.readyState"))
                && Boolean.TRUE.equals(js("return !document.querySelector('[data-widget] .widget-noscript')")));
    }

    /// What went wrong since the last call: console errors, failed or refused requests, and
    /// requests that left the site (any URL not under `base`, data: or about:).
    List<String> problems(String page, String base) {
        var out = new ArrayList<String>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER))
            if (e.getLevel().intValue() >= Level.SEVERE.intValue() && !e.getMessage().startsWith(base + "no-such-page.html "))
                out.add(page + ": console: " + e.getMessage());
        var json = new Json();
        for (LogEntry e : driver.manage().logs().get(LogType.PERFORMANCE)) {
            Map<?, ?> message = (Map<?, ?>) ((Map<?, ?>) json.toType(e.getMessage(), Map.class)).get("message");
            String method = String.valueOf(message.get("method"));
            Map<?, ?> params = (Map<?, ?>) message.get("params");
            switch (method) {
                case "Network.requestWillBeSent" -> {
                    String url = String.valueOf(((Map<?, ?>) params.get("request")).get("url"));
                    if (!url.startsWith(base) && !url.startsWith("data:") && !url.startsWith("about:"))
                        out.add(page + ": request leaves the site: " + url);
                }
                case "Network.loadingFailed" -> out.add(page + ": request failed: " + params.get("errorText")
                        + " " + params.get("type") + " " + params.get("blockedReason"));
                case "Network.responseReceived" -> {
                    Map<?, ?> response = (Map<?, ?>) params.get("response");
                    Number status = (Number) response.get("status");
                    if (status != null && status.intValue() >= 400 && !String.valueOf(response.get("url")).endsWith("/no-such-page.html"))
                        out.add(page + ": HTTP " + status + " for " + response.get("url"));
                }
                default -> { }
            }
        }
        return out;
    }

    void drainLogs() {
        driver.manage().logs().get(LogType.BROWSER);
        driver.manage().logs().get(LogType.PERFORMANCE);
    }

    /// A page as everyPage checks it, with axe on (Axe): in the first theme every rule axe
    /// runs by default, in the second the rules about colour, which ask about one span of code
    /// of each look (Axe.markCodeScript).
    List<String> axePage(Axe axe, String page, String theme) {
        if (page.equals("print.html")) return axePrintPage(axe, theme);
        var colour = Axe.Run.only(Axe.COLOUR_RULES).onceForEachLookOfCode();
        return theme.equals("light") ? axe.check(page, theme, Axe.Run.allBut(Axe.COLOUR_RULES), colour) : axe.check(page, theme, colour);
    }

    /// print.html is every page's content again, one after the other, under the same
    /// stylesheet; those pages were checked each on their own, in both themes. Colour
    /// contrast costs axe time that grows faster than the page (minutes for print.html on a
    /// slow machine), so on print.html it is checked for what only print.html has: its top
    /// bar and its first part. Every other rule runs on the whole page, in the first theme:
    /// that is where what comes from joining the pages shows (ids, landmarks, headings).
    List<String> axePrintPage(Axe axe, String theme) {
        var colour = Axe.Run.only(Axe.COLOUR_RULES).in("header.top", ".print-part:first-of-type").onceForEachLookOfCode();
        return theme.equals("light") ? axe.check("print.html", theme, Axe.Run.allBut(List.of("color-contrast")), colour)
                : axe.check("print.html", theme, colour);
    }

    static String pageName(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }

    // ---- every page ---------------------------------------------------------------------

    /// The page checks below pass when axe finds nothing: this shows that axe, as they run
    /// it (Axe: the script Chromium puts in each page, the runs, their options), still finds
    /// what they look for.
    @Test
    @Order(0)
    @DisplayName("browser: axe as the page checks run it finds a planted image without alt text and faint text, the colour run only the latter, and a faint token in a program")
    void axeFindsPlantedProblems() {
        viewport(DESKTOP_W, DESKTOP_H);
        scheme("light");
        try (var axe = new Axe(driver)) {
            open(http + "index.html");
            js("var at = document.querySelector('main') || document.body;"
                    + "var p = document.createElement('p'); p.id = 'planted-faint'; p.textContent = 'faint text';"
                    + "p.style.color = '#eeeeee'; p.style.background = '#ffffff'; at.appendChild(p);"
                    + "var i = document.createElement('img'); i.id = 'planted-no-alt'; i.width = 10; i.height = 10; at.appendChild(i);");
            var all = axe.check("index.html", "light", Axe.Run.every());
            assertTrue(all.stream().anyMatch(l -> l.contains("image-alt") && l.contains("planted-no-alt")), "every rule: " + all);
            assertTrue(all.stream().anyMatch(l -> l.contains("color-contrast") && l.contains("planted-faint")), "every rule: " + all);
            var colour = axe.check("index.html", "light", Axe.Run.only(Axe.COLOUR_RULES));
            assertTrue(colour.stream().anyMatch(l -> l.contains("color-contrast") && l.contains("planted-faint")), "colour rules: " + colour);
            assertTrue(colour.stream().noneMatch(l -> l.contains("image-alt")), "the colour run asks the colour rules only: " + colour);
            var rest = axe.check("index.html", "light", Axe.Run.allBut(Axe.COLOUR_RULES));
            assertTrue(rest.stream().anyMatch(l -> l.contains("image-alt")) && rest.stream().noneMatch(l -> l.contains("color-contrast")),
                    "every rule but the colour rules: " + rest);

            // A faint token in a program, where the colour run asks about one span of each look of code.
            String lesson = SiteTest.lessonPages().getFirst();
            open(http + lesson);
            js("var line = document.querySelectorAll('pre.code > code > span')[5];"
                    + "var s = document.createElement('span'); s.id = 'planted-faint-code'; s.className = 'k'; s.textContent = 'faint';"
                    + "s.style.color = '#eeeeee'; line.insertBefore(s, line.firstChild);");
            var code = axePage(axe, lesson, "light");
            assertTrue(((Number) js("return document.querySelectorAll('[" + Axe.ASKED + "]').length")).longValue() > 100,
                    lesson + ": the colour run asked about every span of code");
            assertTrue(code.stream().anyMatch(l -> l.contains("color-contrast") && l.contains("planted-faint-code")), "in a program: " + code);
        }
    }

    @Test
    @Order(1)
    @DisplayName("browser: every page over HTTP, light and dark: no console error, no failed or outside request, axe clean")
    void everyPage() {
        var problems = new ArrayList<String>();
        var pages = new ArrayList<>(SiteTest.pages().keySet());
        try (var axe = new Axe(driver)) {
            for (String name : pages) {
                String url = http + name;
                viewport(DESKTOP_W, DESKTOP_H);
                scheme("light");
                drainLogs();
                open(url);
                problems.addAll(problems(name, http));
                problems.addAll(axePage(axe, name, "light"));

                scheme("dark");
                open(url);
                assertEquals("dark", js("return getComputedStyle(document.documentElement).colorScheme"), name + ": dark scheme not applied");
                problems.addAll(problems(name, http));
                problems.addAll(axePage(axe, name, "dark"));
            }
        }
        // A missing page on a static host that serves 404.html: styled, working, nothing failing.
        viewport(DESKTOP_W, DESKTOP_H);
        drainLogs();
        open(http + "no-such-page.html");
        assertEquals("Page not found", driver.findElement(By.cssSelector("main h1")).getText());
        problems.addAll(problems("no-such-page.html", http));
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    @Order(2)
    @DisplayName("browser: every page from file:// loads with no console error and no failed request")
    void everyPageFromFiles() {
        var problems = new ArrayList<String>();
        viewport(DESKTOP_W, DESKTOP_H);
        scheme("light");
        drainLogs();
        for (String name : SiteTest.pages().keySet()) {
            open(file + name);
            // Search is part of every page but print.html: its index must load from file:// too.
            if (!name.equals("print.html")) {
                js("document.getElementById('search-input').focus()");
                waiting().until(d -> Boolean.TRUE.equals(js("return Array.isArray(window.COURSE_SEARCH)")));
            }
            problems.addAll(problems(name, "file://"));
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    // ---- reader features ------------------------------------------------------------------

    @Test
    @Order(3)
    @DisplayName("browser: Copy puts the exact program on the clipboard, and selecting the code copies no line numbers")
    void copyGivesTheExactProgram() {
        viewport(DESKTOP_W, DESKTOP_H);
        int checked = 0;
        for (String page : SiteTest.lessonPages()) {
            open(file + page);
            var figures = driver.findElements(By.cssSelector("figure.program"));
            for (int i = 0; i < figures.size(); i++) {
                WebElement fig = driver.findElements(By.cssSelector("figure.program")).get(i);
                String href = fig.findElement(By.cssSelector("a.download")).getDomAttribute("href");
                String expected = SiteTest.read(site.resolve(href));
                WebElement button = fig.findElement(By.cssSelector("figcaption button.copy"));
                // A solution sits in closed <details>: open them, as a reader would.
                js("for (var d = arguments[0].closest('details'); d; d = d.parentElement.closest('details')) d.open = true;"
                        + "arguments[0].scrollIntoView({block: 'center'})", button);
                setClipboard("(nothing yet)");
                button.click();
                waiting().until(d -> button.getText().equals("Copied"));
                assertEquals(expected, clipboard(), page + ": Copy on " + href + " gave different text");

                // A reader who selects the code by hand and presses Ctrl+C gets no line numbers either.
                if (checked++ < 3) {
                    setClipboard("(nothing yet)");
                    WebElement code = fig.findElement(By.cssSelector("pre.code code"));   // the first part, before any fold
                    js("var r = document.createRange(); r.selectNodeContents(arguments[0]);"
                            + "var s = getSelection(); s.removeAllRanges(); s.addRange(r);", code);
                    new Actions(driver).keyDown(Keys.CONTROL).sendKeys("c").keyUp(Keys.CONTROL).perform();
                    waiting().until(d -> !clipboard().equals("(nothing yet)"));
                    String selected = clipboard().stripTrailing();
                    assertTrue(!selected.isEmpty() && expected.startsWith(selected), page + ": selecting the first lines of " + href
                            + " and copying gave other text (line numbers?):\n" + selected);
                    js("getSelection().removeAllRanges()");
                }
            }
        }
        assertTrue(checked >= SiteTest.lessonPages().size() / 2, "only " + checked + " programs had a copy button");
    }

    @Test
    @Order(3)
    @DisplayName("browser: at 1280 px no listing or output hides the end of a line; every lesson's first output is within two screens of 800 px, the home's within its first screen")
    void listingsShowWholeLinesAndOutputComesEarly() {
        viewport(DESKTOP_W, 800);
        scheme("light");
        var problems = new ArrayList<String>();
        var pages = new ArrayList<>(SiteTest.lessonPages());
        pages.add("index.html");
        for (String page : pages) {
            open(file + page);
            @SuppressWarnings("unchecked")
            var hidden = (List<String>) js("return Array.from(document.querySelectorAll('main pre')).filter(p => p.offsetParent !== null"
                    + " && p.scrollWidth > p.clientWidth + 1).map(p => p.textContent.split('\\n')[0].slice(0, 60))");
            for (String h : hidden) problems.add(page + ": a listing hides the ends of its lines, the first starting '" + h + "'");
            // The first output a reader sees without opening anything; the capstone's is in its folded solution.
            Number top = (Number) js("var o = Array.from(document.querySelectorAll('main figure.output pre')).find(p => p.offsetParent !== null);"
                    + " return o ? o.getBoundingClientRect().top + scrollY : -1");
            System.out.println(page + ": first recorded output at " + top + " px (1280 x 800)");
            if (top.intValue() < 0 || top.intValue() > 2 * 800)
                problems.add(page + ": the first recorded output starts at " + top + " px, not within the first two screens (1,600 px):"
                        + " fold more of the program (// @fold ... // @end) or move prose below it");
            if (page.equals("index.html")) {
                Number bottom = (Number) js("return document.querySelector('main figure.output pre').getBoundingClientRect().bottom + scrollY");
                if (bottom.intValue() > 800) problems.add("index.html: the first screen (800 px) ends before the program's output does, at " + bottom + " px");
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    void setClipboard(String text) {
        Object r = driver.executeAsyncScript("var done = arguments[arguments.length - 1];"
                + "navigator.clipboard.writeText(arguments[0]).then(function () { done('ok'); }, function (e) { done(String(e)); });", text);
        assertEquals("ok", r, "cannot write the clipboard");
    }

    String clipboard() {
        return String.valueOf(driver.executeAsyncScript("var done = arguments[arguments.length - 1];"
                + "navigator.clipboard.readText().then(done, function (e) { done('ERROR ' + e); });"));
    }

    @Test
    @Order(4)
    @DisplayName("browser: '/' focuses search from file://; a word only one lesson's text has finds that lesson, and Enter opens it")
    void searchFindsALessonByAWordInItsBody() {
        // A word that occurs in exactly one page's text, and in no title or heading anywhere.
        String index = SiteTest.read(site.resolve("assets/search-index.js"));
        List<?> entries = new Json().toType(index.substring(index.indexOf('['), index.lastIndexOf(']') + 1), List.class);
        var texts = new ArrayList<String>();
        var titlesAndHeadings = new StringBuilder();
        for (Object o : entries) {
            Map<?, ?> e = (Map<?, ?>) o;
            texts.add((e.get("t") + " " + e.get("h") + " " + e.get("b")).toLowerCase(Locale.ROOT));
            titlesAndHeadings.append(e.get("t")).append(' ').append(e.get("h")).append(' ');
        }
        String word = null, url = null;
        var lessons = SiteTest.lessonPages();
        outer:
        for (int k = 0; k < entries.size(); k++) {
            int i = (k + entries.size() / 2) % entries.size(); // start mid-course, not at the first lesson
            Map<?, ?> e = (Map<?, ?>) entries.get(i);
            if (!lessons.contains(String.valueOf(e.get("u")))) continue;
            Matcher m = Pattern.compile("\\b[a-z]{8,}\\b").matcher(String.valueOf(e.get("b")));
            while (m.find()) {
                String w = m.group();
                if (titlesAndHeadings.toString().toLowerCase(Locale.ROOT).contains(w)) continue;
                int n = 0;
                for (String t : texts) if (t.contains(w)) n++;
                if (n == 1) { word = w; url = String.valueOf(e.get("u")); break outer; }
            }
        }
        assertNotNull(word, "no word occurs in just one lesson's text");

        viewport(DESKTOP_W, DESKTOP_H);
        open(file + lessons.getFirst());
        assertNull(js("return window.COURSE_SEARCH"), "the search index loads before search is used");
        driver.findElement(By.tagName("body")).sendKeys("/");
        WebElement input = driver.switchTo().activeElement();
        assertEquals("search-input", input.getDomAttribute("id"), "'/' did not focus the search box");
        input.sendKeys("s/s");
        assertEquals("s/s", input.getDomProperty("value"), "keys typed into the search box must reach it");
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), word);
        WebElement results = driver.findElement(By.id("search-results"));
        final String target = url, w = word;
        // The results are redrawn after each key: wait for the ones of the whole word (a
        // link of an earlier redraw goes stale); if they never come, the asserts below say why.
        try {
            waiting().ignoring(StaleElementReferenceException.class).until(d -> {
                var found = d.findElements(By.cssSelector("#search-results ol a"));
                return found.size() == 1 && found.getFirst().getDomAttribute("href").startsWith(target);
            });
        } catch (org.openqa.selenium.TimeoutException e) {
            // fall through
        }
        var links = results.findElements(By.cssSelector("ol a"));
        assertEquals(1, links.size(), "'" + word + "' should find one page: " + links.stream().map(WebElement::getText).toList());
        assertTrue(links.getFirst().getDomAttribute("href").startsWith(target), "'" + w + "' found " + links.getFirst().getDomAttribute("href") + ", expected " + target);
        assertTrue(links.getFirst().findElement(By.tagName("mark")).getText().equalsIgnoreCase(word), "the snippet marks the word");
        assertTrue(String.valueOf(js("return document.getElementById('search-status').textContent")).contains("1 page"),
                "the result count is announced");
        input.sendKeys(Keys.ENTER);
        waiting().until(d -> d.getCurrentUrl().contains("/" + target));
        assertTrue(driver.findElement(By.tagName("article")).getText().toLowerCase(Locale.ROOT).contains(word));

        // A letter is no shortcut (screen readers navigate by letters); "/" is, and Escape closes the results.
        driver.findElement(By.tagName("body")).sendKeys("s");
        assertNotEquals("search-input", driver.switchTo().activeElement().getDomAttribute("id"), "'s' must not take focus");
        driver.findElement(By.tagName("body")).sendKeys("/");
        WebElement again = driver.switchTo().activeElement();
        assertEquals("search-input", again.getDomAttribute("id"), "'/' did not focus the search box");
        again.sendKeys("virtual");
        waiting().until(d -> d.findElement(By.id("search-results")).isDisplayed());
        again.sendKeys(Keys.ESCAPE);
        waiting().until(d -> !d.findElement(By.id("search-results")).isDisplayed());
    }

    @Test
    @Order(5)
    @DisplayName("browser: the theme toggle wins over the system theme and persists across a navigation")
    void themeTogglePersists() {
        viewport(DESKTOP_W, DESKTOP_H);
        var lessons = SiteTest.lessonPages();
        for (String base : List.of(file, http)) {
            // Chromium keeps one localStorage for every file:// page but starts each file in a
            // process of its own, and now and then the next file:// page never gets the write the
            // last one made: its storage stays empty, or keeps the value before. Measured here,
            // this step in a loop: 1 to 3 of 150 navigations lost the choice on file://, none of
            // 150 over HTTP, with or without a pause before the click and the back-forward cache.
            // That is the browser's, not the page's: on file:// the step is tried again (at most
            // FILE_STORAGE_TRIES times) when the next page's storage does not hold what the last
            // page wrote. Over HTTP one try; either way the page must apply what its storage holds.
            boolean fromFiles = base.equals(file);
            String light = null, dark = null;
            for (int tries = fromFiles ? FILE_STORAGE_TRIES : 1; ; tries--) {
                open(base + lessons.getFirst());
                js("localStorage.clear()");
                scheme("light");
                open(base + lessons.getFirst());
                if (tries > 1 && !storageReads("[]")) continue;
                light = background();
                WebElement toggle = driver.findElement(By.cssSelector(".theme-toggle"));
                assertEquals("false", toggle.getDomAttribute("aria-pressed"));
                toggle.click();
                assertEquals("dark", js("return document.documentElement.getAttribute('data-theme')"));
                assertEquals("true", toggle.getDomAttribute("aria-pressed"));
                String chosen = storage();
                assertNotEquals("[]", chosen, base + ": the choice is not stored");
                dark = background();
                assertNotEquals(light, dark, "the background did not change");

                // Chromium hands a page's localStorage write to the browser process asynchronously, so
                // the next page, in another renderer, can start before the write arrives (seen on a
                // loaded machine). The page then gets it as a storage event, which course.js applies;
                // an event that came before course.js listened is lost, so course.js also reads the
                // choice as it stands when it starts (a file:// run once waited here for good without
                // that). What the reader sees is the chosen theme, at once or a moment later. The test
                // waits for that, as long as any wait, rather than sleeping a guessed time.
                driver.findElement(By.cssSelector("nav.prevnext a[rel=next]")).click();
                waiting().until(d -> d.getCurrentUrl().endsWith(lessons.get(1))
                        && "complete".equals(js("return document.readyState")));  // the stylesheet applied
                if (tries == 1 || storageReads(chosen)) break;
            }
            waitForBackground(dark, base + ": the dark theme not remembered on the next page");
            assertEquals("dark", js("return document.documentElement.getAttribute('data-theme')"));
            assertEquals("true", driver.findElement(By.cssSelector(".theme-toggle")).getDomAttribute("aria-pressed"));

            // How the choice and the system's theme combine is the same from files: asked over
            // HTTP, where one page's storage write always reaches the next page.
            if (fromFiles) continue;

            // Chosen light on a system that prefers dark: light it stays.
            driver.findElement(By.cssSelector(".theme-toggle")).click();
            scheme("dark");
            open(base + lessons.get(2));
            waitForBackground(light, base + ": the reader's light theme lost to the system's dark");
            js("localStorage.clear()");
            open(base + lessons.get(2));
            assertEquals(dark, background(), base + ": without a choice the system's dark theme applies");
            scheme("light");
        }
    }

    /// How many times themeTogglePersists tries its step on file:// (why there).
    static final int FILE_STORAGE_TRIES = 3;

    /// What the page's localStorage holds, every key and value, as one string ("[]": nothing).
    String storage() {
        return String.valueOf(js("return JSON.stringify(Object.entries(localStorage).sort())"));
    }

    /// Whether the page's localStorage holds `expected` (a storage() string) within five
    /// seconds. A write later than that is taken for lost and the step tried again: that
    /// costs time, never a verdict.
    boolean storageReads(String expected) {
        try {
            browser.waiting(java.time.Duration.ofSeconds(5)).until(d -> expected.equals(storage()));
            return true;
        } catch (org.openqa.selenium.TimeoutException e) {
            return false;
        }
    }

    String background() {
        return String.valueOf(js("return getComputedStyle(document.body).backgroundColor"));
    }

    void waitForBackground(String expected, String message) {
        try {
            waiting().until(d -> expected.equals(background()));
        } catch (org.openqa.selenium.TimeoutException e) {
            assertEquals(expected, background(), message);
        }
    }

    @Test
    @Order(6)
    @DisplayName("browser: the timetable step-through gives the numbers java exercises/solutions/Timetable.java prints, and the formula's for random cases")
    void stepThroughMatchesTheSolution() {
        var run = Proc.java("exercises/solutions/Timetable.java");
        assertEquals(0, run.exit(), run.all());
        String out = run.out();

        String page = null;
        for (String p : SiteTest.lessonPages())
            if (SiteTest.read(site.resolve(p)).contains("data-widget=\"timetable\"")) page = p;
        assertNotNull(page, "no page has the timetable widget");
        viewport(DESKTOP_W, DESKTOP_H);
        open(file + page);
        WebElement widget = driver.findElement(By.cssSelector("[data-widget=timetable]"));
        js("arguments[0].scrollIntoView()", widget);

        // The solution's worked example: the start of every task and the total.
        Matcher ex = Pattern.compile("(?m)^(\\d[\\d,]*) tasks, (\\d[\\d,]*) threads, (\\d+) s each:\\s*\\n\\s*tasks start at \\(s\\): ([\\d, ]+)\\n\\s*all done after (\\d+) s").matcher(out);
        assertTrue(ex.find(), "the solution's output has no worked example:\n" + out);
        set(widget, num(ex.group(1)), num(ex.group(2)), num(ex.group(3)));
        assertEquals("Tasks start at (s): " + ex.group(4).strip(), text(widget, ".tt-starts"));
        assertEquals(num(ex.group(5)), total(widget));

        // Its headline totals.
        Matcher head = Pattern.compile("(?m)^(\\d[\\d,]*) tasks, (\\d[\\d,]*) threads, (\\d+) s each: all done after (\\d+) s").matcher(out);
        int headlines = 0;
        while (head.find()) {
            set(widget, num(head.group(1)), num(head.group(2)), num(head.group(3)));
            assertEquals(num(head.group(4)), total(widget), head.group());
            assertTrue(text(widget, ".tt-total").startsWith("All done after " + head.group(4) + " s"), text(widget, ".tt-total"));
            headlines++;
        }
        assertTrue(headlines >= 3, "expected the solution's headline totals, found " + headlines + " in:\n" + out);

        // Random cases against the solution's formula, in Java.
        var random = new Random(20261130);
        for (int c = 0; c < 25; c++) {
            int tasks = c % 2 == 0 ? 1 + random.nextInt(30) : 1 + random.nextInt(100_000);
            int threads = c % 3 == 0 ? 1 + random.nextInt(12) : 1 + random.nextInt(c % 2 == 0 ? 30 : 100_000);
            int seconds = 1 + random.nextInt(c % 4 == 0 ? 3600 : 10);
            set(widget, tasks, threads, seconds);
            String what = tasks + " tasks, " + threads + " threads, " + seconds + " s";
            assertEquals(secondsFor(tasks, threads, seconds), total(widget), what);
            var starts = new ArrayList<String>();
            for (int t = 0; t < Math.min(tasks, 30); t++) starts.add(String.valueOf(startOf(t, threads, seconds)));
            String shown = text(widget, ".tt-starts");
            assertEquals("Tasks start at (s): " + String.join(", ", starts)
                    + (tasks > 30 ? ", … and the last of all " + fmt(tasks) + " at " + fmt(startOf(tasks - 1, threads, seconds)) : ""), shown, what);
            // Every round row shown starts where the formula says its first task starts.
            List<?> rows = (List<?>) js("return Array.from(arguments[0].querySelectorAll('tr[data-round]'), "
                    + "function (r) { return [r.getAttribute('data-round'), r.cells[1].textContent]; })", widget);
            assertFalse(rows.isEmpty(), what + ": no rounds shown");
            for (Object o : rows) {
                List<?> row = (List<?>) o;
                int round = Integer.parseInt(String.valueOf(row.get(0)));
                assertEquals(fmt(startOf((round - 1) * threads, threads, seconds)) + " s", row.get(1), what + ", round " + round);
            }
        }

        // Stepping through 7 tasks on 3 threads, 2 s each, ends when the solution says.
        set(widget, 7, 3, 2);
        var clock = new ArrayList<String>();
        WebElement step = widget.findElement(By.xpath(".//button[contains(., 'Step')]"));
        clock.add(text(widget, ".tt-clock"));
        while (step.isEnabled()) {
            step.click();
            clock.add(text(widget, ".tt-clock"));
        }
        assertEquals(List.of(
                "At 0 s, round 1 of 3: 3 running, 4 waiting for a thread, 0 done.",
                "At 2 s, round 2 of 3: 3 running, 1 waiting for a thread, 3 done.",
                "At 4 s, round 3 of 3: 1 running, 0 waiting for a thread, 6 done.",
                "At 6 s: all 7 tasks done."), clock);
        assertTrue(clock.getLast().contains("At " + secondsFor(7, 3, 2) + " s"));

        // Caps and nonsense: a capped value is said, a bad one does not change the result.
        set(widget, 1_000_000, 200, 1);
        assertEquals(secondsFor(100_000, 200, 1), total(widget));
        assertTrue(text(widget, ".tt-note").contains("capped at 100,000"), text(widget, ".tt-note"));
        type(widget.findElement(By.name("threads")), "0");
        assertTrue(text(widget, ".tt-note").contains("whole number"), text(widget, ".tt-note"));
        assertEquals("true", widget.findElement(By.name("threads")).getDomAttribute("aria-invalid"));
        assertEquals(secondsFor(100_000, 200, 1), total(widget));
    }

    // The solution's arithmetic, as exercises/solutions/Timetable.java has it.
    static int secondsFor(int tasks, int threads, int secondsEach) {
        int rounds = (tasks + threads - 1) / threads;
        return rounds * secondsEach;
    }

    static int startOf(int task, int threads, int secondsEach) {
        return (task / threads) * secondsEach;
    }

    static int num(String s) { return Integer.parseInt(s.replace(",", "")); }

    static String fmt(int n) { return String.format(Locale.ROOT, "%,d", n); }

    void set(WebElement widget, int tasks, int threads, int seconds) {
        type(widget.findElement(By.name("tasks")), String.valueOf(tasks));
        type(widget.findElement(By.name("threads")), String.valueOf(threads));
        type(widget.findElement(By.name("seconds")), String.valueOf(seconds));
    }

    void type(WebElement input, String value) {
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), value);
        assertEquals(value, input.getDomProperty("value"));
    }

    String text(WebElement root, String css) {
        return root.findElement(By.cssSelector(css)).getText().strip();
    }

    int total(WebElement widget) {
        return Integer.parseInt(widget.findElement(By.cssSelector(".tt-total")).getDomAttribute("data-seconds"));
    }

    @Test
    @Order(7)
    @DisplayName("browser: at 375 px the Lessons button opens the sidebar and Escape closes it; the contents sit before the first section")
    void phoneMenu() {
        viewport(PHONE_W, PHONE_H);
        var lessons = SiteTest.lessonPages();
        String page = lessons.get(lessons.size() / 2);
        open(http + page);
        WebElement sidebar = driver.findElement(By.id("sidebar"));
        assertFalse(sidebar.isDisplayed(), "the sidebar should be folded away on a phone");
        WebElement button = driver.findElement(By.cssSelector(".nav-toggle"));
        assertTrue(button.isDisplayed());
        button.click();
        assertTrue(sidebar.isDisplayed());
        assertEquals("true", button.getDomAttribute("aria-expanded"));
        assertEquals(page, driver.switchTo().activeElement().getDomAttribute("href"), "focus goes to the current lesson");
        driver.switchTo().activeElement().sendKeys(Keys.ESCAPE);
        assertFalse(sidebar.isDisplayed());
        assertEquals("false", button.getDomAttribute("aria-expanded"));
        if (!driver.findElements(By.cssSelector("nav.toc")).isEmpty())
            assertNotNull(js("return document.querySelector('article > nav.toc + h2')"), "on a phone the contents come before the first section");
        viewport(DESKTOP_W, DESKTOP_H);
        open(http + page);
        assertFalse(driver.findElement(By.cssSelector(".nav-toggle")).isDisplayed(), "no menu button on a desktop");
        assertTrue(driver.findElement(By.id("sidebar")).isDisplayed());
    }

    @Test
    @Order(8)
    @DisplayName("browser: with JavaScript off a lesson reads in full at desktop and phone width")
    void withoutJavaScript() {
        var lessons = SiteTest.lessonPages();
        String page = lessons.get(1);
        try {
            cdp("Emulation.setScriptExecutionDisabled", Map.of("value", true));
            for (int width : List.of(DESKTOP_W, PHONE_W)) {
                viewport(width, width == PHONE_W ? PHONE_H : DESKTOP_H);
                driver.get(http + page);
                assertTrue(driver.findElement(By.cssSelector("article h1")).isDisplayed());
                for (WebElement pre : driver.findElements(By.cssSelector("pre.code")))
                    if (pre.findElements(By.xpath("ancestor::details")).isEmpty()) assertTrue(pre.isDisplayed(), "code hidden without JavaScript");
                assertTrue(driver.findElement(By.id("sidebar")).isDisplayed(), "the lesson list is reachable at " + width + " px");
                assertFalse(driver.findElement(By.cssSelector(".theme-toggle")).isDisplayed(), "a button that cannot work is hidden");
                assertFalse(driver.findElement(By.cssSelector(".search")).isDisplayed());
                Number sideways = (Number) js("return document.documentElement.scrollWidth - document.documentElement.clientWidth");
                assertEquals(0, sideways.intValue(), "sideways scroll at " + width + " px without JavaScript");
            }
        } finally {
            cdp("Emulation.setScriptExecutionDisabled", Map.of("value", false));
            viewport(DESKTOP_W, DESKTOP_H);
        }
    }

    @Test
    @Order(9)
    @DisplayName("browser: print shows the lesson and its full code, without sidebar or buttons")
    void print() {
        viewport(DESKTOP_W, DESKTOP_H);
        open(http + SiteTest.lessonPages().get(1));
        cdp("Emulation.setEmulatedMedia", Map.of("media", "print"));
        try {
            assertFalse(driver.findElement(By.id("sidebar")).isDisplayed(), "sidebar printed");
            for (WebElement b : driver.findElements(By.cssSelector("button"))) assertFalse(b.isDisplayed(), "button printed: " + b.getText());
            assertFalse(driver.findElement(By.cssSelector(".top")).isDisplayed(), "header printed");
            WebElement pre = driver.findElement(By.cssSelector("pre.code"));
            assertEquals("pre-wrap", pre.getCssValue("white-space"), "code is cut off in print");
            assertEquals("visible", pre.getCssValue("overflow-x"));
            // Hints and solutions open for printing, and close again afterwards.
            js("dispatchEvent(new Event('beforeprint'))");
            assertEquals(0L, js("return document.querySelectorAll('details:not([open])').length"));
            js("dispatchEvent(new Event('afterprint'))");
        } finally {
            cdp("Emulation.setEmulatedMedia", Map.of("media", ""));
        }
    }

    @Test
    @Order(9)
    @DisplayName("browser: print.html prints each lesson from a new page, code wrapped, nothing but the course")
    void printPage() {
        viewport(DESKTOP_W, DESKTOP_H);
        open(http + "print.html");
        cdp("Emulation.setEmulatedMedia", Map.of("media", "print"));
        try {
            assertTrue(driver.findElements(By.id("sidebar")).isEmpty(), "print.html has a sidebar");
            var parts = driver.findElements(By.cssSelector("section.print-part"));
            assertEquals(SiteTest.lessonPages().size() + 2, parts.size(), "index, lessons, exercises");
            for (WebElement part : parts.subList(1, parts.size()))
                assertEquals("page", part.getCssValue("break-before"), part.getAttribute("id") + " does not start a new page");
            for (WebElement pre : driver.findElements(By.cssSelector("pre.code, pre.output"))) {
                assertEquals("pre-wrap", pre.getCssValue("white-space"), "code is cut off in print");
                assertEquals("visible", pre.getCssValue("overflow-x"));
            }
            for (WebElement b : driver.findElements(By.cssSelector("button"))) assertFalse(b.isDisplayed(), "button printed: " + b.getText());
        } finally {
            cdp("Emulation.setEmulatedMedia", Map.of("media", ""));
        }
    }

    @Test
    @Order(10)
    @DisplayName("browser: screenshots of two lessons, desktop and phone, light and dark, in tools/screenshots/")
    @EnabledIfEnvironmentVariable(named = "SCREENSHOTS", matches = "1") // to look at, not a check: see CONTRIBUTING
    void screenshots() throws IOException {
        Files.createDirectories(SCREENSHOTS);
        var lessons = SiteTest.lessonPages();
        String widgetPage = lessons.stream().filter(p -> SiteTest.read(site.resolve(p)).contains("data-widget=\"timetable\""))
                .findFirst().orElse(lessons.get(1));
        String outputsPage = lessons.stream().filter(p -> !p.equals(widgetPage) && SiteTest.read(site.resolve(p)).contains("figure class=\"output"))
                .findFirst().orElse(lessons.getFirst());
        int written = 0;
        for (String page : List.of(widgetPage, outputsPage)) {
            for (String theme : List.of("light", "dark")) {
                for (int width : List.of(DESKTOP_W, PHONE_W)) {
                    int height = width == PHONE_W ? PHONE_H : DESKTOP_H;
                    viewport(width, height);
                    scheme(theme);
                    open(http + page);
                    String stem = page.replace(".html", "") + "-" + (width == PHONE_W ? "phone" : "desktop") + "-" + theme;
                    Number full = (Number) js("return Math.min(document.documentElement.scrollHeight, 16000)");
                    save(stem + "-top.png", width, height);
                    save(stem + "-full.png", width, full.intValue());
                    written += 2;
                }
            }
        }
        scheme("light");
        viewport(DESKTOP_W, DESKTOP_H);
        System.out.println("wrote " + written + " screenshots to " + SCREENSHOTS);
    }

    // ---- nothing moves; the 404 page anywhere ---------------------------------------------

    /// Every layout shift of the page being loaded, with what moved, from its first paint on.
    static final String RECORD_SHIFTS = """
            window.__shifts = [];
            new PerformanceObserver(function (list) {
              list.getEntries().forEach(function (e) {
                window.__shifts.push(e.value.toFixed(4) + " at " + Math.round(e.startTime) + " ms: " + (e.sources || []).map(function (s) {
                  var n = s.node, name = n && n.nodeType === 1 ? n.tagName.toLowerCase() + (n.className ? "." + String(n.className).trim().split(/\\s+/).join(".") : "") : String(n && n.nodeName);
                  return name + " top " + Math.round(s.previousRect.y) + " -> " + Math.round(s.currentRect.y) + ", height " + Math.round(s.previousRect.height) + " -> " + Math.round(s.currentRect.height);
                }).join("; "));
              });
            }).observe({ type: "layout-shift", buffered: true });
            // Tell the test's server the page has painted: it holds the page's script until then.
            new PerformanceObserver(function (list) {
              if (list.getEntries().some(function (e) { return e.name === "first-contentful-paint"; })) navigator.sendBeacon("%s");
            }).observe({ type: "paint", buffered: true });""".formatted(PAINTED);

    /// The layout shifts recorded so far, after two more frames (a shift is reported after the
    /// frame that shows it).
    List<String> shifts() {
        Object r = driver.executeAsyncScript("var done = arguments[arguments.length - 1];"
                + "requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(function () { done(window.__shifts || ['no observer']); }, 50); }); });");
        return ((List<?>) r).stream().map(String::valueOf).toList();
    }

    @Test
    @Order(11)
    @DisplayName("browser: on every page, at 375, 1024 and 1280 px, nothing moves between the first paint of the parsed page and load, even when the script arrives after the paint; at 375 px nothing scrolls sideways and nothing fails")
    void nothingMovesAfterTheFirstPaint() {
        var problems = new ArrayList<String>();
        String id = String.valueOf(cdp("Page.addScriptToEvaluateOnNewDocument", Map.of("source", RECORD_SHIFTS)).get("identifier"));
        try {
            scheme("light");
            var addresses = new ArrayList<String>();
            for (String name : SiteTest.pages().keySet()) if (!name.equals("404.html")) addresses.add(name);
            addresses.add("a/b/no-such-page");
            // What PARSED_FIRST is for: a page cut after its first row is painted half-read
            // without it (its rest waits for that paint), and only whole with it.
            viewport(PHONE_W, PHONE_H);
            String split = "exercises.html?";
            assertTrue(firstPaintBeforeParsed(split + SPLIT_UNGUARDED), split + SPLIT_UNGUARDED + " was not painted half-read");
            assertFalse(firstPaintBeforeParsed(split + SPLIT), split + SPLIT + " was painted half-read, although PARSED_FIRST was in its head");
            problems.addAll(shifts().stream().map(shift -> split + SPLIT + " moved: " + shift).toList());
            for (int width : List.of(PHONE_W, 1024, DESKTOP_W)) {
                viewport(width, width == PHONE_W ? PHONE_H : DESKTOP_H);
                for (String address : addresses) {
                    painted = new CompletableFuture<>();   // the page's script waits for its first paint
                    drainLogs();
                    open(http + FOLDER + address);
                    List<String> shifts = shifts();
                    if (!shifts.isEmpty()) problems.add(address + " at " + width + " px moved: " + String.join(" | ", shifts));
                    if (width == PHONE_W) problems.addAll(narrowPageProblems(address));
                    if (!address.endsWith(".html")) continue;
                    // The case this test is about did happen: the page was painted before its script ran.
                    Number paint = (Number) js("var p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? p.startTime : -1");
                    Number script = (Number) js("var r = performance.getEntriesByType('resource').filter(function (r) { return /assets\\/course\\.js$/.test(r.name); })[0];"
                            + "return r ? r.responseEnd : -1");
                    assertTrue(paint.doubleValue() >= 0 && paint.doubleValue() < script.doubleValue(), address + " at " + width
                            + " px: first paint at " + paint + " ms, course.js arrived at " + script + " ms: the page was not painted before its script");
                    assertFalse(firstPaintBeforeParsed(), address + " at " + width + " px was painted before it was parsed, although PARSED_FIRST was in its head");
                }
            }
        } finally {
            painted = null;
            cdp("Page.removeScriptToEvaluateOnNewDocument", Map.of("identifier", id));
            viewport(DESKTOP_W, DESKTOP_H);
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    /// Opens a page under FOLDER, as nothingMovesAfterTheFirstPaint does, and says whether
    /// it was painted before its parser had read all of it.
    boolean firstPaintBeforeParsed(String address) {
        painted = new CompletableFuture<>();
        open(http + FOLDER + address);
        return firstPaintBeforeParsed();
    }

    boolean firstPaintBeforeParsed() {
        Object before = js("var p = performance.getEntriesByName('first-contentful-paint')[0];"
                + "return p ? p.startTime < performance.getEntriesByType('navigation')[0].domInteractive : null");
        assertNotNull(before, driver.getCurrentUrl() + " has no first paint");
        return (Boolean) before;
    }

    /// At 375 px: nothing scrolls sideways, no console error, no failed or outside request.
    List<String> narrowPageProblems(String name) {
        var problems = new ArrayList<String>();
        Number sideways = (Number) js("return document.documentElement.scrollWidth - document.documentElement.clientWidth");
        if (sideways.intValue() > 0) problems.add(name + ": at 375 px the page scrolls sideways by " + sideways + " px: "
                + js("""
                    var w = document.documentElement.clientWidth, out = [];
                    document.querySelectorAll('body *').forEach(function (e) {
                      var r = e.getBoundingClientRect();
                      if (r.right > w + 0.5 && !e.closest('pre')) out.push(e.tagName + '.' + e.className + ' ' + Math.round(r.right));
                    });
                    return out.slice(0, 8).join(', ');"""));
        // A table scrolls in its own box only on a screen narrower than a phone of 375 px.
        Object wide = js("""
                return Array.prototype.filter.call(document.querySelectorAll('.table-scroll'), function (b) {
                  return b.scrollWidth > b.clientWidth;
                }).map(function (b) { return b.scrollWidth + ' px in ' + b.clientWidth; }).join(', ');""");
        if (!String.valueOf(wide).isEmpty()) problems.add(name + ": at 375 px a table scrolls sideways in its box: " + wide);
        problems.addAll(problems(name, http).stream().filter(p -> !name.startsWith("a/b/") || !p.contains("404")).toList());
        return problems;
    }

    @Test
    @Order(12)
    @DisplayName("browser: the 404 page at a deep address of a site in a folder is styled, and its links and search lead into the site")
    void notFoundAnywhere() {
        String folder = http + FOLDER;
        for (int width : List.of(DESKTOP_W, PHONE_W)) {
            viewport(width, width == PHONE_W ? PHONE_H : DESKTOP_H);
            scheme("light");
            drainLogs();
            String address = folder + "a/b/c/no-such-lesson";
            open(address);
            assertEquals("Page not found", driver.findElement(By.cssSelector("main h1")).getText());
            // Styled: the stylesheet's sticky header and its colours and font (compared with the
            // home page's below), not the browser's defaults.
            assertEquals("sticky", js("return getComputedStyle(document.querySelector('header.top')).position"), "the 404 page is not styled");
            String look = look();
            // Its links lead to the site's pages, in its folder, and the skip link stays on the page.
            waiting().until(d -> js("return document.querySelector('base')") != null);
            assertEquals(folder + "index.html", js("return document.querySelector('main a[href=\"index.html\"]').href"));
            assertEquals(folder + SiteTest.lessonPages().getFirst(), js("return document.querySelector('nav.sidebar ol.lessons a').href"));
            assertEquals(address + "#main", js("return document.querySelector('a.skip').href"));
            // Searching for the words of the missing address finds lessons in the site's folder.
            WebElement search = driver.findElement(By.cssSelector(".not-found button"));
            assertTrue(search.getText().contains("no such lesson"), search.getText());
            search.click();
            waiting().until(d -> !d.findElements(By.cssSelector("#search-results ol a")).isEmpty());
            String result = String.valueOf(js("return document.querySelector('#search-results ol a').href"));
            assertTrue(result.startsWith(folder) && SiteTest.pages().containsKey(result.substring(folder.length()).replaceAll("#.*", "")),
                    "a search result on the 404 page leads to " + result);
            // Nothing failed but the missing page itself and the look-ups of the site's folder above it.
            var problems = problems("404", http).stream()
                    .filter(p -> !p.contains("status of 404") && !p.contains("HTTP 404 for " + address)
                            && !p.matches(".*HTTP 404 for " + Pattern.quote(folder) + "a/(b/(c/)?)?assets/icon\\.svg"))
                    .toList();
            assertEquals(List.of(), problems, String.join("\n", problems));
            // And from there into the site, which looks the same.
            driver.switchTo().activeElement().sendKeys(Keys.ESCAPE);  // the results cover the page
            waiting().until(d -> !d.findElement(By.id("search-results")).isDisplayed());
            driver.findElement(By.cssSelector("main a[href=\"index.html\"]")).click();
            waiting().until(d -> folder.concat("index.html").equals(d.getCurrentUrl()) && "complete".equals(js("return document.readyState")));
            assertEquals(look(), look, "the 404 page does not look like the site");
        }
        viewport(DESKTOP_W, DESKTOP_H);
    }

    String look() {
        return String.valueOf(js("var b = getComputedStyle(document.body), t = getComputedStyle(document.querySelector('header.top'));"
                + "return [b.backgroundColor, b.color, b.fontFamily, b.fontSize, t.position, t.borderBottomColor].join(' | ')"));
    }

    void save(String name, int width, int height) throws IOException {
        var shot = cdp("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true,
                "clip", Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1)));
        Files.write(SCREENSHOTS.resolve(name), Base64.getDecoder().decode(String.valueOf(shot.get("data"))));
    }
}
