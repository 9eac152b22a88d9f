package course;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.*;
import java.util.*;
import kit.Trees;

/// Builds the whole site into a temporary folder ({@link SiteWriter} writes it), checks it, and
/// only then swaps it into site/ by renaming, so a failed build leaves the previous site as it was.
public final class Build {
    private Build() {}

    /// A finished build: what it read, how many pages it wrote, what it warned about.
    public record Result(Loaded loaded, int pages, List<String> warnings, Map<String, Long> renderMillis) {}

    /// Everything a build reads, loaded and cross-checked once; each lesson's body parsed once
    /// (on first use: recording needs none), each recording read once (by {@link Recordings}).
    public record Loaded(Path root, Catalog catalog, List<Lesson> lessons, Map<String, Lesson.DeclaredRun> runs,
                         List<Exercises.Exercise> exercises, Recordings recordings, Bodies bodies, List<SitePage> pages,
                         ProgramTexts programs, Map<String, TerminalRun.Plan> plans, List<WrongFixes.WrongFix> wrongFixes) {
        /// How run `id` is started and shown: the one plan that record, compare, live mode and the tests use.
        public TerminalRun.Plan plan(String id) {
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
        var plans = new LinkedHashMap<String, TerminalRun.Plan>();
        for (Lesson l : lessons) {
            if (l.program() != null) catalog.get(l.program(), l.file(), 2);
            for (Lesson.DeclaredRun r : l.runs()) {
                catalog.get(r.alias(), r.lesson(), r.line());
                plans.put(r.id(), TerminalRun.plan(root, catalog, programs, r)); // refuses preview: off or java-options where they mean nothing
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
            int pages = new SiteWriter(c, tmp, warnings).all(timings);
            if (strict && !warnings.isEmpty())
                throw new BuildError(null, 0, "stale recordings or claims that do not hold (the test build allows none):\n  "
                        + String.join("\n  ", warnings));
            swap(tmp, site);
            return new Result(c, pages, warnings, timings);
        } finally {
            Trees.delete(tmp);
        }
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
