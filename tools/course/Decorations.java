package course;

import java.util.Locale;
import org.jsoup.nodes.*;

/// What every page's content gets before it is shown, on its page and in print.html: heading
/// self-links, callouts, scrolling boxes for code and tables, and copy buttons.
final class Decorations {
    private Decorations() {}

    /// Heading self-links, callout classes, code blocks a keyboard can scroll, tables that
    /// scroll in a box of their own, and the copy buttons. The buttons are in the page from the
    /// start (shown only with JavaScript on, by the stylesheet) so that nothing moves when the
    /// script arrives; course.js makes them work.
    static void add(Document doc) {
        // A code block may scroll sideways on a phone: keyboard users must be able to reach it.
        for (Element pre : doc.select("pre:not([tabindex])")) pre.attr("tabindex", "0");
        // A table keeps its words whole; on a screen too narrow for it, it scrolls in a box of
        // its own rather than the page (tables for screen readers only are not shown at all).
        for (Element table : doc.select("table")) {
            if (table.closest(".visually-hidden") != null || table.parent().hasClass("table-scroll")) continue;
            Element box = doc.createElement("div").addClass("table-scroll");
            table.before(box);
            box.appendChild(table);
        }
        for (Element cap : doc.select("figure.program > figcaption")) {
            Element file = cap.selectFirst(".file");
            Element button = doc.createElement("button").attr("type", "button").addClass("copy").addClass("needs-js")
                    .attr("aria-label", "Copy " + (file == null ? "the program" : file.text())).text("Copy");
            Element download = cap.selectFirst("> .download");
            if (download != null) download.before(button);
            else cap.appendChild(button);
        }
        for (Element pre : doc.select("pre.shell")) {
            Element wrap = doc.createElement("div").addClass("shell-wrap");
            pre.before(wrap);
            wrap.appendChild(pre);
            wrap.appendElement("button").attr("type", "button").addClass("copy").addClass("needs-js")
                    .attr("aria-label", "Copy the command " + pre.text()).text("Copy");
        }
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
}
