package course;

import java.nio.file.Path;
import java.util.*;
import org.jsoup.nodes.Element;

/// `{{exercise name}}`: an exercise, what it practises, the program as shipped, its hints one
/// at a time, and the solution collapsed. An exercise no lesson places this way is appended
/// to its lesson.
final class ExerciseDirective implements Directive.OnALine {

    public String name() { return "exercise"; }

    public String usage() { return "{{exercise name}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        if (argument == null) throw new BuildError(file, line, "{{exercise}} needs a name: {{exercise timetable}}");
        var ex = page.exercises().stream().filter(e -> e.name().equals(argument)).findFirst().orElseThrow(() ->
                new BuildError(file, line, "names exercise '" + argument + "', which " + Exercises.HINTS + " does not list. Known: "
                        + page.exercises().stream().map(Exercises.Exercise::name).toList()));
        return html(page, ex, lesson, file, line);
    }

    static String html(Render page, Exercises.Exercise ex, Lesson lesson, Path file, int line) {
        Element section = Html.element("section").addClass("exercise").id("exercise-" + ex.name())
                .attr("aria-labelledby", "exercise-" + ex.name() + "-title");
        section.appendElement("h3").id("exercise-" + ex.name() + "-title").text("Exercise: ").appendElement("code").text(ex.name());
        section.appendElement("p").addClass("practises").append(Render.markdownSpan(ex.practises()));
        Element edit = section.appendElement("p").text("Edit ");
        edit.appendElement("code").text(page.root().relativize(ex.file().toAbsolutePath().normalize()).toString());
        edit.appendText(" until it passes; check it with ");
        edit.appendElement("code").text("./jbang check " + ex.name());
        edit.appendText(", or re-run it on every save with ");
        edit.appendElement("code").text("./jbang check --watch");
        edit.appendText(".");
        section.append(ProgramDirective.html(page.course().program(page.catalog().get(ex.name(), file, line)), false, true));
        // Nested <details>: each hint opens only after the one before it, with or without JavaScript.
        Element parent = section;
        var hints = ex.hints();
        for (int h = 0; h < hints.size(); h++) {
            parent = parent.appendElement("details").addClass("hint");
            parent.appendElement("summary").text("Hint " + (h + 1) + " of " + hints.size());
            parent.append(Render.markdownBlock(hints.get(h)));
        }
        Element solution = section.appendElement("details").addClass("solution");
        solution.appendElement("summary").text("Solution");
        solution.append(ProgramDirective.html(page.course().program(page.catalog().get(ex.solutionAlias(), file, line)), false, true,
                "program-" + ex.name()));
        if (lesson != null)
            for (Lesson.DeclaredRun r : lesson.runs())
                if (r.alias().equals(ex.solutionAlias())) solution.append(RunDirective.html(page, page.recording(r.id(), file, line), page.course().recordings().isStale(r.id(), file, line)));
        return Html.of(section) + "\n";
    }
}
