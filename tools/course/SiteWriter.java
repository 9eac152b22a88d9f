package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import kit.Trees;
import org.jsoup.nodes.Element;

/// Writes one site into a folder: one method per kind of output the site has (the lesson pages,
/// the index, the exercises page, print.html, 404.html, the downloads, the redirects, the
/// pages that are not lessons, the search index), then checks its links. {@link Build} builds
/// into a temporary folder with it and swaps the result into site/.
final class SiteWriter {
    private final Build.Loaded c;
    private final Path root, out;
    private final List<String> warnings;
    private final Pages pages;
    private final List<Lesson> lessons;
    /// Each page's source file, for link errors.
    private final Map<String, Path> sources = new HashMap<>();
    private final StringBuilder search = new StringBuilder("window.COURSE_SEARCH=[");
    /// Each page's content as written, parsed, for print.html.
    private final Map<String, PrintPage.Part> printed = new HashMap<>();

    SiteWriter(Build.Loaded c, Path out, List<String> warnings) {
        this.c = c;
        this.root = c.root();
        this.out = out;
        this.warnings = warnings;
        this.pages = new Pages(root, c.lessons(), c.pages());
        this.lessons = c.lessons();
    }

    int all(Map<String, Long> timings) throws IOException {
        Files.createDirectories(out.resolve("code/solutions"));
        lessons(timings);
        claims();
        index();
        exercisesPage();
        printPage();
        notFound();
        downloads();
        int moved = redirects();
        int sitePages = sitePages();
        searchIndex();
        Trees.copy(root.resolve("tools/assets"), out.resolve("assets"));
        Links.check(out, sources);
        warnings.addAll(0, c.recordings().staleWarnings()); // once each, however many pages read them
        return sources.size(); // every page written has its source, for link errors
    }

    /// One lesson rendered into its page, with the warnings that came up (kept in course order).
    private record LessonPage(PrintPage.Part print, String search, String html, long millis) {}

