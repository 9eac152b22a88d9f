///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES course/Exercises.java course/HintsFile.java course/YourPart.java course/Sources.java course/LessonFile.java course/Slug.java course/BuildError.java course/Course.java course/Preview.java
//SOURCES kit/Hash.java kit/Javac.java kit/Nearest.java kit/Processes.java kit/Root.java kit/SourceRuns.java kit/Trees.java

import course.BuildError;
import course.Course;
import course.Exercises;
import course.Exercises.Exercise;
import course.LessonFile;
import course.YourPart;
import java.nio.file.attribute.FileTime;
import kit.Hash;
import kit.SourceRuns;
import kit.SourceRuns.JdkFlags;
import kit.SourceRuns.Ran;

import static kit.SourceRuns.readOrNull;

/// The exercise checker. Runs each exercise as the student left it (exercises/X.java, with
/// this JDK) and reads its verdict. Needs only JDK 25 and the repository; its state lives in
/// .cache/ (git-ignored): which hints were shown (.cache/check-hints/), and each exercise
/// compiled once plus its last verdict (.cache/check/, kept by kit.SourceRuns while the
/// exercise's text, the JDK and the checker's own sources are unchanged; the output says so).
///
/// Settings: CHECK_POLL_MS (or -Dcheck.poll.ms, or --poll MS) is how often watch mode reads the
/// file it watches, 100 ms by default: it compares the text, so it needs no file events and no
/// time stamps (a container's bind mount, WSL and network drives deliver neither reliably); CHECK_TIMEOUT_SECONDS (or -Dcheck.timeout.seconds) ends a run that hangs, 30 s;
/// CHECK_PARALLEL (or -Dcheck.parallel) is how many exercises `check` runs at once, one per
/// core up to 4.
///
/// An exercise prints one line per check it makes, `ok   what` or `FAIL what: got ..., expected
/// ...`, then its verdict; `check` counts those lines (2/3 checks) and lists the exercises under
/// their lessons. For the capstone (`- capstone:` in exercises/HINTS.md) `check` also lists its checks
/// one by one, since a student converts its properties one at a time.

static final String USAGE = """
        usage: check                      run every exercise, show progress and what to do next
               check NAME                 run one exercise; once it passes, says where the
                                          course's solution is, to compare with yours
               check --fresh [NAME]       the same, without results kept from the last check
               check --watch [--poll MS]  re-run the first unsolved exercise each time you save it;
                                          it reads the file every MS ms (100 by default) and
                                          compares the text, so it needs no file events: it works
                                          in a container, on WSL and on a network drive
               check --hint NAME [N]      show the next hint for NAME (or hint N); the hints shown
                                          are remembered in .cache/check-hints/
               check --reset NAME|all [--yes]
                                          restore the exercise (or every one) as shipped, forget
                                          its hints and delete its work folder,
                                          .cache/exercises/NAME/; asks first, unless --yes, and
                                          keeps a copy of each file it changes in .cache/check-reset/
        Each exercise marks the part to change, between a "// ---- your part" line and
        "// ---- end of your part ----"; the checker warns when a line outside it changed.""";

final Path root = Course.ROOT;
long pollMillis = setting("check.poll.ms", "CHECK_POLL_MS", 100);
final long timeoutSeconds = setting("check.timeout.seconds", "CHECK_TIMEOUT_SECONDS", 30);
final SourceRuns runs = new SourceRuns(root.resolve(".cache/check"), root, checkerKey(), Duration.ofSeconds(timeoutSeconds));
final int parallel = (int) Math.max(1, setting("check.parallel", "CHECK_PARALLEL",
        Math.min(4, Runtime.getRuntime().availableProcessors())));
List<Exercise> exercises;
boolean fresh;                                    // --fresh: ignore kept verdicts

void main(String[] args) {
    int code;
    try {
        exercises = Exercises.load(root);
        code = run(List.of(args));
    } catch (BuildError e) {
        System.err.println("check: " + e);
        code = 2;
    }
    System.exit(code);
}

