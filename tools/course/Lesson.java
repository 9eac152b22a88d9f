package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import java.util.regex.*;

/// One lesson file: `lessons/NN-slug.md`, its front matter and its markdown body.
public record Lesson(Path file, int order, String slug, String title, String program,
                     List<DeclaredRun> runs, String body, int bodyLine, String able, String ask) {

    /// A run the lesson declares under `runs:` in its front matter: data only, read from the
    /// lesson (`./jbang alias args`, `java javaOptions program args`, or `wrapper java javaOptions program args`). Starting it is
    /// {@link TerminalRun}'s job (record, compare) or live mode's (`live.RunningPrograms`).
    /// `preview` is false for `preview: off`: `java program args` without the `--enable-preview`
    /// the program's `//PREVIEW` line asks for, to record what a reader sees who forgets it.
    /// `repeat` is null unless the run is recorded as the median of several ({@link Repeat}).
    /// `jdk` is the feature release a `jdk: 21` line names, or 0: the course's own JDK, the one
    /// the tools run on ({@link Jdks}).
    public record DeclaredRun(String id, String alias, List<String> args, List<String> wrapper,
                              List<String> javaOptions, boolean preview, int jdk, List<Claim> claims, Repeat repeat, Path lesson, int line) {
        /// How a reader runs it: `./jbang alias args`.
        public String command() {
            return "./jbang " + alias + (args.isEmpty() ? "" : " " + String.join(" ", args));
        }
    }

    public static final Pattern RUN_ID = Slug.PATTERN;
    /// `able:` (what the lesson leaves a learner able to do) and `ask:` (a question that checks
    /// it) are the lesson's own; the class plan of lessons/instructors.md shows them.
    static final Set<String> KEYS = Set.of("title", "program", "runs", "able", "ask");
    static final Set<String> RUN_KEYS = Set.of("id", "alias", "args", "wrapper", "java-options", "preview", "jdk", "claims", "repeat", "median");


    public String page() { return slug + ".html"; }

    /// The file's name without `.md` (`04-the-daemon-trap`): how exercises/HINTS.md names a lesson.
    public String fileStem() {
        String f = file.getFileName().toString();
        return f.substring(0, f.length() - ".md".length());
    }

    /// Every lesson in lessons/, in order; checks orders, slugs and run ids are unique.
    public static List<Lesson> loadAll(Path root) {
        Path dir = root.resolve("lessons");
        List<Path> files;
        try (var s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new BuildError(dir, 0, "cannot list lessons: " + e.getMessage());
        }
        var lessons = new ArrayList<Lesson>();
        var byOrder = new HashMap<Integer, Lesson>();
        var bySlug = new HashMap<String, Lesson>();
        var runIds = new HashMap<String, DeclaredRun>();
        for (Path f : files) {
            // The course home, and the pages that are not lessons (SitePage: no NN- prefix).
            if (f.getFileName().toString().equals("index.md") || SitePage.isPage(f.getFileName().toString())) continue;
            Lesson l = load(f);
            Lesson other = byOrder.putIfAbsent(l.order, l);
            if (other != null) throw new BuildError(f, 1, "has the same order " + l.order + " as "
                    + Course.relative(other.file) + ". Renumber one of them (the NN- prefix of the file name)");
            other = bySlug.putIfAbsent(l.slug, l);
            if (other != null) throw new BuildError(f, 1, "has the same slug '" + l.slug + "' as "
                    + Course.relative(other.file) + ". Rename one of them");
            for (DeclaredRun r : l.runs) {
                DeclaredRun dup = runIds.putIfAbsent(r.id, r);
                if (dup != null) throw new BuildError(f, r.line, "run id '" + r.id + "' is already declared at "
                        + Course.relative(dup.lesson) + ":" + dup.line + ". Run ids must be unique across lessons");
            }
            lessons.add(l);
        }
        if (lessons.isEmpty()) throw new BuildError(dir, 0, "holds no lessons (NN-slug.md files)");
        lessons.sort(Comparator.comparingInt(Lesson::order));
        return List.copyOf(lessons);
    }

    public static Lesson load(Path file) {
        Matcher name = LessonFile.NAME.matcher(file.getFileName().toString());
        if (!name.matches()) throw new BuildError(file, 0, "is not named NN-slug.md (two digits, a dash, "
                + "lower-case words joined by dashes). Rename it, e.g. 05-ten-thousand-waits.md");
        String text = Sources.read(file).replace("\r\n", "\n");
        var front = FrontMatter.read(file, text, KEYS, "title, program, able, ask and runs", "");
        var top = front.keys();
        String title = front.title(), body = front.body();
        int bodyLine = front.bodyLine();
        String program = top.containsKey("program") ? Yaml.scalar(top.get("program"), "program").strip() : null;

        var runs = new ArrayList<DeclaredRun>();
        if (top.containsKey("runs")) {
            for (var item : Yaml.sequence(top.get("runs"), "runs")) {
                var m = Yaml.mapping(item, "a run");
                for (var e : m.entrySet())
                    if (!RUN_KEYS.contains(e.getKey())) throw new BuildError(file, e.getValue().line(),
                            "unknown run key '" + e.getKey() + "'. Known keys: " + new TreeSet<>(RUN_KEYS));
                if (!m.containsKey("id") || !m.containsKey("alias"))
                    throw new BuildError(file, item.line(), "a run needs both 'id:' and 'alias:'");
                String id = Yaml.scalar(m.get("id"), "id");
                if (!RUN_ID.matcher(id).matches()) throw new BuildError(file, m.get("id").line(),
                        "run id '" + id + "' must be lower-case words joined by dashes (it names recordings/" + id + ".txt)");
                boolean preview = true;
                if (m.containsKey("preview")) {
                    if (!Yaml.scalar(m.get("preview"), "preview").strip().equals("off")) throw new BuildError(file, m.get("preview").line(),
                            "preview takes one value, off (run without --enable-preview); leave it out to run the program as it asks");
                    if (m.containsKey("wrapper")) throw new BuildError(file, m.get("preview").line(),
                            "preview: off runs plain java; it cannot be combined with a wrapper");
                    preview = false;
                }
                int jdk = m.containsKey("jdk") ? Jdks.parse(Yaml.scalar(m.get("jdk"), "jdk"), file, m.get("jdk").line()) : 0;
                if (jdk != 0 && m.containsKey("wrapper")) throw new BuildError(file, m.get("jdk").line(),
                        "jdk: runs that JDK's plain java; it cannot be combined with a wrapper");
                runs.add(new DeclaredRun(id, Yaml.scalar(m.get("alias"), "alias"),
                        m.containsKey("args") ? Yaml.scalars(m.get("args"), "args") : List.of(),
                        m.containsKey("wrapper") ? Yaml.scalars(m.get("wrapper"), "wrapper") : List.of(),
                        m.containsKey("java-options") ? Yaml.scalars(m.get("java-options"), "java-options") : List.of(),
                        preview, jdk,
                        m.containsKey("claims") ? Yaml.sequence(m.get("claims"), "claims").stream().map(c -> Claim.parse(c, file)).toList() : List.of(),
                        Repeat.parse(m.get("repeat"), m.get("median"), file, item.line()),
                        file, item.line()));
            }
        }
        return new Lesson(file, Integer.parseInt(name.group(1)), name.group(2), title, program,
                List.copyOf(runs), body, bodyLine, optional(top, "able"), optional(top, "ask"));
    }

    /// A key's text, or null when it is missing or blank.
    private static String optional(Map<String, Yaml.Located> top, String key) {
        String value = top.containsKey(key) ? Yaml.scalar(top.get(key), key).strip() : "";
        return value.isEmpty() ? null : value;
    }
}
