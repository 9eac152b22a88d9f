package course;

import java.nio.file.Path;
import java.util.*;

/// A markdown file's front matter, split from its body: the YAML between the first two `---`
/// lines, read into its top-level keys, each checked against the keys the file may have, and
/// the `title` every such file needs. Lessons and the site's other pages share it.
record FrontMatter(Map<String, Yaml.Located> keys, String title, String body, int bodyLine) {

    /// `text` is the whole file with `\n` line ends; `shape` says in an error what the front
    /// matter holds ("title, program and runs"); `kind` names the file in the unknown-key error
    /// ("" for a lesson, " of a page").
    static FrontMatter read(Path file, String text, Set<String> allowed, String shape, String kind) {
        if (!text.startsWith("---\n"))
            throw new BuildError(file, 1, "must start with front matter: a line '---', then " + shape + ", then '---'");
        int end = text.indexOf("\n---\n", 3);
        if (end < 0 && text.endsWith("\n---")) end = text.length() - 4;
        if (end < 0) throw new BuildError(file, 1, "front matter is not closed: add a line '---' after it");
        String yaml = text.substring(4, end + 1);
        int bodyLine = (int) yaml.chars().filter(c -> c == '\n').count() + 3;
        String body = end + 5 <= text.length() ? text.substring(end + 5) : "";
        var top = Yaml.mapping(Yaml.parse(file, 2, yaml), "front matter");
        for (var e : top.entrySet())
            if (!allowed.contains(e.getKey())) throw new BuildError(file, e.getValue().line(),
                    "unknown front matter key '" + e.getKey() + "'. Known keys" + kind + ": " + new TreeSet<>(allowed));
        if (!top.containsKey("title")) throw new BuildError(file, 2, "front matter has no 'title: ...'");
        String title = Yaml.scalar(top.get("title"), "title").strip();
        if (title.isEmpty()) throw new BuildError(file, top.get("title").line(), "title is empty");
        return new FrontMatter(top, title, body, bodyLine);
    }
}
