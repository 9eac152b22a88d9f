package course;

import java.util.regex.Pattern;

/// "Deeper" asides: depth a reader may skip, folded on screen, unfolded in print.html and when a
/// page is printed (course.js opens every `<details>` before printing), and found by the site
/// search like any prose. One markup, written in the lesson as plain HTML around markdown:
///
/// ```
/// <details class="deeper">
/// <summary>Deeper: why the kernel counts threads</summary>
///
/// Markdown paragraphs, lists, code blocks.
///
/// </details>
/// ```
///
/// The blank lines let markdown render what is between them. An aside holds prose and code
/// only: no heading (the table of contents would point into folded text) and no block
/// directive (a program or an output the main path's figures link to must be on the main
/// path). The build refuses any other shape at its line.
final class Asides {
    private Asides() {}

    static final String OPEN = "<details class=\"deeper\">";
    /// "Answer: ..." folds the answer to a Try this on a trainers' page (lessons/demos.md) the same way.
    static final Pattern SUMMARY = Pattern.compile("<summary>(?:Deeper|Answer): [^<]+</summary>");
    static final String CLOSE = "</details>";
    static final String SHAPE = OPEN + ", then <summary>Deeper: what it explains</summary>, a blank line, "
            + "the aside's markdown, a blank line and " + CLOSE + ", each tag on a line of its own";

    /// Refuses a `<details>` in `body` that is not a well-formed Deeper aside.
    static void check(Body body) {
        var parts = body.parts();
        int openedAt = -1;
        for (int i = 0; i < parts.size(); i++) {
            Body.Part part = parts.get(i);
            if (part instanceof Body.Prose p) {
                String line = p.text().replaceAll("`[^`]*`", "").strip();   // `<details>` in a code span is text
                if (line.startsWith("<details")) {
                    if (openedAt >= 0) fail(body, p.line(), "opens an aside inside the aside opened at line " + openedAt + ". Close that one first");
                    if (!line.equals(OPEN)) fail(body, p.line(), "opens a <details> that is not a Deeper aside. Write " + SHAPE);
                    if (!(i + 2 < parts.size() && parts.get(i + 1) instanceof Body.Prose s && SUMMARY.matcher(s.text().strip()).matches()
                            && parts.get(i + 2) instanceof Body.Prose blank && blank.text().isBlank()))
                        fail(body, p.line(), "needs <summary>Deeper: ...</summary> on the next line and a blank line after it. Write " + SHAPE);
                    openedAt = p.line();
                    i += 2;
                } else if (line.startsWith(CLOSE) || line.contains("<details") || line.contains(CLOSE)) {
                    if (!line.equals(CLOSE)) fail(body, p.line(), "has a <details> tag inside a line. Write " + SHAPE);
                    if (openedAt < 0) fail(body, p.line(), "closes an aside that was never opened. Write " + SHAPE);
                    if (!(parts.get(i - 1) instanceof Body.Prose blank && blank.text().isBlank()))
                        fail(body, p.line(), "needs a blank line before " + CLOSE + ", or markdown renders it as text. Write " + SHAPE);
                    openedAt = -1;
                } else if (openedAt >= 0 && line.startsWith("#")) {
                    fail(body, p.line(), "has a heading inside the aside opened at line " + openedAt
                            + ". An aside holds prose and code only: use bold words, or move the section out of the aside");
                }
            } else if (openedAt >= 0 && (part instanceof Body.Placed || part instanceof Body.Block)) {
                fail(body, part.line(), "places a directive inside the aside opened at line " + openedAt
                        + ". Programs, outputs and charts belong on the main path: move it out of the aside");
            }
        }
        if (openedAt >= 0) fail(body, openedAt, "opens an aside that is never closed. End it with a blank line and " + CLOSE);
    }

    private static void fail(Body body, int line, String message) {
        throw new BuildError(body.file(), line, message);
    }
}
