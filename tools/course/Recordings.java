package course;

import java.nio.file.Path;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;

/// The recordings a build reads, each read from disk once, by any number of threads; and the
/// one place that finds a number reference's figure in its recording.
public final class Recordings {

    /// A recording, and whether its program changed after it was recorded.
    record Entry(Recording recording, boolean stale) {}

    private final Path root;
    private final Catalog catalog;
    private final Map<String, Lesson.DeclaredRun> runs;
    private final ProgramTexts programs;
    private final ConcurrentHashMap<String, Entry> read = new ConcurrentHashMap<>();

    Recordings(Path root, Catalog catalog, Map<String, Lesson.DeclaredRun> runs, ProgramTexts programs) {
        this.root = root;
        this.catalog = catalog;
        this.runs = runs;
        this.programs = programs;
    }

    private Entry entry(String id, Path usedIn, int line) {
        Entry e = read.get(id);
        if (e != null) return e;
        // Outside computeIfAbsent: a missing recording's error names the line that uses it.
        Recording r = Recording.load(root, id, usedIn, line);
        Lesson.DeclaredRun run = runs.get(id);
        boolean stale = !r.sha256().equals(programs.of(catalog.get(run.alias(), run.lesson(), run.line())).sha256());
        Entry fresh = new Entry(r, stale);
        Entry before = read.putIfAbsent(id, fresh);
        return before == null ? fresh : before;
    }

    /// Run `id`'s recording, used at `usedIn:line` (named when it is missing).
    public Recording get(String id, Path usedIn, int line) {
        return entry(id, usedIn, line).recording();
    }

    /// True when the program behind run `id` changed after the run was recorded.
    public boolean isStale(String id, Path usedIn, int line) {
        return entry(id, usedIn, line).stale();
    }

    /// The figure `ref` finds in its run's recording; refuses, at the reference's line, a
    /// pattern that matches nothing.
    public String figure(Reference ref) {
        Recording rec = get(ref.runId(), ref.file(), ref.line());
        Reference.Figure found = ref.in(rec.output());
        if (!found.found()) throw new BuildError(ref.file(), ref.line(), "reference /" + ref.regex() + "/ matches nothing in "
                + Course.relative(rec.file()) + ". Fix the pattern, or re-record: ./build.sh record " + ref.runId());
        return found.value();
    }

    /// One warning for each stale recording read so far, in the order the runs are declared.
    public List<String> staleWarnings() {
        var out = new ArrayList<String>();
        for (Lesson.DeclaredRun run : runs.values()) {
            Entry e = read.get(run.id());
            if (e != null && e.stale())
                out.add(Course.relative(e.recording().file()) + ": stale: " + catalog.get(run.alias(), run.lesson(), run.line()).ref()
                        + " changed since it was recorded. Re-record it: ./build.sh record " + run.id());
        }
        return out;
    }
}
