package course;

import java.nio.file.*;
import java.util.*;

/// jbang-catalog.json: the alias users type, and the file it runs.
public record Catalog(Path file, Map<String, Alias> aliases) {

    /// `ref` is the script's path relative to the course root, e.g. programs/TenThousandWaits.java.
    public record Alias(String name, Path script, String ref, String description, List<String> runtimeOptions, int line) {
        /// What the alias runs, by the folder its file lies in: a course program, an exercise
        /// (the student's working copy), an exercise's solution, or anything else (a tool).
        public enum Kind { PROGRAM, EXERCISE, SOLUTION, OTHER }

        public Kind kind() {
            if (ref.startsWith("programs/")) return Kind.PROGRAM;
            if (ref.startsWith("exercises/solutions/")) return Kind.SOLUTION;
            return ref.startsWith("exercises/") ? Kind.EXERCISE : Kind.OTHER;
        }

        public boolean isExercise() { return kind() == Kind.EXERCISE; }
    }

    static final Set<String> KEYS = Set.of("script-ref", "description", "runtime-options", "arguments",
            "java-options", "sources", "dependencies", "repositories", "classpaths", "properties", "java", "main",
            "native-image", "native-options", "files", "docs", "jfr", "debug", "cds", "interactive",
            "enable-preview", "integrations", "module", "source-type", "tags");

    /// What an alias may be called: lower-case words joined by dashes.
    static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile(Slug.NAME);

    public static Catalog load(Path root) {
        Path file = root.resolve("jbang-catalog.json");
        if (!Files.exists(file)) throw new BuildError(file, 0, "is missing: it maps every alias to its program");
        String text;
        try { text = Files.readString(file); } catch (java.io.IOException e) { throw new BuildError(file, 0, e.getMessage()); }
        var top = Yaml.mapping(Yaml.parse(file, 1, text), "the catalog");
        if (!top.containsKey("aliases")) throw new BuildError(file, 1, "has no \"aliases\" object");
        var out = new LinkedHashMap<String, Alias>();
        for (var e : Yaml.mapping(top.get("aliases"), "\"aliases\"").entrySet()) {
            if (!NAME.matcher(e.getKey()).matches()) throw new BuildError(file, e.getValue().line(),
                    "alias '" + e.getKey() + "' is not lower-case words joined by dashes. Rename it, e.g. \"roll-call\"");
            var m = Yaml.mapping(e.getValue(), "alias '" + e.getKey() + "'");
            for (var k : m.entrySet())
                if (k.getKey().equals("compile-options")) throw new BuildError(file, k.getValue().line(),
                        "alias '" + e.getKey() + "' has \"compile-options\", which ./jbang's JBang never reads: its config gives every "
                        + "compile an option of its own (javac on C1, see ./jbang), and JBang then leaves an alias's out. Remove the key");
                else if (!KEYS.contains(k.getKey())) throw new BuildError(file, k.getValue().line(),
                        "alias '" + e.getKey() + "' has key \"" + k.getKey() + "\", which JBang silently ignores. "
                        + "Use one of " + new TreeSet<>(KEYS));
            if (!m.containsKey("script-ref")) throw new BuildError(file, e.getValue().line(),
                    "alias '" + e.getKey() + "' has no \"script-ref\"");
            if (!m.containsKey("description")) throw new BuildError(file, e.getValue().line(),
                    "alias '" + e.getKey() + "' has no \"description\": say in one line what it shows");
            Path script = root.resolve(Yaml.scalar(m.get("script-ref"), "script-ref")).normalize();
            if (!script.startsWith(root.normalize())) throw new BuildError(file, m.get("script-ref").line(),
                    "alias '" + e.getKey() + "' points outside the course folder. Use a path relative to the root");
            if (!Files.isRegularFile(script)) throw new BuildError(file, m.get("script-ref").line(),
                    "alias '" + e.getKey() + "' points to " + root.normalize().relativize(script) + ", which does not exist. "
                    + "Fix the path or add the program");
            out.put(e.getKey(), new Alias(e.getKey(), script, root.normalize().relativize(script).toString(), Yaml.scalar(m.get("description"), "description"),
                    m.containsKey("runtime-options") ? Yaml.scalars(m.get("runtime-options"), "runtime-options") : List.of(),
                    e.getValue().line()));
        }
        return new Catalog(file, Collections.unmodifiableMap(out));
    }

    /// The alias, or a BuildError at `where` naming the known aliases.
    public Alias get(String name, Path where, int line) {
        Alias a = aliases.get(name);
        if (a == null) throw new BuildError(where, line, "names alias '" + name + "', which jbang-catalog.json does not have. "
                + "Known aliases: " + String.join(", ", aliases.keySet()) + ". Add it to the catalog or fix the name");
        return a;
    }

    /// An exercise needs two aliases: its name for `exercises/X.java` and `NAME-solution` for
    /// `exercises/solutions/X.java`. `hints` is where the exercise is listed, for errors.
    public void requireExercise(Exercises.Exercise ex, Path hints) {
        Path root = file.toAbsolutePath().getParent();
        for (var want : List.of(Map.entry(ex.name(), ex.file()), Map.entry(ex.solutionAlias(), ex.solution()))) {
            Alias a = get(want.getKey(), hints, 0);
            Path expected = want.getValue().toAbsolutePath().normalize();
            if (!a.script().toAbsolutePath().normalize().equals(expected))
                throw new BuildError(file, a.line(), "alias '" + a.name() + "' must run " + root.relativize(expected)
                        + ", not " + a.ref() + ". The exercise's name decides its file");
        }
    }

    /// Every program and exercise file must have an alias.
    public void requireAliasesFor(Path root) {
        var refs = new HashSet<Path>();
        aliases.values().forEach(a -> refs.add(a.script()));
        for (String dir : List.of("programs", "exercises", "exercises/solutions")) {
            Path d = root.resolve(dir);
            if (!Files.isDirectory(d)) continue;
            try (var s = Files.list(d)) {
                for (Path p : s.filter(p -> p.toString().endsWith(".java")).sorted().toList())
                    if (!refs.contains(p.normalize())) throw new BuildError(p, 1, "has no alias in jbang-catalog.json. "
                            + "Add one: \"name\": { \"script-ref\": \"" + Course.relative(p) + "\", \"description\": \"...\" }");
            } catch (java.io.IOException e) {
                throw new BuildError(d, 0, e.getMessage());
            }
        }
    }
}
