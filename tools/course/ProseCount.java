package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.*;

/// How much a lesson asks a reader to read, counted on its prose as rendered:
///
/// - **main path**: every word of its prose outside front matter, code blocks, block
///   directives (`{{program}}`, `{{run}}`, charts, exercises) and Deeper asides; headings, list
///   items, callouts and table cells count. An inline reference counts as the words it shows
///   (`{{lesson carriers}}` is two words, "lesson" and its number; a measured figure one word).
/// - **aside**: the words inside `<details>` asides, their summary included.
/// - **sentences**: in paragraphs and list items of the main path (not in headings or table
///   cells, which are not sentences). A sentence ends at `.`, `!` or `?` before a space, or at
///   the end of its paragraph or item; `e.g.` and `i.e.` do not end one.
///
/// A word is a run of non-space characters holding a letter or a digit.
public record ProseCount(int words, int asideWords, int sentences, int sentenceWords) {

    /// The length budget of issue 22, in one place: the main path's median over the lessons and
    /// its longest, in words, and the average sentence, in words (a lesson must stay below it).
    public record Budget(int medianWords, int maxWords, int sentenceBelow) {
        /// True when one lesson is within the budget (the median is the course's, not a lesson's).
        public boolean fits(ProseCount c) { return c.words() <= maxWords && c.wordsPerSentence() < sentenceBelow; }
    }

    public static final Budget BUDGET = new Budget(1_000, 1_300, 20);

    /// Average words per sentence on the main path.
    public double wordsPerSentence() { return sentences == 0 ? 0 : (double) sentenceWords / sentences; }

    static final Pattern WORD = Pattern.compile("[^\\s]*[\\p{L}\\p{N}][^\\s]*");
    static final Pattern SENTENCE_END = Pattern.compile("(?<!\\be\\.g|\\bi\\.e)[.!?]+[)\"'”’]*(?=\\s)");

    /// Counts `body`; `lessons` resolve its `{{lesson slug}}` references.
    public static ProseCount of(Body body, List<Lesson> lessons, Path root) {
        var md = new StringBuilder();
        for (Body.Part part : body.parts()) {
            if (part instanceof Body.Prose p) md.append(plain(p, lessons, root)).append('\n');
            else md.append('\n');   // code, directives and fenced blocks: a paragraph break
        }
        Document doc = Jsoup.parseBodyFragment(Render.HTML.render(Render.PARSER.parse(md.toString())));
        int aside = 0;
        for (Element d : doc.select("details")) {
            if (d.parents().is("details")) continue;
            aside += words(d.text());
        }
        doc.select("details").remove();
        int words = words(doc.body().text());
        int sentences = 0, sentenceWords = 0;
        for (Element block : doc.select("p, li")) {
            if (block.tagName().equals("p") && block.parent() != null && block.parent().tagName().equals("li")) continue;
            String text = ownText(block);
            int w = words(text);
            if (w == 0) continue;
            sentenceWords += w;
            sentences += sentences(text);
        }
        return new ProseCount(words, aside, sentences, sentenceWords);
    }

    /// A block's text without the text of lists nested in it (they are counted as their own items).
    private static String ownText(Element block) {
        Element copy = block.clone();
        copy.select("ul, ol").remove();
        return copy.text();
    }

    static int words(String text) {
        int n = 0;
        var m = WORD.matcher(text);
        while (m.find()) n++;
        return n;
    }

    static int sentences(String text) {
        int n = 0;
        var m = SENTENCE_END.matcher(text.strip() + " ");
        int last = 0;
        while (m.find()) { n++; last = m.end(); }
        if (words(text.substring(Math.min(last, text.length()))) > 0) n++;   // a last sentence without a full stop
        return Math.max(n, 1);
    }

    /// A line of prose with its `{{` spans replaced by what a reader reads there.
    private static String plain(Body.Prose p, List<Lesson> lessons, Path root) {
        var out = new StringBuilder();
        int at = 0;
        for (Body.Inline s : p.spans()) {
            out.append(p.text(), at, s.start());
            at = s.end();
            out.append(switch (s) {
                case Body.Cited c -> c.figure().figure();
                case Body.FromCourse c -> c.reference().plain(lessons, root);
                case Body.Measured m -> "0";   // a figure counts as one word
            });
        }
        return out.append(p.text().substring(at)).toString();
    }

    /// The words table of `./build.sh words`: one row per lesson, then the course's totals.
    public static String table(Build.Loaded course) {
        var rows = new ArrayList<String>();
        rows.add(String.format(Locale.ROOT, "%-40s %6s %6s %9s %9s  %s", "lesson", "words", "aside", "sentences", "words/snt", "budget"));
        int total = 0, asides = 0, sentences = 0, sentenceWords = 0;
        var mains = new ArrayList<Integer>();
        for (Lesson l : course.lessons()) {
            ProseCount c = of(course.body(l), course.lessons(), course.root());
            rows.add(String.format(Locale.ROOT, "%-40s %6d %6d %9d %9.1f  %s", l.fileStem(), c.words(), c.asideWords(), c.sentences(), c.wordsPerSentence(),
                    BUDGET.fits(c) ? "ok" : "over"));
            total += c.words(); asides += c.asideWords(); sentences += c.sentences(); sentenceWords += c.sentenceWords();
            mains.add(c.words());
        }
        rows.add(String.format(Locale.ROOT, "%-40s %6d %6d %9d %9.1f", "all " + course.lessons().size() + " lessons", total, asides, sentences,
                sentences == 0 ? 0.0 : (double) sentenceWords / sentences));
        rows.add(String.format(Locale.ROOT, "median main path %d words (budget %d); longest %d (budget %d); a lesson's sentences average under %d words",
                median(mains), BUDGET.medianWords(), mains.stream().mapToInt(i -> i).max().orElse(0), BUDGET.maxWords(), BUDGET.sentenceBelow()));
        rows.add(String.format(Locale.ROOT, "reading time %d min at %d words a minute (main path only)",
                (total + CourseReference.WORDS_PER_MINUTE - 1) / CourseReference.WORDS_PER_MINUTE, CourseReference.WORDS_PER_MINUTE));
        return String.join("\n", rows) + "\n";
    }

    /// The median of `values` (the mean of the middle two for an even count, rounded down).
    public static int median(List<Integer> values) {
        if (values.isEmpty()) return 0;
        var sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
