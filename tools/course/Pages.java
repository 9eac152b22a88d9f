package course;

import java.nio.file.*;
import java.util.*;
import org.jsoup.Jsoup;
import org.jsoup.nodes.*;

/// Lays rendered content into pages: the template, the sidebar, previous/next, the table
/// of contents, heading anchors and callouts; and the pages that are not lessons.
public final class Pages {

    private final String template;
    private final List<Lesson> lessons;
    final Path templateFile;

    public Pages(Path root, List<Lesson> lessons) {
        this.templateFile = root.resolve("tools/templates/page.html");
        this.template = Sources.read(templateFile);
        this.lessons = lessons;
    }

    /// A finished page. `current` is the page's file name, to mark it in the sidebar.
    public String page(String title, String description, String current, String contentHtml, String prev, String next) {
        Document content = Jsoup.parseBodyFragment(contentHtml);
        content.outputSettings().prettyPrint(false);
        String toc = toc(content);
        decorate(content);
        var values = new LinkedHashMap<String, String>();
        values.put("title", Html.escape(title));
        values.put("description", Html.escape(description == null ? "" : description));
        values.put("nav", nav(current));
        values.put("toc", toc);
        values.put("content", content.body().html());
        values.put("prevnext", prevNext(prev, next));
        String html = template;
        for (var e : values.entrySet()) html = html.replace("{{" + e.getKey() + "}}", e.getValue());
        return html;
    }

    /// Heading self-links, callout classes, and code blocks a keyboard can scroll.
    static void decorate(Document doc) {
        // A code block may scroll sideways on a phone: keyboard users must be able to reach it.
        for (Element pre : doc.select("pre:not([tabindex])")) pre.attr("tabindex", "0");
        for (Element h : doc.select("h2[id], h3[id], h4[id]")) {
            h.appendElement("a").addClass("anchor").attr("href", "#" + h.id())
                    .attr("aria-label", "Link to this section").text("#");
        }
        for (Element q : doc.select("blockquote")) {
            Element strong = q.selectFirst("> p:first-child > strong:first-child");
            if (strong == null) continue;
            String label = strong.text().replace(":", "").strip().toLowerCase(Locale.ROOT);
            String kind = switch (label) {
                case "key idea" -> "key";
                case "try this" -> "try";
                case "note" -> "note";
                case "warning" -> "warning";
                default -> null;
            };
            if (kind != null) { q.addClass("callout").addClass("callout-" + kind); q.tagName("aside").attr("role", "note"); }
        }
    }

    /// "On this page": the h2 headings, for lessons with enough of them.
    static String toc(Document doc) {
        var hs = doc.select("h2[id]");
        if (hs.size() < 3) return "";
        Element nav = Html.element("nav").addClass("toc").attr("aria-label", "On this page");
        nav.appendElement("p").addClass("toc-title").text("On this page");
        Element list = nav.appendElement("ol");
        for (Element h : hs) list.appendElement("li").appendElement("a").attr("href", "#" + h.id()).text(h.text());
        return Html.of(nav);
    }

    /// The sidebar: every lesson, then the exercises page; `current` is marked.
    String nav(String current) {
        Element lessonList = Html.element("ol").addClass("lessons");
        for (Lesson l : lessons) {
            Element a = lessonList.appendElement("li").appendElement("a").attr("href", l.page());
            if (l.page().equals(current)) a.attr("aria-current", "page");
            a.appendElement("span").addClass("num").text(l.order() + ".");
            a.appendText(" " + l.title());
        }
        Element more = Html.element("ul").addClass("more");
        Element exercises = more.appendElement("li").appendElement("a").attr("href", "exercises.html");
        if ("exercises.html".equals(current)) exercises.attr("aria-current", "page");
        exercises.text("Exercises");
        return Html.of(lessonList) + Html.of(more);
    }

    static String prevNext(String prev, String next) {
        if (prev == null && next == null) return "";
        Element nav = Html.element("nav").addClass("prevnext").attr("aria-label", "Previous and next");
        if (prev != null) nav.append(prev);
        if (next != null) nav.append(next);
        return Html.of(nav);
    }

    /// A previous or next link: to a lesson, or when `l` is null to `fallbackHref`.
    static String link(String rel, Lesson l, String fallbackHref, String fallbackTitle) {
        Element a = Html.element("a").addClass(rel).attr("rel", rel).attr("href", l == null ? fallbackHref : l.page());
        a.appendElement("span").addClass("dir").text(rel.equals("prev") ? "Previous" : "Next");
        a.appendText(" ");
        a.appendElement("span").addClass("t").text(l == null ? fallbackTitle : l.order() + ". " + l.title());
        return Html.of(a);
    }

    /// The lesson list on the index page.
    String lessonList() {
        Element list = Html.element("ol").addClass("lesson-list");
        for (Lesson l : lessons) list.appendElement("li").appendElement("a").attr("href", l.page()).text(l.title());
        return Html.of(list);
    }

    /// The text of a page for the search index: prose and headings, not code.
    static String searchText(String contentHtml) {
        Document d = Jsoup.parseBodyFragment(contentHtml);
        d.select("pre, .run-it, figcaption, .env, figure.chart").remove();
        return d.body().text();
    }
}
