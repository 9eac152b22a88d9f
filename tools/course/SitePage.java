package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;

/// A page of the site that is not a lesson: `lessons/NAME.md`, where NAME starts with a letter
/// (no `NN-` prefix) and is not `index`, becomes `NAME.html`, linked from every page's sidebar
/// under its title (lessons/instructors.md, lessons/adopting.md). A second such page costs one
/// file. Front matter:
///
/// ```yaml
/// title: Adopting virtual threads          # the page's h1, sidebar link and <title>
/// description: ...                         # optional: the page's meta description
/// references: [waits-virtual, primes]      # optional: the runs its {{run-id: regex}} quote
/// ```
///
/// The body goes through the same parse and rendering as a lesson's ({@link Body},
/// {@link Render}): number references read their recordings, so a figure that disappears from
/// a recording stops the build at the page's line; `{{lesson slug}}`, cited figures and
/// directives such as `{{runs-table}}` work as in a lesson. A reference to a run the page does
/// not list under `references:` stops the build too, so the runs a page depends on are declared.
public record SitePage(Path file, String name, String title, String description,
                       List<String> references, int referencesLine, String body, int bodyLine) {

    /// A page's file name: a lower-case word first, then words joined by dashes, `.md`.
    static final Pattern FILE_NAME = Pattern.compile("(" + Slug.NAME + ")\\.md");
    static final Set<String> KEYS = Set.of("title", "description", "references");

    public String page() { return name + ".html"; }

    /// True for a file in lessons/ that is such a page (index.md is the course home).
    static boolean isPage(String fileName) {
        return !fileName.equals("index.md") && FILE_NAME.matcher(fileName).matches();
    }

    /// Every page in lessons/, by file name.
    public static List<SitePage> loadAll(Path root) {
        Path dir = root.resolve("lessons");
        if (!Files.isDirectory(dir)) return List.of();
        try (var s = Files.list(dir)) {
            return s.filter(p -> isPage(p.getFileName().toString())).sorted().map(SitePage::load).toList();
        } catch (IOException e) {
            throw new BuildError(dir, 0, "cannot list pages: " + e.getMessage());
        }
    }

    static SitePage load(Path file) {
        String f = file.getFileName().toString();
        String name = f.substring(0, f.length() - ".md".length());
        String text = Sources.read(file).replace("\r\n", "\n");
        var front = FrontMatter.read(file, text, KEYS,
                "'title: ...' (a file in lessons/ without an NN- prefix is a page of the site)", " of a page");
        var top = front.keys();
        String title = front.title(), body = front.body();
        int bodyLine = front.bodyLine();
        String description = top.containsKey("description") ? Yaml.scalar(top.get("description"), "description").strip() : "";
        var refs = top.containsKey("references") ? Yaml.scalars(top.get("references"), "references") : List.<String>of();
        int refsLine = top.containsKey("references") ? top.get("references").line() : 2;
        return new SitePage(file, name, title, description, List.copyOf(refs), refsLine, body, bodyLine);
    }

    /// The body, parsed; refuses a listed run that no lesson declares, a reference to a run the
    /// page does not list, and a listed run the page never quotes.
    Body parse(Set<String> declared) {
        for (String id : references)
            if (!declared.contains(id)) throw new BuildError(file, referencesLine, "lists run '" + id
                    + "' under references:, which no lesson declares. Use a run id from a lesson's runs: (./build.sh runs lists them)");
        Body b = Body.parse(file, body, bodyLine, declared);
        var quoted = new HashSet<String>();
        for (Reference r : b.references(declared)) {
            if (!references.contains(r.runId())) throw new BuildError(file, r.line(), "quotes run '" + r.runId()
                    + "', which this page does not list under references: in its front matter. Add it there");
            quoted.add(r.runId());
        }
        for (String id : references)
            if (!quoted.contains(id)) throw new BuildError(file, referencesLine, "lists run '" + id
                    + "' under references: but never quotes it. Remove it from the list");
        return b;
    }

    /// The page's content: its title as h1, the rendered body and its cited figures, parsed.
    Document content(Build.Loaded c) {
        var render = new Render(c, c.body(this));
        return Pages.parse(Html.of(Html.element("h1").text(title)) + "\n" + render.html(null) + render.citedSection());
    }
}
