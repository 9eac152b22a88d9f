package live;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.function.Supplier;

/// Serves site/ and nothing outside it: no `..`, no encoded slashes or dots, no hidden
/// files, and the real path (symlinks resolved) must still be inside site/. HTML pages get
/// the live script; the static site itself has none.
final class StaticSite {
    private final Path site;
    private final Supplier<String> liveTags;
    private final SiteBuilder builder;

    static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"), Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"), Map.entry("json", "application/json; charset=utf-8"),
            Map.entry("java", "text/plain; charset=utf-8"), Map.entry("txt", "text/plain; charset=utf-8"),
            Map.entry("md", "text/plain; charset=utf-8"), Map.entry("svg", "image/svg+xml"),
            Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"), Map.entry("webp", "image/webp"),
            Map.entry("ico", "image/x-icon"), Map.entry("woff2", "font/woff2"), Map.entry("xml", "application/xml"));

    /// `liveTags` gives the tags to put in every page (they carry the current build id).
    StaticSite(Path site, SiteBuilder builder, Supplier<String> liveTags) {
        this.site = site;
        this.builder = builder;
        this.liveTags = liveTags;
    }

    /// Answers one request for a page or asset. Reading site/ can fail (a disk error, a file
    /// swapped mid-read): that is an {@link UncheckedIOException}, which the server logs and
    /// answers with 500, unlike an IOException from the client going away.
    void serve(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            ex.getResponseHeaders().set("Allow", "GET, HEAD");
            throw new Rejection(405, "pages are read with GET, not " + Guard.clip(method));
        }
        String relative = relativePath(ex.getRequestURI().getRawPath());
        Path file = findOrFail(relative);
        if (file == null && builder.isBuilding()) {
            // site/ is swapped by renaming at the end of a build: look again once it is done
            builder.awaitIdle(5_000);
            file = findOrFail(relative);
        }
        if (file == null) {
            Path notFound = findOrFail("404.html");
            byte[] body = notFound == null ? "<!DOCTYPE html><title>Not found</title><h1>Not found</h1>".getBytes(StandardCharsets.UTF_8) : read(notFound);
            Http.send(ex, 404, TYPES.get("html"), inject(body));
            return;
        }
        String name = file.getFileName().toString();
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) : "";
        byte[] body = read(file);
        if (ext.equals("html")) body = inject(body);
        Http.send(ex, 200, TYPES.getOrDefault(ext, "application/octet-stream"), body);
    }

    /// The request path as a path relative to site/, or a 400/404 Rejection.
    static String relativePath(String rawPath) {
        if (rawPath == null || !rawPath.startsWith("/")) throw new Rejection(400, "the path must start with /");
        if (rawPath.length() > 1024) throw new Rejection(414, "the path is longer than 1024 characters");
        String lower = rawPath.toLowerCase(Locale.ROOT);
        // Encoded separators, dots and NULs have no business in a page's address.
        for (String bad : List.of("%2f", "%5c", "%2e", "%00", "\\"))
            if (lower.contains(bad)) throw new Rejection(400, "the path holds '" + bad + "', which no page of the course has");
        String path;
        try {
            path = java.net.URLDecoder.decode(rawPath.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new Rejection(400, "the path is not validly %-encoded");
        }
        if (path.endsWith("/")) path += "index.html";
        var parts = new ArrayList<String>();
        for (String seg : path.substring(1).split("/", -1)) {
            if (seg.equals("..") || seg.equals(".")) throw new Rejection(400, "the path holds '" + seg + "' segments");
            if (seg.isEmpty()) throw new Rejection(400, "the path holds an empty segment (//)");
            if (seg.startsWith(".")) throw new Rejection(404, "hidden files are not served");
            if (seg.chars().anyMatch(c -> c < 0x20)) throw new Rejection(400, "the path holds control characters");
            parts.add(seg);
        }
        return String.join("/", parts);
    }

    static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    Path findOrFail(String relative) {
        try {
            return find(relative);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot look up " + relative + " in " + site, e);
        }
    }

    /// The regular file under site/ whose real path is inside site/'s real path, or null.
    Path find(String relative) throws IOException {
        if (!Files.isDirectory(site)) return null;
        Path realSite = site.toRealPath();
        Path candidate = realSite.resolve(relative).normalize();
        if (!candidate.startsWith(realSite) || !Files.exists(candidate)) return null;
        Path real = candidate.toRealPath();
        if (!real.startsWith(realSite) || !Files.isRegularFile(real)) return null;
        return real;
    }

    byte[] inject(byte[] html) {
        String page = new String(html, StandardCharsets.UTF_8);
        String tags = liveTags.get();
        int at = page.lastIndexOf("</body>");
        page = at < 0 ? page + tags : page.substring(0, at) + tags + page.substring(at);
        return page.getBytes(StandardCharsets.UTF_8);
    }
}
