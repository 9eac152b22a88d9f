package course;

import java.nio.file.*;
import java.util.*;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/// exercises/HINTS.md, read line by line into its sections: one per exercise, `## name`, with
/// `- lesson: SLUG`, `- practises: ONE SENTENCE`, the capstone's `- capstone: FOLD TITLE` and
/// numbered hints, whose further lines are indented. Prose above the first section is an
/// introduction for readers. What a section says is checked against the course (its lesson,
/// its solution) by {@link Exercises#load}; here only the file's own form.
///
/// Only the JDK is used here: the checker (tools/Check.java) runs with nothing but JDK 25.
final class HintsFile {
    private HintsFile() {}

    /// One `## name` section, at line `line`: its fields (null when missing) with the lines
    /// they are on, and its hints in markdown, in the order they are revealed.
    record Section(String name, int line, String lesson, int lessonLine, String practises,
                   String capstone, int capstoneLine, List<String> hints) {}

    private static final Pattern NAME = Pattern.compile(Slug.NAME);
    private static final Pattern LESSON = Slug.PATTERN;
    private static final Pattern HEADING = Pattern.compile("##\\s+(.*?)\\s*");
    private static final Pattern FIELD = Pattern.compile("[-*]\\s+([A-Za-z]+)\\s*:\\s*(.*?)\\s*");
    private static final Pattern HINT = Pattern.compile("(\\d+)\\.\\s+(.*?)\\s*");

    /// Every section of `hintsFile`, in the file's order. Throws BuildError naming the line
    /// of anything wrong, and what to do about it.
    static List<Section> read(Path hintsFile) {
        if (!Files.isRegularFile(hintsFile))
            throw new BuildError(hintsFile, 0, "missing. Run from inside the course folder, or create "
                    + Exercises.HINTS + " with one '## name' section per exercise");
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
        return drafts.stream().map(Draft::section).toList();
    }

    private static BuildError twice(Path file, int line, String key, String name) {
        return new BuildError(file, line, "'" + name + "' has '" + key + ":' twice. Keep one");
    }

    /// A section while its lines are read.
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

        Section section() {
            return new Section(name, line, lesson, lessonLine, practises, capstone, capstoneLine,
                    hints.stream().map(StringBuilder::toString).toList());
        }
    }
}
