package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;

/// Old lesson addresses that keep working: `lessons/moved.yaml` maps an old slug to the
/// lesson that now holds its content (`old-slug: new-slug`, or `new-slug#section` for a lesson
/// merged into a section of another), and the build writes `old-slug.html` as a small page
/// that sends the reader on: a meta refresh, a canonical link and a visible link, all relative,
/// so it works without JavaScript, from file:// and with the site in a sub-folder. A small
/// script keeps the address's `#fragment` where it can. The build refuses a target that is not
/// a lesson, and an old slug that is a live lesson or another page of the site.
public final class Redirects {
    private Redirects() {}

    public static final String FILE = "lessons/moved.yaml";
    static final Pattern SLUG = Slug.PATTERN;
    static final Pattern TARGET = Pattern.compile("(" + Slug.WORDS + ")(?:#([A-Za-z0-9_-]+))?");
    /// Pages of the site that are not lessons: no old slug may take their name.
    /// (A page that is not a lesson, `lessons/NAME.md`, reserves NAME too: see {@link SitePage}.)
    static final Set<String> RESERVED = Set.of("index", "exercises", "print", "404");

    /// Old slug to target (`new-slug` or `new-slug#section`), in file order; empty when there is no file.
    public static Map<String, String> load(Path root) {
        var out = new LinkedHashMap<String, String>();
        for (var e : entries(root).entrySet()) out.put(e.getKey(), e.getValue().target());
        return out;
    }

    record Entry(String target, int line) {}

    static LinkedHashMap<String, Entry> entries(Path root) {
        Path file = root.resolve(FILE);
        var out = new LinkedHashMap<String, Entry>();
        if (!Files.exists(file)) return out;
        String text = Sources.read(file);
        if (text.lines().allMatch(l -> l.strip().isEmpty() || l.strip().startsWith("#"))) return out;
        for (var e : Yaml.mapping(Yaml.parse(file, 1, text), "moved.yaml").entrySet()) {
            String old = e.getKey(), target = Yaml.scalar(e.getValue(), old).strip();
            int line = e.getValue().line();
            if (!SLUG.matcher(old).matches()) throw new BuildError(file, line, "old address '" + old
                    + "' is not a slug: write the old page's name without .html (lower-case words joined by dashes)");
            if (!TARGET.matcher(target).matches()) throw new BuildError(file, line, "'" + old + ": " + target
                    + "' must name the new lesson's slug, optionally with #section: 'old-slug: new-slug'");
            out.put(old, new Entry(target, line));
        }
        return out;
    }

    /// Checks every entry against the lessons and writes one page per old address into `out`;
    /// returns the pages' file names.
    static List<String> write(Path root, List<Lesson> lessons, Path out) throws IOException {
        Path file = root.resolve(FILE);
        var bySlug = new HashMap<String, Lesson>();
        for (Lesson l : lessons) bySlug.put(l.slug(), l);
        var written = new ArrayList<String>();
        for (var e : entries(root).entrySet()) {
            String old = e.getKey();
            Entry entry = e.getValue();
            Lesson live = bySlug.get(old);
            if (live != null) throw new BuildError(file, entry.line(), "'" + old + "' is the address of a live lesson, "
                    + Course.relative(live.file()) + ": a redirect would replace it. Remove this line, or rename that lesson");
            if (RESERVED.contains(old) || Files.exists(root.resolve("lessons").resolve(old + ".md"))) throw new BuildError(file, entry.line(), "'" + old + "' is the address of the site's "
                    + old + ".html page; it cannot redirect. Remove this line");
            var t = TARGET.matcher(entry.target());
            if (!t.matches()) throw new IllegalStateException(entry.target());
            Lesson to = bySlug.get(t.group(1));
            if (to == null) throw new BuildError(file, entry.line(), "'" + old + "' moves to '" + t.group(1)
                    + "', which is not a lesson. Use the slug of a lesson (its file name without NN- and .md): "
                    + String.join(", ", lessons.stream().map(Lesson::slug).toList()));
            String href = to.page() + (t.group(2) == null ? "" : "#" + t.group(2));
            Files.writeString(out.resolve(old + ".html"), page(href, to.order() + ". " + to.title()));
            written.add(old + ".html");
        }
        return written;
    }

    /// The page at an old address: it sends the reader to `href`, titled `title`.
    static String page(String href, String title) {
        String h = Html.escape(href), t = Html.escape(title);
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>Moved: %2$s · %4$s</title>
                <meta name="robots" content="noindex">
                <link rel="canonical" href="%1$s">
                <meta http-equiv="refresh" content="0; url=%1$s">
                <script>location.replace(%3$s + (location.hash && %3$s.indexOf("#") < 0 ? location.hash : ""));</script>
                </head>
                <body>
                <p>This lesson has moved. It is now <a href="%1$s">%2$s</a>.</p>
                </body>
                </html>
                """.formatted(h, t, Json.quote(href).replace("<", "\\u003c"), Html.escape(Course.NAME));
    }
}
