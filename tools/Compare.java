///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES course/*.java

import course.*;

/// `./jbang compare`: runs a lesson's run on your machine exactly as its recording was made,
/// then sets every figure the lessons quote from it beside the recorded one, and checks the
/// lesson's claims against your output. It writes nothing: recording is ./build.sh record's job.

static final String USAGE = """
        usage: compare                         list the runs you can compare
               compare RUN-ID [options]        run it and compare with its recording
               compare ALIAS [ARGS...]         the run of that alias (with those arguments)
        options: --markdown   the comparison as a Markdown block to paste into a report
                 --json       the comparison as JSON
                 --yes        also run a run that needs a wrapper (a limited user, a limit)""";

void main(String[] args) {
    if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
        IO.println(USAGE);
        return;
    }
    Path root = Course.ROOT;
    var words = new ArrayList<String>();
    var options = new HashSet<String>();
    for (String a : args) {
        if (a.startsWith("--")) options.add(a);
        else words.add(a);
    }
    options.removeAll(Set.of("--markdown", "--json", "--yes"));
    try {
        var course = Build.load(root);
        if (!options.isEmpty()) exit(2, "compare: unknown option " + options.iterator().next() + "\n" + USAGE);
        if (words.isEmpty()) {
            IO.println("Runs you can compare (./jbang compare RUN-ID):");
            for (var run : course.runs().values())
                IO.println(String.format("  %-24s %s", run.id(), course.plan(run.id()).described()));
            return;
        }
        var run = find(course, words);
        boolean json = List.of(args).contains("--json"), markdown = List.of(args).contains("--markdown");
        var plan = course.plan(run.id());
        if (!run.wrapper().isEmpty() && !List.of(args).contains("--yes")) {
            IO.println("Run " + run.id() + " was recorded under " + run.wrapper().getFirst() + ":");
            IO.println("  " + plan.shown());
            IO.println("It changes who runs the program or what it may use, so compare does not start it by itself.");
            IO.println("Read the command, then run it with: ./jbang compare " + run.id() + " --yes");
            return;
        }
        // The program's output streams as it comes; in --json and --markdown it goes to stderr,
        // so that stdout holds only what a tool or a report takes.
        PrintStream live = json || markdown ? System.err : System.out;
        String note = Jdks.note(course, run);   // first, before any figure: the JDK is not the recording's
        if (note != null) live.println(note);
        live.println("compare " + run.id() + ": " + plan.described());
        var output = TerminalRun.run(root, run, plan, live);
        var comparison = Comparison.of(course, run, plan.shown(), output.text(), output.exit(), output.environment());
        IO.print(json ? comparison.json() + "\n" : markdown ? markdown(comparison) : text(comparison, output.text()));
        String recordedExit = comparison.recorded().exit().split(" ")[0];
        if (!recordedExit.equals(Integer.toString(output.exit()))) System.exit(1);
    } catch (UnknownRun e) {
        exit(2, "compare: " + e.getMessage());
    } catch (BuildError e) {
        exit(1, "compare: " + e);
    } catch (Exception e) {
        exit(1, "compare: " + e);
    }
}

/// A run id, alias or arguments that name no recorded run.
static final class UnknownRun extends RuntimeException {
    UnknownRun(String message) { super(message); }
}

/// The declared run a reader means: a run id, or an alias with its arguments.
Lesson.DeclaredRun find(Build.Loaded course, List<String> words) {
    String first = words.getFirst();
    var rest = words.subList(1, words.size());
    if (course.runs().containsKey(first) && rest.isEmpty()) return course.runs().get(first);
    var ofAlias = course.runs().values().stream().filter(r -> r.alias().equals(first)).toList();
    if (ofAlias.isEmpty())
        throw new UnknownRun("no run or alias '" + first + "'. Runs: " + String.join(", ", course.runs().keySet()));
    // Of runs with the same arguments (one per JDK), the one recorded on the reader's JDK.
    return ofAlias.stream().filter(r -> r.args().equals(rest)).min(Comparator.comparingInt(Jdks::distance)).orElseGet(() -> {
        if (!rest.isEmpty()) throw new UnknownRun("no run of " + first + " with arguments " + String.join(" ", rest)
                + " was recorded. Recorded runs of " + first + ": "
                + String.join(", ", ofAlias.stream().map(Lesson.DeclaredRun::command).toList()));
        return ofAlias.getFirst();
    });
}

