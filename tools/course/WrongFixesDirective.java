package course;

import java.nio.file.Path;
import java.util.*;
import org.jsoup.nodes.Element;

/// `{{wrong-fixes}}`: what students will try, for trainers (lessons/instructors.md): for each
/// exercise in course order, folded, every mistake of the wrong-fix corpus ({@link WrongFixes}):
/// why a student tries it, the checker's line that refuses it, and the code. Each of them
/// fails its check in every test run (ExercisesTest), so what the page promises is tested.
final class WrongFixesDirective implements Directive.OnALine {

    public String name() { return "wrong-fixes"; }

    public String usage() { return "{{wrong-fixes}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        if (argument != null) throw new BuildError(file, line, "{{wrong-fixes}} takes no argument");
        Build.Loaded c = page.course();
        Element wrap = Html.element("div").addClass("wrong-fixes");
        for (Lesson l : c.lessons()) {
            String stem = l.file().getFileName().toString().replaceFirst("\\.md$", "");
            for (var ex : c.exercises()) {
                if (!ex.lessonFile().equals(stem)) continue;
                var fixes = c.wrongFixes().stream().filter(w -> w.exercise().equals(ex.name())).toList();
                if (fixes.isEmpty()) continue;
                Element d = wrap.appendElement("details").addClass("wrong-fixes-of").id("wrong-fixes-" + ex.name());
                Element summary = d.appendElement("summary");
                summary.appendElement("code").text(ex.name());
                summary.appendText(" (" + l.order() + ". " + l.title() + "): " + fixes.size() + (fixes.size() == 1 ? " mistake" : " mistakes"));
                Element p = d.appendElement("p");
                p.appendText("The exercise: ");
                p.appendElement("a").attr("href", l.page() + "#exercise-" + ex.name()).text("on its lesson's page");
                p.appendText(". Each mistake below fails the check named, with a line that starts ");
                p.appendElement("code").text("FAIL");
                p.appendText(", then the hint command.");
                Element ol = d.appendElement("ol");
                for (var w : fixes) {
                    Element li = ol.appendElement("li");
                    li.appendElement("p").text(w.why());
                    Element says = li.appendElement("p").text("The checker: ");
                    says.appendElement("code").text("FAIL " + w.caughtBy() + ": got …");
                    li.appendElement("pre").addClass("code").attr("data-lang", "java").attr("tabindex", "0")
                            .appendElement("code").append(Highlight.toHtml(w.code()));
                }
            }
        }
        return Html.of(wrap);
    }
}
