package course;

import java.nio.file.Path;
import java.util.*;

/// Every program, exercise and solution the catalog names, read from disk once when the course
/// loads ({@link Build#load}): what a page shows, what a run runs and what a recording's hash is
/// checked against all come from here, so one build opens each file once, not once per use.
public final class ProgramTexts {

    /// One alias's text. `shipped`: what a run runs (for an exercise, derived from its solution,
    /// never the student's working copy); `shown`: what the page shows (a solution without its
    /// exercise markers and the marks of the part a student changes); `sha256`: the shipped text's hash, as a recording's header gives it;
    /// `excerpt`: the shown text in open and folded parts, as the page lays it out.
    public record Text(Catalog.Alias alias, String shipped, String shown, String sha256, Excerpt excerpt) {
        /// True when it has `//DEPS` lines: JBang fetches libraries for it (the network, on its first run).
        public boolean fetches() { return Deps.in(shipped); }
    }

    private final Map<String, Text> byAlias;
    private final Map<Path, String> files;

    private ProgramTexts(Map<String, Text> byAlias, Map<Path, String> files) {
        this.byAlias = byAlias;
        this.files = files;
    }

    /// A file's text as read at load (a solution, say), or read now if no alias named it.
    public String file(Path file) {
        String text = files.get(file.toAbsolutePath().normalize());
        return text != null ? text : Sources.read(file);
    }

    /// Reads every `.java` alias of `catalog`, each file once.
    public static ProgramTexts load(Catalog catalog) {
        var files = new HashMap<Path, String>();
        var out = new LinkedHashMap<String, Text>();
        for (Catalog.Alias a : catalog.aliases().values()) {
            if (!a.ref().endsWith(".java")) continue;
            Path file = (a.isExercise() ? Sources.solutionOf(a.script()) : a.script()).toAbsolutePath().normalize();
            String text = files.computeIfAbsent(file, Sources::read);
            String shipped = a.isExercise() ? Exercises.derive(text) : text;
            String shown = a.kind() == Catalog.Alias.Kind.SOLUTION ? YourPart.unmarked(Exercises.strip(shipped)) : shipped;
            var excerpt = Excerpt.of(a.script(), shown, a.isExercise() || a.kind() == Catalog.Alias.Kind.SOLUTION);
            out.put(a.name(), new Text(a, shipped, shown, kit.Hash.sha256(shipped), excerpt));
        }
        return new ProgramTexts(Collections.unmodifiableMap(out), Map.copyOf(files));
    }

    /// The text behind `alias`; refuses an alias whose script is not a .java file.
    public Text of(Catalog.Alias alias) {
        Text t = byAlias.get(alias.name());
        if (t == null) throw new BuildError(null, 0, "alias '" + alias.name() + "' runs " + alias.ref() + ", not a .java program");
        return t;
    }
}