    /// Lessons render on all cores; pages and the search index are then written in course order.
    private void lessons(Map<String, Long> timings) throws IOException {
        // Exercises that a lesson does not place itself are appended to their lesson.
        var placed = new HashSet<String>();
        for (Lesson l : lessons) placed.addAll(c.body(l).placed("exercise"));
        var rendered = new ArrayList<java.util.concurrent.Future<LessonPage>>();
        int threads = Math.max(1, Math.min(lessons.size(), Runtime.getRuntime().availableProcessors()));
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(threads)) {
            for (int i = 0; i < lessons.size(); i++) {
                int n = i;
                rendered.add(pool.submit(() -> lessonPage(n, placed)));
            }
            for (int i = 0; i < lessons.size(); i++) {
                Lesson l = lessons.get(i);
                LessonPage p = done(rendered.get(i));
                Files.writeString(out.resolve(l.page()), p.html());
                sources.put(l.page(), l.file());
                printed.put(l.page(), p.print());
                addSearch(p.search());
                timings.put(l.page(), p.millis());
            }
        }
    }

    /// Under a lesson's title: how long it takes, as {@link ReadingTime} counts it.
    private static String timeLine(ReadingTime t) {
        var parts = new ArrayList<String>();
        parts.add(t.readingMinutes() + " to read");
        if (t.codeMinutes() > 0) parts.add(t.codeMinutes() + " for the code");
        if (t.runMinutes() > 0) parts.add(t.runMinutes() + " waiting for its programs");
        return Html.of(Html.element("p").addClass("lesson-time").text("About " + t.minutes() + " minutes: "
                + String.join(", ", parts) + "; then its exercise."));
    }

    private LessonPage lessonPage(int i, Set<String> placed) {
        long t0 = System.nanoTime();
        Lesson l = lessons.get(i);
        var render = new Render(c, c.body(l));
        String body = render.html(l);
        var extra = new StringBuilder();
        for (var ex : c.exercises())
            if (!placed.contains(ex.name()) && ex.lessonFile().equals(l.fileStem()))
                extra.append(ExerciseDirective.html(render, ex, l, l.file(), 0));
        String content = Html.of(Html.element("h1").text(l.title())) + "\n" + timeLine(ReadingTime.of(c, l)) + "\n" + body
                + (extra.isEmpty() ? "" : Html.of(Html.element("h2").id("exercises").text("Exercises")) + "\n" + extra) + render.citedSection();
        String prev = i > 0 ? Pages.link("prev", lessons.get(i - 1), null, null) : Pages.link("prev", null, "index.html", "Course home");
        String next = i + 1 < lessons.size() ? Pages.link("next", lessons.get(i + 1), null, null) : Pages.link("next", null, "exercises.html", "Exercises");
        // Parsed once: print.html takes a copy, the search index reads it, the page decorates it.
        var doc = Pages.parse(content);
        var print = new PrintPage.Part(l.page(), doc.clone());
        String search = searchEntry(l.order() + ". " + l.title(), l.page(), doc);
        String html = pages.page(l.order() + ". " + l.title(), description(l), l.page(), doc, prev, next);
        return new LessonPage(print, search, html, (System.nanoTime() - t0) / 1_000_000);
    }

    /// A task's result; its BuildError (or other failure) is thrown here, as if it ran here.
    private static <T> T done(java.util.concurrent.Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            if (e.getCause() instanceof IOException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }

    /// Claims are checked against the recordings the pages show.
    private void claims() {
        for (var failure : Claims.failures(c.runs(), id -> {
            Lesson.DeclaredRun run = c.runs().get(id);
            return c.recordings().get(id, run.lesson(), run.line()).output();
        })) warnings.add(failure.toString());
    }

    /// The index page: lessons/index.md, then the lessons in order.
    private void index() throws IOException {
        Path indexMd = root.resolve("lessons/index.md");
        Render render = c.index() == null ? null : new Render(c, c.index());
        String intro = render != null ? render.html(null) : Html.of(Html.element("h1").text(Pages.SITE));
        String content = intro + Html.of(Html.element("h2").id("lessons").text("Lessons")) + pages.lessonList() + (render != null ? render.citedSection() : "");
        var doc = Pages.parse(content);
        printed.put("index.html", new PrintPage.Part("index.html", doc.clone()));
        Files.writeString(out.resolve("index.html"), pages.page(Pages.SITE, "A course on Java virtual threads in which every output is recorded from a real run.",
                "index.html", doc, null, Pages.link("next", lessons.getFirst(), null, null)));
        sources.put("index.html", Files.exists(indexMd) ? indexMd : pages.templateFile);
    }

    /// All exercises on one page.
    private void exercisesPage() throws IOException {
        Path hints = root.resolve(Exercises.HINTS);
        Element table = Html.element("table").addClass("exercise-list");
        Element head = table.appendElement("thead").appendElement("tr");
        for (String h : List.of("Exercise", "Lesson", "What it practises")) head.appendElement("th").attr("scope", "col").text(h);
        Element body = table.appendElement("tbody");
        for (var e : c.exercises()) {
            Lesson home = lessons.stream().filter(l -> e.lessonFile().equals(l.fileStem())).findFirst()
                    .orElseThrow(() -> new BuildError(hints, 0, "exercise '" + e.name() + "' names lesson '" + e.lessonFile()
                            + "', which does not exist. Use a lesson file name without .md"));
            Element row = body.appendElement("tr");
            row.appendElement("td").appendElement("a").attr("href", home.page() + "#exercise-" + e.name()).appendElement("code").text(e.name());
            row.appendElement("td").appendElement("a").attr("href", home.page()).text(home.order() + ". " + home.title());
            row.appendElement("td").append(Render.markdownSpan(e.practises()));
        }
        var doc = Pages.parse(pages.fragment("exercises.html"));
        doc.body().appendChild(table);
        printed.put("exercises.html", new PrintPage.Part("exercises.html", doc.clone()));
        String entry = searchEntry("Exercises", "exercises.html", doc);
        Files.writeString(out.resolve("exercises.html"), pages.page("Exercises", "Every exercise in the course.", "exercises.html", doc,
                Pages.link("prev", lessons.getLast(), null, null), null));
        sources.put("exercises.html", hints);
        addSearch(entry);
    }

    /// print.html: the index, the lessons in order and the exercises, on one page to print.
    private void printPage() throws IOException {
        var parts = new ArrayList<PrintPage.Part>();
        parts.add(printed.get("index.html"));
        for (Lesson l : lessons) parts.add(printed.get(l.page()));
        parts.add(printed.get("exercises.html"));
        Files.writeString(out.resolve(PrintPage.FILE), PrintPage.html(pages, parts));
        sources.put(PrintPage.FILE, pages.templateFile);
    }

    private void notFound() throws IOException {
        Files.writeString(out.resolve("404.html"), pages.notFound());
        sources.put("404.html", pages.templateFile);
    }

    /// Downloadable copies of every program, exercise (as shipped) and solution (as shown).
    private void downloads() throws IOException {
        for (var alias : c.catalog().aliases().values()) {
            if (alias.kind() == Catalog.Alias.Kind.OTHER) continue;
            Files.writeString(out.resolve("code").resolve(ProgramDirective.codePath(alias)), c.program(alias).shown());
        }
    }

    /// The pages that are not lessons (lessons/instructors.md, lessons/adopting.md): one each.
    private int sitePages() throws IOException {
        for (SitePage p : c.pages()) {
            var doc = p.content(c);
            String entry = searchEntry(p.title(), p.page(), doc);
            Files.writeString(out.resolve(p.page()), pages.page(p.title(), p.description(), p.page(), doc, null, null));
            sources.put(p.page(), p.file());
            addSearch(entry);
        }
        return c.pages().size();
    }

    /// A page at each old address in lessons/moved.yaml, sending the reader on.
    private int redirects() throws IOException {
        var written = Redirects.write(root, lessons, out);
        for (String page : written) sources.put(page, root.resolve(Redirects.FILE));
        return written.size();
    }

    private void searchIndex() throws IOException {
        search.append("];\n");
        Files.createDirectories(out.resolve("assets"));
        Files.writeString(out.resolve("assets/search-index.js"), search);
    }

    private void addSearch(String entry) {
        if (search.charAt(search.length() - 1) != '[') search.append(',');
        search.append(entry);
    }

    /// A page's entry in the search index, from its content before decoration.
    private static String searchEntry(String title, String url, org.jsoup.nodes.Document content) {
        var headings = content.select("h2, h3").eachText();
        return Json.object("t", title, "u", url, "h", String.join(" · ", headings), "b", Pages.searchText(content)) + "\n";
    }

    /// A lesson page's description (its `<meta name="description">`).
    private static String description(Lesson l) {
        return "Lesson " + l.order() + " of the Java virtual threads course: " + l.title() + ".";
    }
}
