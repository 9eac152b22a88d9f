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
/// lessons' own prose to the same rule.
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
}
