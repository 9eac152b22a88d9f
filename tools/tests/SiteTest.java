package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.*;
import org.jsoup.Jsoup;
import org.jsoup.nodes.*;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The course site as readers get it, checked without a browser: budgets, no resource from
/// outside the site, everything readable with JavaScript off, the index page's promises.
///
/// Also the one place that builds the site for the site tests ({@link #site()}): the real
/// lessons, built once per test run into a temporary folder (site/ is left alone).
@Quick
class SiteTest {

    /// Shared CSS and JavaScript, every page together, uncompressed.
    static final long SHARED_ASSETS_BUDGET = 40 * 1024;
    /// One lesson page's own HTML, with the usual three programs shown in full: the lesson's
    /// program, its exercise and the exercise's solution.
    static final long LESSON_HTML_BUDGET = 80 * 1024;
    static final int PROGRAMS_IN_BUDGET = 3;
    /// Each further program shown in full (a lesson that teaches what two did, with two
    /// programs and two exercises): about one highlighted program of 150 lines.
    static final long PER_FURTHER_PROGRAM = 12 * 1024;
    /// A program longer than this counts as two (three past twice this, ...): the database lesson's,
    /// which starts a real PostgreSQL and cleans up after a killed run, is about 480 lines.
    static final int LINES_PER_PROGRAM = 250;

    private static Built built;
    private static Throwable failed;

    /// The built site.
    record Built(Path site, course.Build.Loaded loaded) {}

    /// Builds the real course once per test run, into a folder deleted when the run ends.
    /// "Waiting wastes a platform thread" must place the timetable step-through, so the browser tests can test it.
    static synchronized Built built() {
        if (built != null) return built;
        if (failed != null) throw new AssertionError("the site did not build (see the first failure)", failed);
        try {
            assertTrue(widgetPlaced(Proc.ROOT), "no lesson places {{widget timetable}}: waiting-wastes-a-platform-thread should");
            Path tmp = Temp.forTheRun("course-site-test");   // several test classes share it
            built = new Built(tmp.resolve("site"), build(tmp.resolve("site")).loaded());
            return built;
        } catch (IOException | RuntimeException | AssertionError e) {
            failed = e;
            if (e instanceof IOException io) throw new UncheckedIOException(io);
            if (e instanceof AssertionError a) throw a;
            throw (RuntimeException) e;
        }
    }

    static Path site() { return built().site(); }

    static course.Build.Result build(Path out) throws IOException {
        var result = course.Build.build(course.Course.ROOT, out, false, System.out);
        for (String w : result.warnings()) System.out.println("build warning: " + w);
        return result;
    }

    static boolean widgetPlaced(Path root) {
        var loaded = course.Build.load(root);
        return loaded.lessons().stream().anyMatch(l -> loaded.body(l).placed("widget").contains("timetable"));
    }

    // ---- helpers shared by the site tests ------------------------------------------------