int run(List<String> args) {
    var words = new ArrayList<String>();
    boolean watch = false, hint = false, reset = false, all = false, yes = false;
    Long poll = null;
    for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        switch (a) {
            case "--poll" -> {
                if (i + 1 >= args.size()) return usage("--poll takes a number of milliseconds");
                try {
                    poll = Long.parseLong(args.get(++i));
                } catch (NumberFormatException x) {
                    return usage("--poll takes a number of milliseconds, not " + args.get(i));
                }
                if (poll < 1) return usage("--poll takes a number of milliseconds, at least 1");
            }
            case "--watch" -> watch = true;
            case "--hint" -> hint = true;
            case "--reset" -> reset = true;
            case "--all" -> all = true;
            case "--fresh" -> fresh = true;
            case "--yes", "-y" -> yes = true;
            case "--help", "-h" -> {
                IO.println(USAGE);
                return 0;
            }
            default -> {
                if (a.startsWith("-")) return usage("unknown option " + a);
                words.add(a);
            }
        }
    }
    if ((watch ? 1 : 0) + (hint ? 1 : 0) + (reset ? 1 : 0) > 1) return usage("choose one of --watch, --hint, --reset");
    if (all && !reset) return usage("--all goes with --reset");
    if (poll != null && !watch) return usage("--poll goes with --watch");
    if (poll != null) pollMillis = poll;
    if (reset && words.equals(List.of("all")) && find("all") == null) {   // --reset all: the same as --reset --all
        all = true;
        words.clear();
    }
    if (yes && !reset) return usage("--yes goes with --reset");
    if (fresh && (hint || reset)) return usage("--fresh goes with check, check NAME and --watch");
    if (watch) return words.isEmpty() ? watch() : usage("--watch takes no name");
    if (hint) {
        if (words.isEmpty() || words.size() > 2) return usage("--hint takes a name and an optional number");
        Exercise e = find(words.get(0));
        if (e == null) return unknown(words.get(0));
        if (words.size() == 1) return hint(e, 0);
        try {
            return hint(e, Integer.parseInt(words.get(1)));
        } catch (NumberFormatException x) {
            return usage("hint number must be a number, not " + words.get(1));
        }
    }
    if (reset) {
        if (all != words.isEmpty() || words.size() > 1) return usage("--reset takes one name, or all");
        if (all) return reset(exercises, yes);
        Exercise e = find(words.get(0));
        return e == null ? unknown(words.get(0)) : reset(List.of(e), yes);
    }
    if (words.size() > 1) return usage("give one exercise name at most");
    if (words.size() == 1) {
        Exercise e = find(words.get(0));
        return e == null ? unknown(words.get(0)) : checkOne(e);
    }
    return checkAll();
}

// ---- check, check NAME ----

