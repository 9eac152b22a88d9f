package live;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.*;

/// One open page: its server-sent event stream. Anyone may queue an event; one virtual
/// thread per page writes them out. A heartbeat finds a closed tab (the write fails), which
/// ends the page's runs: every second while the page has a run going, else every 15 s.
final class PageClient {
    final String token;
    private final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
    private volatile boolean closed;
    private final java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
    static final String CLOSE = "";
    static final Duration IDLE_HEARTBEAT = Duration.ofSeconds(15);

    PageClient(String token) {
        this.token = token;
    }

    boolean isClosed() { return closed; }

    /// A run of this page started (+1) or ended (-1).
    void running(int delta) { runs.addAndGet(delta); }

    /// Queues `event: name` with JSON data. Never blocks, never throws.
    void send(String event, String json) {
        if (!closed) queue.add("event: " + event + "\ndata: " + json + "\n\n");
    }

    /// Asks the writer to end the stream.
    void close() {
        queue.add(CLOSE);
    }

    /// Writes the stream until the page goes away or close() is called; the calling
    /// (virtual) thread spends nearly all its time parked in poll().
    void stream(HttpExchange ex, Duration heartbeat) {
        Http.headers(ex, "text/event-stream; charset=utf-8");
        ex.getResponseHeaders().set("X-Accel-Buffering", "no");
        try (OutputStream out = ex.getResponseBody()) {
            ex.sendResponseHeaders(200, 0);
            out.write(("retry: 1000\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            while (true) {
                Duration every = runs.get() > 0 ? heartbeat : IDLE_HEARTBEAT;
                String msg = queue.poll(every.toMillis(), TimeUnit.MILLISECONDS);
                if (msg == null) msg = ": heartbeat\n\n";
                if (msg == CLOSE) break;
                var batch = new StringBuilder(msg);
                // Whatever else is already queued goes out in the same write.
                for (String more; batch.length() < 64 * 1024 && (more = queue.peek()) != null && more != CLOSE; )
                    batch.append(queue.poll());
                out.write(batch.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException e) {
            // The page is gone (tab closed, reloaded, network down).
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closed = true;
            queue.clear();
        }
    }
}