String text(Comparison c, String output) {
    var b = new StringBuilder("\n");
    if (c.exit() != 0) {
        var lines = output.lines().toList();
        b.append("The program exited with ").append(c.exit()).append(" (recorded: ").append(c.recorded().exit().split(" ")[0])
                .append("). Its last lines:\n");
        lines.subList(Math.max(0, lines.size() - 5), lines.size()).forEach(l -> b.append("  | ").append(l).append('\n'));
        b.append('\n');
    }
    if (c.rows().isEmpty()) b.append("No lesson quotes a figure from ").append(c.run().id()).append(".\n");
    else {
        b.append("Figures the lessons quote from ").append(c.run().id()).append(":\n");
        var table = new ArrayList<List<String>>();
        table.add(List.of("quoted at", "figure", "recorded", "yours", "ratio"));
        for (var r : c.rows())
            table.add(List.of(Course.relative(r.reference().file()) + ":" + r.reference().line(), Comparison.context(r.reference()),
                    r.recorded() == null ? "missing" : r.recorded(), r.yours() == null ? "missing" : r.yours(), Comparison.ratio(r.ratio())));
        b.append(columns(table));
        for (var r : c.rows())
            if (r.yours() == null) b.append("  missing: your output has no match for /").append(r.reference().regex()).append("/\n");
    }
    if (!c.claims().isEmpty()) {
        b.append("\nWhat the lesson says about this run, on your machine:\n");
        for (var cl : c.claims()) {
            b.append(cl.holds() ? "  holds          " : "  does not hold  ").append(cl.claim().says()).append('\n');
            if (!cl.holds()) {
                b.append("                 found: ").append(cl.found()).append('\n');
                if (cl.claim().otherwise() != null) b.append("                 ").append(cl.claim().otherwise()).append('\n');
            }
        }
    }
    b.append("\nRecorded on:  ").append(c.recorded().environment()).append('\n');
    b.append("Your machine: ").append(c.environment()).append('\n');
    return b.toString();
}

String markdown(Comparison c) {
    var b = new StringBuilder();
    b.append("Run `").append(c.run().id()).append("` (`").append(c.command()).append("`), exit ").append(c.exit())
            .append(", on ").append(c.environment()).append(", beside the course's recording on ")
            .append(c.recorded().environment()).append(":\n\n");
    b.append("| quoted at | figure | recorded | yours | ratio |\n|---|---|---:|---:|---:|\n");
    for (var r : c.rows())
        b.append("| ").append(Course.relative(r.reference().file())).append(':').append(r.reference().line()).append(" | ")
                .append(cell(Comparison.context(r.reference()))).append(" | ").append(r.recorded() == null ? "missing" : cell(r.recorded()))
                .append(" | ").append(r.yours() == null ? "missing" : cell(r.yours())).append(" | ").append(Comparison.ratio(r.ratio())).append(" |\n");
    if (!c.claims().isEmpty()) {
        b.append("\n| claim | on my machine |\n|---|---|\n");
        for (var cl : c.claims())
            b.append("| ").append(cell(cl.claim().says())).append(" | ").append(cl.holds() ? "holds" : "does not hold: " + cell(cl.found())).append(" |\n");
    }
    return b.toString();
}

static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
}

static String columns(List<List<String>> rows) {
    int[] width = new int[rows.getFirst().size()];
    for (var r : rows) for (int i = 0; i < r.size(); i++) width[i] = Math.max(width[i], r.get(i).length());
    var b = new StringBuilder();
    for (var r : rows) {
        for (int i = 0; i < r.size(); i++) {
            String cell = r.get(i);
            boolean numeric = i >= 2;
            b.append("  ").append(numeric ? " ".repeat(width[i] - cell.length()) + cell : cell + " ".repeat(width[i] - cell.length()));
        }
        b.append('\n');
    }
    return b.toString().replaceAll(" +\n", "\n");
}

static void exit(int code, String message) {
    System.err.println(message);
    System.exit(code);
}
