package course;

import java.nio.file.*;
import java.util.*;
import java.util.regex.Matcher;
import org.jsoup.Jsoup;
import org.jsoup.nodes.*;

/// Lays rendered content into pages: the template, the sidebar, previous/next and the table
/// of contents, and the 404 page. Heading anchors, callouts and copy buttons are
/// {@link Decorations}; print.html is {@link PrintPage}.
public final class Pages {

    /// The course's name: every page's title ends with it, and the header shows it (its last
    /// word emphasised).
    static final String SITE = Course.NAME;

    private final String template;
    private final List<Lesson> lessons;
    private final Path assets;
    final Path templateFile;
    /// The pages that are not lessons (SitePage): the sidebar links to each.
    private final List<SitePage> sitePages;

    public Pages(Path root, List<Lesson> lessons, List<SitePage> sitePages) {
        this.templateFile = root.resolve("tools/templates/page.html");
        this.template = fillSome(Sources.read(templateFile), Map.of("assets", fragment("assets.html").strip(), "scripts", ""));
        this.lessons = lessons;
        this.assets = root.resolve("tools/assets");
        this.sitePages = sitePages;
    }

    /// tools/templates/page.html with the assets of most pages: every page's template ({@link PrintPage}'s too).
    String template() {
        return template;
    }

    /// A piece of HTML kept in tools/templates (a page's fixed content).
    String fragment(String name) {
        return Sources.read(templateFile.resolveSibling(name));
    }

    /// The header's name: {@link #SITE}, its last word emphasised.
    static String brand() {
        int last = SITE.lastIndexOf(' ');
        Element brand = Html.element("span").text(SITE.substring(0, last + 1));
        brand.appendElement("em").text(SITE.substring(last + 1));
        return brand.html();
    }

    /// Content HTML, parsed once for everything a build does with it (the page, print.html, search).
    static Document parse(String contentHtml) {
        Document content = Jsoup.parseBodyFragment(contentHtml);
        content.outputSettings().prettyPrint(false);
        return content;
    }

    /// A finished page from `content` (parsed by {@link #parse}), which it decorates. `current`
    /// is the page's file name, to mark it in the sidebar.
    String page(String title, String description, String current, Document content, String prev, String next) {
        return page(template, Map.of(), title, description, current, content, prev, next);
    }

    /// A page on `template` (page.html with the assets of most pages, or of the 404 page),
    /// whose slots `more` fills besides the page's own.
    private String page(String template, Map<String, String> more, String title, String description, String current, Document content,
                        String prev, String next) {
        // "On this page" twice, so that no script moves it after the first paint (a layout
        // shift): beside the lesson on wide screens, before its first section on narrower
        // ones. The stylesheet shows one of them.
        String toc = toc(content, "toc-side");
        if (!toc.isEmpty()) {
            Element firstSection = content.body().children().stream().filter(e -> e.tagName().equals("h2")).findFirst().orElse(null);
            if (firstSection != null) firstSection.before(toc(content, "toc-inline"));
            else content.body().prepend(toc(content, "toc-inline"));
        }
        Decorations.add(content);
        var values = new HashMap<>(more);
        values.putAll(Map.of("title", title(title), "description", Html.escape(description == null ? "" : description),
                "nav", nav(current), "toc", toc, "content", content.body().html(), "prevnext", prevNext(prev, next)));
        return fill(template, values);
    }

    /// A page's title, escaped: the page's own, then the course's name (once, on the index page).
    static String title(String page) {
        return Html.escape(page.equals(SITE) ? SITE : page + " · " + SITE);
    }

    /// `template` with the slots named in `values` filled and the others left for {@link #fill}:
    /// `{{assets}}` and `{{scripts}}` of page.html, which differ on the 404 page.
    private static String fillSome(String template, Map<String, String> values) {
        return SLOT.matcher(template).replaceAll(m -> Matcher.quoteReplacement(values.getOrDefault(m.group(1), m.group())));
    }

    /// A slot of tools/templates/page.html: `{{name}}`.
    static final java.util.regex.Pattern SLOT = java.util.regex.Pattern.compile("\\{\\{([a-z]+)\\}\\}");

    /// The template with each slot replaced by its HTML, in one pass over the template (so a
    /// page's content that shows a slot's name is left as it is); `site` and `brand` are the
    /// course's name ({@link #SITE}). A slot with no value is a mistake in the template.
    String fill(String template, Map<String, String> values) {
        var all = new HashMap<>(values);
        all.put("site", Html.escape(SITE));
        all.put("brand", brand());
        Matcher slot = SLOT.matcher(template);
        var out = new StringBuilder();
        while (slot.find()) {
            String value = all.get(slot.group(1));
            if (value == null) throw new BuildError(templateFile, 0, "has the slot {{" + slot.group(1) + "}}, which nothing fills. Slots: "
                    + new TreeSet<>(all.keySet()));
            slot.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return slot.appendTail(out).toString();
    }

    /// The 404 page. A host serves it for any missing address, at any depth (/a/b/c) and
    /// with the site perhaps in a folder (/repo/ on GitHub Pages), so it cannot rely on a
    /// relative URL: page.html's `{{assets}}` are tools/templates/not-found-assets.html (the
    /// stylesheet and icon inlined) and its `{{scripts}}` not-found-scripts.html: a small script
    /// that finds the site's folder (the deepest folder of the address that holds the course's
    /// icon) and makes it the base of every link, the search index's among them; then the
    /// course's script, inlined.
    public String notFound() {
        String page = fillSome(Sources.read(templateFile), Map.of("assets", fragment("not-found-assets.html").strip(),
                "scripts", fragment("not-found-scripts.html")));
        var inlined = new HashMap<String, String>();   // read only when the template has their slots
        for (var slot = SLOT.matcher(page); slot.find(); ) switch (slot.group(1)) {
            case "icon" -> inlined.put("icon", Sources.read(assets.resolve("icon.svg")).strip().replace("%", "%25").replace("#", "%23")
                    .replace("\"", "'").replace("<", "%3C").replace(">", "%3E").replace(" ", "%20"));
            case "css" -> inlined.put("css", inline("course.css"));
            case "js" -> inlined.put("js", inline("course.js"));
            default -> { }
        }
        return page(page, inlined, "Page not found", "", "", parse(fragment("not-found.html")), null, null);
    }

    private String inline(String asset) {
        String text = Sources.read(assets.resolve(asset));
        if (text.contains("</")) throw new BuildError(assets.resolve(asset), 0, "must not contain '</': it is inlined into 404.html");
        return text;
    }

    /// "On this page": the h2 headings, for lessons with enough of them.
    static String toc(Document doc, String where) {
        var hs = doc.select("h2[id]");
        if (hs.size() < 3) return "";
        Element nav = Html.element("nav").addClass("toc").addClass(where).attr("aria-label", "On this page");
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
        more.appendElement("li").appendElement("a").attr("href", PrintPage.FILE).text("The whole course on one page");
        for (SitePage p : sitePages) {
            Element a = more.appendElement("li").appendElement("a").attr("href", p.page());
            if (p.page().equals(current)) a.attr("aria-current", "page");
            a.text(p.title());
        }
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
    static String searchText(Document content) {
        Document d = content.clone();
        d.select("pre, .run-it, figcaption, .env, figure.chart").remove();
        return d.body().text();
    }
}
