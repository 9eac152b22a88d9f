package course;

import java.nio.file.Path;
import java.util.Arrays;
import org.jsoup.nodes.Element;

/// `{{program}}` / `{{program alias}}`: a program's source, highlighted, with its "Run it" box
/// and a download link.
final class ProgramDirective implements Directive.OnALine {

    public String name() { return "program"; }

    public String usage() { return "{{program [alias]}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        String alias = argument != null ? argument : lesson == null ? null : lesson.program();
        if (alias == null) throw new BuildError(file, line, "{{program}} needs 'program: <alias>' in the front matter, or {{program alias}}");
        return html(page.course().program(page.catalog().get(alias, file, line)), page.runs().values().stream().anyMatch(r -> r.alias().equals(alias)), true);
    }

    /// The figure for one alias; exercises show two of them. `recorded`: a run of it is recorded,
    /// so the box says how to compare with it. `runBox`: false leaves the box out ({{listing}}).
    static String html(ProgramTexts.Text program, boolean recorded, boolean runBox) {
        return html(program, recorded, runBox, null);
    }

    /// As above; `checkingShownIn`, when not null, is the id of a figure on the same page that
    /// shows this program's checking part already (an exercise's, for its solution, which by
    /// rule changes nothing there): the part is named and linked to, not shown twice.
    static String html(ProgramTexts.Text program, boolean recorded, boolean runBox, String checkingShownIn) {
        Catalog.Alias alias = program.alias();
        String ref = alias.ref();
        String name = alias.script().getFileName().toString();
        String flags = Preview.shown(alias.runtimeOptions(), program.shipped());
        Element figure = Html.element("figure").addClass("program").id("program-" + alias.name());
        Element caption = figure.appendElement("figcaption");
        caption.appendElement("span").addClass("file").text(ref);
        caption.appendText(" ");
        caption.appendElement("a").addClass("download").attr("href", "code/" + codePath(alias)).attr("download", name).text("Download " + name);
        listing(figure, program.shown(), program.excerpt(), checkingShownIn);
        if (!runBox) return Html.of(figure) + "\n";
        Element runIt = figure.appendElement("div").addClass("run-it");
        runIt.appendElement("p").addClass("run-it-title").text("Run it");
        runIt.appendElement("pre").addClass("shell").appendElement("code").text("./jbang " + alias.name());
        // A program with //DEPS needs its libraries, which only JBang fetches: plain java cannot run it.
        if (!program.fetches()) runIt.appendElement("pre").addClass("shell").appendElement("code").text("java " + flags + ref);
        Element note = runIt.appendElement("p").addClass("run-it-note").text(program.fetches()
                ? "From the course folder, with JDK 25: JBang fetches the libraries its //DEPS lines name on the first run, so plain java cannot run it. With JBang installed: "
                : "From the course folder, with JDK 25. With JBang installed: ");
        note.appendElement("code").text("jbang " + alias.name());
        note.appendText(".");
        if (!program.fetches()) previewNote(runIt, program.shipped());
        if (recorded) {
            Element compare = runIt.appendElement("p").addClass("run-it-note").text("Your figures beside the recorded ones: ");
            compare.appendElement("code").text("./jbang compare " + alias.name());
            compare.appendText(".");
        }
        return Html.of(figure) + "\n";
    }

    /// The program's parts in order: an open part as a listing, a folded one as a listing inside
    /// a `<details>` that says what it holds. Each listing starts its line numbers where its part
    /// starts in the file; the text is highlighted as one, so a comment or text block that spans
    /// parts keeps its colour.
    /// A part `checkingShownIn` names (see html) is a line linking to it, not a listing.
    static void listing(Element figure, String source, Excerpt excerpt, String checkingShownIn) {
        String[] lines = Highlight.toHtml(source).split("\n", -1);   // one bare <span> per line
        for (Excerpt.Part part : excerpt.parts()) {
            Element parent = figure;
            if (checkingShownIn != null && part.checking()) {
                Element same = figure.appendElement("p").addClass("fold-same");
                same.appendText("Lines " + part.first() + "–" + (part.first() + part.lines().size() - 1)
                        + ", checking your work: the same as in ");
                same.appendElement("a").attr("href", "#" + checkingShownIn).text("the exercise above");
                same.appendText(". Download gives the whole file.");
                continue;
            }
            if (part.folded()) {
                parent = figure.appendElement("details").addClass("fold");
                parent.appendElement("summary").text(part.summary());
            }
            Element pre = parent.appendElement("pre").addClass("code").attr("data-lang", "java").attr("tabindex", "0");
            if (part.first() > 1) pre.attr("style", "counter-reset: line " + (part.first() - 1));
            pre.appendElement("code").append(String.join("\n", Arrays.asList(lines).subList(part.first() - 1, part.first() - 1 + part.lines().size())));
        }
    }

    /// Where the site keeps the downloadable copy of an alias's file.
    static String codePath(Catalog.Alias alias) {
        String file = alias.script().getFileName().toString();
        return alias.kind() == Catalog.Alias.Kind.SOLUTION ? "solutions/" + file : file;
    }

    /// For the "Run it" box: under the commands, a note for a preview program; nothing otherwise.
    static void previewNote(Element runIt, String source) {
        if (!Preview.uses(source)) return;
        var note = runIt.appendElement("p").addClass("run-it-note").text("It uses a preview API, so ");
        note.appendElement("code").text("java");
        note.appendText(" needs ");
        note.appendElement("code").text("--enable-preview");
        note.appendText(" (JBang reads the program's ");
        note.appendElement("code").text("//PREVIEW");
        note.appendText(" line). Without the flag, ");
        note.appendElement("code").text("java");
        note.appendText(" stops before running it, with an error for each use of a preview API: ");
        note.appendElement("code").text(Preview.ERROR.replace("NAME", "…"));
        note.appendText(" and ");
        note.appendElement("code").text(Preview.ERROR_HINT);
        note.appendText(".");
    }
}
