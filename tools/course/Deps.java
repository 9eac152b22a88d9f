package course;

import java.util.regex.Pattern;

/// The one rule for "JBang fetches libraries for this file": it has `//DEPS` lines. Only the
/// JDK is used, so the tools that run before JBang is fetched (./jbang prepare, doctor) read it too.
public final class Deps {
    private Deps() {}

    static final Pattern LINE = Pattern.compile("(?m)^//DEPS\\s");

    /// True when `text` has `//DEPS` lines: its first run through JBang needs the network.
    public static boolean in(String text) { return text != null && LINE.matcher(text).find(); }
}
