package course;

import java.nio.file.Path;

/// `{{listing alias}}`: a program's source as `{{program}}` shows it, without the "Run it" box,
/// for a page that gives the commands in its own words right after (the course home).
final class ListingDirective implements Directive.OnALine {

    public String name() { return "listing"; }

    public String usage() { return "{{listing alias}}"; }

    public String render(Render page, Lesson lesson, String argument, Path file, int line) {
        if (argument == null) throw new BuildError(file, line, "{{listing}} needs an alias: {{listing hello}}");
        return ProgramDirective.html(page.course().program(page.catalog().get(argument, file, line)), false, false);
    }
}
