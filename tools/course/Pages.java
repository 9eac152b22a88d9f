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

    /// Heading self-links and callout classes.
    static void decorate(Document doc) {
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
        var b = new StringBuilder("<nav class=\"toc\" aria-label=\"On this page\"><p class=\"toc-title\">On this page</p><ol>");
        for (Element h : hs) {
            String text = h.text();
            b.append("<li><a href=\"#").append(h.id()).append("\">").append(Html.escape(text)).append("</a></li>");
        }
        return b.append("</ol></nav>").toString();
    }

    String nav(String current) {
        var b = new StringBuilder("<ol class=\"lessons\">");
        for (Lesson l : lessons) {
            boolean here = l.page().equals(current);
            b.append("<li><a href=\"").append(l.page()).append("\"").append(here ? " aria-current=\"page\"" : "").append(">")
                    .append("<span class=\"num\">").append(l.order()).append(".</span> ").append(Html.escape(l.title())).append("</a></li>");
        }
        b.append("</ol><ul class=\"more\"><li><a href=\"exercises.html\"").append("exercises.html".equals(current) ? " aria-current=\"page\"" : "")
                .append(">Exercises</a></li></ul>");
        return b.toString();
    }

    static String prevNext(String prev, String next) {
        if (prev == null && next == null) return "";
        var b = new StringBuilder("<nav class=\"prevnext\" aria-label=\"Previous and next\">");
        if (prev != null) b.append(prev);
        if (next != null) b.append(next);
        return b.append("</nav>").toString();
    }

    static String link(String rel, Lesson l, String fallbackHref, String fallbackTitle) {
        String href = l == null ? fallbackHref : l.page();
        String title = l == null ? fallbackTitle : l.order() + ". " + l.title();
        String label = rel.equals("prev") ? "Previous" : "Next";
        return "<a class=\"" + rel + "\" rel=\"" + rel + "\" href=\"" + href + "\"><span class=\"dir\">" + label
                + "</span> <span class=\"t\">" + Html.escape(title) + "</span></a>";
    }

    /// The lesson list on the index page.
    String lessonList() {
        var b = new StringBuilder("<ol class=\"lesson-list\">");
        for (Lesson l : lessons) b.append("<li><a href=\"").append(l.page()).append("\">").append(Html.escape(l.title())).append("</a></li>");
        return b.append("</ol>").toString();
    }

    /// The text of a page for the search index: prose and headings, not code.
    static String searchText(String contentHtml) {
        Document d = Jsoup.parseBodyFragment(contentHtml);
        d.select("pre, .run-it, figcaption, .env").remove();
        return d.body().text();
    }
}
