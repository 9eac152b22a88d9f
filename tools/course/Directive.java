package course;

import java.nio.file.Path;
import java.util.*;

/// One kind of block directive: `{{name}}` or `{{name argument}}` alone on a line of a lesson
/// ({@link OnALine}), or a fenced block whose info string is the name, a ```` ```chart ```` block
/// of YAML ({@link Fenced}). It checks its argument or body and renders its HTML block. A new
/// kind is a new class implementing one of the two, listed in {@link #KINDS}.
public sealed interface Directive permits Directive.OnALine, Directive.Fenced {

    /// A kind written `{{name argument}}` alone on a line.
    non-sealed interface OnALine extends Directive {
        /// The block for `{{name argument}}` (argument null when there is none) at `file:line`.
        String render(Render page, Lesson lesson, String argument, Path file, int line);
    }

    /// A kind written as a fenced block, ```` ```chart ````.
    non-sealed interface Fenced extends Directive {
        /// The block; `body` is the text between the fences, its first line being line `firstLine` of `file`.
        String renderBlock(Render page, Lesson lesson, String body, Path file, int firstLine);

        /// What the build says when the kind is written `{{name}}` on a line instead.
        String notOnALine();
    }

    /// Every kind, in the order error messages list them.
    List<Directive> KINDS = List.of(new ProgramDirective(), new ListingDirective(), new RunDirective(), new ExerciseDirective(), new WidgetDirective(),
            new ChartDirective(), new TimelineDirective(), new RunsTableDirective(), new WrongFixesDirective(), new ClassPlanDirective(),
            new DemoDirective());

    /// The word after `{{`.
    String name();

    /// How a writer uses it, as error messages show it: `{{program [alias]}}`.
    String usage();


    static Optional<Directive> named(String name) {
        return KINDS.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /// The usages of every kind, and of the inline number reference, for error messages.
    static String usages() {
        return String.join(", ", KINDS.stream().filter(d -> d instanceof OnALine).map(Directive::usage).toList()) + " alone on a line, "
                + String.join(" or ", KINDS.stream().filter(d -> d instanceof Fenced).map(Directive::usage).toList()) + ", or "
                + NumberReferences.USAGE + " in text";
    }
}
