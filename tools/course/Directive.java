package course;

import java.nio.file.Path;
import java.util.*;

/// One kind of block directive, `{{name}}` or `{{name argument}}` alone on a line of a lesson:
/// it checks its argument and renders its HTML block. A new kind is a new class, listed in
/// {@link #KINDS}.
public interface Directive {

    /// Every kind, in the order error messages list them.
    List<Directive> KINDS = List.of(new ProgramDirective(), new RunDirective(), new ExerciseDirective(), new WidgetDirective());

    /// The word after `{{`.
    String name();

    /// How a writer uses it, as error messages show it: `{{program [alias]}}`.
    String usage();

    /// The block for `{{name argument}}` (argument null when there is none) at `file:line`.
    String render(Render page, Lesson lesson, String argument, Path file, int line);

    static Optional<Directive> named(String name) {
        return KINDS.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /// The usages of every kind, and of the inline number reference, for error messages.
    static String usages() {
        return String.join(", ", KINDS.stream().map(Directive::usage).toList()) + " alone on a line, or "
                + NumberReferences.USAGE + " in text";
    }
}
