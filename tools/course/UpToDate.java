package course;

import java.io.IOException;
import java.nio.file.*;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.*;

/// A build that has nothing to do skips the work: `./build.sh` after `./build.sh`, with nothing
/// changed in between, answers from a stamp instead of rendering every page again.
///
/// The stamp is a SHA-256 of everything a build could read: every file in the course folder
/// (lessons, recordings, programs, exercises, templates, assets, the catalog, the generator's
/// own sources, and more: an edited test or README rebuilds too) by name, size, modification
/// time and a CRC-32C of its bytes; the generator's classes; the JDK; the `--strict` flag; and
/// the site folder as the build left it (each file's name, size and modification time, so an
/// edited or deleted page rebuilds). Only what is not the course is left out: `.git`, `.cache`
/// and `node_modules` folders, the screenshots the tests write, and the site folder with its
/// `.tmp-`/`.old-` siblings, which the build writes. The build's warnings are kept with the
/// stamp and shown again when the build is skipped. A failed build leaves no stamp.
public final class UpToDate {
    private UpToDate() {}

    /// What a skipped build reports: the pages the last build wrote, and its warnings.
    public record Previous(int pages, List<String> warnings) {}

    /// Folders anywhere in the course that hold no input: version control, caches, packages.
    static final Set<String> NOT_INPUT = Set.of(".git", ".cache", "node_modules");

    /// The one folder of the course that holds no input: the screenshots a test run writes
    /// (SCREENSHOTS=1), to look at. Most of the course's bytes, read for nothing by each build.
    static final String SCREENSHOTS = "tools/screenshots";

    /// The stamp's file, in the course's cache.
    static Path file(Path root) {
        return root.resolve(".cache/build/site.stamp");
    }

    /// The inputs' digest, taken before a build reads them (a file edited during the build
    /// then rebuilds next time).
    public static String inputs(Path root, Path site, boolean strict) throws IOException {
        MessageDigest md = sha256();
        Path siteAbs = site.toAbsolutePath().normalize();
        String siteName = siteAbs.getFileName().toString();
        Path screenshots = root.resolve(SCREENSHOTS);
        var files = new TreeMap<String, String>();   // by name: each file's size, time and CRC
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (dir.equals(root)) return FileVisitResult.CONTINUE;
                String name = dir.getFileName().toString();
                if (NOT_INPUT.contains(name) || dir.equals(screenshots)) return FileVisitResult.SKIP_SUBTREE;
                Path abs = dir.toAbsolutePath().normalize();
                if (abs.equals(siteAbs) || abs.getParent().equals(siteAbs.getParent())
                        && (name.startsWith(siteName + ".tmp-") || name.startsWith(siteName + ".old-")))
                    return FileVisitResult.SKIP_SUBTREE;
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                String what = a.size() + " " + a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
                if (a.isSymbolicLink()) what += " -> " + Files.readSymbolicLink(f);
                else if (a.isRegularFile()) {
                    var crc = new java.util.zip.CRC32C();   // a SHA-256 of every byte cost ten times more
                    crc.update(Files.readAllBytes(f));
                    what += " " + crc.getValue();
                }
                files.put(root.relativize(f).toString(), what);
                return FileVisitResult.CONTINUE;
            }
        });
        files.forEach((name, what) -> { add(md, name); add(md, what); });
        add(md, "strict " + strict);
        add(md, System.getProperty("java.home") + " " + Runtime.version());
        add(md, generator());
        return HexFormat.of().formatHex(md.digest());
    }

    /// The generator's classes: where they are loaded from, and when that was written.
    private static String generator() {
        try {
            Path code = Path.of(UpToDate.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code + " " + Files.getLastModifiedTime(code).toMillis() + " " + Files.size(code);
        } catch (Exception e) {
            return "unknown " + System.nanoTime();   // never equal: always rebuild
        }
    }

    /// The site folder as it is now: each file's name, size and modification time.
    static String siteState(Path site) throws IOException {
        if (!Files.isDirectory(site)) return "none";
        var lines = new TreeSet<String>();
        try (var s = Files.walk(site)) {
            for (Path p : s.toList()) {
                var a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                lines.add(site.relativize(p) + " " + (a.isDirectory() ? "dir" : a.size() + " " + a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS)));
            }
        }
        return String.join("\n", lines);
    }

    /// The last build's report, when `inputs` and the site folder are as that build left them;
    /// otherwise null (and the stamp is removed, so that a build that then fails leaves none).
    public static Previous check(Path root, Path site, String inputs) throws IOException {
        Path stamp = file(root);
        if (!Files.exists(stamp)) return null;
        List<String> lines;
        try {
            lines = Files.readAllLines(stamp);
        } catch (IOException e) {
            lines = List.of();
        }
        if (lines.size() >= 3 && lines.get(0).equals(inputs) && lines.get(1).equals(kit.Hash.sha256(siteState(site)))) {
            try {
                int pages = Integer.parseInt(lines.get(2));
                var warnings = new ArrayList<String>();
                for (String w : lines.subList(3, lines.size())) warnings.add(w.replace("\\n", "\n").replace("\\\\", "\\"));
                return new Previous(pages, warnings);
            } catch (NumberFormatException e) {
                // a stamp that cannot be read: build
            }
        }
        Files.deleteIfExists(stamp);
        return null;
    }

    /// After a build that succeeded: the stamp of `inputs` (taken before it) and the site it wrote.
    public static void save(Path root, Path site, String inputs, int pages, List<String> warnings) throws IOException {
        Path stamp = file(root);
        Files.createDirectories(stamp.getParent());
        var text = new StringBuilder(inputs).append('\n').append(kit.Hash.sha256(siteState(site))).append('\n').append(pages).append('\n');
        for (String w : warnings) text.append(w.replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
        Path tmp = stamp.resolveSibling(stamp.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        Files.writeString(tmp, text);
        Files.move(tmp, stamp, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void add(MessageDigest md, String s) {
        md.update(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        md.update((byte) 0);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
