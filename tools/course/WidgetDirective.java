package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.List;
import org.jsoup.nodes.Element;

/// `{{widget name}}`: a place for an interactive part (tools/assets/widget-NAME.js), with a
/// sentence for readers without JavaScript.
final class WidgetDirective implements Directive.OnALine {

    public String name() { return "widget"; }

    public String usage() { return "{{widget name}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        if (argument == null) throw new BuildError(file, line, "{{widget}} needs a name: {{widget timetable}}");
        Path assets = page.root().resolve("tools/assets");
        if (!Slug.is(argument) || !Files.isRegularFile(assets.resolve("widget-" + argument + ".js")))
            throw new BuildError(file, line, "{{widget " + argument + "}}: there is no tools/assets/widget-" + argument
                    + ".js, the script that draws it. Widgets there: " + widgets(assets));
        Element div = Html.element("div").addClass("widget").id("widget-" + argument).attr("data-widget", argument);
        div.appendElement("p").addClass("widget-noscript")
                .text("This interactive part needs JavaScript; the text around it says the same in words.");
        return Html.of(div);
    }

    /// The names of the widgets whose scripts are in `assets`.
    static List<String> widgets(Path assets) {
        try (var files = Files.list(assets)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("widget-") && n.endsWith(".js"))
                    .map(n -> n.substring("widget-".length(), n.length() - ".js".length())).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
