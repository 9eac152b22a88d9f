package course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/// The course's exercises: their metadata and hints (one file, `exercises/HINTS.md`, which
/// {@link HintsFile} reads) and the derivation of the shipped text from a solution's exercise markers.
///
/// Markers, in a solution: one or more lines `// exercise: TEXT` open a region, the solution's
/// lines follow, and a line `// end exercise` closes it. The shipped exercise keeps each
/// marker line as `TEXT` (at the marker's indentation; one space after the colon is dropped)
/// and leaves out the solution's lines. The site shows the solution with the marker lines
/// removed ({@link #strip}).
///
/// Only the JDK is used here: the checker (tools/Check.java) runs with nothing but JDK 25.
public final class Exercises {
    private Exercises() {}

    /// One exercise. `file` is `exercises/X.java` and `solution` is `exercises/solutions/X.java`,
    /// both resolved against the root given to {@link #load}; `lessonFile` names its lesson's
    /// file without `.md` (`04-the-daemon-trap` for `lessons/04-the-daemon-trap.md`); `practises`
    /// is one sentence; `hints` holds one to three hints, in markdown, in the order they are revealed;
    /// `discussion` is the capstone's alone (else null): the title of its lesson's fold that
    /// discusses it, which the checker points to once it is solved.
    public record Exercise(String name, Path file, Path solution, String lessonFile, String practises,
                           List<String> hints, String discussion) {
        /// The course's capstone: the exercise that brings the lessons together, said in
        /// exercises/HINTS.md (`- capstone: FOLD TITLE`), not by its place in the list.
        public boolean capstone() {
            return discussion != null;
        }

        /// The text as shipped: {@link #derive} of the solution on disk.
        public String shipped() {
            return derive(solution, Sources.read(solution));
        }

        /// The jbang alias of the exercise's solution.
        public String solutionAlias() {
            return name + "-solution";
        }
    }

    /// Where the metadata and hints live, relative to the root.
    public static final String HINTS = "exercises/HINTS.md";


    /// Every exercise, in course order (by lesson, then as listed in exercises/HINTS.md).
    /// Throws BuildError naming the file and line of anything wrong, and what to do about it.
    public static List<Exercise> load(Path root) {
        return load(root, Sources::read);
    }

    /// The same, reading each solution through `solutions` (the build's {@link ProgramTexts},
    /// which has read them already).
    public static List<Exercise> load(Path root, java.util.function.Function<Path, String> solutions) {
        root = root.toAbsolutePath().normalize();
        Path hintsFile = root.resolve(HINTS);
        List<HintsFile.Section> sections = HintsFile.read(hintsFile);
        Set<String> lessons = lessonFiles(root);
        var exercises = new ArrayList<Exercise>();
        for (var s : sections) exercises.add(exercise(root, hintsFile, s, lessons, solutions));
        exercises.sort(Comparator.comparingInt(e -> lessonNumber(e.lessonFile())));
        return List.copyOf(exercises);
    }

    /// Section `s` of exercises/HINTS.md as an exercise, once it is complete, its lesson is one
    /// of `lessons` (the lesson files; when there are none yet, the slug is taken as it is) and
    /// its solution has exercise markers that close.
    private static Exercise exercise(Path root, Path hintsFile, HintsFile.Section s, Set<String> lessons,
                                     java.util.function.Function<Path, String> solutions) {
        if (s.lesson() == null)
            throw new BuildError(hintsFile, s.line(), "'" + s.name() + "' has no lesson. Add a line '- lesson: SLUG'");
        if (s.practises() == null)
            throw new BuildError(hintsFile, s.line(), "'" + s.name() + "' does not say what it practises. Add a"
                    + " line '- practises: ONE SENTENCE'");
        if (s.hints().isEmpty() || s.hints().size() > 3)
            throw new BuildError(hintsFile, s.line(), "'" + s.name() + "' has " + s.hints().size()
                    + " hints. Give it one to three, numbered '1. ...'");
        // The slug names the lesson; its file, and so its number, is looked up: renumbering
        // the lessons is renaming their files, with nothing to change here.
        String lessonFile = s.lesson();
        if (!lessons.isEmpty()) {
            if (lessons.contains(s.lesson()))
                throw new BuildError(hintsFile, s.lessonLine(), "write the lesson as '" + slugOf(s.lesson())
                        + "', without its number, which changes when lessons move");
            lessonFile = lessons.stream().filter(f -> slugOf(f).equals(s.lesson())).findFirst()
                    .orElseThrow(() -> new BuildError(hintsFile, s.lessonLine(), "'" + s.name() + "' names lesson '" + s.lesson()
                            + "', which is not in lessons/. Lessons: " + String.join(", ", lessons.stream().map(Exercises::slugOf).toList())));
        }
        String className = className(s.name());
        Path file = root.resolve("exercises").resolve(className + ".java");
        Path solution = root.resolve("exercises/solutions").resolve(className + ".java");
        if (!Files.isRegularFile(solution))
            throw new BuildError(hintsFile, s.line(), "'" + s.name() + "' has no solution: write "
                    + Course.relative(solution) + " with '// exercise:' markers");
        String solutionText = solutions.apply(solution);
        if (!solutionText.lines().anyMatch(l -> l.strip().startsWith(START)))
            throw new BuildError(solution, 0, "has no '" + START + "' marker, so the exercise would be the"
                    + " solution. Mark the student's part (see CONTRIBUTING.md, Exercises)");
        derive(solution, solutionText);      // throws if a region is not closed
        if (s.capstone() != null && !lessons.isEmpty()) {
            Path lesson = root.resolve("lessons").resolve(lessonFile + ".md");
            if (!Sources.read(lesson).contains("<summary>" + s.capstone()))
                throw new BuildError(hintsFile, s.capstoneLine(), "the capstone's discussion '" + s.capstone()
                        + "' is no fold of " + Course.relative(lesson) + ". Name the title of its"
                        + " <summary>, e.g. 'Deeper: the answers'");
        }
        return new Exercise(s.name(), file, solution, lessonFile, s.practises(), s.hints(), s.capstone());
    }

