package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.util.*;
import java.util.regex.Pattern;
import org.junit.jupiter.api.*;

/// The length budget of issue 22 (ProseCount.BUDGET), on the real lessons: what `./build.sh
/// words` prints, enforced. Lessons written before the budget are listed in STILL_TO_SHORTEN;
/// the list may only shrink.
@Quick
class ProseBudgetTest {

    /// Lessons over the budget on the day it was set (words over the maximum, or sentences
    /// averaging 20 words or more). Shorten one, then delete it here: the test fails while a
    /// lesson listed here already fits, so this set never goes stale. Never add to it.
    static final Set<String> STILL_TO_SHORTEN = Set.of();

    static Build.Loaded course = Build.load(Course.ROOT);

    static Map<String, ProseCount> counts() {
        var out = new LinkedHashMap<String, ProseCount>();
        for (Lesson l : course.lessons()) out.put(l.fileStem(), ProseCount.of(course.body(l), course.lessons(), course.root()));
        return out;
    }

    @Test
    @DisplayName("words: every lesson not listed as still to shorten fits the budget; the median of those is within it")
    void lessonsFitTheBudget() {
        var b = ProseCount.BUDGET;
        var problems = new ArrayList<String>();
        var done = new ArrayList<Integer>();
        for (var e : counts().entrySet()) {
            if (STILL_TO_SHORTEN.contains(e.getKey())) continue;
            ProseCount c = e.getValue();
            done.add(c.words());
            if (c.words() > b.maxWords()) problems.add(e.getKey() + ": " + c.words() + " main-path words, over " + b.maxWords());
            if (c.wordsPerSentence() >= b.sentenceBelow())
                problems.add(e.getKey() + String.format(Locale.ROOT, ": sentences average %.1f words, not under %d", c.wordsPerSentence(), b.sentenceBelow()));
        }
        int median = ProseCount.median(done);
        if (median > b.medianWords()) problems.add("the median lesson has " + median + " main-path words, over " + b.medianWords());
        assertTrue(problems.isEmpty(), "over the length budget (./build.sh words shows the table; move depth into a "
                + "Deeper aside, or split the lesson):\n  " + String.join("\n  ", problems));
    }

    @Test
    @DisplayName("words: every lesson listed as still to shorten exists and is still over the budget (the list only shrinks)")
    void stillToShortenIsNotStale() {
        var counts = counts();
        for (String stem : STILL_TO_SHORTEN) {
            assertTrue(counts.containsKey(stem), stem + " is listed in STILL_TO_SHORTEN but is no lesson: remove it from the list");
            assertFalse(ProseCount.BUDGET.fits(counts.get(stem)), stem + " now fits the budget: remove it from STILL_TO_SHORTEN");
        }
    }

    static final Pattern TYPED = Pattern.compile("\\b[Ll]essons? \\d");

    @Test
    @DisplayName("lessons: no prose types a lesson's number; {{lesson slug}} keeps it right when lessons move")
    void noTypedLessonNumbers() {
        var problems = new ArrayList<String>();
        var bodies = new ArrayList<Body>();
        for (Lesson l : course.lessons()) bodies.add(course.body(l));
        if (course.index() != null) bodies.add(course.index());
        for (Body b : bodies)
            for (Body.Part p : b.parts())
                if (p instanceof Body.Prose prose && TYPED.matcher(prose.text().replaceAll("`[^`]*`", "")).find())
                    problems.add(Course.relative(b.file()) + ":" + p.line() + ": " + prose.text().strip());
        assertTrue(problems.isEmpty(), "write {{lesson slug}}, {{Lesson slug}} or {{lesson-number slug}} instead:\n  " + String.join("\n  ", problems));
    }

    /// A lesson number in tools/ lies as soon as lessons move: tests, classes and comments name
    /// the program, exercise or slug instead. Text in quotes (a fixture course, an expected output,
    /// an example in a comment) may carry one.
    @Test
    @DisplayName("tools: no class, test name or comment carries a lesson number")
    void noLessonNumbersInTools() throws java.io.IOException {
        var number = java.util.regex.Pattern.compile("\\b[Ll]essons? \\d+(?:-\\d+)?\\b|Lesson\\d+");
        var problems = new ArrayList<String>();
        try (var files = java.nio.file.Files.walk(Proc.ROOT.resolve("tools"))) {
            for (var file : files.filter(f -> f.toString().matches(".*\\.(java|sh|js|txt)$") && !f.toString().contains("node_modules")).sorted().toList()) {
                var lines = java.nio.file.Files.readAllLines(file);
                boolean textBlock = false;   // a Java text block is quoted text too
                for (int i = 0; i < lines.size(); i++) {
                    boolean wasInBlock = textBlock;
                    if ((lines.get(i).split("\"\"\"", -1).length - 1) % 2 == 1) textBlock = !textBlock;
                    if (wasInBlock || textBlock) continue;
                    String unquoted = lines.get(i).replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"").replaceAll("'[^']*'", "''");
                    if (number.matcher(unquoted).find()) problems.add(Course.relative(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertTrue(problems.isEmpty(), "name the program, exercise or lesson slug instead:\n  " + String.join("\n  ", problems));
    }
}
