package live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.*;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.*;
import java.util.stream.Stream;

/// Looks for changed course files by polling their modification times and sizes: plain
/// polling works on every file system, where WatchService misses changes on some mounts.
final class Watcher {
    /// What the site is built from.
    static final List<String> SOURCES = List.of("lessons", "programs", "exercises", "recordings",
            "jbang-catalog.json", "tools/templates", "tools/assets");
    /// What the live pages load themselves: a change reloads pages without a build.
    static final List<String> LIVE_ASSETS = List.of("tools/live/live.js", "tools/live/live.css");

    private final Path root;
    /// The first look, taken when the watcher is made: a change saved after it, even before
    /// run's thread starts, is seen by the first poll.
    private final Map<Path, String> firstSources, firstAssets;

    Watcher(Path root) {
        this.root = root;
        this.firstSources = snapshot(SOURCES);
        this.firstAssets = snapshot(LIVE_ASSETS);
    }

    /// Path, size and modification time of every file under the given roots.
    Map<Path, String> snapshot(List<String> roots) {
        var out = new TreeMap<Path, String>();
        for (String r : roots) {
            Path start = root.resolve(r);
            if (!Files.exists(start)) { out.put(start, "absent"); continue; }
            try (Stream<Path> s = Files.walk(start)) {
                s.forEach(p -> {
                    try {
                        var a = Files.readAttributes(p, BasicFileAttributes.class);
                        if (a.isRegularFile()) out.put(p, a.size() + "@" + a.lastModifiedTime().toMillis());
                    } catch (IOException e) { /* removed while walking: the next poll sees it */ }
                });
            } catch (IOException | UncheckedIOException e) { /* a folder vanished mid-walk; try next time */ }
        }
        return out;
    }

    /// The files that differ between two snapshots, for the log line.
    String changed(Map<Path, String> before, Map<Path, String> after) {
        var names = new TreeSet<String>();
        for (var e : after.entrySet())
            if (!e.getValue().equals(before.get(e.getKey()))) names.add(root.relativize(e.getKey()).toString());
        for (Path p : before.keySet())
            if (!after.containsKey(p)) names.add(root.relativize(p) + " (removed)");
        var list = new ArrayList<>(names);
        return list.size() <= 3 ? String.join(", ", list) : String.join(", ", list.subList(0, 3)) + " and " + (list.size() - 3) + " more";
    }

    /// Polls until interrupted; calls rebuild(whatChanged) or reload(whatChanged) on changes.
    /// After a change it looks again 150 ms later and builds from that, so a save in several
    /// writes is one build; anything changed during a build is seen by the next poll.
    void run(Duration every, java.util.function.Consumer<String> rebuild, java.util.function.Consumer<String> reload) {
        var sources = firstSources;
        var assets = firstAssets;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(every);
                var nowSources = snapshot(SOURCES);
                var nowAssets = snapshot(LIVE_ASSETS);
                if (!nowSources.equals(sources)) {
                    Thread.sleep(Math.min(150, every.toMillis()));
                    var settled = snapshot(SOURCES);
                    String what = changed(sources, settled);
                    sources = settled;
                    rebuild.accept(what);
                } else if (!nowAssets.equals(assets)) {
                    String what = changed(assets, nowAssets);
                    assets = nowAssets;
                    reload.accept(what);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
