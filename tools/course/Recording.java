package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;

/// One recorded run, `recordings/<id>.txt`: a provenance header, then the output as printed.
public record Recording(Path file, String id, String command, String program, String sha256,
                        String environment, String exit, String output) {

    static final String OUTPUT_MARK = "# output:";

    public static Path fileFor(Path root, String id) {
        return root.resolve("recordings").resolve(id + ".txt");
    }

    /// The recording of a run, or a BuildError at the line that uses it.
    public static Recording load(Path root, String id, Path usedIn, int line) {
        Path file = fileFor(root, id);
        if (!Files.exists(file)) throw new BuildError(usedIn, line, "uses run '" + id + "', which has no recording ("
                + Course.relative(file) + "). Record it: ./build.sh record " + id);
        String text;
        try { text = Files.readString(file).replace("\r\n", "\n"); } catch (IOException e) { throw new BuildError(file, 0, e.getMessage()); }
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
                header.get("java"), header.get("exit"), text.substring(at));
    }

    /// True when the program behind it changed since it was recorded.
    public boolean isStaleFor(String programText) {
        return !sha256.equals(Sources.sha256(programText));
    }
}
