package course;

import java.util.regex.Pattern;

/// The little of markdown's syntax the directives need to know: fenced blocks and code spans,
/// inside which `{{` is text, not a directive.
public final class Markdown {
    private Markdown() {}

    /// The opening line of a fenced code block; group 1 is the fence.
    public static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
}
