package course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.*;

/// What `./jbang` with no argument prints: the course's programs by lesson, its exercises, the
/// checker and `compare`, and where to start; and what it says to a name it does not know.
/// Read from jbang-catalog.json, the lessons and exercises/HINTS.md each time, so it never
/// lists a program that is gone. Only the JDK is used (it runs before JBang is fetched), so
/// it reads the lessons' front matter by lines, not with the generator's YAML parser; a test
/// holds it to what Lesson and Catalog read (GuideTest).
public record Guide(Map<String, Alias> aliases, List<Chapter> chapters) {

    /// An alias of jbang-catalog.json.
    public record Alias(String name, String ref, String description) {
        /// What the description says the program takes, after "Args: ", or "".
        public String args() {
            int at = description.lastIndexOf("Args: ");
            return at < 0 ? "" : description.substring(at + "Args: ".length()).strip();
        }
    }

    /// A lesson: its order and title, the aliases of the programs it shows, and its exercises.
    public record Chapter(int order, String title, List<String> programs, List<String> exercises) {}

    static final Pattern SHOWN = Pattern.compile("\\{\\{program ([a-z0-9-]+)}}");

    public static Guide load(Path root) {
        var aliases = new LinkedHashMap<String, Alias>();
        Path catalog = root.resolve("jbang-catalog.json");
        if (!(new MiniJson(Sources.read(catalog)).value() instanceof Map<?, ?> top) || !(top.get("aliases") instanceof Map<?, ?> all))
            throw new BuildError(catalog, 0, "has no \"aliases\" object");
        all.forEach((name, value) -> {
            var m = (Map<?, ?>) value;
            aliases.put((String) name, new Alias((String) name, String.valueOf(m.get("script-ref")), String.valueOf(m.get("description"))));
        });

        var exercisesOf = new HashMap<String, List<String>>();
        for (var e : Exercises.load(root)) exercisesOf.computeIfAbsent(e.lessonFile(), k -> new ArrayList<>()).add(e.name());

        var chapters = new ArrayList<Chapter>();
        List<Path> files;
        try (var s = Files.list(root.resolve("lessons"))) {
            files = s.filter(p -> LessonFile.is(p.getFileName().toString())).sorted().toList();
        } catch (IOException e) {
            throw new BuildError(root.resolve("lessons"), 0, "cannot list lessons: " + e.getMessage());
        }
        for (Path f : files) {
            String text = Sources.read(f).replace("\r\n", "\n");
            String front = front(text), body = text.substring(front.length());
            var programs = new LinkedHashSet<String>();
            String program = field(front, "program");
            if (!program.isEmpty()) programs.add(program);
            Matcher m = SHOWN.matcher(body);
            while (m.find()) programs.add(m.group(1));
            String stem = f.getFileName().toString().replaceFirst("\\.md$", "");
            chapters.add(new Chapter(Integer.parseInt(stem.substring(0, 2)), field(front, "title"), List.copyOf(programs),
                    List.copyOf(exercisesOf.getOrDefault(stem, List.of()))));
        }
        return new Guide(Collections.unmodifiableMap(aliases), List.copyOf(chapters));
    }

    /// The `title:` of a lesson's front matter, read as {@link #load} reads it, or "" when it has
    /// none or the file cannot be read. The checker names an exercise's lesson by it.
    public static String title(Path lesson) {
        try {
            return field(front(Files.readString(lesson, StandardCharsets.UTF_8).replace("\r\n", "\n")), "title");
        } catch (IOException e) {
            return "";
        }
    }

    /// A lesson's front matter, read by lines: its text up to the closing `---`, or "" without one.
    static String front(String text) {
        int end = text.indexOf("\n---\n", 4);
        return end < 0 ? "" : text.substring(0, end);
    }