    /// `roll-call` → `RollCall`: the class (and file) name of an exercise.
    public static String className(String name) {
        var b = new StringBuilder();
        for (String word : name.split("-"))
            b.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        return b.toString();
    }

    private static final String START = "// exercise:";
    private static final String END = "// end exercise";

    /// The exercise as shipped: each region's solution lines replaced by its marker lines' text.
    /// Throws BuildError (with no file, but the line) for a malformed region.
    public static String derive(String solutionText) {
        return derive(null, solutionText);
    }

    /// As {@link #derive(String)}, with errors that name the solution file.
    public static String derive(Path file, String solutionText) {
        return transform(file, solutionText, true);
    }

    /// The solution as shown on the site: marker lines removed, the solution's lines kept.
    public static String strip(String solutionText) {
        return transform(null, solutionText, false);
    }

    private enum State { CODE, MARKERS, SOLUTION }

    private static String transform(Path file, String text, boolean shipped) {
        String[] lines = text.split("\n", -1);
        var out = new StringJoiner("\n");
        State state = State.CODE;
        int openedAt = 0;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String eol = line.endsWith("\r") ? "\r" : "";
            String body = line.substring(0, line.length() - eol.length());
            String trimmed = body.strip();
            boolean start = trimmed.startsWith(START), end = trimmed.equals(END);
            if (start && state == State.SOLUTION)
                throw new BuildError(file, i + 1, "a new '" + START + "' line inside the region opened at line " + openedAt
                        + ". Close that region first with a line '" + END + "'");
            if (end && state == State.CODE)
                throw new BuildError(file, i + 1, "'" + END + "' without an opening '" + START
                        + " ...' line. Add the opening line above the solution's lines, or remove this one");
            if (trimmed.equals("// end") && state != State.CODE)
                throw new BuildError(file, i + 1, "'// end' does not close an exercise region. Write '" + END + "'");
            if (start) {
                if (state == State.CODE) openedAt = i + 1;
                state = State.MARKERS;
                if (shipped) {
                    String indent = body.substring(0, body.indexOf(START));
                    String kept = body.substring(body.indexOf(START) + START.length());
                    if (kept.startsWith(" ")) kept = kept.substring(1);
                    out.add(kept.isBlank() ? eol : indent + kept + eol);
                }
            } else if (end) {
                state = State.CODE;
            } else if (state == State.CODE) {
                out.add(line);
            } else {
                state = State.SOLUTION;
                if (!shipped) out.add(line);
            }
        }
        if (state != State.CODE)
            throw new BuildError(file, openedAt, "the exercise region opened here is never closed. Add a line '"
                    + END + "' after the solution's lines");
        return out.toString();
    }

    /// A lesson file's name without its number: `the-daemon-trap` for `06-the-daemon-trap`.
    private static String slugOf(String lessonFile) {
        String slug = LessonFile.slug(lessonFile);
        return slug != null ? slug : lessonFile;
    }

    private static int lessonNumber(String lessonFile) {
        int n = LessonFile.number(lessonFile);
        return n >= 0 ? n : Integer.MAX_VALUE;
    }

    /// The names of lessons/NN-slug.md without `.md`, or none when lessons/ holds no lesson yet.
    private static Set<String> lessonFiles(Path root) {
        Path dir = root.resolve("lessons");
        if (!Files.isDirectory(dir)) return Set.of();
        try (var files = Files.list(dir)) {
            var slugs = new TreeSet<String>();
            files.map(p -> p.getFileName().toString())
                    .filter(LessonFile::is)
                    .map(f -> f.substring(0, f.length() - 3))
                    .forEach(slugs::add);
            return slugs;
        } catch (IOException e) {
            throw new BuildError(dir, 0, "cannot be listed: " + e.getMessage());
        }
    }
}
