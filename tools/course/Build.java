package course;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.*;
import java.util.*;
import kit.Trees;
import org.jsoup.nodes.Element;

/// Builds the whole site into a temporary folder, checks it, and only then swaps it into
/// site/ by renaming, so a failed build leaves the previous site as it was.
public final class Build {
    private Build() {}

    /// A finished build: what it read, how many pages it wrote, what it warned about.
    public record Result(Loaded loaded, int pages, List<String> warnings, Map<String, Long> renderMillis) {}

    /// Everything a build reads, loaded and cross-checked once; each lesson's body parsed once
    /// (on first use: recording needs none), each recording read once (by {@link Recordings}).
    public record Loaded(Path root, Catalog catalog, List<Lesson> lessons, Map<String, Lesson.DeclaredRun> runs,
                         List<Exercises.Exercise> exercises, Recordings recordings, Bodies bodies, List<SitePage> pages,
                         ProgramTexts programs, Map<String, RecordingRunner.Plan> plans, List<WrongFixes.WrongFix> wrongFixes) {
        /// How run `id` is started and shown: the one plan that record, compare, live mode and the tests use.
        public RecordingRunner.Plan plan(String id) {
            var p = plans.get(id);
            if (p == null) throw new BuildError(null, 0, "no lesson declares run '" + id + "'");
            return p;
        }
        /// The text behind an alias: shipped, shown, hashed ({@link ProgramTexts}).
        public ProgramTexts.Text program(Catalog.Alias alias) { return programs.of(alias); }
        /// A lesson's body, parsed.
        public Body body(Lesson l) { return bodies.lessons().get(l.file()); }
        /// A page's body (lessons/adopting.md), parsed.
        public Body body(SitePage p) { return bodies.pages().get(p.file()); }
        /// lessons/index.md, parsed; null when there is none.
        public Body index() { return bodies.index(); }
        /// The page that shows run `id`'s output with `{{run id}}`, or null when no lesson does.
        public String pageShowing(String id) { return bodies.shownOn().get(id); }
    }

    /// Every page's body, parsed and checked when the course loads (an unknown run or directive
    /// stops `./build.sh record` too), so rendering only reads the model.
    public record Bodies(Map<Path, Body> lessons, Body index, Map<Path, Body> pages, Map<String, String> shownOn) {
        static Bodies parse(Path root, List<Lesson> lessons, List<SitePage> sitePages, Set<String> runs) {
            var bodies = new HashMap<Path, Body>();
            var shownOn = new HashMap<String, String>();
            for (Lesson l : lessons) {
                Body b = Body.parse(l.file(), l.body(), l.bodyLine(), runs);
                bodies.put(l.file(), b);
                for (String r : b.placed("run")) shownOn.putIfAbsent(r, l.page());
            }
            Path index = root.resolve("lessons/index.md");
            Body indexBody = Files.exists(index) ? Body.parse(index, Sources.read(index), 1, runs) : null;
            var pages = new HashMap<Path, Body>();
            for (SitePage p : sitePages) pages.put(p.file(), p.parse(runs));
            return new Bodies(Map.copyOf(bodies), indexBody, Map.copyOf(pages), Map.copyOf(shownOn));
        }
    }

    public static Loaded load(Path root) {
        Catalog catalog = Catalog.load(root);
        catalog.requireAliasesFor(root);
        List<Lesson> lessons = Lesson.loadAll(root);
        ProgramTexts programs = ProgramTexts.load(catalog);
        var runs = new LinkedHashMap<String, Lesson.DeclaredRun>();
        var plans = new LinkedHashMap<String, RecordingRunner.Plan>();
        for (Lesson l : lessons) {
            if (l.program() != null) catalog.get(l.program(), l.file(), 2);
            for (Lesson.DeclaredRun r : l.runs()) {
                catalog.get(r.alias(), r.lesson(), r.line());
                plans.put(r.id(), RecordingRunner.plan(root, catalog, programs, r)); // refuses preview: off or java-options where they mean nothing
                runs.put(r.id(), r);
            }
        }
        Claims.validate(runs);
        var exercises = Exercises.load(root, programs::file);
        for (var ex : exercises) catalog.requireExercise(ex, root.resolve(Exercises.HINTS));
        var wrongFixes = WrongFixes.load(root);
        var names = exercises.stream().map(Exercises.Exercise::name).toList();
        for (var w : wrongFixes)
            if (!names.contains(w.exercise())) throw new BuildError(w.file(), w.line(), "is a wrong fix of '" + w.exercise()
                    + "', which is no exercise (" + String.join(", ", names) + "). Rename the file to NAME.txt of its exercise");
        var declared = Collections.unmodifiableMap(runs);
        var sitePages = SitePage.loadAll(root);
        for (SitePage p : sitePages) {
            if (Redirects.RESERVED.contains(p.name())) throw new BuildError(p.file(), 1, "is named like the site's own "
                    + p.name() + ".html page. Rename the file");
            for (Lesson l : lessons) if (l.slug().equals(p.name())) throw new BuildError(p.file(), 1, "has the name of lesson "
                    + Course.relative(l.file()) + ": both would be " + p.page() + ". Rename one of them");
        }
        var bodies = Bodies.parse(root, lessons, sitePages, declared.keySet());
        return new Loaded(root, catalog, lessons, declared, exercises, new Recordings(root, catalog, declared, programs), bodies,
                sitePages, programs, Collections.unmodifiableMap(plans), wrongFixes);
    }

