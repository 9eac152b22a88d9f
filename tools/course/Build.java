package course;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.*;
import java.util.*;

/// Builds the whole site into a temporary folder, checks it, and only then swaps it into
/// site/ by renaming, so a failed build leaves the previous site as it was.
public final class Build {
    private Build() {}

    public record Result(int pages, List<String> warnings, Map<String, Long> renderMillis) {}

    /// Everything a build reads, loaded and cross-checked once.
    public record Loaded(Path root, Catalog catalog, List<Lesson> lessons, Map<String, Lesson.Run> runs,
                         List<Exercises.Exercise> exercises) {}

    public static Loaded load(Path root) {
        Catalog catalog = Catalog.load(root);
        catalog.requireAliasesFor(root);
        List<Lesson> lessons = Lesson.loadAll(root);
        var runs = new LinkedHashMap<String, Lesson.Run>();
        for (Lesson l : lessons) {
            if (l.program() != null) catalog.get(l.program(), l.file(), 2);
            for (Lesson.Run r : l.runs()) {
                catalog.get(r.alias(), r.lesson(), r.line());
                runs.put(r.id(), r);
            }
        }
        var exercises = Exercises.load(root);
        for (var ex : exercises) {
            catalog.get(ex.name(), root.resolve("exercises/HINTS.md"), 0);
            catalog.get(ex.name() + "-solution", root.resolve("exercises/HINTS.md"), 0);
        }
        return new Loaded(root, catalog, lessons, Collections.unmodifiableMap(runs), exercises);
    }

