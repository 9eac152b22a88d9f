package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/// `{{demo RUN-ID}}`: what a trainer needs beside a demo script (lessons/demos.md), read from
/// the run's declaration and recording so it cannot drift: the command, the recorded wall time,
/// what it needs beyond a JDK, a link to its recorded output, and every claim the build checks
/// against that recording (its `says:`), which is the shape a re-run should have.
///
/// `{{demo unscripted}}`: every declared run that no `{{demo RUN-ID}}` of the same page names,
/// by lesson, so that a new lesson's runs appear on the page before anyone writes their script.
final class DemoDirective implements Directive.OnALine {

    static final String REST = "unscripted";
    static final Pattern NAMED = Pattern.compile("(?m)^\\{\\{demo ([^ }]+)}}\\s*$");

    public String name() { return "demo"; }

    public String usage() { return "{{demo run-id}} or {{demo " + REST + "}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        if (argument == null) throw new BuildError(file, line, "{{demo}} needs a run id, or '" + REST + "': {{demo waits-virtual}}");
        if (argument.equals(REST)) return unscripted(page, file, line);
        Lesson.DeclaredRun run = page.runs().get(argument);
        if (run == null) throw new BuildError(file, line, "scripts run '" + argument + "', which no lesson declares. "
                + "Use a run id from a lesson's runs: (./build.sh runs lists them)");
        return Html.of(card(page, run, file, line));
    }

    static Element card(Render page, Lesson.DeclaredRun run, Path file, int line) {
        Recording rec = page.recording(run.id(), file, line);
        Element div = Html.element("div").addClass("demo").id("demo-" + run.id());
        Element p = div.appendElement("p").addClass("demo-run");
        p.appendElement("code").text(page.course().plan(run.id()).shown());
        rec.wallSeconds().ifPresent(s -> p.appendText(String.format(Locale.ROOT, " · %.1f s when recorded", s)));
        p.appendText(" · " + RunsTableDirective.needs(run));
        String shownOn = page.pageShowing(run.id());
        if (shownOn != null) {
            p.appendText(" · ");
            p.appendElement("a").attr("href", shownOn + "#run-" + run.id()).text("recorded output");
        }
        p.appendElement("br");
        if (run.claims().isEmpty()) {
            p.appendText("No claims: compare with the recorded output.");
            return div;
        }
        p.appendText("Checked against the recording at every build:");
        Element ul = div.appendElement("ul");
        for (Claim c : run.claims()) {
            Element li = ul.appendElement("li").text(c.says());
            if (c.otherwise() != null) li.appendText(" (if not: " + c.otherwise() + ")");
        }
        return div;
    }

    /// The runs no `{{demo RUN-ID}}` line of `file` names, grouped by lesson.
    static String unscripted(Render page, Path file, int line) {
        var named = new HashSet<String>();
        var m = NAMED.matcher(Sources.read(file).replace("\r\n", "\n"));
        while (m.find()) named.add(m.group(1));
        Element list = Html.element("ul").addClass("demo-unscripted");
        for (Lesson l : page.course().lessons()) {
            var rest = l.runs().stream().filter(r -> !named.contains(r.id())).toList();
            if (rest.isEmpty()) continue;
            Element li = list.appendElement("li");
            li.appendElement("a").attr("href", l.page()).text(l.order() + ". " + l.title());
            li.appendText(": ");
            for (int i = 0; i < rest.size(); i++) {
                if (i > 0) li.appendText(", ");
                Lesson.DeclaredRun r = rest.get(i);
                String shownOn = page.pageShowing(r.id());
                Element code = li.appendElement("code");
                if (shownOn != null) code.appendElement("a").attr("href", shownOn + "#run-" + r.id()).text(r.id());
                else code.text(r.id());
                page.recording(r.id(), file, line);   // a run without a recording stops the build here too
            }
        }
        if (list.children().isEmpty()) return Html.of(Html.element("p").text("Every run has a script above."));
        return Html.of(list);
    }
}
