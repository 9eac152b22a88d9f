package live;

import course.Json;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/// Writing responses: every one is uncached, unsniffable and unframeable.
final class Http {
    private Http() {}

    static final String JSON = "application/json; charset=utf-8";

    static void headers(HttpExchange ex, String contentType) {
        var h = ex.getResponseHeaders();
        h.set("Content-Type", contentType);
        h.set("Cache-Control", "no-store");
        h.set("X-Content-Type-Options", "nosniff");
        h.set("Content-Security-Policy", "frame-ancestors 'none'");
        h.set("Referrer-Policy", "no-referrer");
    }

    static void send(HttpExchange ex, int status, String contentType, byte[] body) throws IOException {
        headers(ex, contentType);
        boolean noBody = ex.getRequestMethod().equals("HEAD") || body.length == 0;
        if (status >= 400) ex.getResponseHeaders().set("Connection", "close"); // a refused request's body is not worth reading
        ex.sendResponseHeaders(status, noBody ? -1 : body.length);
        if (!noBody) {
            // Closing the body sends it now: the server then discards any unread request body,
            // which can take as long as the client likes.
            try (var out = ex.getResponseBody()) { out.write(body); }
        }
    }

    static void json(HttpExchange ex, int status, String json) throws IOException {
        send(ex, status, JSON, json.getBytes(StandardCharsets.UTF_8));
    }

    static void error(HttpExchange ex, int status, String message) throws IOException {
        json(ex, status, Json.object("error", message));
    }
}