    public static Result build(Path root, Path site, boolean strict, PrintStream log) throws IOException {
        Loaded c = load(root);
        var warnings = new ArrayList<String>();
        Path tmp = site.resolveSibling(site.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        deleteTree(tmp);
        try {
            var timings = new LinkedHashMap<String, Long>();
            int pages = write(c, tmp, warnings, timings);
            if (strict && !warnings.isEmpty())
                throw new BuildError(null, 0, "stale recordings (the test build allows none):\n  " + String.join("\n  ", warnings));
            swap(tmp, site);
            return new Result(pages, warnings, timings);
        } finally {
            deleteTree(tmp);
        }
    }

    static int write(Loaded c, Path out, List<String> warnings, Map<String, Long> timings) throws IOException {
        Path root = c.root();
        Files.createDirectories(out.resolve("code/solutions"));
        var render = new Render(root, c.catalog(), c.runs(), c.exercises(), warnings);
        var pages = new Pages(root, c.lessons());
        var sources = new HashMap<String, Path>();
        var search = new StringBuilder("window.COURSE_SEARCH=[");
        List<Lesson> lessons = c.lessons();

        // Exercises that a lesson does not place itself are appended to their lesson.
        var placed = new HashSet<String>();
        for (Lesson l : lessons)
            for (var m : Render.DIRECTIVE.matcher(l.body()).results().toList())
                if (m.group(1).equals("exercise")) placed.add(m.group(2));

        for (int i = 0; i < lessons.size(); i++) {
            long t0 = System.nanoTime();
            Lesson l = lessons.get(i);
            String body = render.body(l.file(), l.body(), l.bodyLine(), l);
            var extra = new StringBuilder();
            for (var ex : c.exercises())
                if (!placed.contains(ex.name()) && (ex.lesson().equals(l.slug()) || ex.lesson().equals(stem(l))))
                    extra.append(render.exercise(ex, l, l.file(), 0));
            String content = "<h1>" + Highlight.escape(l.title()) + "</h1>\n" + body
                    + (extra.isEmpty() ? "" : "<h2 id=\"exercises\">Exercises</h2>\n" + extra);
            String prev = i > 0 ? Pages.link("prev", lessons.get(i - 1), null, null) : Pages.link("prev", null, "index.html", "Course home");
            String next = i + 1 < lessons.size() ? Pages.link("next", lessons.get(i + 1), null, null) : Pages.link("next", null, "exercises.html", "Exercises");
            Files.writeString(out.resolve(l.page()), pages.page(l.order() + ". " + l.title(), description(l), l.page(), content, prev, next));
            sources.put(l.page(), l.file());
            searchEntry(search, l.order() + ". " + l.title(), l.page(), content);
            timings.put(l.page(), (System.nanoTime() - t0) / 1_000_000);
        }

        // The index page: lessons/index.md, then the lessons in order.
        Path indexMd = root.resolve("lessons/index.md");
        String intro = Files.exists(indexMd) ? render.body(indexMd, Sources.read(indexMd), 1, null) : "<h1>Java Virtual Threads, Measured</h1>";
        Files.writeString(out.resolve("index.html"), pages.page("Java Virtual Threads, Measured", "A course on Java virtual threads in which every output is recorded from a real run.",
                "index.html", intro + "<h2 id=\"lessons\">Lessons</h2>" + pages.lessonList(), null,
                Pages.link("next", lessons.getFirst(), null, null)));
        sources.put("index.html", Files.exists(indexMd) ? indexMd : pages.templateFile);

        // All exercises on one page.
        var ex = new StringBuilder("<h1>Exercises</h1><p>Each exercise is a program that fails until you finish it. "
                + "Run <code>./jbang check</code> to see where you are; <code>./jbang check --watch</code> re-runs the current one every time you save.</p>"
                + "<table class=\"exercise-list\"><thead><tr><th scope=\"col\">Exercise</th><th scope=\"col\">Lesson</th><th scope=\"col\">What it practises</th></tr></thead><tbody>");
        for (var e : c.exercises()) {
            Lesson home = lessons.stream().filter(l -> e.lesson().equals(l.slug()) || e.lesson().equals(stem(l))).findFirst()
                    .orElseThrow(() -> new BuildError(root.resolve("exercises/HINTS.md"), 0, "exercise '" + e.name()
                            + "' names lesson '" + e.lesson() + "', which does not exist. Use a lesson file name without .md"));
            ex.append("<tr><td><a href=\"").append(home.page()).append("#exercise-").append(e.name()).append("\"><code>").append(e.name())
                    .append("</code></a></td><td><a href=\"").append(home.page()).append("\">").append(home.order()).append(". ")
                    .append(Highlight.escape(home.title())).append("</a></td><td>").append(Render.inlineSpan(e.practises())).append("</td></tr>");
        }
        ex.append("</tbody></table>");
        Files.writeString(out.resolve("exercises.html"), pages.page("Exercises", "Every exercise in the course.", "exercises.html", ex.toString(),
                Pages.link("prev", lessons.getLast(), null, null), null));
        sources.put("exercises.html", root.resolve("exercises/HINTS.md"));
        searchEntry(search, "Exercises", "exercises.html", ex.toString());

        Files.writeString(out.resolve("404.html"), pages.notFound(pages.page("Page not found", "", "", "<div class=\"not-found\"><p class=\"code\" aria-hidden=\"true\">404</p><h1>Page not found</h1>"
                + "<p>That page is not part of this course. Start from the <a href=\"index.html\">course home</a>, or pick a lesson from the list.</p></div>",
                null, null)));
        sources.put("404.html", pages.templateFile);

        // Downloadable copies of every program, exercise (as shipped) and solution (as shown).
        for (var alias : c.catalog().aliases().values()) {
            String ref = alias.ref();
            if (!ref.startsWith("programs/") && !ref.startsWith("exercises/")) continue;
            Files.writeString(out.resolve("code").resolve(Render.codePath(alias)), Sources.shown(alias));
        }

        search.append("];\n");
        Files.createDirectories(out.resolve("assets"));
        Files.writeString(out.resolve("assets/search-index.js"), search);
        copyTree(root.resolve("tools/assets"), out.resolve("assets"));
        Links.check(out, sources);
        return lessons.size() + 3;
    }

    static String stem(Lesson l) {
        String f = l.file().getFileName().toString();
        return f.substring(0, f.length() - 3);
    }

    static String description(Lesson l) {
        return "Lesson " + l.order() + " of the Java virtual threads course: " + l.title() + ".";
    }

    static void searchEntry(StringBuilder b, String title, String url, String html) {
        var headings = org.jsoup.Jsoup.parseBodyFragment(html).select("h2, h3").eachText();
        if (b.charAt(b.length() - 1) != '[') b.append(',');
        b.append("{\"t\":").append(Json.quote(title)).append(",\"u\":").append(Json.quote(url))
                .append(",\"h\":").append(Json.quote(String.join(" · ", headings)))
                .append(",\"b\":").append(Json.quote(Pages.searchText(html))).append("}\n");
    }

    static void swap(Path tmp, Path site) throws IOException {
        Path old = site.resolveSibling(site.getFileName() + ".old-" + ProcessHandle.current().pid());
        if (Files.exists(site)) Files.move(site, old);
        Files.move(tmp, site);
        deleteTree(old);
    }

    static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) return;
        try (var s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(dest);
                else Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (var s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(q);
        }
    }
}