int checkAll() {
    IO.println("Checking " + exercises.size() + " exercises, in course order.");
    Exercise next = null;
    Outcome nextOutcome = null;
    int solved = 0, kept = 0;
    // What must run (changed since the last check) runs `parallel` at a time, the file saved
    // last first: its verdict is printed as soon as it is known, before the others finish.
    var outcomes = new ArrayList<Future<Outcome>>();
    var toRun = new ArrayList<Exercise>();
    for (Exercise e : exercises) {
        Outcome o = fresh ? null : keptOutcome(e);
        outcomes.add(o == null ? null : CompletableFuture.completedFuture(o));
        if (o == null) toRun.add(e);
    }
    toRun.sort(Comparator.comparing((Exercise e) -> modified(e.file())).reversed());
    // Running them all (the first check, or --fresh) takes a while: say so, not a silent wait.
    if (toRun.size() > 1)
        IO.println("Running " + toRun.size() + " of them, " + Math.min(parallel, toRun.size()) + " at a time"
                + (toRun.size() < exercises.size() ? " (changed since the last check)" : "") + "...");
    var pool = Executors.newFixedThreadPool(parallel);
    var started = new HashMap<Exercise, Future<Outcome>>();
    for (Exercise e : toRun) started.put(e, pool.submit(() -> runExercise(e)));
    pool.shutdown();
    for (int i = 0; i < exercises.size(); i++)
        if (outcomes.get(i) == null) outcomes.set(i, started.get(exercises.get(i)));
    if (toRun.size() > 1 && toRun.size() < exercises.size() && exercises.indexOf(toRun.getFirst()) > 0) {
        Exercise last = toRun.getFirst();
        Outcome o = outcome(started.get(last));
        IO.println("The one you saved last: " + last.name() + ": " + (o.solved() ? "solved." : o.failure()));
    }
    int width = exercises.stream().mapToInt(e -> e.name().length()).max().orElse(0);
    String lesson = null;
    for (int i = 0; i < exercises.size(); i++) {
        Exercise e = exercises.get(i);
        Outcome o = outcome(outcomes.get(i));
        if (o.kept()) kept++;
        if (!e.lessonFile().equals(lesson)) {
            lesson = e.lessonFile();
            IO.println("Lesson " + lessonOf(e));
        }
        IO.println(summary(e, o, width));
        if (o.solved()) {
            solved++;
        } else if (next == null) {
            next = e;
            nextOutcome = o;
        }
    }
    IO.println();
    IO.println(solved + " of " + exercises.size() + " solved.");
    if (kept > 0)
        IO.println((kept == exercises.size() ? "All " + kept : kept + " of " + exercises.size())
                + " results are from the cache: files, JDK and checker unchanged since they ran"
                + " (./jbang check --fresh runs them again).");
    if (next == null) {
        IO.println("All exercises solved. Well done.");
        return 0;
    }
    IO.println();
    IO.println("Next: " + next.name() + ", from lesson " + lessonOf(next));
    IO.println("  " + next.practises());
    IO.println("Edit " + Course.relative(next.file()) + " until it says Solved. Right now it says:");
    IO.println(indent(nextOutcome.output()));
    warnOutsideYourPart(next);
    tellHowToGoOn(next, nextOutcome);
    IO.println("Re-run on every save: ./jbang check --watch");
    return 1;
}

/// One exercise's lines in the list: `ok   crew   6/6`, `--   race   2/3 checks: the total is
/// exact` (the first check that failed), and for the capstone unsolved, each
/// of its checks on a line of its own. A run that made no check (a compile error) says why.
String summary(Exercise e, Outcome o, int width) {
    var checks = o.checks();
    String counts = o.passed();
    String name = (o.solved() ? "  ok   " : "  --   ") + e.name();
    if (o.solved()) return counts.isEmpty() ? name : pad(name, width + 7) + " " + counts;
    String line = pad(name, width + 7) + " " + (counts.isEmpty() ? "" : counts + " checks");
    if (!e.capstone() || checks.isEmpty())
        return line + (counts.isEmpty() ? "" : ": ") + o.failure();
    // The capstone: its checks are the properties a student makes pass one by one, so each is listed.
    var b = new StringBuilder(line + (counts.isEmpty() ? "" : ", each:"));
    for (String c : checks) {
        int got = c.indexOf(": got ");
        b.append("\n       ").append(got < 0 ? c : c.substring(0, got));
    }
    return b.toString();
}

static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
}

// ---- lessons: number and title ----

final Map<String, String> titles = new HashMap<>();

/// `11, Wait or refuse: limits that still matter`: the lesson's number (its file's prefix) and
/// its `title:` from the front matter of lessons/FILE.md, or the file's name without one.
String lessonOf(Exercise e) {
    String file = e.lessonFile();
    String number = String.valueOf(LessonFile.number(file));
    return number + ", " + titles.computeIfAbsent(file, f -> {
        String title = titleOf(root.resolve("lessons").resolve(f + ".md"));
        return title == null ? f : title;
    });
}

