package course;

import java.nio.file.*;
import java.util.*;
import java.util.regex.*;

/// `./build.sh sync`: writes into jbang-catalog.json what follows from the rest of the course,
/// so nobody types it (as rustlings' `dev update`): each exercise in exercises/HINTS.md has its
/// two aliases, `name` (exercises/Name.java) and `name-solution` (exercises/solutions/Name.java),
/// and every description that names a lesson ("Lesson 'Title': ...") names, by its current title,
/// the lesson that shows the alias. A new exercise's aliases get a description from its
/// `practises:` sentence. Everything else (the order, the other words) is kept as written; a
/// quick test (CatalogTest) says the committed catalog is in sync.
public final class CatalogSync {
    private CatalogSync() {}

    static final Pattern NAMED = Pattern.compile("^Lesson '([^']*)'");

    record Entry(String ref, String description) {}

    /// The catalog's text as sync would write it.
    public static String synced(Path root) {
        return render(entries(root));
    }

    /// Every alias as sync would write it, in the catalog's order.
    static LinkedHashMap<String, Entry> entries(Path root) {
        var catalog = Catalog.load(root);
        var guide = Guide.load(root);
        var entries = new LinkedHashMap<String, Entry>();
        for (var a : catalog.aliases().values()) entries.put(a.name(), new Entry(a.ref(), a.description()));
        var titleOf = new HashMap<String, String>();
        for (var c : guide.chapters()) {
            for (String p : c.programs()) titleOf.putIfAbsent(p, c.title());
            for (String e : c.exercises()) { titleOf.putIfAbsent(e, c.title()); titleOf.putIfAbsent(e + "-solution", c.title()); }
        }
        for (var e : Exercises.load(root)) {
            String title = titleOf.get(e.name());
            String practises = e.practises().isEmpty() ? "" : " " + e.practises();
            String file = root.relativize(e.file().toAbsolutePath().normalize()).toString();
            String solution = root.relativize(e.solution().toAbsolutePath().normalize()).toString();
            put(entries, e.name(), file, "Lesson '" + title + "' exercise:" + practises + " Fails until solved.", title);
            put(entries, e.solutionAlias(), solution, "Lesson '" + title + "' exercise, solved.", title);
        }
        for (var e : entries.entrySet()) {
            String description = e.getValue().description();
            String title = titleOf.get(e.getKey());
            Matcher named = NAMED.matcher(description);
            if (title != null && named.find()) e.setValue(new Entry(e.getValue().ref(), "Lesson '" + title + "'" + description.substring(named.end())));
        }
        return entries;
    }

    static String render(LinkedHashMap<String, Entry> entries) {
        var out = new StringBuilder("{\n  \"catalogs\": {},\n  \"aliases\": {\n");
        int i = 0;
        for (var e : entries.entrySet()) {
            String description = e.getValue().description();
            out.append("    ").append(Json.quote(e.getKey())).append(": {\n")
                    .append("      \"script-ref\": ").append(Json.quote(e.getValue().ref())).append(",\n")
                    .append("      \"description\": ").append(Json.quote(description)).append("\n")
                    .append("    }").append(++i < entries.size() ? "," : "").append('\n');
        }
        return out.append("  }\n}\n").toString();
    }

    /// Sets `name`'s script-ref; a new alias goes after the last alias of the same lesson.
    private static void put(LinkedHashMap<String, Entry> entries, String name, String ref, String description, String title) {
        Entry old = entries.get(name);
        if (old != null) {
            entries.put(name, new Entry(ref, old.description()));
            return;
        }
        String after = null;
        for (var e : entries.entrySet()) {
            Matcher m = NAMED.matcher(e.getValue().description());
            if (m.find() && m.group(1).equals(title)) after = e.getKey();
        }
        var copy = new LinkedHashMap<>(entries);
        entries.clear();
        if (after == null) copy.put(name, new Entry(ref, description));
        for (var e : copy.entrySet()) {
            entries.put(e.getKey(), e.getValue());
            if (e.getKey().equals(after)) entries.put(name, new Entry(ref, description));
        }
    }

    /// Writes the synced catalog; returns the aliases it added or changed, empty when it was in sync.
    public static List<String> write(Path root) throws java.io.IOException {
        Path file = root.resolve("jbang-catalog.json");
        var before = Catalog.load(root).aliases();
        var after = entries(root);
        String text = render(after);
        var changed = new ArrayList<String>();
        for (var e : after.entrySet()) {
            var old = before.get(e.getKey());
            if (old == null || !old.ref().equals(e.getValue().ref()) || !old.description().equals(e.getValue().description())) changed.add(e.getKey());
        }
        if (!Files.readString(file).equals(text)) Files.writeString(file, text);
        return changed;
    }
}
