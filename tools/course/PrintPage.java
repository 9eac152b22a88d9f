package course;

import java.util.*;
import org.jsoup.Jsoup;
import org.jsoup.nodes.*;

/// print.html: the whole course on one page, to print. The parts are the pages' contents as
/// {@link Pages} was given them, before decoration; here they go into one article on the page
/// template, without its sidebar, search or previous/next.
final class PrintPage {
    private PrintPage() {}

    /// The one-page edition's file name.
    static final String FILE = "print.html";

    /// One page of the site, as it goes into print.html: its file name, and its content (as
    /// given to {@link Pages#page}, before decoration), parsed; {@link #html} changes it.
    record Part(String page, Document content) {}

    /// print.html: every part in order, in one article, with no sidebar, search or
    /// previous/next. Each part becomes a section with id `page-STEM`; the ids inside it get
    /// `STEM--` in front, so they stay unique, and links between the parts point inside the
    /// page. The first part (the index) keeps its headings; the others move one level down,
    /// so that each lesson's title is an h2 under the course's h1.
    static String html(Pages pages, List<Part> parts) {
        var stems = new HashMap<String, String>();
        for (Part p : parts) stems.put(p.page(), stem(p.page()));
        Document whole = Jsoup.parseBodyFragment("");
        whole.outputSettings().prettyPrint(false);
        for (int i = 0; i < parts.size(); i++) {
            Part part = parts.get(i);
            Document d = part.content();
            String prefix = stems.get(part.page()) + "--";
            d.select("details.deeper, details.fold").attr("open", "");   // asides and folds unfolded on paper (Asides, Excerpt)
            for (Element e : d.select("[id]")) e.id(prefix + e.id());
            for (String attr : List.of("for", "aria-labelledby", "aria-describedby", "aria-controls", "headers"))
                for (Element e : d.select("[" + attr + "]"))
                    e.attr(attr, String.join(" ", Arrays.stream(e.attr(attr).trim().split("\\s+")).map(t -> prefix + t).toList()));
            for (Element a : d.select("a[href]")) a.attr("href", inPage(a.attr("href"), prefix, stems));
            if (i > 0)
                for (Element h : d.select("h1, h2, h3, h4, h5"))
                    h.tagName("h" + (h.tagName().charAt(1) - '0' + 1));
            Decorations.add(d);
            Element section = whole.body().appendElement("section").addClass("print-part").id("page-" + stems.get(part.page()));
            for (Node n : d.body().childNodesCopy()) section.appendChild(n);
        }
        return pages.fill(template(pages.template()), Map.of("title", Pages.title("The whole course on one page"),
                "description", "Every lesson and exercise of the Java virtual threads course on one page, for printing.",
                "nav", "", "toc", "", "content", whole.body().html(), "prevnext", ""));
    }

    /// The page template without sidebar and search: a page to print.
    private static String template(String page) {
        Document t = Jsoup.parse(page);
        t.outputSettings().prettyPrint(false);
        t.select(".sidebar, .nav-toggle, .search").remove();
        t.body().addClass("print-page");
        return t.outerHtml();
    }

    private static String stem(String page) {
        return page.endsWith(".html") ? page.substring(0, page.length() - ".html".length()) : page;
    }

    /// A link inside a part, pointing inside print.html when it goes to another part.
    private static String inPage(String href, String prefix, Map<String, String> stems) {
        if (href.startsWith("#")) return href.length() == 1 ? href : "#" + prefix + href.substring(1);
        int hash = href.indexOf('#');
        String path = hash < 0 ? href : href.substring(0, hash), fragment = hash < 0 ? "" : href.substring(hash + 1);
        String stem = stems.get(path);
        if (stem == null) return href;                 // code downloads, assets, other sites
        return fragment.isEmpty() ? "#page-" + stem : "#" + stem + "--" + fragment;
    }
}
