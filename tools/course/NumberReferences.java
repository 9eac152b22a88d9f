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
            out.append(switch (span) {
                case Body.Cited c -> c.figure().inline(c.n());
                case Body.FromCourse c -> c.reference().markdown(page.course());
                case Body.Measured m -> measured(page, m.reference());
            });
        }
        return out.append(text.substring(at)).toString();
    }

    /// A measured figure: a link to the output on this page, else on the page that shows it (a
    /// figure on adopting.html links to its lesson's run).
    private static String measured(Render page, Reference reference) {
        String id = reference.runId();
        String shownOn = page.shownRuns().contains(id) ? "" : page.course().pageShowing(id);
        Element figure = Html.element(shownOn != null ? "a" : "span").addClass("measured");
        if (shownOn != null) figure.attr("href", shownOn + "#run-" + id);
        return Html.of(figure.attr("title", "Measured: recording " + id).text(page.figure(reference)));
    }
}
