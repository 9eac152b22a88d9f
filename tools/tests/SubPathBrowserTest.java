package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.*;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/// The site as GitHub Pages serves a project: under a sub-path (https://owner.github.io/repo/).
/// A SiteServer serves site/ under /some/prefix/ only, and 404.html for anything missing; a
/// real Chromium opens every page, follows every link on it and runs searches, and the server
/// must see no request outside the prefix and serve no 404 (but the one asked for).
/// The Chromium set-up is the minimum of SiteBrowserTest's.
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SubPathBrowserTest {

    static final String PREFIX = "/some/prefix/";

    Path site;
    Browser browser;
    SiteServer server;
    String base;
    ChromeDriver driver;

    @BeforeAll
    void start() throws IOException {
        site = SiteTest.site();
        server = new SiteServer(site, PREFIX);
        base = server.origin + PREFIX;

        browser = new Browser(1280, 900);
        driver = browser.driver;
    }

    @AfterAll
    void stop() throws Exception {
        Browser.close(browser, server);
    }

    Object js(String script) { return driver.executeScript(script); }

    void open(String url) {
        driver.get(url);
        browser.waiting().until(d -> "complete".equals(js("return document.readyState")));
    }

    /// What the page refers to: `links` (a, link, script, img) and `loaded`, every resource the
    /// browser fetched for it, its scripts' requests included.
    @SuppressWarnings("unchecked")
    Map<String, List<String>> addresses() {
        return (Map<String, List<String>>) js("""
                var links = [], loaded = [];
                document.querySelectorAll('a[href], link[href], script[src], img[src], iframe[src], source[src]').forEach(function (e) {
                  links.push(e.href || e.src);
                });
                performance.getEntriesByType('resource').forEach(function (r) { loaded.push(r.name); });
                return { links: links, loaded: loaded };""");
    }

    /// The address without its fragment, or null when it is not the server's (data:, mailto:, another site).
    String ours(String address) {
        if (!address.startsWith(server.origin + "/")) return null;
        int hash = address.indexOf('#');
        return hash < 0 ? address : address.substring(0, hash);
    }

    @Test
    @DisplayName("under /some/prefix/: every page, every link and asset from it, and search results stay inside the prefix and answer 200")
    void everyLinkAssetAndSearchResultStaysUnderThePrefix() {
        var problems = new ArrayList<String>();
        var seen = new LinkedHashSet<String>();
        var toVisit = new ArrayDeque<String>(List.of(base));
        for (String page : SiteTest.pages().keySet()) toVisit.add(base + page);
        var external = new TreeSet<String>();
        while (!toVisit.isEmpty()) {
            String url = toVisit.poll();
            if (!seen.add(url)) continue;
            open(url);
            var found = addresses();
            for (String a : found.get("loaded")) if (ours(a) == null && !a.startsWith("data:")) external.add(url + " loaded " + a);
            for (String a : found.get("links")) {
                String mine = ours(a);
                if (mine == null) continue;   // a link to another site (a JEP, the javadoc) is no request
                if (!mine.startsWith(base)) problems.add(url + " refers outside the prefix: " + a);
                else if (mine.endsWith(".html") || mine.endsWith("/")) toVisit.add(mine);
                else if (seen.add(mine)) {   // an asset or a program's source: fetched once, from the page
                    // (opened as a page of its own, it would make Chromium ask for /favicon.ico)
                    Object status = driver.executeScript("var x = new XMLHttpRequest(); x.open('GET', arguments[0], false); x.send(); return x.status;", mine);
                    if (((Number) status).intValue() != 200) problems.add(url + " links to " + mine + ": HTTP " + status);
                }
            }
        }
        // Search, from a lesson page: each result is a page under the prefix.
        String lesson = SiteTest.lessonPages().getFirst();
        for (String query : List.of("virtual", "pool", "carrier")) {
            open(base + lesson);
            WebElement input = driver.findElement(By.id("search-input"));
            input.click();
            input.sendKeys(query);
            // The results are redrawn after each key: wait for those of the whole word (each of
            // their marks is the word), and read their addresses in one step, so no redraw comes between.
            @SuppressWarnings("unchecked")
            List<String> hrefs = (List<String>) browser.waiting().until(d -> driver.executeScript("""
                    var marks = [...document.querySelectorAll('#search-results ol a mark')];
                    if (!marks.length || marks.some(m => m.textContent.toLowerCase() !== arguments[0])) return null;
                    return [...document.querySelectorAll('#search-results ol a')].map(a => a.href);""", query));
            for (String href : hrefs) {
                String mine = ours(href);
                if (mine == null || !mine.startsWith(base)) problems.add("search '" + query + "' links outside the prefix: " + href);
                else if (seen.add(mine)) open(mine);
            }
            input.sendKeys(Keys.ESCAPE);
        }
        // A missing page: the server answers 404 with 404.html, whose own assets must load.
        open(base + "no-such-page.html");
        assertEquals("Page not found", driver.findElement(By.cssSelector("main h1")).getText());
        for (String a : addresses().get("links")) {
            String mine = ours(a);
            if (mine != null && !mine.startsWith(base)) problems.add("404.html refers outside the prefix: " + a);
        }

        for (String r : server.requests) {
            String path = r.substring(4);
            if (!path.startsWith(PREFIX)) problems.add("a request outside the prefix: " + r);
            else if (r.startsWith("404") && !path.equals(PREFIX + "no-such-page.html")) problems.add("not found: " + r);
        }
        assertTrue(seen.size() > SiteTest.pages().size(), "the crawl saw the pages and their assets: " + seen);
        assertEquals(Set.of(), external, "resources loaded from outside the site");
        assertEquals(List.of(), problems, String.join("\n", problems));
    }
}
