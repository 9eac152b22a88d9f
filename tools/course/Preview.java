package course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;

/// Preview features, in one place. A program that uses a preview API of its JDK says so with a
/// line `//PREVIEW`, which JBang reads; everything else that starts a program (the "Run it"
/// box, the recorder, live mode, the checker, the tests, the launcher without JBang) takes
/// its flags from here, so no lesson or alias types them.
///
/// Only the JDK is used here: the checker (tools/Check.java) compiles it with nothing else.
public final class Preview {
    private Preview() {}

    /// JBang's directive: the line starts with it (JBang reads `//PREVIEW` only at a line's start).
    static final Pattern MARK = Pattern.compile("(?m)^//PREVIEW\\b");

    /// What `java` needs to run such a source file. With JDK 25's source launcher
    /// `--enable-preview` alone is enough: it compiles for the running JDK's release.
    public static final List<String> JAVA_FLAGS = List.of("--enable-preview");

    /// Two lines of what javac (and so `java X.java`) prints for every preview API it meets
    /// without the flag, whatever the API: `NAME` stands for the class's simple name.
    public static final String ERROR = "error: NAME is a preview API and is disabled by default.";
    public static final String ERROR_HINT = "(use --enable-preview to enable preview APIs)";

    /// True when the source has a `//PREVIEW` line.
    public static boolean uses(String source) {
        return source != null && MARK.matcher(source).find();
    }

    /// `--enable-preview` for a preview program, nothing otherwise.
    public static List<String> javaFlags(String source) {
        return uses(source) ? JAVA_FLAGS : List.of();
    }

    /// `options` (an alias's runtime-options, a run's java-options) with the preview flags
    /// the source needs added once.
    public static List<String> withFlags(List<String> options, String source) {
        var out = new ArrayList<>(options);
        for (String f : javaFlags(source)) if (!out.contains(f)) out.add(f);
        return List.copyOf(out);
    }

    /// What javac needs to compile such a source to class files for this JDK.
    public static List<String> javacFlags(String source) {
        return uses(source) ? List.of("--enable-preview", "--release", Integer.toString(Runtime.version().feature())) : List.of();
    }

    /// The flags as a reader types them before the file name: "--enable-preview " or "".
    public static String shown(List<String> options, String source) {
        var all = withFlags(options, source);
        return all.isEmpty() ? "" : String.join(" ", all) + " ";
    }
}
