package course;

import java.nio.file.Path;
import java.util.Set;

/// The inline directive: each `{{run-id: regex}}` in a line of prose becomes the figure its
/// regex's group matches in the run's recording, linked to the output when the page shows it.
final class NumberReferences {
    private NumberReferences() {}

    static final String USAGE = "{{run-id: regex with one (group)}}";

    static String render(Render page, Path file, int line, String text, Set<String> shownRuns) {
        var out = new StringBuilder();
        int at = 0;
        for (Reference.Span span : Reference.spans(text)) {
            if (span.cited() != null) {
                out.append(text, at, span.start()).append(page.cite(CitedFigure.parse(span.cited(), file, line)));
                at = span.end();
                continue;
            }
            if (span.match() == null) throw new BuildError(file, line, "has '{{' that is not a directive, a number reference "
                    + "or a cited figure. Use " + Directive.usages() + ", " + USAGE + " or " + CitedFigure.USAGE
                    + "; write `{{` inside backticks to show it literally");
            Reference ref = Reference.parse(span.match(), file, line, page.runs().keySet());
            Recording rec = page.recording(ref.runId(), file, line);
            Reference.Figure figure = ref.in(rec.output());
            if (!figure.found()) throw new BuildError(file, line, "reference /" + ref.regex() + "/ matches nothing in "
                    + Course.relative(rec.file()) + ". Fix the pattern, or re-record: ./build.sh record " + ref.runId());
            String id = ref.runId();
            String title = "Measured: recording " + id;
            String shown = Html.escape(figure.value());
            out.append(text, at, span.start());
            out.append(shownRuns.contains(id)
                    ? "<a class=\"measured\" href=\"#run-" + id + "\" title=\"" + title + "\">" + shown + "</a>"
                    : "<span class=\"measured\" title=\"" + title + "\">" + shown + "</span>");
            at = span.end();
        }
        return out.append(text.substring(at)).toString();
    }
}
