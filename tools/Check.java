///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES check/CheckOne.java check/CourseList.java check/ExerciseRuns.java check/Hints.java check/Lessons.java check/Outcome.java check/Reset.java check/Watch.java
//SOURCES course/Exercises.java course/Guide.java course/HintsFile.java course/YourPart.java course/Sources.java course/LessonFile.java course/Slug.java course/BuildError.java course/Course.java course/Preview.java
//SOURCES kit/Hash.java kit/Javac.java kit/Nearest.java kit/Processes.java kit/Root.java kit/SourceRuns.java kit/Trees.java

import check.CheckOne;
import check.CourseList;
import check.ExerciseRuns;
import check.Hints;
import check.Lessons;
import check.Reset;
import check.Watch;
import course.BuildError;
import course.Course;
import course.Exercises;
import course.Exercises.Exercise;

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
///
/// This file is the command line: it reads the arguments, says what is wrong with them, and
/// hands each job to its class in tools/check/ (package `check`): CourseList (`check`),
/// CheckOne (`check NAME`), Watch, Hints and Reset; ExerciseRuns runs an exercise or reads the
/// verdict kept from its last run, and Outcome judges what the run printed.

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
final ExerciseRuns runs = new ExerciseRuns(root, timeoutSeconds);
final int parallel = (int) Math.max(1, setting("check.parallel", "CHECK_PARALLEL",
        Math.min(4, Runtime.getRuntime().availableProcessors())));
final Lessons lessons = new Lessons(root);
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
    var one = new CheckOne(runs, lessons, fresh);
    if (watch) return words.isEmpty() ? new Watch(exercises, runs, lessons, one, pollMillis, fresh).watch() : usage("--watch takes no name");
    if (hint) {
        if (words.isEmpty() || words.size() > 2) return usage("--hint takes a name and an optional number");
        Exercise e = find(words.get(0));
        if (e == null) return unknown(words.get(0));
        if (words.size() == 1) return Hints.show(root, e, 0);
        int asked;
        try {
            asked = Integer.parseInt(words.get(1));
        } catch (NumberFormatException x) {
            return usage("hint number must be a number, not " + words.get(1));
        }
        if (asked < 0 || asked > e.hints().size()) return usage(e.name() + " has hints 1 to " + e.hints().size());
        return Hints.show(root, e, asked);
    }
    if (reset) {
        if (all != words.isEmpty() || words.size() > 1) return usage("--reset takes one name, or all");
        if (all) return new Reset(root).reset(exercises, yes);
        Exercise e = find(words.get(0));
        return e == null ? unknown(words.get(0)) : new Reset(root).reset(List.of(e), yes);
    }
    if (words.size() > 1) return usage("give one exercise name at most");
    if (words.size() == 1) {
        Exercise e = find(words.get(0));
        return e == null ? unknown(words.get(0)) : one.check(e);
    }
    return new CourseList(exercises, runs, lessons, parallel, fresh).show();
}

// ---- names, usage and settings ----

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