/// The `title:` of a markdown file's front matter (plain, or quoted as YAML quotes it), or null.
static String titleOf(Path file) {
    try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line = in.readLine();
        if (line == null || !line.strip().equals("---")) return null;
        while ((line = in.readLine()) != null && !line.strip().equals("---")) {
            if (!line.startsWith("title:")) continue;
            String v = line.substring(6).strip();
            if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\""))
                v = v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
            else if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'"))
                v = v.substring(1, v.length() - 1).replace("''", "'");
            return v.isEmpty() ? null : v;
        }
    } catch (IOException x) {
        // no lesson file: its name will do
    }
    return null;
}

/// Said above a verdict read from .cache/check.
static String fromCache(Exercise e) {
    return "  (from the cache: file, JDK and checker unchanged since it last ran; ./jbang check --fresh "
            + e.name() + " runs it again)";
}

int checkOne(Exercise e) {
    IO.println(e.name() + " (lesson " + lessonOf(e) + "): " + Course.relative(e.file()));
    Outcome o = fresh ? null : keptOutcome(e);
    if (o == null) o = runExercise(e);
    else IO.println(fromCache(e));
    IO.println(indent(o.output()));
    warnOutsideYourPart(e);
    if (o.solved()) {
        offerTheSolution(e);
        return 0;
    }
    tellHowToGoOn(e, o);
    return 1;
}

/// Said once an exercise passes, never before: where the course's solution is, to compare.
void offerTheSolution(Exercise e) {
    IO.println("Solved " + e.name() + ". To compare with yours, the course's solution: " + Course.relative(e.solution())
            + " (run it: ./jbang " + e.solutionAlias() + ")");
    if (e.capstone())
        IO.println("Now that it is solved, read the capstone's discussion: the fold \"" + e.discussion()
                + "\" in lesson " + lessonOf(e) + ".");
}

/// A warning when a line outside the exercise's marked part differs from the exercise as
/// shipped: the checks live there, so an edit there can make them say what is not so.
void warnOutsideYourPart(Exercise e) {
    String now = readOrNull(e.file());
    if (now == null) return;
    int line = YourPart.firstChangeOutside(e.shipped(), now);
    if (line == 0) return;
    IO.println("Note: line " + line + " of " + Course.relative(e.file()) + " is outside your part (from \"// ---- your part\" to \"// ---- end of your part ----\")"
            + " lines) and differs from the exercise as shipped. The checks read that code too; if the change was not"
            + " meant, ./jbang check --reset " + e.name() + " restores the file and keeps a copy of yours.");
}

/// The exercise prints its own verdict and hint line; a run that could not (a compile error,
/// a crash, a hang) gets them here.
void tellHowToGoOn(Exercise e, Outcome o) {
    if (!o.saidVerdict()) {
        IO.println("Not solved yet: " + o.failure());
        IO.println("Hint: ./jbang check --hint " + e.name());
    }
}

/// `kept`: the verdict was read from .cache/check, not run now.
record Outcome(boolean solved, boolean saidVerdict, String failure, String output, boolean kept) {
    Outcome(boolean solved, boolean saidVerdict, String failure, String output) {
        this(solved, saidVerdict, failure, output, false);
    }

    /// The exercise's check lines, one per check it made: `ok   what` or `FAIL what: got ...`.
    List<String> checks() {
        return output.lines().filter(l -> l.startsWith("ok   ") || l.startsWith("FAIL ")).toList();
    }

    /// `2/4`: the checks that passed of those made, or "" for a run that made no check.
    String passed() {
        var checks = checks();
        return checks.isEmpty() ? "" : checks.stream().filter(c -> c.startsWith("ok")).count() + "/" + checks.size();
    }
}

static Outcome outcome(Future<Outcome> f) {
    try {
        return f.get();
    } catch (ExecutionException | InterruptedException x) {
        return new Outcome(false, false, "could not run it: " + x, "");
    }
}

