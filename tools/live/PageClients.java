package live;

import com.sun.net.httpserver.HttpExchange;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/// Every open page, by its token. A token is 128 random bits handed to the page on its own
/// event stream; a POST must carry one, so a page from another site (which cannot read the
/// stream) cannot start or stop anything.
final class PageClients {
    private final ConcurrentHashMap<String, PageClient> open = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final int max;
    private final Duration heartbeat;

    PageClients(int max, Duration heartbeat) {
        this.max = max;
        this.heartbeat = heartbeat;
    }

    PageClient get(String token) {
        return token == null ? null : open.get(token);
    }

    /// Serves one page's event stream until it closes; `hello` sends the first events,
    /// `gone` runs when the page has gone (to end its runs).
    void stream(HttpExchange ex, Consumer<PageClient> hello, Consumer<PageClient> gone) {
        if (open.size() >= max) throw new Rejection(503, max + " pages are open already (--max-clients); close some tabs");
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        var client = new PageClient(HexFormat.of().formatHex(bytes));
        open.put(client.token, client);
        try {
            hello.accept(client);
            client.stream(ex, heartbeat);
        } finally {
            open.remove(client.token);
            gone.accept(client);
        }
    }

    void broadcast(String event, String json) {
        for (PageClient c : open.values()) c.send(event, json);
    }

    void closeAll() {
        for (PageClient c : open.values()) c.close();
    }
}
