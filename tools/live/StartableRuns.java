package live;

import course.Json;
import course.*;
import java.util.*;

/// Every run the lessons declare ({@link Lesson.DeclaredRun}), as live mode sees them: the only
/// things a page can ask to start, each with the program it runs or the reason live mode
/// refuses it. A list, not processes: what is running now is {@link RunningPrograms}.
/// Taken from the last good build, so a Run button runs the program its page shows.
final class StartableRuns {

    /// The program behind an alias, as the page shows it and the recordings ran it: for an
    /// exercise that is the text as shipped (derived from its solution), never the working
    /// copy in exercises/.
    record Program(String alias, String ref, String className, String text, String sha, List<String> runtimeOptions) {}

    /// One declared run. `refusal` is null when live mode may start it, else why not.
    record Spec(String id, String alias, List<String> javaOptions, List<String> args, String page, String shown, String refusal, Program program) {}

    private final Map<String, Spec> byId;
    /// The course the runs were declared in; null before the first good build.
    private final Build.Loaded course;

    private StartableRuns(Map<String, Spec> byId, Build.Loaded course) {
        this.byId = byId;
        this.course = course;
    }

    static final StartableRuns NONE = new StartableRuns(Map.of(), null);

    static StartableRuns from(Build.Loaded loaded) {
        var programs = new HashMap<String, Program>();
        var out = new LinkedHashMap<String, Spec>();
        for (Lesson.DeclaredRun run : loaded.runs().values()) {
            Catalog.Alias alias = loaded.catalog().aliases().get(run.alias());
            String page = loaded.lessons().stream().filter(l -> l.file().equals(run.lesson())).map(Lesson::page).findFirst().orElse("");
            String refusal = LiveRule.refusal(run, alias);
            Program program = refusal != null ? null : programs.computeIfAbsent(alias.name(), n -> program(loaded.program(alias)));
            // A run with java-options shows the java command that adds them, as its recording does.
            String shown = refusal == null && !run.javaOptions().isEmpty() ? loaded.plan(run.id()).shown() : run.command();
            out.put(run.id(), new Spec(run.id(), run.alias(), run.javaOptions(), run.args(), page, shown, refusal, program));
        }
        return new StartableRuns(Collections.unmodifiableMap(out), loaded);
    }

    static Program program(ProgramTexts.Text shipped) {
        Catalog.Alias alias = shipped.alias();
        String text = shipped.shipped();
        String file = alias.script().getFileName().toString();
        String className = file.substring(0, file.length() - ".java".length());
        return new Program(alias.name(), alias.ref(), className, text, shipped.sha256(), Preview.withFlags(alias.runtimeOptions(), text));
    }

    Spec get(String id) { return byId.get(id); }

    /// A finished run's output beside its recording, as JSON for the page (as `./jbang compare`
    /// shows it); null when there is nothing to compare it with.
    String comparison(Spec spec, String output, int exit) {
        if (course == null || !course.runs().containsKey(spec.id())) return null;
        try {
            return Comparison.of(course, course.runs().get(spec.id()), spec.shown(), output, exit, TerminalRun.environment()).json();
        } catch (BuildError e) {
            System.out.println("live: no comparison for " + spec.id() + ": " + e);
            return null;
        }
    }

    /// Every program a run may start, once each.
    Collection<Program> programs() {
        var out = new LinkedHashMap<String, Program>();
        for (Spec s : byId.values()) if (s.program() != null) out.putIfAbsent(s.alias(), s.program());
        return out.values();
    }

    /// What a page needs to draw its buttons: a JSON list.
    String json() {
        var list = new ArrayList<Object>();
        for (Spec s : byId.values())
            list.add(new Json.Raw(Json.object("id", s.id(), "alias", s.alias(), "args", s.args(), "page", s.page(),
                    "command", s.shown(), "runnable", s.refusal() == null, "why", s.refusal())));
        return Json.value(list);
    }
}
