package course;

import java.nio.file.*;
import org.jsoup.nodes.Document;

/// instructors.html: lessons/instructors.md (hand-written: what changes on other machines, a
/// class plan), whose `{{runs-table}}` lists every lesson's runs from the front matter and the
/// recordings. Linked from every page's sidebar when the file exists.
public final class InstructorPage {
    private InstructorPage() {}

    public static final String FILE_NAME = "instructors.md";
    public static final String PAGE = "instructors.html";
    static final String DESCRIPTION = "For instructors: every run of the Java virtual threads course, how long it takes, what it needs, and a class plan.";

    /// The page's content, parsed; null when lessons/instructors.md does not exist.
    static Document content(Build.Loaded c) {
        Path file = c.root().resolve("lessons").resolve(FILE_NAME);
        if (!Files.exists(file)) return null;
        var render = new Render(c, Body.parse(file, Sources.read(file), 1, c.runs().keySet()));
        return Pages.parse(render.html(null) + render.citedSection());
    }
}
