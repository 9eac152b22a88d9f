package course;

import java.nio.file.Path;
import org.jsoup.nodes.Element;

/// `{{widget name}}`: a place for an interactive part (tools/assets/widget-NAME.js), with a
/// sentence for readers without JavaScript.
final class WidgetDirective implements Directive {

    public String name() { return "widget"; }

    public String usage() { return "{{widget name}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        if (argument == null) throw new BuildError(file, line, "{{widget}} needs a name: {{widget timetable}}");
        Element div = Html.element("div").addClass("widget").id("widget-" + argument).attr("data-widget", argument);
        div.appendElement("p").addClass("widget-noscript")
                .text("This interactive part needs JavaScript; the text around it says the same in words.");
        return Html.of(div);
    }
}
