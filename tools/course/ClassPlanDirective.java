package course;

import java.nio.file.Path;
import java.util.*;
import org.jsoup.nodes.Element;

/// A ```` ```class-plan ```` block: a class of several days, lesson by lesson, for instructors
/// (lessons/instructors.md). The trainer writes what only a trainer knows: the order of days,
/// the minutes of teaching beside the page's own time (the question, the room's answers, going
/// over the exercise: an estimate), the minutes an exercise takes (an estimate: nobody has
/// timed them), whether it is done in class or as homework, and which shorter classes keep the
/// lesson (`cuts`). What the lesson leaves students able to do and the question that closes it
/// are the lesson's own (its front matter's `able:` and `ask:`), shown here. The build adds
/// each lesson's reading and demo time as its page states it ({@link ReadingTime}: prose, open
/// code lines, its runs' recorded wall time), the totals of each day and of each cut. Every
/// lesson must be in the plan once, so a new lesson stops the build until it is planned.
///
/// ```yaml
/// day 1:
///   - lesson: your-first-virtual-thread
///     talk: 10                       # minutes of teaching beside the page's own time
///     exercise: 10 in class          # minutes, then "in class" or "homework"
///     cuts: [one day, half a day]    # the shorter classes that keep it
/// ```
final class ClassPlanDirective implements Directive.Fenced {

    static final Set<String> KEYS = Set.of("lesson", "talk", "exercise", "cuts");

    /// The keys a lesson's front matter holds for the plan.
    static final List<String> LESSON_KEYS = List.of("able", "ask");

    public String name() { return "class-plan"; }

    public String usage() { return "```class-plan (a fenced block of YAML)"; }

    public String notOnALine() { return "a class plan is a fenced block: a line ```class-plan, its YAML, then a line ```. See CONTRIBUTING.md"; }

    record Block(Lesson lesson, int talkMinutes, int exerciseMinutes, boolean inClass, String able, String ask, List<String> cuts) {}

