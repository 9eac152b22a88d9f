package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;

/// `./build.sh new lesson SLUG EXERCISE`: writes the files a new lesson needs, as rustlings'
/// `dev new` does, so that a contributor fills in six files and generates the rest. The six,
/// each a working start that builds and passes the tests as written: the program, the lesson
/// (with the `able:` and `ask:` the class plan shows), the program's test, the exercise's
/// solution, its hints section and its wrong fixes. Then what is mechanical: the lesson's place
/// in the class plan (last, as homework: a trainer may move it), the program's alias and the
/// exercise's two (CatalogSync), and the shipped exercise (Exercises.derive). The recording is the contributor's first command after it
/// (`./build.sh record SLUG`): it must come from a real run. Refuses to overwrite anything.
public final class Scaffold {
    private Scaffold() {}

    /// What it wrote, relative to `root`, in the order a contributor edits them.
    public static List<String> lesson(Path root, String slug, String exercise) throws IOException {
        if (!Slug.is(slug) || !Character.isLetter(slug.charAt(0)))
            throw new BuildError(null, 0, "'" + slug + "' is not a lesson slug: lower-case words joined by dashes, starting with a letter (first-steps)");
        if (!exercise.matches(Slug.NAME))
            throw new BuildError(null, 0, "'" + exercise + "' is not an exercise name: lower-case words joined by dashes, starting with a letter (tag-along)");
        var lessons = Lesson.loadAll(root);
        for (var l : lessons)
            if (l.slug().equals(slug)) throw new BuildError(l.file(), 1, "a lesson named '" + slug + "' exists already");
        var catalog = Catalog.load(root);
        for (String alias : List.of(slug, exercise, exercise + "-solution"))
            if (catalog.aliases().containsKey(alias)) throw new BuildError(root.resolve("jbang-catalog.json"), 1, "the alias '" + alias + "' exists already: choose another name");
        int number = lessons.stream().mapToInt(l -> LessonFile.number(l.file().getFileName().toString())).max().orElse(0) + 1;
        String program = camel(slug);
        String solution = camel(exercise);
        String title = Character.toUpperCase(slug.charAt(0)) + slug.substring(1).replace('-', ' ');

        var files = new LinkedHashMap<String, String>();
        files.put("programs/" + program + ".java", program(slug));
        files.put("lessons/%02d-%s.md".formatted(number, slug), lesson(title, slug, exercise));
        files.put("tools/tests/" + program + "Test.java", test(title, program, slug));
        String solutionText = solution(exercise, verdictBlock(root));
        files.put("exercises/solutions/" + solution + ".java", solutionText);
        files.put("tools/tests/wrong-fixes/" + exercise + ".txt", WRONG_FIXES);
        files.put("exercises/" + solution + ".java", Exercises.derive(solutionText));
        for (String f : files.keySet())
            if (Files.exists(root.resolve(f))) throw new BuildError(root.resolve(f), 1, "exists already: nothing was written");

        for (var e : files.entrySet()) Files.writeString(root.resolve(e.getKey()), e.getValue());
        Path hints = root.resolve("exercises/HINTS.md");
        Files.writeString(hints, hints(exercise, slug), StandardOpenOption.APPEND);
        addAlias(root, slug, "programs/" + program + ".java", "Lesson '" + title + "': one virtual thread says hello.");
        CatalogSync.write(root);
        boolean planned = addToClassPlan(root, slug);

        var wrote = new ArrayList<>(files.keySet());
        wrote.add(5, "exercises/HINTS.md (a section appended)");
        if (planned) wrote.add(INSTRUCTORS + " (the lesson last in the class plan, as homework)");
        wrote.add("jbang-catalog.json (aliases " + slug + ", " + exercise + ", " + exercise + "-solution)");
        return wrote;
    }

    /// The instructors' page, whose class plan must give every lesson a place (ClassPlanDirective).
    static final String INSTRUCTORS = "lessons/instructors.md";

    /// Appends the lesson to the last day of the class plan, as homework; false when the course
    /// has no class plan.
    static boolean addToClassPlan(Path root, String slug) throws IOException {
        Path page = root.resolve(INSTRUCTORS);
        if (!Files.isRegularFile(page)) return false;
        String text = Sources.read(page);
        int block = text.indexOf("\n```class-plan\n");
        if (block < 0) return false;
        int end = text.indexOf("\n```\n", block + 1);
        if (end < 0) end = text.indexOf("\n```", block + 1);
        if (end < 0) throw new BuildError(page, 0, "its class plan has no closing ```: close it, then run this again");
        String entry = "\n  - lesson: " + slug
                + "\n    talk: 5"
                + "\n    exercise: 15 homework";
        Files.writeString(page, text.substring(0, end) + entry + text.substring(end));
        return true;
    }

    /// `first-steps` → `FirstSteps`.
    public static String camel(String name) {
        var out = new StringBuilder();
        for (String word : name.split("-")) out.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        return out.toString();
    }

    /// The verdict block every exercise ends with, from the first solution that has it.
    static String verdictBlock(Path root) {
        for (var e : Exercises.load(root)) {
            String text = Sources.read(e.solution());
            int at = text.indexOf("\nfinal List<String> failed = new ArrayList<>();\n");
            if (at >= 0 && text.contains("\nvoid verdict(String exercise) {")) return text.substring(at + 1);
        }
        throw new BuildError(root.resolve("exercises/solutions"), 0, "no solution ends with the verdict block to copy");
    }