    /// Every HTML page of the site, by file name, in a stable order; not the pages at old
    /// addresses (lessons/moved.yaml), which only send the reader on (LearningPathTest checks them).
    static SortedMap<String, Path> pages() {
        var out = new TreeMap<String, Path>();
        var moved = course.Redirects.load(Proc.ROOT).keySet();
        try (var s = Files.list(site())) {
            s.filter(p -> p.toString().endsWith(".html"))
                    .filter(p -> !moved.contains(p.getFileName().toString().replaceFirst("\\.html$", "")))
                    .forEach(p -> out.put(p.getFileName().toString(), p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /// Lesson pages: the ones the sidebar lists, in order.
    static List<String> lessonPages() {
        Document index = parse(site().resolve("index.html"));
        return index.select("nav.sidebar ol.lessons a").eachAttr("href");
    }

    static Document parse(Path p) {
        try {
            return Jsoup.parse(p.toFile(), "UTF-8");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- tests -------------------------------------------------------------------------------

    @Test
    @DisplayName("site: shared CSS + JS within 40 KB, each lesson page's HTML within 80 KB, 12 KB more for each program past three (a long program counts once per 250 lines)")
    void budgets() throws IOException {
        long shared = 0;
        var report = new StringBuilder();
        try (var s = Files.list(site().resolve("assets"))) {
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                if (!name.endsWith(".css") && !name.endsWith(".js")) continue;
                if (name.equals("search-index.js") || name.startsWith("widget-")) continue; // loaded only when used
                shared += Files.size(p);
                report.append(name).append(' ').append(Files.size(p)).append(" B; ");
            }
        }
        System.out.println("shared CSS+JS: " + shared + " B (" + report + ")");
        assertTrue(shared <= SHARED_ASSETS_BUDGET, "shared CSS+JS is " + shared + " B, over " + SHARED_ASSETS_BUDGET + ": " + report);
        String largest = null;
        long max = 0;
        for (String page : lessonPages()) {
            long size = Files.size(site().resolve(page));
            // A program counts once for each LINES_PER_PROGRAM lines it shows, or part of them:
            // a long program weighs what two short ones do.
            String[] figures = Files.readString(site().resolve(page)).split("<figure class=\"program\"", -1);
            int programs = 0;
            for (int i = 1; i < figures.length; i++) {
                int lines = Jsoup.parse(figures[i].substring(0, Math.max(0, figures[i].indexOf("</figure>")))).select("pre.code > code > span").size();
                programs += Math.max(1, (lines + LINES_PER_PROGRAM - 1) / LINES_PER_PROGRAM);
            }
            long budget = LESSON_HTML_BUDGET + Math.max(0, programs - PROGRAMS_IN_BUDGET) * PER_FURTHER_PROGRAM;
            assertTrue(size <= budget, page + " is " + size + " B, over " + budget + " for " + programs + " programs' worth of code");
            if (size > max) { max = size; largest = page; }
        }
        System.out.println("largest lesson page: " + largest + " " + max + " B");
    }

    static final Pattern EXTERNAL = Pattern.compile("(?i)^\\s*(https?:|//)");

    @Test
    @DisplayName("site: no page, stylesheet or script loads anything from outside the site")
    void noExternalResources() throws IOException {
        var problems = new ArrayList<String>();
        for (var e : pages().entrySet()) {
            Document d = parse(e.getValue());
            for (Element x : d.select("[src], [srcset], [poster], [data], link[href], [action], [formaction]")) {
                for (String attr : List.of("src", "srcset", "poster", "data", "href", "action", "formaction"))
                    if (x.hasAttr(attr) && EXTERNAL.matcher(x.attr(attr)).find())
                        problems.add(e.getKey() + ": <" + x.tagName() + " " + attr + "=" + x.attr(attr) + ">");
            }
            for (Element x : d.select("meta[http-equiv]"))
                if (x.attr("content").toLowerCase(Locale.ROOT).contains("http")) problems.add(e.getKey() + ": " + x);
            for (Element x : d.select("[style], style")) {   // the style itself, not the text inside the element (code may say url())
                String style = x.tagName().equals("style") ? x.data() : x.attr("style");
                if (style.matches("(?is).*(url\\(|@import).*")) problems.add(e.getKey() + ": inline style loads " + style);
            }
            for (Element x : d.select("script:not([src])"))
                if (x.data().matches("(?is).*(https?:|fetch\\(|XMLHttpRequest|import\\().*")) problems.add(e.getKey() + ": inline script " + x.data());
        }
        try (var s = Files.walk(site().resolve("assets"))) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String name = p.getFileName().toString(), text = read(p);
                if (name.endsWith(".css")) {
                    var m = Pattern.compile("(?i)(url\\(|@import)[^;)]*").matcher(text);
                    while (m.find()) problems.add(name + ": " + m.group());
                }
                if (name.endsWith(".js") && !name.equals("search-index.js")) {
                    var m = Pattern.compile("https?:|fetch\\(|XMLHttpRequest|navigator\\.sendBeacon|WebSocket|import\\(").matcher(text);
                    while (m.find()) problems.add(name + ": uses " + m.group());
                }
            }
        }
        assertEquals(List.of(), problems, "resources from outside the site (ship them in tools/assets)");
    }

    @Test
    @DisplayName("site: with JavaScript off every page is complete: only search, copy, theme and menu buttons wait for it")
    void readableWithoutJavaScript() {
        var problems = new ArrayList<String>();
        var scriptOnly = Set.of("nav-toggle", "search", "theme-toggle", "search-results");
        for (var e : pages().entrySet()) {
            Document d = parse(e.getValue());
            for (Element h : d.select("[hidden]")) {
                boolean ok = h.classNames().stream().anyMatch(scriptOnly::contains) || scriptOnly.contains(h.id());
                if (!ok) problems.add(e.getKey() + ": hidden without JavaScript: " + h.outerHtml().lines().findFirst().orElse(""));
            }
            if (d.selectFirst("main article h1") == null) problems.add(e.getKey() + ": no h1 in the article");
            // print.html is the one page without a sidebar (sitePrintPage checks it)
            if (!e.getKey().equals("print.html") && d.select("nav.sidebar a").size() < lessonPages().size())
                problems.add(e.getKey() + ": sidebar lacks lessons");
            // The theme is chosen before the stylesheet applies, so there is no flash of the wrong one.
            Element head = d.head();
            Element first = head.selectFirst("script, link[rel=stylesheet]");
            if (first == null || !first.tagName().equals("script") || !first.data().contains("localStorage"))
                problems.add(e.getKey() + ": the theme script does not come before the stylesheet");
            for (Element s : head.select("script[src]"))
                if (!s.hasAttr("defer") && !s.hasAttr("async")) problems.add(e.getKey() + ": blocking script " + s.attr("src"));
            if (!d.select("script[src*=search-index]").isEmpty()) problems.add(e.getKey() + ": loads the search index up front");
        }
        for (String page : lessonPages()) {
            Document d = parse(site().resolve(page));
            if (d.selectFirst("nav.sidebar a[aria-current=page][href=" + page + "]") == null) problems.add(page + ": sidebar does not mark it");
            if (d.selectFirst("nav.prevnext a[rel=prev]") == null || d.selectFirst("nav.prevnext a[rel=next]") == null)
                problems.add(page + ": no previous/next links");
            for (Element pre : d.select("figure.program pre.code"))
                if (pre.select("> code > span").isEmpty()) problems.add(page + ": code without line spans");
            for (Element out : d.select("figure.output"))
                if (out.selectFirst("pre.output samp") == null || out.selectFirst("p.env") == null)
                    problems.add(page + ": output without samp or environment line");
            if (d.select("h2[id]").size() >= 3 && d.selectFirst("nav.toc") == null) problems.add(page + ": long lesson without a table of contents");
        }
        assertEquals(List.of(), problems);
    }

    @Test
    @DisplayName("site: the dark theme is the same whether the system asks for it or the reader chose it")
    void darkThemesAgree() {
        String css = read(site().resolve("assets/course.css"));
        Matcher system = Pattern.compile("prefers-color-scheme: dark\\)\\s*\\{\\s*:root:not\\(\\[data-theme=light\\]\\)\\s*\\{([^}]*)\\}").matcher(css);
        Matcher chosen = Pattern.compile(":root\\[data-theme=dark\\]\\s*\\{([^}]*)\\}").matcher(css);
        assertTrue(system.find(), "no dark block for prefers-color-scheme");
        assertTrue(chosen.find(), "no :root[data-theme=dark] block");
        assertEquals(declarations(system.group(1)), declarations(chosen.group(1)), "the two dark themes differ");
        assertTrue(declarations(system.group(1)).size() > 20, "the dark theme sets too few colours");
    }

    static Map<String, String> declarations(String block) {
        var out = new TreeMap<String, String>();
        for (String d : block.split(";")) {
            int colon = d.indexOf(':');
            if (colon > 0) out.put(d.substring(0, colon).strip(), d.substring(colon + 1).strip());
        }
        return out;
    }

    @Test
    @DisplayName("site: the index page says what the course is, who it is for, what you need, how long, and lists every lesson")
    void indexPage() {
        Document d = parse(site().resolve("index.html"));
        String text = d.selectFirst("main article").text();
        var headings = d.select("main article h2").eachText();
        for (String h : List.of("Who it is for", "What you need", "How long it takes", "Lessons"))
            assertTrue(headings.stream().anyMatch(x -> x.startsWith(h)), "index has no '" + h + "' section: " + headings);
        assertTrue(text.contains("JDK 25"), "index does not name JDK 25");
        assertTrue(text.contains("JBang"), "index does not mention JBang");
        int lessons = lessonPages().size();
        assertEquals(lessons, d.select("ol.lesson-list > li").size(), "index lists every lesson");
        // {{course lessons}} and {{course reading-minutes}}: counted at build time, never typed
        assertTrue(text.contains("There are " + lessons + " lessons and "), "index should say 'There are " + lessons
                + " lessons and ...'; lessons/index.md says: " + text.replaceAll(".*(There are \\S+ lessons).*", "$1"));
        var time = java.util.regex.Pattern.compile("The lessons take about (\\d+) minutes, counted from what they hold: (\\d+) minutes of prose at 200 words a minute.*?, (\\d+) for the code they show open, at ten lines a minute, and (\\d+) waiting").matcher(text);
        assertTrue(time.find(), "index states how long the lessons take, and from what: " + text);
        assertEquals(Integer.parseInt(time.group(1)), Integer.parseInt(time.group(2)) + Integer.parseInt(time.group(3)) + Integer.parseInt(time.group(4)),
                "the total is the sum of its parts");
    }

    @Test
    @DisplayName("site: print.html holds the index, every lesson in order and the exercises, with unique ids and links that stay on the page")
    void printPage() {
        Document print = parse(site().resolve("print.html"));
        var problems = new ArrayList<String>();
        // linked from every other page's sidebar; no sidebar, search or previous/next of its own
        for (var e : pages().entrySet())
            if (!e.getKey().equals("print.html") && parse(e.getValue()).selectFirst("nav.sidebar a[href=print.html]") == null)
                problems.add(e.getKey() + ": the sidebar does not link print.html");
        if (!print.select("nav.sidebar, .search, nav.prevnext, .toc, #search-input").isEmpty()) problems.add("print.html has navigation or search");
        // the parts, in order: each lesson's title is an h2 in its own section
        var parts = print.select("article > section.print-part").eachAttr("id");
        var expected = new ArrayList<String>(List.of("page-index"));
        for (String page : lessonPages()) expected.add("page-" + page.replace(".html", ""));
        expected.add("page-exercises");
        assertEquals(expected, parts, "print.html's sections");
        assertEquals(1, print.select("main h1").size(), "one h1: the course's");
        for (String page : lessonPages()) {
            String title = parse(site().resolve(page)).selectFirst("main article h1").text();
            Element h2 = print.selectFirst("#page-" + page.replace(".html", "") + " > h2");
            if (h2 == null || !h2.text().startsWith(title)) problems.add("print.html: " + page + " does not start with its title as h2");
            // everything the lesson page shows is there: its code and its recorded outputs
            Document lesson = parse(site().resolve(page));
            Element section = print.getElementById("page-" + page.replace(".html", ""));
            if (section != null && section.select("pre.code, pre.output").size() != lesson.select("main article pre.code, main article pre.output").size())
                problems.add("print.html: " + page + " has a different number of code and output blocks");
        }
        // ids unique, and every link to a page of the course points inside print.html
        var seen = new HashSet<String>();
        for (Element e : print.select("[id]")) if (!seen.add(e.id())) problems.add("print.html: duplicate id " + e.id());
        var partPages = new HashSet<>(lessonPages());
        partPages.addAll(List.of("index.html", "exercises.html"));
        for (Element a : print.select("main a[href]")) {
            String href = a.attr("href");
            if (href.startsWith("#") && href.length() > 1 && print.getElementById(href.substring(1)) == null)
                problems.add("print.html: link to a missing anchor " + href);
            String path = href.contains("#") ? href.substring(0, href.indexOf('#')) : href;
            if (partPages.contains(path)) problems.add("print.html: links out to " + href + ", which is on the page itself");
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    @DisplayName("site: the 404 page explains, links home and lists the lessons")
    void notFoundPage() {
        Document d = parse(site().resolve("404.html"));
        assertEquals("Page not found", d.selectFirst("main h1").text());
        assertNotNull(d.selectFirst("main a[href=index.html]"));
        assertEquals(lessonPages().size(), d.select("nav.sidebar ol.lessons a").size());
    }

    @Test
    @DisplayName("site: the 404 page loads nothing by a relative address (a host serves it at any depth): stylesheet, script and icon are inline")
    void notFoundPageStandsAlone() {
        Document d = parse(site().resolve("404.html"));
        assertEquals(List.of(), d.select("script[src], link[rel=stylesheet], img[src]").stream().map(Element::outerHtml).toList());
        assertTrue(d.selectFirst("link[rel=icon]").attr("href").startsWith("data:image/svg+xml,"), d.selectFirst("link[rel=icon]").outerHtml());
        assertEquals(read(site().resolve("assets/course.css")).strip(), d.selectFirst("head > style").data().strip(), "404.html does not inline course.css");
        assertTrue(d.select("body > script").stream().anyMatch(s -> s.data().strip().equals(read(site().resolve("assets/course.js")).strip())),
                "404.html does not inline course.js");
    }

    @Test
    @DisplayName("site: what the script brings is in the page from the start: copy buttons, and the contents both beside the lesson and before its first section")
    void nothingWaitsForTheScriptToTakeItsPlace() {
        var problems = new ArrayList<String>();
        for (var e : pages().entrySet()) {
            Document d = parse(e.getValue());
            for (Element cap : d.select("figure.program > figcaption"))
                if (cap.select("> button.copy.needs-js").size() != 1) problems.add(e.getKey() + ": a program without its copy button: " + cap.text());
            for (Element pre : d.select("pre.shell"))
                if (!pre.parent().hasClass("shell-wrap") || pre.parent().select("> button.copy.needs-js").size() != 1)
                    problems.add(e.getKey() + ": a command without its copy button: " + pre.text());
            // print.html has no sidebar and no search, so no buttons for them
            for (String control : e.getKey().equals("print.html") ? List.of(".theme-toggle") : List.of(".nav-toggle", ".search", ".theme-toggle"))
                if (d.select("header.top > " + control + ".needs-js:not([hidden])").size() != 1) problems.add(e.getKey() + ": no " + control + " shown with JavaScript on");
            Element side = d.selectFirst("main > nav.toc.toc-side"), inline = d.selectFirst("main > article > nav.toc.toc-inline");
            if ((side == null) != (inline == null)) problems.add(e.getKey() + ": the contents only " + (side == null ? "before the first section" : "beside the lesson"));
            else if (side != null) {
                if (!side.select("a").eachAttr("href").equals(inline.select("a").eachAttr("href"))) problems.add(e.getKey() + ": the two contents differ");
                Element next = inline.nextElementSibling();
                if (next == null || !next.tagName().equals("h2") || next.elementSiblingIndex() != inline.parent().select("> h2").first().elementSiblingIndex())
                    problems.add(e.getKey() + ": the contents are not just before the first section");
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    @DisplayName("site: the search index has every lesson, with prose but not code")
    void searchIndex() {
        String js = read(site().resolve("assets/search-index.js"));
        assertTrue(js.startsWith("window.COURSE_SEARCH=["), js.substring(0, Math.min(60, js.length())));
        for (String page : lessonPages()) assertTrue(js.contains("\"u\":\"" + page + "\""), "search index lacks " + page);
        assertFalse(js.contains("void main("), "search index holds program code");
    }
}
