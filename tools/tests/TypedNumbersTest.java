package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import java.util.regex.*;
import java.util.stream.Stream;
import org.junit.jupiter.api.*;

/// Outside the lessons there is no `{{lesson slug}}` to keep a lesson's number right when the
/// lessons move, so nothing there types one: the catalog's descriptions, the hints and the
/// sources of programs and exercises name a lesson by its title. ProseBudgetTest holds the
/// lessons' own prose to the same rule. In tools/ no test class, test name or comment types
/// one either: a test named for a lesson's number lies after the first renumbering, so tests
/// are named for the program, exercise or feature they test.
@Quick
class TypedNumbersTest {

    static final Pattern TYPED = ProseBudgetTest.TYPED;
    static final Guide GUIDE = Guide.load(Course.ROOT);

    @Test
    @DisplayName("catalog: no alias's description types a lesson's number")
    void noNumberInTheCatalog() {
        var problems = new ArrayList<String>();
        for (var a : GUIDE.aliases().values())
            if (TYPED.matcher(a.description()).find()) problems.add(a.name() + ": " + a.description());
        assertTrue(problems.isEmpty(), "jbang-catalog.json: name the lesson by its title (Lesson 'Ten thousand waits': ...), "
                + "./jbang shows the numbers:\n  " + String.join("\n  ", problems));
    }

    static final Pattern NAMED = Pattern.compile("^Lesson '([^']+)'");

    @Test
    @DisplayName("hints, programs, exercises: no line types a lesson's number")
    void noNumberInHintsOrSources() throws IOException {
        var files = new ArrayList<Path>();
        files.add(Course.ROOT.resolve("exercises/HINTS.md"));
        for (String dir : List.of("programs", "exercises"))
            try (Stream<Path> s = Files.walk(Course.ROOT.resolve(dir))) {
                s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        assertTrue(files.size() > 20, "too few files found: " + files);
        var problems = new ArrayList<String>();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f);
            for (int i = 0; i < lines.size(); i++)
                if (TYPED.matcher(lines.get(i)).find()) problems.add(Course.relative(f) + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
        assertTrue(problems.isEmpty(), "name the lesson by its title (the lesson \"Ten thousand waits\"), not its number, "
                + "which changes when lessons move:\n  " + String.join("\n  ", problems));
    }

    /// A lesson's number, also run together with a name (a class `LessonNTest`, a folder `lessonN-`).
    static final Pattern TOOLS_TYPED = Pattern.compile("\\b[Ll]essons? ?\\d");
    /// The arguments of the annotations and calls that name a test: the names a test report shows.
    static final Pattern TEST_NAME = Pattern.compile("@DisplayName\\((.*)\\)\\s*$|@ParameterizedTest\\(name = (.*)\\)\\s*$|dynamicTest\\((\"(?:[^\"\\\\]|\\\\.)*\")");

    @Test
    @DisplayName("tools: no class name, test name or comment types a lesson's number")
    void noNumberInTheTools() throws IOException {
        var files = new ArrayList<Path>();
        try (Stream<Path> s = Files.walk(Course.ROOT.resolve("tools"))) {
            s.filter(Files::isRegularFile).filter(p -> p.toString().matches(".*\\.(java|sh|js|cjs|css|html|md)$")).sorted().forEach(files::add);
        }
        assertTrue(files.size() > 100, "too few files found: " + files.size());
        var problems = new ArrayList<String>();
        for (Path f : files) {
            String where = Course.relative(f);
            if (TOOLS_TYPED.matcher(f.getFileName().toString()).find()) problems.add(where + ": the file's name");
            List<String> lines = Files.readAllLines(f);
            // Java: its code and comments, not its string literals (what a test feeds a fixture
            // and expects back, the number {{lesson first}} renders), but the names of its tests.
            List<String> checked = f.toString().endsWith(".java") ? withoutLiterals(lines) : lines;
            for (int i = 0; i < lines.size(); i++) {
                if (TOOLS_TYPED.matcher(checked.get(i)).find()) problems.add(where + ":" + (i + 1) + ": " + lines.get(i).strip());
                else if (f.toString().endsWith(".java")) {
                    Matcher name = TEST_NAME.matcher(lines.get(i));
                    if (name.find() && TOOLS_TYPED.matcher(String.valueOf(name.group(0))).find())
                        problems.add(where + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertTrue(problems.isEmpty(), "name the test for the program, exercise or feature it tests, and a lesson by its "
                + "title or slug, not by its number, which changes when lessons move:\n  " + String.join("\n  ", problems));
    }

    @Test
    @DisplayName("tools: the check reads comments and names in Java, not what a string literal holds")
    void literalsAreNotComments() {
        var lines = List.of(
                "String a = \"lesson 1\"; // lesson 2",
                "char q = '\"'; /* lesson 3 */ String b = \"\\\" lesson 4\";",
                "String c = \"\"\"",
                "    lesson 5 \"\"",
                "    \"\"\"; class Lesson6Test {}",
                "/* lesson 7",
                "   \"lesson 8\" */");
        List<String> kept = withoutLiterals(lines);
        assertEquals(lines.size(), kept.size());
        var found = new ArrayList<String>();
        for (String line : kept) {
            Matcher m = TOOLS_TYPED.matcher(line);
            while (m.find()) found.add(m.group());
        }
        assertEquals(List.of("lesson 2", "lesson 3", "Lesson6", "lesson 7", "lesson 8"), found, String.join("\n", kept));
    }

    /// The lines with what string, text-block and char literals hold blanked out; comments and
    /// code kept, line for line.
    static List<String> withoutLiterals(List<String> lines) {
        var out = new ArrayList<String>();
        boolean block = false, textBlock = false;
        for (String line : lines) {
            var kept = new StringBuilder();
            int i = 0, n = line.length();
            while (i < n) {
                char c = line.charAt(i);
                if (block) {
                    if (line.startsWith("*/", i)) { block = false; kept.append("*/"); i += 2; }
                    else { kept.append(c); i++; }
                } else if (textBlock) {
                    if (c == '\\') i += 2;
                    else if (line.startsWith("\"\"\"", i)) { textBlock = false; kept.append("\"\"\""); i += 3; }
                    else i++;
                } else if (line.startsWith("//", i)) { kept.append(line, i, n); i = n; }
                else if (line.startsWith("/*", i)) { block = true; kept.append("/*"); i += 2; }
                else if (line.startsWith("\"\"\"", i)) { textBlock = true; kept.append("\"\"\""); i += 3; }
                else if (c == '"' || c == '\'') {
                    int j = i + 1;
                    while (j < n && line.charAt(j) != c) j += line.charAt(j) == '\\' ? 2 : 1;
                    kept.append(c).append(c);
                    i = j + 1;
                } else { kept.append(c); i++; }
            }
            out.add(kept.toString());
        }
        return out;
    }
}
