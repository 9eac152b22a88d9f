package course;

/// Whether live mode's Run button may start a declared run: the one rule that live mode
/// (`live/StartableRuns`) obeys and the instructors' runs table (`RunsTableDirective`) shows.
/// A run with `java-options` alone is started, with those options; a run under a wrapper, a
/// run that leaves out `--enable-preview` on purpose, a run on a named JDK (`jdk: 21`) and an alias outside programs/ and
/// exercises/ run in a terminal only.
public final class LiveRule {
    private LiveRule() {}

    /// Null when live mode may start the run, else the reason it does not, said to the reader.
    public static String refusal(Lesson.DeclaredRun run, Catalog.Alias alias) {
        if (alias == null) return "its alias is not in the catalog";
        if (!run.wrapper().isEmpty())
            return "it runs under " + run.wrapper().getFirst() + ", which live mode never starts from a browser; run it in a terminal: ./build.sh record " + run.id();
        if (run.jdk() != 0)
            return "it runs on JDK " + run.jdk() + ", and live mode runs programs on its own JDK only; run it in a terminal: ./build.sh record " + run.id();
        if (!run.preview())
            return "it runs the program without the --enable-preview it needs, to show the compiler's errors; run it in a terminal: java " + alias.ref();
        if (alias.kind() == Catalog.Alias.Kind.OTHER || !alias.ref().endsWith(".java"))
            return "its alias runs " + alias.ref() + ", and live mode starts only programs and exercises";
        return null;
    }

    /// What the runs table says in its "Live mode" column.
    public static String label(Lesson.DeclaredRun run, Catalog catalog) {
        return refusal(run, catalog.aliases().get(run.alias())) == null ? "Run button" : "terminal only";
    }
}
