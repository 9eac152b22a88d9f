package tests;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

/// A static host for a browser test, as GitHub Pages is one: a JDK HttpServer on 127.0.0.1
/// that serves a folder (the built site) under one prefix or more ("/", or "/repo/" for a
/// project's site), a folder's index.html for the folder, and the folder's 404.html with
/// status 404 for a missing file or a path under no prefix. It records every request, and a
/// test may answer a path of its own (`route`) or send the files otherwise (`Delivery`).
final class SiteServer implements AutoCloseable {

    /// One request for a file: its path (decoded), the prefix it is under (null for none),
    /// its query ("" for none), the file that answers it (404.html when none does) and the
    /// status.
    record Request(String path, String prefix, String query, Path file, int status) {}

    /// How a file's bytes go out: as they are and at once, unless a test changes them before
    /// the headers (`body`, so that their length is known) or sends them in parts (`write`).
    interface Delivery {
        default byte[] body(Request request, byte[] bytes) { return bytes; }

        default void write(Request request, byte[] body, OutputStream out) throws IOException { out.write(body); }
    }

    final Path folder;
    /// `http://127.0.0.1:PORT`, to which a test adds a path.
    final String origin;
    /// Every request the server saw, "STATUS PATH", in the order they were answered.
    final Queue<String> requests = new ConcurrentLinkedQueue<>();
    private final List<String> prefixes;
    private final Delivery delivery;
    private final Map<String, HttpHandler> routes = new ConcurrentHashMap<>();
    private final HttpServer server;
    private final ExecutorService threads;

    /// Serves `folder` under each of `prefixes` (each starts and ends with /), its files as
    /// they are.
    SiteServer(Path folder, String... prefixes) throws IOException {
        this(folder, new Delivery() {}, prefixes);
    }

    SiteServer(Path folder, Delivery delivery, String... prefixes) throws IOException {
        this.folder = folder;
        this.delivery = delivery;
        this.prefixes = List.of(prefixes);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        threads = Executors.newVirtualThreadPerTaskExecutor(); // a slow script must not hold up the stylesheet
        server.setExecutor(threads);
        server.start();
        origin = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /// Answers requests for exactly `path` with `handler`, before any file.
    SiteServer route(String path, HttpHandler handler) {
        routes.put(path, handler);
        return this;
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = URLDecoder.decode(exchange.getRequestURI().getPath(), StandardCharsets.UTF_8);
        var route = routes.get(path);
        if (route != null) {
            try {
                route.handle(exchange);
            } finally {
                requests.add(exchange.getResponseCode() + " " + path);
            }
            return;
        }
        String prefix = prefixes.stream().filter(path::startsWith).max(Comparator.comparingInt(String::length)).orElse(null);
        Path file = prefix == null ? null : find(path.substring(prefix.length()));
        int status = file == null ? 404 : 200;
        String query = Objects.requireNonNullElse(exchange.getRequestURI().getQuery(), "");
        var request = new Request(path, prefix, query, file == null ? folder.resolve("404.html") : file, status);
        requests.add(status + " " + path);
        byte[] body = delivery.body(request, Files.readAllBytes(request.file()));
        exchange.getResponseHeaders().set("Content-Type", mime(request.file()));
        exchange.sendResponseHeaders(status, body.length);
        try (var out = exchange.getResponseBody()) {
            delivery.write(request, body, out);
        }
    }

    /// The regular file at `relative` in the folder (its index.html for a folder), or null
    /// when there is none or the path leads out of the folder.
    private Path find(String relative) {
        Path p = folder.resolve(relative).normalize();
        if (Files.isDirectory(p)) p = p.resolve("index.html");
        return p.startsWith(folder) && Files.isRegularFile(p) ? p : null;
    }

    static String mime(Path p) {
        String n = p.getFileName().toString();
        if (n.endsWith(".html")) return "text/html; charset=utf-8";
        if (n.endsWith(".css")) return "text/css; charset=utf-8";
        if (n.endsWith(".js")) return "text/javascript; charset=utf-8";
        if (n.endsWith(".svg")) return "image/svg+xml";
        if (n.endsWith(".java")) return "text/plain; charset=utf-8";
        return "application/octet-stream";
    }

    @Override
    public void close() {
        server.stop(0);
        threads.close();
    }
}