// ---- running an exercise (kit.SourceRuns) ----

JdkFlags flagsFor(String text) {
    // a //PREVIEW line (tools/course/Preview.java): --enable-preview for javac and for java
    return course.Preview.uses(text) ? new JdkFlags(course.Preview.javacFlags(text), course.Preview.javaFlags(text)) : JdkFlags.NONE;
}

/// The verdict kept from the last run of this very text, or null.
Outcome keptOutcome(Exercise e) {
    String text = readOrNull(e.file());
    Ran kept = text == null ? null : runs.kept(e.name(), text, flagsFor(text));
    if (kept == null) return null;
    Outcome o = judge(kept.exit(), kept.output());
    return new Outcome(o.solved(), o.saidVerdict(), o.failure(), o.output(), true);
}

Outcome runExercise(Exercise e) {
    String text = readOrNull(e.file());
    if (text == null)
        return new Outcome(false, false, Course.relative(e.file()) + " is missing",
                "(no file; restore it with ./jbang check --reset " + e.name() + ")");
    Ran r = runs.run(e.name(), e.file(), text, flagsFor(text));
    return r.ended() ? judge(r.exit(), r.output())
            : new Outcome(false, false, "did not end within " + timeoutSeconds + " s", r.output());
}

/// A hash of the checker's own sources: this file and those its //SOURCES lines name.
String checkerKey() {
    String self = readOrNull(root.resolve("tools/Check.java"));
    var parts = new ArrayList<String>(List.of(String.valueOf(self)));
    if (self != null)
        self.lines().filter(l -> l.startsWith("//SOURCES ")).flatMap(l -> Arrays.stream(l.substring(10).strip().split("\\s+")))
                .forEach(f -> parts.add(readOrNull(root.resolve("tools").resolve(f))));
    return Hash.sha256(String.join("\0", parts));
}

static FileTime modified(Path file) {
    try {
        return Files.getLastModifiedTime(file);
    } catch (IOException x) {
        return FileTime.fromMillis(0);
    }
}

static Outcome judge(int exit, String out) {
    var lines = out.lines().map(String::strip).toList();
    for (String line : lines)
        if (line.startsWith("Not solved yet:"))
            return new Outcome(false, true, line.substring("Not solved yet:".length()).strip(), out);
    if (exit == 0 && lines.contains("Solved.")) return new Outcome(true, true, "", out);
    String compileError = lines.stream().filter(l -> l.contains(".java:") && l.contains(": error:")).findFirst().orElse(null);
    if (compileError != null)
        return new Outcome(false, false, "does not compile, line "
                + compileError.replaceFirst("^.*?\\.java:(\\d+): error: ", "$1: "), out);
    String crash = lines.stream().filter(l -> l.startsWith("Exception in thread")).findFirst().orElse(null);
    if (crash != null)
        return new Outcome(false, false, "crashed: " + crash.replaceFirst("^Exception in thread \"[^\"]*\" ", ""), out);
    return new Outcome(false, false, "ended (exit " + exit + ") without saying Solved.", out);
}

// ---- check --watch ----

