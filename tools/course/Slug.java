package course;

import java.util.regex.Pattern;

/// Lower-case words joined by dashes (`the-daemon-trap`, `waits-pool-400`): the one rule for a
/// lesson's slug, a run's id, a widget's name and a redirect's target. Names that must start
/// with a letter (an alias, an exercise, a page) add that to it. JDK only: the checker uses it.
public final class Slug {
    private Slug() {}

    /// The rule as a regex, to compose into others; it has no capturing group.
    public static final String WORDS = "[a-z0-9]+(?:-[a-z0-9]+)*";
    /// The same, starting with a letter.
    public static final String NAME = "[a-z]" + "[a-z0-9]*(?:-[a-z0-9]+)*";

    public static final Pattern PATTERN = Pattern.compile(WORDS);

    public static boolean is(String s) { return PATTERN.matcher(s).matches(); }
}
