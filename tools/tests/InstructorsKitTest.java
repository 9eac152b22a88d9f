package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// The instructors' kit on a tiny course (two lessons, exercise `answer`): the class plan,
/// whose minutes come from the lessons' own reading times and add up by day and by cut, and
/// which must place every lesson once; and what students will try, rendered from the
/// wrong-fix corpus.
@Quick
class InstructorsKitTest {

    final Fixture f;

    static final String PLAN = """
            ---
            title: For instructors
            ---
            ```class-plan
            day 1:
              - lesson: first
                talk: 5
                exercise: 10 in class
                cuts: [half a day]
            day 2:
              - lesson: second
                talk: 3
                exercise: 25 homework
            ```
            """;

    InstructorsKitTest(@TempDir Path tmp) throws Exception {
        f = new Fixture(tmp);
        // what each lesson leaves students able to do, and its question: the lesson's own
        f.write("lessons/01-first.md", f.read("lessons/01-first.md").replace("title: First\n",
                "title: First\nable: say hello\nask: \"What did `hello` print?\"\n"));
        f.write("lessons/02-second.md", f.read("lessons/02-second.md").replace("title: Second\n",
                "title: Second\nable: read more\nask: Why more?\n"));
    }

    Document instructors() throws Exception {
        f.build(false);
        return Jsoup.parse(f.read("site/instructors.html"));
    }

    /// The minutes a lesson's page states under its title: "About N minutes: ...".
    int statedMinutes(String page) throws Exception {
        var m = java.util.regex.Pattern.compile("About (\\d+) minutes?").matcher(Jsoup.parse(f.read("site/" + page)).text());
        assertTrue(m.find(), page + " states no time");
        return Integer.parseInt(m.group(1));
    }

    @Test
    @DisplayName("class plan: a row per lesson with its page's own minutes; each day's in-class total adds reading, talk and in-class exercises; a cut lists its lessons")
    void planAddsUp() throws Exception {
        f.write("lessons/instructors.md", PLAN);
        var d = instructors();
        var days = d.select(".class-plan ol.class-day");
        assertEquals(2, days.size(), d.toString());
        var first = days.get(0).select("> li");
        assertEquals(1, first.size());
        assertEquals("1", first.get(0).attr("value"), "numbered as the lesson is");
        int minutes = statedMinutes("first.html");
        assertEquals("First: " + minutes + " min to read and demo, 5 min talk; exercise answer, 10 min in class.",
                first.get(0).selectFirst("p.class-times").text());
        assertEquals("first.html", first.get(0).selectFirst("p.class-times a").attr("href"));
        assertEquals("Leaves them able to say hello.", first.get(0).selectFirst("p.class-able").text());
        assertEquals("To close, ask: What did <code>hello</code> print?", first.get(0).selectFirst("p.class-ask").html(), "the question is Markdown");
        var totals = d.select("p.class-day-total");
        assertEquals("The day: " + minutes + " min to read and demo, 5 min talk, 10 min of exercises in class. In class: "
                + (minutes + 5 + 10) + " min, breaks not counted.", totals.get(0).text());
        int second = statedMinutes("second.html");
        assertEquals("The day: " + second + " min to read and demo, 3 min talk, 0 min of exercises in class and 25 min of homework. In class: "
                + (second + 3) + " min, breaks not counted.", totals.get(1).text());
        assertEquals("A class of half a day", d.select(".class-plan h3").last().text());
        assertEquals("First, " + (minutes + 5 + 10) + " min with its exercise", d.selectFirst("ol.class-cut li").text());
    }

    @Test
    @DisplayName("class plan: a lesson left out, planned twice or unknown, an exercise time that is not 'N in class|homework', a lesson's own able: or ask: in the plan, or missing from the lesson, stop the build at their line")
    void planMustPlaceEveryLessonOnce() throws Exception {
        f.write("lessons/instructors.md", PLAN.replace("""
                day 2:
                  - lesson: second
                    talk: 3
                    exercise: 25 homework
                """, ""));
        var e = f.buildFails(false);
        assertTrue(e.where().endsWith("lessons/instructors.md:5"), e.toString());
        assertTrue(e.getMessage().contains("the class plan leaves out second"), e.getMessage());

        f.write("lessons/instructors.md", PLAN.replace("lesson: second", "lesson: first"));
        e = f.buildFails(false);
        assertTrue(e.where().endsWith("lessons/instructors.md:11"), e.toString());
        assertTrue(e.getMessage().contains("'first' is in the plan already, at line 6"), e.getMessage());

        f.write("lessons/instructors.md", PLAN.replace("lesson: second", "lesson: secnod"));
        e = f.buildFails(false);
        assertTrue(e.getMessage().contains("no lesson 'secnod'. Nearest: [second"), e.getMessage());

        f.write("lessons/instructors.md", PLAN.replace("25 homework", "25 at home"));
        e = f.buildFails(false);
        assertTrue(e.where().endsWith("lessons/instructors.md:13"), e.toString());
        assertTrue(e.getMessage().contains("should be minutes, then 'in class' or 'homework'"), e.getMessage());

        // what the lesson leaves students able to do, and the question, are the lesson's own
        f.write("lessons/instructors.md", PLAN.replace("    talk: 3\n", "    talk: 3\n    ask: Why more?\n"));
        e = f.buildFails(false);
        assertTrue(e.where().endsWith("lessons/instructors.md:13"), e.toString());
        assertTrue(e.getMessage().contains("'ask:' is the lesson's own: write it in the front matter of its file"), e.getMessage());
        f.write("lessons/instructors.md", PLAN);
        String second = f.read("lessons/02-second.md");
        for (String without : List.of("", "ask: \n")) {   // left out, or left blank
            f.write("lessons/02-second.md", second.replace("ask: Why more?\n", without));
            e = f.buildFails(false);
            assertTrue(e.where().endsWith("lessons/02-second.md:2"), e.toString());
            assertTrue(e.getMessage().contains("shows this lesson's 'ask:', which its front matter lacks"), e.getMessage());
        }
    }

    @Test
    @DisplayName("what students will try: every wrong fix of the corpus under its exercise, with why, the check that fails and its code")
    void wrongFixesForTrainers() throws Exception {
        f.write("tools/tests/wrong-fixes/answer.txt", """
                # the fixture's corpus
                === forty-one: off by one
                caught by: answer
                return 41;

                === the TODO left in
                caught by: answer
                return 0;
                """);
        f.write("lessons/instructors.md", "---\ntitle: For instructors\n---\n{{wrong-fixes}}\n");
        var d = instructors();
        var of = d.selectFirst("details#wrong-fixes-answer");
        assertNotNull(of, d.toString());
        assertEquals("answer (1. First): 2 mistakes", of.selectFirst("summary").text());
        var items = of.select("ol > li");
        assertEquals(2, items.size());
        assertEquals("forty-one: off by one", items.get(0).selectFirst("p").text());
        assertEquals("The checker: FAIL answer: got …", items.get(0).select("p").get(1).text());
        assertEquals("return 41;", items.get(0).selectFirst("pre.code").text());

        f.write("tools/tests/wrong-fixes/anwser.txt", "=== a fix of no exercise\ncaught by: answer\nreturn 1;\n");
        var e = f.buildFails(false);
        assertTrue(e.where().endsWith("tools/tests/wrong-fixes/anwser.txt:1"), e.toString());
        assertTrue(e.getMessage().contains("is a wrong fix of 'anwser', which is no exercise (answer)"), e.getMessage());
    }
}
