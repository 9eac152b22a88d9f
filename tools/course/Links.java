package course;

import java.io.IOException;
import java.net.URI;
import java.nio.file.*;
import java.util.*;
import org.jsoup.Jsoup;
import org.jsoup.nodes.*;

/// After rendering: every internal link and anchor must land. External links are not
/// fetched (the build runs offline); resources may never come from outside the site.
public final class Links {
    private Links() {}

    /// `sources` maps a page's file name to the file it came from (a lesson, or a template).
    public static void check(Path site, Map<String, Path> sources) throws IOException {
        var ids = new HashMap<String, Set<String>>();
        var docs = new TreeMap<String, Document>();
        try (var s = Files.walk(site)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".html")).toList()) {
                String rel = site.relativize(p).toString();
                Document d = Jsoup.parse(p.toFile(), "UTF-8");
                docs.put(rel, d);
                var set = new HashSet<String>();
                d.select("[id]").forEach(e -> set.add(e.id()));
                d.select("a[name]").forEach(e -> set.add(e.attr("name")));
                ids.put(rel, set);
            }
        }
        // Pages written from markdown first, so that a broken link is reported at its line in
        // the lesson, not in print.html, which repeats every lesson's links.
        var ordered = new ArrayList<>(docs.entrySet());
        ordered.sort(Comparator.comparing(e -> { Path src = sources.get(e.getKey()); return src == null || !src.toString().endsWith(".md"); }));
        for (var entry : ordered) {
            String page = entry.getKey();
            for (Element e : entry.getValue().select("[href], [src]")) {
                boolean resource = !e.tagName().equals("a");
                String raw = e.hasAttr("href") ? e.attr("href") : e.attr("src");
                String lower = raw.toLowerCase(Locale.ROOT);
                if (lower.startsWith("http:") || lower.startsWith("https:") || lower.startsWith("//")) {
                    if (resource) fail(sources, page, raw, "loads " + raw + " from outside the site. Ship it in tools/assets instead");
                    continue;
                }
                if (lower.startsWith("mailto:") || lower.startsWith("data:") || lower.startsWith("javascript:")) continue;
                String path = raw, fragment = "";
                int hash = raw.indexOf('#');
                if (hash >= 0) { path = raw.substring(0, hash); fragment = raw.substring(hash + 1); }
                int q = path.indexOf('?');
                if (q >= 0) path = path.substring(0, q);
                String target;
                if (path.isEmpty()) target = page;
                else {
                    Path resolved = Path.of(page).resolveSibling(URI.create("x/" + path.replace(" ", "%20")).getPath().substring(2)).normalize();
                    target = resolved.toString();
                    if (target.startsWith("..") || !Files.exists(site.resolve(target)))
                        fail(sources, page, raw, "links to " + path + ", which the site does not have. Fix the link "
                                + "(lesson pages are <slug>.html, the slug being the file name without NN-)");
                    if (Files.isDirectory(site.resolve(target))) target = target + "/index.html";
                }
                if (!fragment.isEmpty() && target.endsWith(".html")) {
                    Set<String> there = ids.get(target);
                    String id = java.net.URLDecoder.decode(fragment, java.nio.charset.StandardCharsets.UTF_8);
                    if (there == null || !there.contains(id))
                        fail(sources, page, raw, "links to #" + fragment + " on " + target + ", which has no such anchor. "
                                + "Headings get ids from their text in lower case with dashes: check the spelling");
                }
            }
        }
    }

    private static void fail(Map<String, Path> sources, String page, String raw, String message) {
        Path src = sources.get(page);
        int line = 0;
        if (src != null && Files.exists(src)) {
            try {
                var lines = Files.readAllLines(src);
                for (int i = 0; i < lines.size() && line == 0; i++) if (lines.get(i).contains(raw)) line = i + 1;
            } catch (IOException ignored) { }
        }
        throw new BuildError(src == null ? Path.of("site", page) : src, line, "(page " + page + ") " + message);
    }
}