int watch() {
    var stop = new CountDownLatch(1);
    Thread.ofPlatform().daemon().name("stdin").start(() -> {
        try (var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null)
                if (line.strip().equalsIgnoreCase("q")) break;
        } catch (IOException ignored) {
            // treated as end of input
        }
        stop.countDown();
    });
    var solvedText = new HashMap<String, String>();   // exercise -> the text last seen solved
    try {
        while (true) {
            Exercise current = null;
            Outcome outcome = null;
            String checkedText = null;                    // the text that run saw
            int solved = 0;
            for (Exercise e : exercises) {
                String text = readOrNull(e.file());
                if (text != null && text.equals(solvedText.get(e.name()))) {
                    solved++;
                    continue;
                }
                Outcome o = fresh ? null : keptOutcome(e);
                if (o == null) o = runExercise(e);
                if (o.solved()) {
                    solvedText.put(e.name(), text);
                    solved++;
                    IO.println("ok   " + e.name());
                } else {
                    current = e;
                    outcome = o;
                    checkedText = text;
                    break;
                }
            }
            if (current == null) {
                IO.println(exercises.size() + " of " + exercises.size() + " solved. All exercises solved. Well done.");
                return 0;
            }
            IO.println();
            IO.println(solved + " of " + exercises.size() + " solved. Now: " + current.name()
                    + " (lesson " + lessonOf(current) + ")");
            if (outcome.kept()) IO.println(fromCache(current));
            IO.println(indent(outcome.output()));
            warnOutsideYourPart(current);
            tellHowToGoOn(current, outcome);
            runs.warmUp();                                // javac loaded while the student edits
            String checked = checkedText;
            while (true) {
                IO.println("Watching " + Course.relative(current.file()) + ": save it to check again (q then Enter to stop).");
                String now = checked;
                while (Objects.equals(now, checked)) {
                    if (stop.await(pollMillis, TimeUnit.MILLISECONDS)) {
                        IO.println("Stopped watching.");
                        return 0;
                    }
                    now = readOrNull(current.file());
                }
                stop.await(Math.min(200, pollMillis), TimeUnit.MILLISECONDS);   // let the editor finish writing
                IO.println();
                IO.println("Saved " + Course.relative(current.file()) + ", checking it again.");
                checked = readOrNull(current.file());
                String before = outcome.passed();
                outcome = runExercise(current);
                IO.println(indent(outcome.output()));
                warnOutsideYourPart(current);
                if (!outcome.solved() && !outcome.passed().isEmpty())
                    IO.println(outcome.passed() + " checks pass" + (before.isEmpty() ? "." : " (" + before + " before this save)."));
                if (outcome.solved()) {
                    solvedText.put(current.name(), checked);
                    offerTheSolution(current);
                    break;
                }
                tellHowToGoOn(current, outcome);
            }
        }
    } catch (InterruptedException e) {
        return 1;
    }
}

// ---- check --hint ----

int hint(Exercise e, int asked) {
    List<String> hints = e.hints();
    Path state = root.resolve(".cache/check-hints").resolve(e.name());
    int shown = 0;
    try {
        if (Files.isRegularFile(state)) shown = Integer.parseInt(Files.readString(state).strip());
    } catch (IOException | NumberFormatException ignored) {
        // start again from the first hint
    }
    if (asked < 0 || asked > hints.size())
        return usage(e.name() + " has hints 1 to " + hints.size());
    int n = asked > 0 ? asked : Math.min(shown + 1, hints.size());
    IO.println("Hint " + n + " of " + hints.size() + " for " + e.name() + " (" + Course.relative(e.file()) + "):");
    IO.println();
    IO.println(indent(hints.get(n - 1)));
    IO.println();
    if (n < hints.size()) {
        IO.println("Still stuck? ./jbang check --hint " + e.name() + " shows hint " + (n + 1) + ".");
    } else {
        IO.println("That was the last hint. Once ./jbang check " + e.name()
                + " says Solved, it tells you where the course's solution is, to compare with yours.");
    }
    try {
        Files.createDirectories(state.getParent());
        Files.writeString(state, Math.max(shown, n) + "\n");
    } catch (IOException x) {
        System.err.println("check: could not remember the hint in " + Course.relative(state) + ": " + x.getMessage());
    }
    return 0;
}

// ---- check --reset ----

