package course;

import java.nio.file.Path;
import org.jsoup.nodes.Element;

/// `{{run id}}`: a recorded output, visibly not code, with the environment it was recorded in.
final class RunDirective implements Directive.OnALine {

    public String name() { return "run"; }

    public String usage() { return "{{run id}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        if (argument == null) throw new BuildError(file, line, "{{run}} needs a run id: {{run waits-virtual}}");
        Lesson.DeclaredRun run = page.runs().get(argument);
        if (run == null) throw new BuildError(file, line, "shows run '" + argument + "', which no lesson declares. "
                + "Declare it under runs: in the front matter");
        return html(page, page.recording(argument, file, line), page.course().recordings().isStale(argument, file, line), run.jdk());
    }

    static String html(Render page, Recording rec, boolean stale) {
        return html(page, rec, stale, 0);
    }

    /// `jdk` is the release the run names (0: the course's own), said in the caption.
    static String html(Render page, Recording rec, boolean stale, int jdk) {
        Element figure = Html.element("figure").addClass("output").id("run-" + rec.id());
        if (stale) figure.addClass("stale");
        Element caption = figure.appendElement("figcaption").text("Output of ");
        caption.appendElement("code").text(rec.command());
        if (jdk != 0) caption.appendText(" on JDK " + jdk);
        figure.appendElement("pre").addClass("output").attr("tabindex", "0").appendElement("samp").text(rec.output().stripTrailing());
        figure.appendElement("p").addClass("env").text("Recorded on " + rec.environment() + " · exit " + rec.exit()
                + (rec.repeat() == null ? "" : " · " + Repeat.caption(rec.repeat())));
        if (stale) staleNote(figure, rec.id());
        return Html.of(figure) + "\n";
    }

    /// The note under a figure drawn from a stale recording of run `id`.
    static void staleNote(Element figure, String id) {
        Element note = figure.appendElement("p").addClass("stale-note")
                .text("The program changed after this was recorded; run it yourself, or re-record with ");
        note.appendElement("code").text("./build.sh record " + id);
        note.appendText(".");
    }
}