    public String renderBlock(Render page, Lesson where, String body, Path file, int firstLine) {
        Build.Loaded c = page.course();
        var days = new LinkedHashMap<String, List<Block>>();
        var planned = new HashMap<String, Integer>();
        var cutOrder = new LinkedHashSet<String>();
        for (var day : Yaml.mapping(Yaml.parse(file, firstLine, body), "a class plan").entrySet()) {
            var blocks = new ArrayList<Block>();
            for (var item : Yaml.sequence(day.getValue(), "'" + day.getKey() + "'")) {
                var keys = Yaml.mapping(item, "a lesson of the plan");
                for (var k : keys.entrySet()) {
                    if (LESSON_KEYS.contains(k.getKey())) throw new BuildError(file, k.getValue().line(), "'" + k.getKey()
                            + ":' is the lesson's own: write it in the front matter of its file (lessons/NN-slug.md), not in the plan");
                    if (!KEYS.contains(k.getKey())) throw new BuildError(file, k.getValue().line(), "'" + k.getKey()
                            + "' is not a key of a class plan's lesson; use " + String.join(", ", new TreeSet<>(KEYS)));
                }
                for (String k : List.of("lesson", "talk", "exercise"))
                    if (!keys.containsKey(k)) throw new BuildError(file, item.line(), "this lesson of the plan has no '" + k + "'");
                String slug = Yaml.scalar(keys.get("lesson"), "lesson");
                Lesson l = c.lessons().stream().filter(x -> x.slug().equals(slug)).findFirst().orElseThrow(() -> new BuildError(file,
                        keys.get("lesson").line(), "no lesson '" + slug + "'. Nearest: " + kit.Nearest.to(slug, c.lessons().stream().map(Lesson::slug).toList(), 3)));
                Integer before = planned.put(slug, keys.get("lesson").line());
                if (before != null) throw new BuildError(file, keys.get("lesson").line(), "'" + slug + "' is in the plan already, at line " + before);
                String exercise = Yaml.scalar(keys.get("exercise"), "exercise");
                var m = java.util.regex.Pattern.compile("(\\d+) (in class|homework)").matcher(exercise);
                if (!m.matches()) throw new BuildError(file, keys.get("exercise").line(), "exercise: '" + exercise
                        + "' should be minutes, then 'in class' or 'homework': exercise: 15 in class");
                String talk = Yaml.scalar(keys.get("talk"), "talk");
                if (!talk.matches("\\d{1,3}")) throw new BuildError(file, keys.get("talk").line(), "talk: '" + talk
                        + "' should be the minutes of teaching beside the page's own time: talk: 10");
                var cuts = keys.containsKey("cuts") ? Yaml.scalars(keys.get("cuts"), "cuts") : List.<String>of();
                cutOrder.addAll(cuts);
                for (String k : LESSON_KEYS)
                    if ((k.equals("able") ? l.able() : l.ask()) == null) throw new BuildError(l.file(), 2, "the class plan ("
                            + Course.relative(file) + ":" + keys.get("lesson").line() + ") shows this lesson's '" + k + ":', which its front matter lacks: "
                            + (k.equals("able") ? "add able: what the lesson leaves a learner able to do" : "add ask: a question that checks it"));
                blocks.add(new Block(l, Integer.parseInt(talk), Integer.parseInt(m.group(1)), m.group(2).equals("in class"),
                        l.able(), l.ask(), cuts));
            }
            days.put(day.getKey(), blocks);
        }
        var missing = c.lessons().stream().map(Lesson::slug).filter(s -> !planned.containsKey(s)).toList();
        if (!missing.isEmpty()) throw new BuildError(file, firstLine, "the class plan leaves out " + String.join(", ", missing)
                + ": give each lesson a place in a day (or a homework)");

        Element wrap = Html.element("div").addClass("class-plan");
        for (var day : days.entrySet()) {
            wrap.appendElement("h3").text(capitalised(day.getKey()));
            // A list, not a table: six facts a lesson would not fit a phone's width as columns.
            Element list = wrap.appendElement("ol").addClass("class-day");
            int reading = 0, talking = 0, inClass = 0, homework = 0;
            for (Block b : day.getValue()) {
                int minutes = ReadingTime.of(c, b.lesson()).minutes();
                reading += minutes;
                talking += b.talkMinutes();
                if (b.inClass()) inClass += b.exerciseMinutes();
                else homework += b.exerciseMinutes();
                Element li = list.appendElement("li").attr("value", Integer.toString(b.lesson().order()));
                Element times = li.appendElement("p").addClass("class-times");
                times.appendElement("a").attr("href", b.lesson().page()).text(b.lesson().title());
                times.appendText(": " + minutes + " min to read and demo, " + b.talkMinutes() + " min talk; exercise ");
                exerciseOf(c, b.lesson()).ifPresent(name -> times.appendElement("code").text(name));
                times.appendText(", " + b.exerciseMinutes() + " min " + (b.inClass() ? "in class" : "homework") + ".");
                li.appendElement("p").addClass("class-able").appendText("Leaves them able to ").append(Render.markdownSpan(b.able())).appendText(".");
                li.appendElement("p").addClass("class-ask").appendText("To close, ask: ").append(Render.markdownSpan(b.ask()));
            }
            wrap.appendElement("p").addClass("class-day-total").text("The day: " + reading + " min to read and demo, " + talking
                    + " min talk, " + inClass + " min of exercises in class" + (homework > 0 ? " and " + homework + " min of homework" : "")
                    + ". In class: " + hours(reading + talking + inClass) + ", breaks not counted.");
        }
        for (String cut : cutOrder) {
            wrap.appendElement("h3").text("A class of " + cut);
            Element ol = wrap.appendElement("ol").addClass("class-cut");
            int total = 0;
            for (var blocks : days.values())
                for (Block b : blocks) {
                    if (!b.cuts().contains(cut)) continue;
                    int minutes = ReadingTime.of(c, b.lesson()).minutes() + b.talkMinutes() + (b.inClass() ? b.exerciseMinutes() : 0);
                    total += minutes;
                    Element li = ol.appendElement("li");
                    li.appendElement("a").attr("href", b.lesson().page()).text(b.lesson().title());
                    li.appendText(", " + minutes + " min" + (b.inClass() ? " with its exercise" : "; its exercise as homework"));
                }
            wrap.appendElement("p").addClass("class-cut-total").text("In class: " + hours(total) + ", breaks not counted.");
        }
        return Html.of(wrap);
    }

    static Optional<String> exerciseOf(Build.Loaded c, Lesson l) {
        String stem = l.file().getFileName().toString().replaceFirst("\\.md$", "");
        var names = c.exercises().stream().filter(e -> e.lessonFile().equals(stem)).map(Exercises.Exercise::name).toList();
        return names.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", names));
    }

    static String hours(int minutes) {
        return minutes < 60 ? minutes + " min" : minutes / 60 + " h " + String.format(Locale.ROOT, "%02d", minutes % 60) + " min";
    }

    static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
