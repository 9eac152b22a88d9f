package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;

/// One recorded run, `recordings/<id>.txt`: a provenance header, then the output as printed.
/// `repeat` is null unless the run is the median of several ({@link Repeat}): then it lists them.
public record Recording(Path file, String id, String command, String program, String sha256,
                        String environment, String exit, String repeat, String output) {

    static final String OUTPUT_MARK = "# output:";

    public static Path fileFor(Path root, String id) {
        return root.resolve("recordings").resolve(id + ".txt");
    }

    /// How long the recorded run took, from its `# exit: 0 · wall 2.4 s` line; empty when the
    /// line does not say.
    public OptionalDouble wallSeconds() {
        var m = java.util.regex.Pattern.compile("wall (\\d+(?:\\.\\d+)?) s").matcher(exit);
        return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
    }

    /// The recording of a run, or a BuildError at the line that uses it.
    public static Recording load(Path root, String id, Path usedIn, int line) {
        Path file = fileFor(root, id);
        if (!Files.exists(file)) throw new BuildError(usedIn, line, "uses run '" + id + "', which has no recording ("
                + Course.relative(file) + "). Record it: ./build.sh record " + id);
        try {
            return parse(file, id, Files.readString(file));
        } catch (IOException e) {
            throw new BuildError(file, 0, e.getMessage());
        }
    }

    /// A recording's text, as stored in `file` (named in errors).
    public static Recording parse(Path file, String id, String stored) {
        String text = stored.replace("\r\n", "\n");
        var header = new HashMap<String, String>();
        int at = 0, lineNo = 0;
        while (at < text.length()) {
            int nl = text.indexOf('\n', at);
            String l = text.substring(at, nl < 0 ? text.length() : nl);
            at = nl < 0 ? text.length() : nl + 1;
            lineNo++;
            if (l.equals(OUTPUT_MARK)) break;
            if (!l.startsWith("# ") || !l.contains(": ")) throw new BuildError(file, lineNo,
                    "is not a recording header line ('# key: value'). Re-record it: ./build.sh record " + id);
            header.put(l.substring(2, l.indexOf(": ")), l.substring(l.indexOf(": ") + 2));
        }
        for (String k : List.of("run", "command", "program", "java", "exit"))
            if (!header.containsKey(k)) throw new BuildError(file, 1, "has no '# " + k + ":' header line. Re-record it: ./build.sh record " + id);
        String[] prog = header.get("program").split(" sha256=");
        return new Recording(file, header.get("run"), header.get("command"), prog[0], prog.length > 1 ? prog[1] : "",
                header.get("java"), header.get("exit"), header.get(Repeat.HEADER), text.substring(at));
    }

    /// The text of a recording of `run`, made by `plan`, that printed `output`.
    public static String text(Lesson.DeclaredRun run, Catalog.Alias alias, TerminalRun.Plan plan, TerminalRun.Output output) {
        return text(run, alias, plan, output, null);
    }

    /// The same, for the run that `repeat` (a {@link Repeat} header line, or null) chose among several.
    public static String text(Lesson.DeclaredRun run, Catalog.Alias alias, TerminalRun.Plan plan, TerminalRun.Output output, String repeat) {
        return "# run: " + run.id() + "\n"
                + "# command: " + plan.shown() + "\n"
                + "# program: " + alias.ref() + " sha256=" + kit.Hash.sha256(plan.text()) + "\n"
                + "# java: " + output.environment() + "\n"
                + "# exit: " + output.exit() + " · wall " + String.format(Locale.ROOT, "%.1f", output.seconds()) + " s\n"
                + (repeat == null ? "" : "# " + Repeat.HEADER + ": " + repeat + "\n")
                + OUTPUT_MARK + "\n" + output.text();
    }

    /// Stores a run's output as its recording; returns the file.
    public static Path write(Path root, Lesson.DeclaredRun run, Catalog.Alias alias, TerminalRun.Plan plan, TerminalRun.Output output) throws IOException {
        return write(root, run, alias, plan, output, null);
    }

    /// The same, with the `# repeat:` line of a median run.
    public static Path write(Path root, Lesson.DeclaredRun run, Catalog.Alias alias, TerminalRun.Plan plan, TerminalRun.Output output, String repeat) throws IOException {
        Path file = fileFor(root, run.id());
        Files.createDirectories(file.getParent());
        Files.writeString(file, text(run, alias, plan, output, repeat));
        return file;
    }

    /// True when the program behind it changed since it was recorded.
    public boolean isStaleFor(String programText) {
        return !sha256.equals(kit.Hash.sha256(programText));
    }
}