    /// A top-level `key: value` line of front matter, its value unquoted ("" if there is none).
    static String field(String front, String key) {
        Matcher m = Pattern.compile("(?m)^" + key + ":[ \\t]*(.*?)[ \\t]*$").matcher(front);
        if (!m.find()) return "";
        String v = m.group(1);
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) return v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
        if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'")) return v.substring(1, v.length() - 1).replace("''", "'");
        return v.replaceFirst("\\s+#.*$", "");
    }

    /// The help `./jbang` prints with no argument: where to start comes last, where a reader
    /// whose terminal scrolled sees it.
    public String help() {
        var b = new StringBuilder();
        b.append(Course.NAME).append(": the course's programs, exercises and tools.\n\n");
        b.append("Each lesson's programs (./jbang NAME [ARGS]) and exercises (./jbang check NAME):\n");
        var listed = new HashSet<String>();
        for (Chapter c : chapters) {
            b.append(String.format(Locale.ROOT, "%4d  %s", c.order(), c.title()));
            if (!c.exercises().isEmpty()) b.append("   (exercise: ").append(String.join(", ", c.exercises())).append(')');
            b.append('\n');
            listed.addAll(c.exercises());
            for (String p : c.programs()) {
                listed.add(p);
                Alias a = aliases.get(p);
                b.append("        ./jbang ").append(p).append(a == null || a.args().isEmpty() ? "" : " " + a.args()).append('\n');
            }
        }
        var others = aliases.values().stream()
                .filter(a -> a.ref().startsWith("programs/") && !listed.contains(a.name())).map(Alias::name).toList();
        if (!others.isEmpty()) b.append("  In no lesson yet: ").append(String.join(", ", others)).append('\n');
        b.append("""

                Exercises fail until you solve them:
                  ./jbang check                 your progress, and the next exercise to solve
                  ./jbang check --watch         re-check the current exercise each time you save it
                  ./jbang check --hint NAME     one more hint; ./jbang NAME-solution runs the solution
                  ./jbang check --help          everything the checker does

                Your machine against the course's recordings:
                  ./jbang compare NAME          run a lesson's run here and set each figure the lesson
                                                quotes beside the recorded one (NAME: a run id or alias)

                A classroom:
                  ./jbang doctor                check this machine: JDK, cores, network, what is fetched
                  ./jbang prepare               fetch every library once, so the course runs offline
                  ./jbang rehearse [N...]       run every lesson's runs and solutions here, as the class will

                ./jbang alias list . describes every alias; ./jbang --help is JBang's own help.

                """);
        b.append("Start here: ./build.sh builds the course's pages; open site/index.html and read lesson ")
                .append(chapters.isEmpty() ? 1 : chapters.getFirst().order()).append(".\n");
        chapters.stream().filter(c -> !c.programs().isEmpty()).findFirst().ifPresent(c -> b.append("Then run its program, ./jbang ")
                .append(c.programs().getFirst()).append(", and see where you are with the exercises: ./jbang check\n"));
        return b.toString();
    }

    /// What `./jbang NAME` says when the course has no alias NAME.
    public String unknown(String name) {
        var near = kit.Nearest.to(name, aliases.keySet(), 3);
        return "./jbang: the course has no program or exercise called '" + name + "'.\n"
                + (near.isEmpty() ? "" : "  nearest: " + String.join(", ", near) + "\n")
                + "  ./jbang with no argument lists them all, by lesson.\n";
    }

    /// Just enough of a JSON reader for jbang-catalog.json: objects (in order), arrays,
    /// strings, and numbers, true, false and null as their text.
    static final class MiniJson {
        final String s;
        int i;

        MiniJson(String s) { this.s = s; }

        Object value() {
            skip();
            if (i >= s.length()) throw error("ends early");
            char c = s.charAt(i);
            if (c == '{') {
                var m = new LinkedHashMap<String, Object>();
                i++;
                skip();
                if (peek('}')) return m;
                do {
                    skip();
                    String k = string();
                    skip();
                    expect(':');
                    m.put(k, value());
                    skip();
                } while (peek(','));
                expect('}');
                return m;
            }
            if (c == '[') {
                var l = new ArrayList<Object>();
                i++;
                skip();
                if (peek(']')) return l;
                do { l.add(value()); skip(); } while (peek(','));
                expect(']');
                return l;
            }
            if (c == '"') return string();
            int start = i;
            while (i < s.length() && ",}] \t\r\n".indexOf(s.charAt(i)) < 0) i++;
            if (start == i) throw error("unexpected '" + c + "'");
            return s.substring(start, i);
        }

        String string() {
            expect('"');
            var b = new StringBuilder();
            while (i < s.length() && s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c != '\\') { b.append(c); continue; }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> { b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
                    default -> b.append(e);
                }
            }
            expect('"');
            return b.toString();
        }

        void skip() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }

        boolean peek(char c) {
            if (i < s.length() && s.charAt(i) == c) { i++; return true; }
            return false;
        }

        void expect(char c) {
            if (!peek(c)) throw error("expected '" + c + "'");
        }

        BuildError error(String what) {
            int line = 1;
            for (int k = 0; k < Math.min(i, s.length()); k++) if (s.charAt(k) == '\n') line++;
            return new BuildError(Path.of("jbang-catalog.json"), line, "is not valid JSON: " + what);
        }
    }
}
