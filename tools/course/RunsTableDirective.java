package course;

import java.nio.file.Path;
import java.util.*;
import org.jsoup.nodes.Element;

/// `{{runs-table}}`: every lesson's declared runs, for instructors (lessons/instructors.md):
/// the command each records, its wall time from its recording's header (`# exit: 0 · wall
/// 2.4 s`), what it needs beyond a JDK (read from its `wrapper:`), and whether live mode's Run
/// button can start it (no run with a wrapper or java-options: tools/live/README.md).
final class RunsTableDirective implements Directive.OnALine {

    /// What each wrapper tool a run may use needs, and why. A run whose wrapper starts with
    /// another tool stops the build: describe the tool here first.
    static final Map<String, String> WRAPPERS = Map.of(
            "setpriv", "Linux and root: setpriv (util-linux) runs the program as another user, which only root may do",
            "prlimit", "Linux: prlimit (util-linux) sets the process's resource limits",
            "taskset", "Linux: taskset (util-linux) pins the process to chosen cores",
            "env", "");


    public String name() { return "runs-table"; }

    public String usage() { return "{{runs-table}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        if (argument != null) throw new BuildError(file, line, "{{runs-table}} takes no argument");
        Build.Loaded c = page.course();
        Element table = Html.element("table").addClass("runs-table");
        Element head = table.appendElement("thead").appendElement("tr");
        for (String h : List.of("Run", "Command", "Wall time here", "Needs", "Live mode")) head.appendElement("th").attr("scope", "col").text(h);
        double total = 0;
        for (Lesson l : c.lessons()) {
            if (l.runs().isEmpty()) continue;
            Element body = table.appendElement("tbody");
            Element th = body.appendElement("tr").appendElement("th").attr("scope", "rowgroup").attr("colspan", "5");
            th.appendElement("a").attr("href", l.page()).text(l.order() + ". " + l.title());
            for (Lesson.DeclaredRun run : l.runs()) {
                Recording rec = page.recording(run.id(), file, line);
                double seconds = rec.wallSeconds().orElse(0);
                total += seconds;
                Element tr = body.appendElement("tr");
                String shownOn = page.pageShowing(run.id());
                Element id = tr.appendElement("td").appendElement("code");
                if (shownOn != null) id.appendElement("a").attr("href", shownOn + "#run-" + run.id()).text(run.id());
                else id.text(run.id());
                tr.appendElement("td").appendElement("code").text(c.plan(run.id()).shown());
                tr.appendElement("td").text(String.format(Locale.ROOT, "%.1f s", seconds));
                String fetches = c.program(c.catalog().get(run.alias(), run.lesson(), run.line())).fetches()
                        ? "; network on its first run" : "";   // it fetches its //DEPS: run it once before class
                tr.appendElement("td").text(needs(run) + fetches);
                tr.appendElement("td").text(LiveRule.label(run, c.catalog()));
            }
        }
        Element foot = table.appendElement("tfoot").appendElement("tr");
        foot.appendElement("th").attr("scope", "row").attr("colspan", "2").text("Every run, one after another");
        foot.appendElement("td").text(String.format(Locale.ROOT, "%.0f s", total));
        foot.appendElement("td").attr("colspan", "2");
        Element wrap = Html.element("div").addClass("table-wrap").attr("tabindex", "0").attr("role", "region").attr("aria-label", "Every run");
        wrap.appendChild(table);
        return Html.of(wrap);
    }

    /// What a run needs beyond a JDK and this folder, from its wrapper; "any OS" for none.
    static String needs(Lesson.DeclaredRun run) {
        if (run.jdk() != 0) return "JDK " + run.jdk() + ": tools/jdks.sh finds it, or makes it as root on Debian";
        if (run.wrapper().isEmpty()) return "any OS";
        var out = new ArrayList<String>();
        for (String word : run.wrapper()) {
            if (word.startsWith("-")) continue;
            String what = WRAPPERS.get(word);
            if (what == null) {
                if (word.equals(run.wrapper().getFirst())) throw new BuildError(run.lesson(), run.line(), "run '" + run.id()
                        + "' has a wrapper starting with '" + word + "', which the instructors' page cannot describe. "
                        + "Add what it needs to RunsTableDirective.WRAPPERS");
                continue;   // an argument of the tool before it
            }
            if (!what.isEmpty()) out.add(what);
        }
        return out.isEmpty() ? "any OS with " + run.wrapper().getFirst() : String.join("; ", out);
    }
}
