///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES course/*.java

import course.*;
import java.io.*;
import java.util.concurrent.TimeUnit;

/// `./jbang rehearse`: the class, the night before. Lesson by lesson, runs every run the lessons
/// show, as its recording was made (the one plan record and compare use), and every exercise's
/// solution (which checks itself and says "Solved."), one after the other, on this machine.
/// Says for each whether it ended as recorded, how long it took beside the recorded time, and
/// which of the lesson's sentences about it do not hold here: what a trainer should know before
/// the room does. After `./jbang prepare`, run it with the network off to know the room works
/// offline. Writes nothing.
///   ./jbang rehearse          every lesson
///   ./jbang rehearse N...     lessons N (their numbers in ./jbang help)

static final String USAGE = "usage: ./jbang rehearse [N...]   N: a lesson's number (./jbang help lists them); none: every lesson";
static final long SOLUTION_LIMIT_MINUTES = 10;

int failed = 0, notes = 0, ok = 0;

void main(String[] args) {
    Path root = Course.ROOT;
    Build.Loaded course;
    try {
        course = Build.load(root);
    } catch (BuildError e) {
        System.err.println("./jbang rehearse: " + e);
        System.exit(2);
        return;
    }
    if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
        IO.println(USAGE);
        return;
    }
    var numbers = new LinkedHashSet<Integer>();
    for (String a : args) {
        if (!a.matches("\\d{1,2}") || Integer.parseInt(a) < 1 || Integer.parseInt(a) > course.lessons().size()) {
            System.err.println("./jbang rehearse: no lesson '" + a + "'\n" + USAGE);
            System.exit(2);
        }
        numbers.add(Integer.parseInt(a));
    }
    IO.println("./jbang rehearse: every run the lessons show and every exercise's solution, one after the other, on this machine");
    long start = System.nanoTime();
    var other = new ArrayList<String>();
    for (int i = 0; i < course.lessons().size(); i++) {
        Lesson lesson = course.lessons().get(i);
        if (!numbers.isEmpty() && !numbers.contains(i + 1)) continue;
        IO.println(String.format(Locale.ROOT, "%3d  %s", i + 1, lesson.title()));
        for (var run : course.runs().values()) {
            if (!run.lesson().equals(lesson.file())) continue;
            if (!run.wrapper().isEmpty()) other.add(run.id() + " (under " + run.wrapper().getFirst() + ": ./jbang compare " + run.id() + " --yes)");
            else if (Jdks.runsOn(run) != Jdks.running()) other.add(run.id() + " (on JDK " + run.jdk() + ": ./jbang compare " + run.id() + ")");
            else rehearse(course, run);
        }
        for (var e : course.exercises())
            if (e.lessonFile().equals(stem(lesson)) && course.runs().values().stream().noneMatch(r -> r.alias().equals(e.name() + "-solution")))
                solution(root, e.name() + "-solution");
    }
    IO.println(String.format(Locale.ROOT, "took %.0f s: %d as recorded, %d with a note, %d failed", (System.nanoTime() - start) / 1e9, ok, notes, failed));
    if (!other.isEmpty()) IO.println("Not run here, since they need a setup of their own: " + String.join(", ", other));
    if (failed > 0) {
        System.err.println("./jbang rehearse: " + failed + " did not end as recorded (FAILED above). Run ./jbang NAME to see one whole; "
                + "./jbang doctor says what this machine lacks, and ./jbang prepare fetches what needs the network.");
        System.exit(1);
    }
    IO.println(notes == 0 ? "The class can run every one of them here." : "The class can run every one of them here; read the notes before you show those.");
}

/// One declared run, as recorded; its output is not shown, only how it ended.
void rehearse(Build.Loaded course, Lesson.DeclaredRun run) {
    var plan = course.plan(run.id());
    TerminalRun.Output out;
    try {
        out = TerminalRun.run(course.root(), run, plan, new PrintStream(OutputStream.nullOutputStream()));
    } catch (Exception e) {
        failed++;
        IO.println(String.format(Locale.ROOT, "       FAILED  %-26s %s", run.id(), e.getMessage()));
        return;
    }
    var c = Comparison.of(course, run, plan.shown(), out.text(), out.exit(), out.environment());
    String recordedExit = c.recorded().exit().split(" ")[0];
    String took = String.format(Locale.ROOT, "%.1f s", out.seconds())
            + c.recorded().wallSeconds().stream().mapToObj(w -> String.format(Locale.ROOT, " (recorded %.1f s)", w)).findFirst().orElse("");
    var broken = c.claims().stream().filter(cl -> !cl.holds()).toList();
    if (!recordedExit.equals(Integer.toString(out.exit()))) {
        failed++;
        IO.println(String.format(Locale.ROOT, "       FAILED  %-26s exit %d, recorded %s; %s; its last lines:", run.id(), out.exit(), recordedExit, took));
        var lines = out.text().lines().toList();
        lines.subList(Math.max(0, lines.size() - 5), lines.size()).forEach(l -> IO.println("               | " + l));
    } else if (!broken.isEmpty()) {
        notes++;
        IO.println(String.format(Locale.ROOT, "       note    %-26s %s; %d of the lesson's %d sentences about it hold here:", run.id(), took,
                c.claims().size() - broken.size(), c.claims().size()));
        for (var b : broken) IO.println("               does not hold: " + b.claim().says() + " (found: " + b.found() + ")");
    } else {
        ok++;
        IO.println(String.format(Locale.ROOT, "       ok      %-26s %s%s", run.id(), took,
                c.claims().isEmpty() ? "" : c.claims().size() == 1 ? ", the lesson's sentence about it holds"
                        : ", the lesson's " + c.claims().size() + " sentences about it hold"));
    }
}

/// `./jbang NAME-solution`, which checks itself: ends with "Solved." when it passes.
void solution(Path root, String alias) {
    long t = System.nanoTime();
    try {
        Path log = Files.createTempFile("rehearse-", ".log");
        try {
            var p = new ProcessBuilder(root.resolve("jbang").toString(), alias).directory(root.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(new File("/dev/null")).start();
            boolean ended = p.waitFor(SOLUTION_LIMIT_MINUTES, TimeUnit.MINUTES);
            if (!ended) kit.Processes.stop(p, java.time.Duration.ZERO);
            String text = Files.readString(log).strip();
            String took = String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - t) / 1e9);
            if (ended && p.exitValue() == 0 && text.lines().anyMatch("Solved."::equals)) {
                ok++;
                IO.println(String.format(Locale.ROOT, "       ok      %-26s %s, Solved.", alias, took));
            } else {
                failed++;
                IO.println(String.format(Locale.ROOT, "       FAILED  %-26s %s; its last lines:", alias,
                        ended ? "exit " + p.exitValue() + ", " + took : "still running after " + SOLUTION_LIMIT_MINUTES + " minutes, stopped"));
                var lines = text.lines().toList();
                lines.subList(Math.max(0, lines.size() - 5), lines.size()).forEach(l -> IO.println("               | " + l));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    } catch (IOException | InterruptedException e) {
        failed++;
        IO.println(String.format(Locale.ROOT, "       FAILED  %-26s %s", alias, e.getMessage()));
    }
}

static String stem(Lesson l) {
    return l.file().getFileName().toString().replaceFirst("\\.md$", "");
}
