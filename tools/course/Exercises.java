package course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/// The course's exercises: their metadata and hints (one file, `exercises/HINTS.md`) and the
/// derivation of the shipped text from a solution's exercise markers.
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

    private static final Pattern NAME = Pattern.compile(Slug.NAME);
    private static final Pattern LESSON = Slug.PATTERN;
    private static final Pattern HEADING = Pattern.compile("##\\s+(.*?)\\s*");
    private static final Pattern FIELD = Pattern.compile("[-*]\\s+([A-Za-z]+)\\s*:\\s*(.*?)\\s*");
    private static final Pattern HINT = Pattern.compile("(\\d+)\\.\\s+(.*?)\\s*");

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
        if (!Files.isRegularFile(hintsFile))
            throw new BuildError(hintsFile, 0, "missing. Run from inside the course folder, or create "
                    + HINTS + " with one '## name' section per exercise");
        List<String> lines = Sources.read(hintsFile).lines().toList();

        var drafts = new ArrayList<Draft>();
        Draft current = null;
        boolean blankBefore = false;
        for (int i = 0; i < lines.size(); i++) {
            int n = i + 1;
            String line = lines.get(i).stripTrailing();
            Matcher m;
            if (line.isBlank()) {
                blankBefore = true;
                continue;
            }
            if ((m = HEADING.matcher(line)).matches()) {
                String name = m.group(1);
                if (!NAME.matcher(name).matches() || name.endsWith("-solution"))
                    throw new BuildError(hintsFile, n, "'" + name + "' is not an exercise name. Use lower-case"
                            + " words joined by '-', e.g. '## roll-call' for exercises/RollCall.java");
                for (Draft d : drafts)
                    if (d.name.equals(name))
                        throw new BuildError(hintsFile, n, "exercise '" + name + "' is listed twice (first at line "
                                + d.line + "). Keep one section per exercise");
                current = new Draft(name, n);
                drafts.add(current);
            } else if (line.startsWith("#")) {
                if (current != null)
                    throw new BuildError(hintsFile, n, "only '## name' headings may follow the first exercise."
                            + " Put introductions above the first '## name'");
            } else if (current == null) {
                // prose above the first exercise: an introduction for readers
            } else if ((m = FIELD.matcher(line)).matches()) {
                String key = m.group(1).toLowerCase(Locale.ROOT), value = m.group(2);
                if (value.isEmpty())
                    throw new BuildError(hintsFile, n, "'" + key + ":' has no value. Write it on the same line");
                switch (key) {
                    case "lesson" -> {
                        if (current.lesson != null) throw twice(hintsFile, n, key, current.name);
                        if (!LESSON.matcher(value).matches())
                            throw new BuildError(hintsFile, n, "lesson '" + value + "' is not a lesson slug."
                                    + " Write the lesson's file name without its number and '.md', e.g. 'the-daemon-trap'"
                                    + " for lessons/06-the-daemon-trap.md");
                        current.lesson = value;
                        current.lessonLine = n;
                    }
                    case "practises" -> {
                        if (current.practises != null) throw twice(hintsFile, n, key, current.name);
                        current.practises = value;
                    }
                    case "capstone" -> {
                        if (current.capstone != null) throw twice(hintsFile, n, key, current.name);
                        for (Draft d : drafts)
                            if (d.capstone != null)
                                throw new BuildError(hintsFile, n, "'" + d.name + "' is the capstone already (line "
                                        + d.capstoneLine + "). The course has one: keep one '- capstone:' line");
                        current.capstone = value;
                        current.capstoneLine = n;
                    }
                    default -> throw new BuildError(hintsFile, n, "unknown field '" + key
                            + "'. A section holds '- lesson: SLUG', '- practises: ONE SENTENCE' and hints '1. ...'"
                            + " (the capstone's also '- capstone: TITLE OF ITS DISCUSSION'S FOLD')");
                }
                current.hintOpen = false;
            } else if ((m = HINT.matcher(line)).matches()) {
                int number = Integer.parseInt(m.group(1));
                if (number != current.hints.size() + 1)
                    throw new BuildError(hintsFile, n, "hint " + number + " of '" + current.name + "' should be hint "
                            + (current.hints.size() + 1) + ". Number the hints 1, 2, 3 in order");
                current.hints.add(new StringBuilder(m.group(2)));
                current.hintOpen = true;
                current.hintIndent = line.indexOf(m.group(2));
            } else if (Character.isWhitespace(line.charAt(0)) && current.hintOpen) {
                // a hint's continuation: keep its own line breaks, drop the list indentation
                int cut = Math.min(current.hintIndent, line.length() - line.stripLeading().length());
                current.hints.getLast().append(blankBefore ? "\n\n" : "\n").append(line.substring(cut));
            } else {
                throw new BuildError(hintsFile, n, "unexpected line in '## " + current.name + "'. A section holds"
                        + " '- lesson: SLUG', '- practises: ONE SENTENCE' and numbered hints '1. ...' (indent a"
                        + " hint's further lines)");
            }
            blankBefore = false;
        }
        if (drafts.isEmpty())
            throw new BuildError(hintsFile, 0, "lists no exercise. Add a '## name' section for each one");

        Set<String> lessons = lessonFiles(root);
        var exercises = new ArrayList<Exercise>();
        for (Draft d : drafts) {
            if (d.lesson == null)
                throw new BuildError(hintsFile, d.line, "'" + d.name + "' has no lesson. Add a line '- lesson: SLUG'");
            if (d.practises == null)
                throw new BuildError(hintsFile, d.line, "'" + d.name + "' does not say what it practises. Add a"
                        + " line '- practises: ONE SENTENCE'");
            if (d.hints.isEmpty() || d.hints.size() > 3)
                throw new BuildError(hintsFile, d.line, "'" + d.name + "' has " + d.hints.size()
                        + " hints. Give it one to three, numbered '1. ...'");
            // The slug names the lesson; its file, and so its number, is looked up: renumbering
            // the lessons is renaming their files, with nothing to change here.
            String lessonFile = d.lesson;
            if (!lessons.isEmpty()) {
                if (lessons.contains(d.lesson))
                    throw new BuildError(hintsFile, d.lessonLine, "write the lesson as '" + slugOf(d.lesson)
                            + "', without its number, which changes when lessons move");
                lessonFile = lessons.stream().filter(f -> slugOf(f).equals(d.lesson)).findFirst()
                        .orElseThrow(() -> new BuildError(hintsFile, d.lessonLine, "'" + d.name + "' names lesson '" + d.lesson
                                + "', which is not in lessons/. Lessons: " + String.join(", ", lessons.stream().map(Exercises::slugOf).toList())));
            }
            String className = className(d.name);
            Path file = root.resolve("exercises").resolve(className + ".java");
            Path solution = root.resolve("exercises/solutions").resolve(className + ".java");
            if (!Files.isRegularFile(solution))
                throw new BuildError(hintsFile, d.line, "'" + d.name + "' has no solution: write "
                        + Course.relative(solution) + " with '// exercise:' markers");
            String solutionText = solutions.apply(solution);
            if (!solutionText.lines().anyMatch(l -> l.strip().startsWith(START)))
                throw new BuildError(solution, 0, "has no '" + START + "' marker, so the exercise would be the"
                        + " solution. Mark the student's part (see CONTRIBUTING.md, Exercises)");
            derive(solution, solutionText);      // throws if a region is not closed
            if (d.capstone != null && !lessons.isEmpty()) {
                Path lesson = root.resolve("lessons").resolve(lessonFile + ".md");
                if (!Sources.read(lesson).contains("<summary>" + d.capstone))
                    throw new BuildError(hintsFile, d.capstoneLine, "the capstone's discussion '" + d.capstone
                            + "' is no fold of " + Course.relative(lesson) + ". Name the title of its"
                            + " <summary>, e.g. 'Deeper: the answers'");
            }
            var hints = d.hints.stream().map(StringBuilder::toString).toList();
            exercises.add(new Exercise(d.name, file, solution, lessonFile, d.practises, hints, d.capstone));
        }
        exercises.sort(Comparator.comparingInt(e -> lessonNumber(e.lessonFile())));
        return List.copyOf(exercises);
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

    private static BuildError twice(Path file, int line, String key, String name) {
        return new BuildError(file, line, "'" + name + "' has '" + key + ":' twice. Keep one");
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

    private static final class Draft {
        final String name;
        final int line;
        String lesson, practises, capstone;
        int lessonLine, capstoneLine;
        final List<StringBuilder> hints = new ArrayList<>();
        boolean hintOpen;
        int hintIndent;

        Draft(String name, int line) {
            this.name = name;
            this.line = line;
        }
    }
}
