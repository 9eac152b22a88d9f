package tests;

import static org.junit.jupiter.api.Assertions.*;

import course.*;
import java.util.*;
import org.junit.jupiter.api.*;

/// The shape every lesson shares (issue 22, CONTRIBUTING "The shape of a lesson"), on the real
/// lessons: the point before the first heading, short enough for the first screen; then the
/// program and its recorded output; "What to notice"; and at the end, in this order, one Key
/// idea, Try this, and the exercise. Deeper asides are left out of the count and the order.
@Quick
class ProseShapeTest {

    /// Words the opening may have before the first `##` heading: about one screen.
    static final int OPENING_WORDS = 200;

    static Build.Loaded course = Build.load(Course.ROOT);

    /// One thing a reader meets on the main path, in order: a heading, a callout, a directive.
    record Mark(int line, String what) {}

    /// The main path's headings, Key idea and Try this callouts and placed directives, in
    /// order, with the words of the opening; asides (`<details class="deeper">`) skipped.
    record Path(List<Mark> marks, int openingWords) {
        static Path of(Body body) {
            var marks = new ArrayList<Mark>();
            int opening = 0;
            boolean inAside = false;
            for (Body.Part p : body.parts()) {
                if (p instanceof Body.Placed placed) {
                    if (!inAside) marks.add(new Mark(p.line(), "{{" + placed.kind().name() + "}}"));
                } else if (p instanceof Body.Prose prose) {
                    int n = p.line();
                    for (String line : prose.text().split("\n", -1)) {
                        String t = line.strip();
                        if (t.startsWith("<details")) inAside = true;
                        else if (t.equals("</details>")) inAside = false;
                        else if (!inAside) {
                            if (t.startsWith("## ")) marks.add(new Mark(n, t));
                            else if (t.startsWith("> **Key idea:**")) marks.add(new Mark(n, "Key idea"));
                            else if (t.startsWith("> **Try this:**")) marks.add(new Mark(n, "Try this"));
                            else if (marks.stream().noneMatch(m -> m.what().startsWith("## ")) && !t.startsWith("<"))
                                opening += t.isEmpty() ? 0 : t.split("\\s+").length;
                        }
                        n++;
                    }
                }
            }
            return new Path(marks, opening);
        }

        int first(String what) {
            for (int i = 0; i < marks.size(); i++) if (marks.get(i).what().equals(what)) return i;
            return -1;
        }

        long count(String what) {
            return marks.stream().filter(m -> m.what().equals(what)).count();
        }
    }

    /// What is wrong with a lesson's shape, one line each; empty when it has the shape.
    static List<String> problems(Body body) {
        var path = Path.of(body);
        var out = new ArrayList<String>();
        if (path.openingWords() == 0) out.add("no opening before the first heading: say the lesson's point first");
        if (path.openingWords() > OPENING_WORDS)
            out.add("the opening has " + path.openingWords() + " words before the first heading, over " + OPENING_WORDS
                    + ": say the point in the first screen, and move the rest below a heading");
        int notice = path.first("## What to notice"), key = path.first("Key idea"), tryThis = path.first("Try this"),
                exercise = path.first("## Exercise"), run = path.first("{{run}}");
        // A lesson whose program is its exercise (the capstone) places {{exercise}} as its program,
        // and its "Exercise" section at the end points back to it.
        int placedExercise = path.first("{{exercise}}");
        boolean exerciseIsTheProgram = path.first("{{program}}") < 0 && placedExercise >= 0 && notice >= 0 && placedExercise < notice;
        int program = exerciseIsTheProgram ? placedExercise : path.first("{{program}}");
        int directive = -1;
        for (int i = Math.max(exercise, 0); i < path.marks().size() && exercise >= 0; i++)
            if (path.marks().get(i).what().equals("{{exercise}}")) { directive = i; break; }
        if (program < 0) out.add("no {{program}}");
        if (run < 0) out.add("no {{run ID}}: show the program's recorded output");
        if (notice < 0) out.add("no '## What to notice' heading");
        if (path.count("Key idea") != 1) out.add(path.count("Key idea") + " '> **Key idea:**' callouts: give it exactly one, at the end");
        if (tryThis < 0) out.add("no '> **Try this:**' callout");
        if (exercise < 0) out.add("no '## Exercise' heading");
        if (directive < 0 && !exerciseIsTheProgram) out.add("no {{exercise NAME}} after '## Exercise'");
        if (!out.isEmpty()) return out;
        if (program > notice || run > notice) out.add("'What to notice' comes before the program and its output");
        if (!(notice < key && key < tryThis && tryThis < exercise))
            out.add("the end is not in the order What to notice, Key idea, Try this, Exercise: "
                    + path.marks().stream().skip(notice).map(Mark::what).toList());
        int last = directive < 0 ? exercise : directive;
        for (Mark m : path.marks().subList(last + 1, path.marks().size()))
            if (!m.what().equals("{{exercise}}")) out.add("line " + m.line() + ": " + m.what() + " after the exercise: the exercise ends the lesson");
        return out;
    }

    /// Lessons written before the shape was set, not yet brought to it. Bring one to the shape,
    /// then delete it here: the test fails while a lesson listed here already has the shape.
    /// Never add to it.
    static final Set<String> NOT_YET_SHAPED = Set.of();

    @Test
    @DisplayName("shape: every lesson has its point first, then program, output, What to notice, and ends with Key idea, Try this, Exercise")
    void everyLessonHasTheShape() {
        var problems = new ArrayList<String>();
        for (Lesson l : course.lessons()) {
            if (NOT_YET_SHAPED.contains(l.slug())) continue;
            for (String p : problems(course.body(l))) problems.add(Course.relative(l.file()) + ": " + p);
        }
        assertTrue(problems.isEmpty(), "not in the lesson shape (CONTRIBUTING, \"The shape of a lesson\"):\n  " + String.join("\n  ", problems));
    }

    @Test
    @DisplayName("shape: every lesson listed as not yet shaped exists and still lacks the shape (the list only shrinks)")
    void notYetShapedIsNotStale() {
        for (String slug : NOT_YET_SHAPED) {
            Lesson l = course.lessons().stream().filter(x -> x.slug().equals(slug)).findFirst().orElse(null);
            assertNotNull(l, slug + " is listed in NOT_YET_SHAPED but is no lesson: remove it from the list");
            assertFalse(problems(course.body(l)).isEmpty(), slug + " now has the shape: remove it from NOT_YET_SHAPED");
        }
    }

    static Body parse(String markdown) {
        return Body.parse(java.nio.file.Path.of("t.md"), markdown, 1, Set.of("hello-run"));
    }

    @Test
    @DisplayName("shape: a lesson in the shape passes; one whose Key idea sits mid-lesson, or with a section after the exercise, is named")
    void theShapeIsChecked() throws Exception {
        String good = """
                The point, first.

                ## The program

                {{program hello}}

                {{run hello-run}}

                ## What to notice

                - something

                > **Key idea:** one thing.

                > **Try this:** run it.

                ## Exercise

                {{exercise hello}}
                """;
        assertEquals(List.of(), problems(parse(good)));
        String keyIdeaEarly = good.replace("> **Key idea:** one thing.\n", "").replace("## The program", "> **Key idea:** one thing.\n\n## The program");
        assertFalse(problems(parse(keyIdeaEarly)).isEmpty());
        String sectionAfter = good + "\n## More\n\nText.\n";
        assertTrue(problems(parse(sectionAfter)).stream().anyMatch(p -> p.contains("## More after the exercise")));
    }
}
