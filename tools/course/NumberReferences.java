package course;

import org.jsoup.nodes.Element;

/// The inline directive: each `{{run-id: regex}}` in a line of prose becomes the figure its
/// regex's group matches in the run's recording, linked to the output on this page or on the
/// page that shows it.
final class NumberReferences {
    private NumberReferences() {}

    static final String USAGE = "{{run-id: regex with one (group)}}";

    static String render(Render page, Body.Prose prose) {
        String text = prose.text();
        var out = new StringBuilder();
        int at = 0;
        for (Body.Inline span : prose.spans()) {
            out.append(text, at, span.start());
            at = span.end();
            if (span.figure() != null) {
                out.append(span.figure().inline(span.cited()));
                continue;
            }
            if (span.course() != null) {
                out.append(span.course().markdown(page.course()));
                continue;
            }
            String id = span.reference().runId();
            // the output on this page, else on the page that shows it (a figure on adopting.html
            // links to its lesson's run)
            String shownOn = page.shownRuns().contains(id) ? "" : page.course().pageShowing(id);
            Element figure = Html.element(shownOn != null ? "a" : "span").addClass("measured");
            if (shownOn != null) figure.attr("href", shownOn + "#run-" + id);
            out.append(Html.of(figure.attr("title", "Measured: recording " + id).text(page.figure(span.reference()))));
        }
        return out.append(text.substring(at)).toString();
    }
}