int reset(List<Exercise> chosen, boolean yes) {
    var changed = new ArrayList<Exercise>();
    for (Exercise e : chosen) {
        if (e.shipped().equals(readOrNull(e.file()))) {
            IO.println(Course.relative(e.file()) + " is already as shipped.");
            forgetHints(e);
        } else {
            changed.add(e);
        }
    }
    if (changed.isEmpty()) return 0;
    if (!yes) {
        IO.print("Reset " + String.join(", ", changed.stream().map(e -> Course.relative(e.file())).toList())
                + " to the text as shipped? A copy of each is kept in .cache/check-reset/. [y/N] ");
        String answer;
        try {
            answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        } catch (IOException x) {
            answer = null;
        }
        if (answer == null) IO.println();
        if (answer == null || !List.of("y", "yes").contains(answer.strip().toLowerCase(Locale.ROOT))) {
            IO.println("Nothing was reset.");
            return 1;
        }
    }
    String stamp = java.time.LocalDateTime.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString().replace(':', '-');
    for (Exercise e : changed) {
        String yours = readOrNull(e.file());
        Path kept = null;
        try {
            if (yours != null) kept = keepACopy(e, yours, stamp);
        } catch (IOException x) {
            System.err.println("check: could not keep a copy of " + Course.relative(e.file()) + ", so it is not reset: " + x.getMessage());
            return 1;
        }
        try {
            Files.createDirectories(e.file().getParent());
            Files.writeString(e.file(), e.shipped(), StandardCharsets.UTF_8);
        } catch (IOException x) {
            System.err.println("check: could not write " + Course.relative(e.file()) + ": " + x.getMessage());
            return 1;
        }
        forgetHints(e);
        IO.println("Reset " + Course.relative(e.file()) + " (and its hints count)"
                + (kept == null ? "." : "; your version is kept as " + Course.relative(kept) + "."));
    }
    return 0;
}

/// The student's text, written to .cache/check-reset/NAME/STAMP.java before a reset; a second
/// reset within the same second gets STAMP-2, and so on: no copy is ever overwritten.
Path keepACopy(Exercise e, String text, String stamp) throws IOException {
    Path dir = root.resolve(".cache/check-reset").resolve(e.name());
    Files.createDirectories(dir);
    Path copy = dir.resolve(stamp + ".java");
    for (int n = 2; Files.exists(copy); n++) copy = dir.resolve(stamp + "-" + n + ".java");
    Files.writeString(copy, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
    return copy;
}

void forgetHints(Exercise e) {
    try {
        Files.deleteIfExists(root.resolve(".cache/check-hints").resolve(e.name()));
    } catch (IOException ignored) {
        // nothing to forget
    }
    forgetWork(e);
}

/// What the exercise's runs left in its work folder, .cache/exercises/NAME/ (census keeps the
/// thread dump it reads there, for the student to open).
void forgetWork(Exercise e) {
    Path work = root.resolve(".cache/exercises").resolve(e.name());
    if (!Files.isDirectory(work)) return;
    try (var files = Files.walk(work)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    } catch (IOException x) {
        System.err.println("check: could not delete " + Course.relative(work) + ": " + x.getMessage());
    }
}

// ---- helpers ----

Exercise find(String name) {
    return exercises.stream().filter(e -> e.name().equals(name)).findFirst().orElse(null);
}

int unknown(String name) {
    var names = exercises.stream().map(Exercise::name).toList();
    System.err.println("check: no exercise named '" + name + "'. Exercises: " + String.join(", ", names));
    var near = kit.Nearest.to(name, names, 3);
    if (!near.isEmpty()) System.err.println("  nearest: " + String.join(", ", near));
    System.err.println("  ./jbang check lists them with your progress; ./jbang lists the course's programs.");
    return 2;
}

static int usage(String problem) {
    System.err.println("check: " + problem);
    System.err.println(USAGE);
    return 2;
}

static String indent(String text) {
    return text.isEmpty() ? "" : text.lines().map(l -> l.isEmpty() ? l : "  " + l).collect(Collectors.joining("\n"));
}

static long setting(String property, String env, long fallback) {
    String v = System.getProperty(property, System.getenv(env));
    if (v == null || v.isBlank()) return fallback;
    try {
        return Long.parseLong(v.strip());
    } catch (NumberFormatException e) {
        System.err.println("check: ignoring " + property + "/" + env + "=" + v + " (not a number)");
        return fallback;
    }
}
