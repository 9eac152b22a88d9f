package course;

import java.nio.file.Path;
import java.util.*;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.nodes.*;

/// YAML (and JSON, which is YAML) read as nodes, so every error can name its line.
final class Yaml {
    private Yaml() {}

    /// A parsed node with the file and the line (1-based) it starts on.
    record Located(Node node, Path file, int line) {}

    /// Parses text that starts at line `firstLine` of `file`.
    static Located parse(Path file, int firstLine, String text) {
        try {
            Optional<Node> node = new Compose(LoadSettings.builder().build()).composeString(text);
            if (node.isEmpty()) throw new BuildError(file, firstLine, "is empty; expected a mapping of keys to values");
            return at(node.get(), file, firstLine);
        } catch (MarkedYamlEngineException e) {
            int line = e.getProblemMark().map(m -> m.getLine()).orElse(0) + firstLine;
            throw new BuildError(file, line, "is not valid YAML/JSON: " + e.getProblem()
                    + ". Fix the syntax (indentation, quotes, brackets) at this line");
        }
    }

    static Located at(Node node, Path file, int firstLine) {
        int line = node.getStartMark().map(m -> m.getLine()).orElse(0) + firstLine;
        return new Located(node, file, line);
    }

    /// The entries of a mapping, in order.
    static LinkedHashMap<String, Located> mapping(Located where, String what) {
        if (!(where.node() instanceof MappingNode m))
            throw new BuildError(where.file(), where.line(), what + " must be a mapping (key: value lines)");
        var out = new LinkedHashMap<String, Located>();
        for (NodeTuple t : m.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode k))
                throw new BuildError(where.file(), at(t.getKeyNode(), where.file(), base(where)).line(), "keys must be plain words");
            Located v = at(t.getValueNode(), where.file(), base(where));
            if (out.put(k.getValue(), v) != null)
                throw new BuildError(where.file(), v.line(), "key '" + k.getValue() + "' appears twice in " + what);
        }
        return out;
    }

    static List<Located> sequence(Located where, String what) {
        if (!(where.node() instanceof SequenceNode s))
            throw new BuildError(where.file(), where.line(), what + " must be a list (lines starting with '- ' or [a, b])");
        return s.getValue().stream().map(n -> at(n, where.file(), base(where))).toList();
    }

    static String scalar(Located where, String what) {
        if (!(where.node() instanceof ScalarNode s))
            throw new BuildError(where.file(), where.line(), what + " must be a single value, not a list or mapping");
        return s.getValue();
    }

    static List<String> scalars(Located where, String what) {
        if (where.node() instanceof ScalarNode s) return List.of(s.getValue());
        return sequence(where, what).stream().map(l -> scalar(l, what + " item")).toList();
    }

    /// The file line of the node's document line 0.
    private static int base(Located l) {
        return l.line() - l.node().getStartMark().map(m -> m.getLine()).orElse(0);
    }
}