    /// {@link #build}, unless nothing changed since the last build into `site` ({@link UpToDate}):
    /// then no page is written, and the result (its `loaded` null) repeats that build's pages
    /// and warnings. `always` builds anyway (and stamps what it built).
    public static Result buildIfChanged(Path root, Path site, boolean strict, boolean always, PrintStream log) throws IOException {
        String inputs = UpToDate.inputs(root, site, strict);
        var previous = always ? null : UpToDate.check(root, site, inputs);
        if (previous != null) return new Result(null, previous.pages(), previous.warnings(), Map.of());
        Result r = build(root, site, strict, log);
        UpToDate.save(root, site, inputs, r.pages(), r.warnings());
        return r;
    }

    public static Result build(Path root, Path site, boolean strict, PrintStream log) throws IOException {
        Loaded c = load(root);
        var warnings = new ArrayList<String>();
        Path tmp = site.resolveSibling(site.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        removeLeftovers(site);
        try {
            var timings = new LinkedHashMap<String, Long>();
            int pages = new Writer(c, tmp, warnings).all(timings);
            if (strict && !warnings.isEmpty())
                throw new BuildError(null, 0, "stale recordings or claims that do not hold (the test build allows none):\n  "
                        + String.join("\n  ", warnings));
            swap(tmp, site);
            return new Result(c, pages, warnings, timings);
        } finally {
            Trees.delete(tmp);
        }
    }

    /// Writes one site into `out`: one method per kind of output.
    private static final class Writer {
        final Loaded c;
        final Path root, out;
        final List<String> warnings;
        final Pages pages;
        final List<Lesson> lessons;
        /// Each page's source file, for link errors.
        final Map<String, Path> sources = new HashMap<>();
        final StringBuilder search = new StringBuilder("window.COURSE_SEARCH=[");
        /// Each page's content as written, parsed, for print.html.
        final Map<String, Pages.Part> printed = new HashMap<>();

        Writer(Loaded c, Path out, List<String> warnings) {
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
        record LessonPage(Pages.Part print, String search, String html, long millis) {}

        /// Lessons render on all cores; pages and the search index are then written in course order.
        void lessons(Map<String, Long> timings) throws IOException {
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
        static String timeLine(ReadingTime t) {
            var parts = new ArrayList<String>();
            parts.add(t.readingMinutes() + " to read");
            if (t.codeMinutes() > 0) parts.add(t.codeMinutes() + " for the code");
            if (t.runMinutes() > 0) parts.add(t.runMinutes() + " waiting for its programs");
            return Html.of(Html.element("p").addClass("lesson-time").text("About " + t.minutes() + " minutes: "
                    + String.join(", ", parts) + "; then its exercise."));
        }

        LessonPage lessonPage(int i, Set<String> placed) {
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
            var print = new Pages.Part(l.page(), doc.clone());
            String search = searchEntry(l.order() + ". " + l.title(), l.page(), doc);
            String html = pages.page(l.order() + ". " + l.title(), description(l), l.page(), doc, prev, next);
            return new LessonPage(print, search, html, (System.nanoTime() - t0) / 1_000_000);
        }

        /// A task's result; its BuildError (or other failure) is thrown here, as if it ran here.
        static <T> T done(java.util.concurrent.Future<T> f) throws IOException {
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
        void claims() {
            for (var failure : Claims.failures(c.runs(), id -> {
                Lesson.DeclaredRun run = c.runs().get(id);
                return c.recordings().get(id, run.lesson(), run.line()).output();
            })) warnings.add(failure.toString());
        }

        /// The index page: lessons/index.md, then the lessons in order.
        void index() throws IOException {
            Path indexMd = root.resolve("lessons/index.md");
            Render render = c.index() == null ? null : new Render(c, c.index());
            String intro = render != null ? render.html(null) : Html.of(Html.element("h1").text(Pages.SITE));
            String content = intro + Html.of(Html.element("h2").id("lessons").text("Lessons")) + pages.lessonList() + (render != null ? render.citedSection() : "");
            var doc = Pages.parse(content);
            printed.put("index.html", new Pages.Part("index.html", doc.clone()));
            Files.writeString(out.resolve("index.html"), pages.page(Pages.SITE, "A course on Java virtual threads in which every output is recorded from a real run.",
                    "index.html", doc, null, Pages.link("next", lessons.getFirst(), null, null)));
            sources.put("index.html", Files.exists(indexMd) ? indexMd : pages.templateFile);
        }

        /// All exercises on one page.
        void exercisesPage() throws IOException {
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
            printed.put("exercises.html", new Pages.Part("exercises.html", doc.clone()));
            String entry = searchEntry("Exercises", "exercises.html", doc);
            Files.writeString(out.resolve("exercises.html"), pages.page("Exercises", "Every exercise in the course.", "exercises.html", doc,
                    Pages.link("prev", lessons.getLast(), null, null), null));
            sources.put("exercises.html", hints);
            addSearch(entry);
        }

        /// print.html: the index, the lessons in order and the exercises, on one page to print.
        void printPage() throws IOException {
            var parts = new ArrayList<Pages.Part>();
            parts.add(printed.get("index.html"));
            for (Lesson l : lessons) parts.add(printed.get(l.page()));
            parts.add(printed.get("exercises.html"));
            Files.writeString(out.resolve(Pages.PRINT), pages.printPage(parts));
            sources.put(Pages.PRINT, pages.templateFile);
        }

        void notFound() throws IOException {
            Files.writeString(out.resolve("404.html"), pages.notFound());
            sources.put("404.html", pages.templateFile);
        }

        /// Downloadable copies of every program, exercise (as shipped) and solution (as shown).
        void downloads() throws IOException {
            for (var alias : c.catalog().aliases().values()) {
                if (alias.kind() == Catalog.Alias.Kind.OTHER) continue;
                Files.writeString(out.resolve("code").resolve(ProgramDirective.codePath(alias)), c.program(alias).shown());
            }
        }

        /// The pages that are not lessons (lessons/instructors.md, lessons/adopting.md): one each.
        int sitePages() throws IOException {
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
        int redirects() throws IOException {
            var written = Redirects.write(root, lessons, out);
            for (String page : written) sources.put(page, root.resolve(Redirects.FILE));
            return written.size();
        }

        void searchIndex() throws IOException {
            search.append("];\n");
            Files.createDirectories(out.resolve("assets"));
            Files.writeString(out.resolve("assets/search-index.js"), search);
        }

        void addSearch(String entry) {
            if (search.charAt(search.length() - 1) != '[') search.append(',');
            search.append(entry);
        }

        /// A page's entry in the search index, from its content before decoration.
        static String searchEntry(String title, String url, org.jsoup.nodes.Document content) {
            var headings = content.select("h2, h3").eachText();
            return Json.object("t", title, "u", url, "h", String.join(" · ", headings), "b", Pages.searchText(content)) + "\n";
        }
    }

    static String description(Lesson l) {
        return "Lesson " + l.order() + " of the Java virtual threads course: " + l.title() + ".";
    }

    /// `site.tmp-PID` and `site.old-PID` folders of builds that were killed (their process is gone).
    static void removeLeftovers(Path site) throws IOException {
        var name = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(site.getFileName().toString()) + "\\.(?:tmp|old)-(\\d+)");
        Path parent = site.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent)) return;
        try (var s = Files.list(parent)) {
            for (Path p : s.toList()) {
                var m = name.matcher(p.getFileName().toString());
                if (!m.matches()) continue;
                long pid = Long.parseLong(m.group(1));
                if (pid == ProcessHandle.current().pid() || !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    Trees.delete(p);
            }
        }
    }

    static void swap(Path tmp, Path site) throws IOException {
        Path old = site.resolveSibling(site.getFileName() + ".old-" + ProcessHandle.current().pid());
        if (Files.exists(site)) Files.move(site, old);
        Files.move(tmp, site);
        Trees.delete(old);
    }
}