    /// Inserts one alias before the exercises' aliases of the last lesson, keeping the rest as written.
    static void addAlias(Path root, String name, String ref, String description) throws IOException {
        var entries = CatalogSync.entries(root);
        entries.put(name, new CatalogSync.Entry(ref, description));
        Files.writeString(root.resolve("jbang-catalog.json"), CatalogSync.render(entries));
    }

    static String program(String slug) {
        return """
                ///usr/bin/env jbang "$0" "$@" ; exit $?
                //JAVA 25+

                // One virtual thread says hello and tells what it is.
                // (Written by ./build.sh new lesson: replace it with the program
                // that shows this lesson's idea, top-down, one idea.)

                void main(String[] args) throws InterruptedException {
                    if (args.length > 0) {
                        System.err.println("usage: %s  (no arguments)");
                        System.exit(2);
                    }
                    Runnable sayHello = () -> IO.println("hello from a virtual thread: "
                            + Thread.currentThread().isVirtual());
                    Thread hello = Thread.ofVirtual().start(sayHello);
                    hello.join();   // the JVM does not wait for a virtual thread
                }
                """.formatted(slug);
    }

    static String lesson(String title, String slug, String exercise) {
        return """
                ---
                title: %1$s
                program: %2$s
                able: say what the lesson shows, in a learner's words
                ask: What does the output show, and why?
                runs:
                  - id: %2$s
                    alias: %2$s
                    claims:
                      - says: the thread that said hello was virtual
                        match: '^hello from a virtual thread: true$'
                ---

                What this lesson shows and why it matters, in a short paragraph, linking back to what it
                builds on ({{lesson your-first-virtual-thread}}) instead of teaching it again.

                ## The program

                A few sentences on what the program does.

                {{program}}

                {{run %2$s}}

                ## What to notice

                - What the output above shows, in the reader's words.

                > **Key idea:** one or two sentences.

                > **Try this:** an experiment, with the command to run: `./jbang %2$s`.

                ## Exercise

                {{exercise %3$s}}
                """.formatted(title, slug, exercise);
    }

    static String test(String title, String program, String slug) {
        return """
                package tests;

                import static org.junit.jupiter.api.Assertions.*;

                import org.junit.jupiter.api.DisplayName;
                import org.junit.jupiter.api.Test;

                /// The lesson "%1$s" (programs/%2$s.java): what its prose says the program shows.
                @Programs
                class %2$sTest {

                    @Test
                    @DisplayName("%3$s: the thread that says hello is virtual")
                    void saysHelloFromAVirtualThread() {
                        var r = Proc.ok(Proc.java("programs/%2$s.java"));
                        assertEquals("hello from a virtual thread: true", r.out().strip(), r.all());
                    }

                    @Test
                    @DisplayName("%3$s: an argument gets the usage line and exit code 2")
                    void refusesAnArgument() {
                        Proc.usage(Proc.java("programs/%2$s.java", "extra"));
                    }
                }
                """.formatted(title, program, slug);
    }

    static String solution(String exercise, String verdictBlock) {
        return """
                ///usr/bin/env jbang "$0" "$@" ; exit $?
                //JAVA 25+

                // start(job) must run the job on a new virtual thread and return that
                // thread, started. (Written by ./build.sh new lesson: replace it with
                // this lesson's exercise.)

                void main() throws InterruptedException {
                    var ranOn = new java.util.concurrent.atomic.AtomicReference<Thread>();
                    Thread thread = start(() -> ranOn.set(Thread.currentThread()));
                    if (thread != null) thread.join(1_000);
                    checkThat("start returned a thread", thread != null, thread, "a thread");
                    check("the job ran", ranOn.get() != null, true);
                    check("the job ran on a virtual thread", ranOn.get() != null && ranOn.get().isVirtual(), true);
                    check("the job ran on the thread start returned", ranOn.get() != null && ranOn.get() == thread, true);
                    verdict("%s");
                }

                // ---- your part: change only from here to its end ----
                Thread start(Runnable job) {
                    // exercise: return null; // TODO: start `job` on a virtual thread and return the thread
                    return Thread.ofVirtual().start(job);
                    // end exercise
                }
                // ---- end of your part ----

                // ---- Checking your work: no need to read past this line. ----

                """.formatted(exercise) + verdictBlock;
    }

    static final String WRONG_FIXES = """
            === a platform thread
            caught by: the job ran on a virtual thread
            return Thread.ofPlatform().start(job);

            === a virtual thread made but never started
            caught by: the job ran
            return Thread.ofVirtual().unstarted(job);

            === the job run on the caller's thread
            caught by: the job ran on a virtual thread
            job.run();
            return Thread.currentThread();
            """;

    static String hints(String exercise, String slug) {
        return """

                ## %s

                - lesson: %s
                - practises: Starting one virtual thread and handing it back to the caller.

                1. `Thread.ofVirtual()` gives a builder for virtual threads.
                2. The builder's `start(job)` starts the thread and returns it.
                """.formatted(exercise, slug);
    }
}
