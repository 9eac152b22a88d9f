///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// An HTTP server whose handler waits 200 ms, like a call to a database, and a load generator
// in the same program that sends every request at once. The server runs its handlers on a
// pool of 50 platform threads, then on virtual threads: one line of difference.

import module java.net.http;
import module jdk.httpserver;
import module jdk.management;

static final Duration DB_CALL = Duration.ofMillis(200);
static final int POOL_THREADS = 50;
static final int DEFAULT_REQUESTS = 2_000;
static final int MAX_REQUESTS = 5_000; // each request holds two sockets (client and server end) until it is answered
static final int BACKLOG = 4_096;      // connections the OS queues for the server before it accepts them
static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);
static final String USAGE = "usage: server [pool|virtual] [requests]  (requests 1 to " + MAX_REQUESTS
        + ", default " + DEFAULT_REQUESTS + "; without a kind: pool, then virtual)";

void main(String[] args) throws Exception {
    List<String> kinds = args.length > 0 ? List.of(args[0]) : List.of("pool", "virtual");
    int requests = args.length > 1 ? parseOrZero(args[1]) : DEFAULT_REQUESTS;
    if (args.length > 2 || !List.of("pool", "virtual").containsAll(kinds) || requests < 1 || requests > MAX_REQUESTS) {
        System.err.println(USAGE);
        System.exit(2);
    }
    IO.println(requests + " requests at once; the handler waits " + DB_CALL.toMillis() + " ms; "
            + Runtime.getRuntime().availableProcessors() + " cores");
    for (String kind : kinds) {
        try (ExecutorService executor = kind.equals("pool")
                ? Executors.newFixedThreadPool(POOL_THREADS)
                : Executors.newVirtualThreadPerTaskExecutor()) {
            serve(kind, executor, requests);
        }
    }
}

void serve(String kind, ExecutorService executor, int requests) throws Exception {
    var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), BACKLOG); // port 0: any free port
    server.createContext("/", this::handle);
    server.setExecutor(executor); // the executor runs every exchange: a pool, or a virtual thread each
    server.start();
    try {
        URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        IO.println(String.format("%-8s server on %s, %s", kind + ":", uri,
                kind.equals("pool") ? "a pool of " + POOL_THREADS + " threads" : "a virtual thread per exchange"));
        report(kind, requests, load(uri, requests));
    } finally {
        server.stop(0); // every exchange has been answered: stop at once
    }
}

// The handler: a 200 ms wait stands for the database call, then a short answer.
void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
        Thread.sleep(DB_CALL);
        byte[] body = "ok\n".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    }
}

record Load(int ok, Map<String, Integer> failures, long wallNanos, long[] latencyNanos, Cpu cpu) {}

// The load generator: one virtual thread per request, all released at the same moment.
Load load(URI uri, int requests) throws InterruptedException {
    var ok = new AtomicInteger();
    var failures = new ConcurrentSkipListMap<String, Integer>();
    var latencyNanos = new long[requests];
    var go = new CountDownLatch(1);
    // HTTP/1.1: the version the JDK's HttpServer speaks, so the client does not offer an upgrade
    try (var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
        var request = HttpRequest.newBuilder(uri).timeout(CLIENT_TIMEOUT).build();
        var senders = Executors.newVirtualThreadPerTaskExecutor();
        for (int i = 0; i < requests; i++) {
            int n = i;
            senders.submit(() -> {
                go.await();
                long sent = System.nanoTime();
                try {
                    int status = client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
                    if (status == 200) ok.incrementAndGet();
                    else failures.merge("status " + status, 1, Integer::sum);
                } catch (IOException e) {
                    failures.merge(e.getClass().getSimpleName(), 1, Integer::sum);
                }
                latencyNanos[n] = System.nanoTime() - sent;
                return null;
            });
        }
        Cpu before = Cpu.now();
        long start = System.nanoTime();
        go.countDown();
        senders.close(); // returns when every request has its answer (or its failure)
        long wallNanos = System.nanoTime() - start;
        return new Load(ok.get(), failures, wallNanos, latencyNanos, Cpu.now().minus(before));
    }
}

void report(String kind, int requests, Load load) {
    String tag = String.format("%-8s", kind + ":");
    long wallMs = load.wallNanos() / 1_000_000;
    double perSecond = load.ok() / (load.wallNanos() / 1e9);
    long[] sorted = load.latencyNanos().clone();
    Arrays.sort(sorted);
    IO.println(String.format("%s ok=%d failed=%d%s  wall %d ms  %.0f req/s  p50 %d ms  p99 %d ms",
            tag, load.ok(), requests - load.ok(), load.failures().isEmpty() ? "" : " " + load.failures(),
            wallMs, perSecond, percentileMs(sorted, 50), percentileMs(sorted, 99)));

    double waitSeconds = DB_CALL.toMillis() / 1000.0;
    if (kind.equals("pool"))
        IO.println(String.format("%s ceiling: %d threads / %.1f s = %.0f req/s",
                tag, POOL_THREADS, waitSeconds, POOL_THREADS / waitSeconds));
    else
        IO.println(String.format("%s the wait alone would allow %d requests / %.1f s = %.0f req/s",
                tag, requests, waitSeconds, requests / waitSeconds));

    Cpu cpu = load.cpu();
    int cores = Runtime.getRuntime().availableProcessors();
    IO.println(String.format("%s CPU time in the run: process %d ms (%.2f ms per request, %.0f%% of %d cores); "
                    + "server dispatcher thread %d ms, client selector thread %d ms",
            tag, cpu.processMs(), (double) cpu.processMs() / requests, 100.0 * cpu.processMs() / (wallMs * cores), cores,
            cpu.dispatcherMs(), cpu.selectorMs()));
}

long percentileMs(long[] sorted, int p) {
    int rank = (int) Math.ceil(p / 100.0 * sorted.length); // nearest rank
    return sorted[Math.max(0, rank - 1)] / 1_000_000;
}

int parseOrZero(String text) {
    try {
        return Integer.parseInt(text.replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
        return 0;
    }
}

// ---- CPU time, read from the JVM's management beans ---------------------------------------
// The JDK's HttpServer accepts every connection on one thread named "HTTP-Dispatcher"; the
// HttpClient does its socket I/O on one thread named "HttpClient-<n>-SelectorManager".
// Both names are implementation details of the JDK, read here from the list of live threads.

record Cpu(long processMs, long dispatcherMs, long selectorMs) {
    static Cpu now() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return new Cpu(os.getProcessCpuTime() / 1_000_000,
                threadCpuMs(name -> name.equals("HTTP-Dispatcher")),
                threadCpuMs(name -> name.startsWith("HttpClient-") && name.endsWith("-SelectorManager")));
    }

    Cpu minus(Cpu earlier) {
        return new Cpu(processMs - earlier.processMs, dispatcherMs - earlier.dispatcherMs, selectorMs - earlier.selectorMs);
    }

    // The one live thread whose name matches (each run has one server and one client).
    static long threadCpuMs(Predicate<String> name) {
        var threads = ManagementFactory.getThreadMXBean();
        for (var info : threads.getThreadInfo(threads.getAllThreadIds()))
            if (info != null && name.test(info.getThreadName()))
                return threads.getThreadCpuTime(info.getThreadId()) / 1_000_000;
        return 0;
    }
}
