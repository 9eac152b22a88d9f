package course;

import java.nio.file.Path;
import java.util.*;

/// One kind of block directive, `{{name}}` or `{{name argument}}` alone on a line of a lesson,
/// or a fenced block whose info string is the name (a ```` ```chart ```` block of YAML): it checks
/// its argument or body and renders its HTML block. A new kind is a new class, listed in
/// {@link #KINDS}.
public interface Directive {

    /// Every kind, in the order error messages list them.
    List<Directive> KINDS = List.of(new ProgramDirective(), new RunDirective(), new ExerciseDirective(), new WidgetDirective(),
            new ChartDirective(), new TimelineDirective(), new RunsTableDirective());

    /// The word after `{{`.
    String name();

    /// How a writer uses it, as error messages show it: `{{program [alias]}}`.
    String usage();

    /// The block for `{{name argument}}` (argument null when there is none) at `file:line`.
    String render(Render page, Lesson lesson, String argument, Path file, int line);

    /// True for a kind written as a fenced block (```` ```chart ````) rather than `{{name}}`.
    default boolean fenced() { return false; }

    /// The block for a fenced block of this kind; `body` is the text between the fences, its
    /// first line being line `firstLine` of `file`.
    default String renderBlock(Render page, Lesson lesson, String body, Path file, int firstLine) {
        throw new BuildError(file, firstLine - 1, "{{" + name() + "}} is not written as a fenced block. Use " + usage());
    }

    static Optional<Directive> named(String name) {
        return KINDS.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /// The usages of every kind, and of the inline number reference, for error messages.
    static String usages() {
        return String.join(", ", KINDS.stream().filter(d -> !d.fenced()).map(Directive::usage).toList()) + " alone on a line, "
                + String.join(" or ", KINDS.stream().filter(Directive::fenced).map(Directive::usage).toList()) + ", or "
                + NumberReferences.USAGE + " in text";
    }
}
