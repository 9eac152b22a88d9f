///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it does; imports, constants; main: serve on a pool, then virtual
// An HTTP server whose handler waits 200 ms, like a database call, and a load generator
// that sends every request at once. The handlers run on a pool of 50 platform threads,
// then on virtual threads: one line of difference.

import module java.net.http;
import module jdk.httpserver;
import module jdk.management;
import java.net.http.HttpResponse.BodyHandlers;

static final Duration DB_CALL = Duration.ofMillis(200);
static final int POOL_THREADS = 50;
static final int DEFAULT_REQUESTS = 2_000;
static final int MAX_REQUESTS = 5_000; // each holds two sockets: the client's end and the server's
static final int JVM_FILE_DESCRIPTORS = 100; // jars, selectors, stdio: a generous allowance
static final int BACKLOG = 4_096;      // connections the OS may queue for accept
static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);
static final String USAGE = "usage: server [pool|virtual] [requests]  (requests 1 to "
        + MAX_REQUESTS + ", default " + DEFAULT_REQUESTS + "; no kind: pool, then virtual)";

void main(String[] args) throws Exception {
    var kinds = args.length > 0 ? List.of(args[0]) : List.of("pool", "virtual");
    int requests = args.length > 1 ? number(args[1]) : DEFAULT_REQUESTS;
    if (args.length > 2 || !List.of("pool", "virtual").containsAll(kinds)
            || requests < 1 || requests > MAX_REQUESTS) {
        System.err.println(USAGE);
        System.exit(2);
    }
    requireFileDescriptors(requests);
    int cores = Runtime.getRuntime().availableProcessors();
    IO.println(requests + " requests at once; the handler waits " + DB_CALL.toMillis()
            + " ms; " + cores + (cores == 1 ? " core" : " cores"));
    for (String kind : kinds) {
        try (ExecutorService executor = kind.equals("pool")
                ? Executors.newFixedThreadPool(POOL_THREADS)
                : Executors.newVirtualThreadPerTaskExecutor()) {
            serve(kind, executor, requests);
        }
    }
}

// @end
void serve(String kind, ExecutorService executor, int requests)
        throws Exception {
    // @fold an HttpServer on a free port; its context counts connections, calls handle
    // Port 0: the OS picks a free port.
    var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), BACKLOG);
    // A connection's client end has an address of its own: count the ones that sent requests.
    var connections = ConcurrentHashMap.<InetSocketAddress>newKeySet();
    server.createContext("/", exchange -> {
        connections.add(exchange.getRemoteAddress());
        handle(exchange);
    });
    // @end
    server.setExecutor(executor); // each exchange runs as its task
    server.start();
    // @fold sending the burst and reporting it, then stopping the server
    try {
        int port = server.getAddress().getPort();
        var uri = URI.create("http://127.0.0.1:" + port + "/");
        String threads = kind.equals("pool")
                ? "a pool of " + POOL_THREADS + " threads"
                : "a virtual thread per exchange";
        say(kind, "server on %s, %s", uri, threads);
        Load load = load(uri, requests);
        report(kind, requests, load, connections.size());
    } finally {
        server.stop(0); // every request has its answer or its failure: stop at once
    }
    // @end
}

// The handler: a 200 ms wait for the database call, then a short answer.
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
// @fold the load generator, a virtual thread per request; the report; CPU time

// latencies: of the requests answered 200 only, in nanoseconds.
record Load(int ok, Map<String, Integer> failures, long wallNanos, long[] latencies,
            Cpu cpu) {}

// The load generator: a virtual thread per request, released together from a gate.
Load load(URI uri, int requests) throws InterruptedException {
    var failures = new ConcurrentSkipListMap<String, Integer>();
    var latencies = new ConcurrentLinkedQueue<Long>();
    var ready = new CountDownLatch(requests);
    var go = new CountDownLatch(1);
    // HTTP/1.1 is what the JDK's HttpServer speaks: no upgrade to offer.
    var version = HttpClient.Version.HTTP_1_1;
    try (var client = HttpClient.newBuilder().version(version).build()) {
        var request = HttpRequest.newBuilder(uri).timeout(CLIENT_TIMEOUT).build();
        Cpu before;
        long start;
        try (var senders = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < requests; i++) {
                senders.submit(() -> {
                    try {
                        ready.countDown();
                        go.await();
                        long sent = System.nanoTime();
                        int status = client.send(request, BodyHandlers.ofString()).statusCode();
                        if (status == 200) latencies.add(System.nanoTime() - sent);
                        else failures.merge("HTTP " + status, 1, Integer::sum);
                    } catch (Exception e) { // counted by class and message
                        failures.merge(e.toString().lines().findFirst().orElseThrow(), 1, Integer::sum);
                    }
                    return null;
                });
            }
            ready.await(); // every sender has arrived at the gate: the burst starts now
            before = Cpu.now();
            start = System.nanoTime();
            go.countDown();
        } // closing the executor waits until every request has its answer or its failure
        long wallNanos = System.nanoTime() - start;
        Cpu cpu = Cpu.now().minus(before);
        long[] answered = latencies.stream().mapToLong(Long::longValue).toArray();
        return new Load(answered.length, failures, wallNanos, answered, cpu);
    } // the client closes its connections here, after the measurement
}

void report(String kind, int requests, Load load, int connections) {
    long wallMs = load.wallNanos() / 1_000_000;
    double perSecond = load.ok() / (load.wallNanos() / 1e9);
    long[] sorted = load.latencies().clone();
    Arrays.sort(sorted);
    String failures = load.failures().isEmpty() ? "" : " " + load.failures();
    String latency = sorted.length == 0 ? "no latency: nothing answered"
            : "p50 " + percentileMs(sorted, 50) + " ms  p99 " + percentileMs(sorted, 99) + " ms";
    say(kind, "ok=%d failed=%d%s  wall %d ms  %.0f req/s  %s",
            load.ok(), requests - load.ok(), failures, wallMs, perSecond, latency);
    say(kind, "%d connections for %d requests", connections, requests);

    double wait = DB_CALL.toMillis() / 1000.0;
    if (kind.equals("pool"))
        say(kind, "ceiling: %d threads / %.1f s = %.0f req/s",
                POOL_THREADS, wait, POOL_THREADS / wait);
    else
        say(kind, "the wait alone would allow %d requests / %.1f s = %.0f req/s",
                requests, wait, requests / wait);

    Cpu cpu = load.cpu();
    int cores = Runtime.getRuntime().availableProcessors();
    say(kind, "CPU time: process %d ms = %.0f%% of %d %s, %.2f ms per request",
            cpu.processMs(), 100.0 * cpu.processMs() / (wallMs * cores), cores, cores == 1 ? "core" : "cores",
            (double) cpu.processMs() / requests);
    say(kind, "CPU time: server's dispatcher %d ms, client's selector %d ms",
            cpu.dispatcherMs(), cpu.selectorMs());
}

// One line of the report, tagged with the executor's kind; digits and decimal points
// as in the lesson, whatever the machine's locale.
void say(String kind, String format, Object... args) {
    IO.println(String.format(Locale.ROOT, "%-9s", kind + ":")
            + String.format(Locale.ROOT, format, args));
}

long percentileMs(long[] sorted, int p) {
    int rank = (int) Math.ceil(p / 100.0 * sorted.length); // nearest rank
    return sorted[Math.max(0, rank - 1)] / 1_000_000;
}

/// `2000`, `2,000` or `2_000` as a number; -1 if it is not one (main checks the range).
int number(String text) {
    String digits = text.replace(",", "").replace("_", "");
    return digits.matches("[0-9]{1,9}") ? Integer.parseInt(digits) : -1;
}

// ---- CPU time, read from the JVM's management beans ----------------------------
// The JDK's HttpServer accepts every connection on one thread, "HTTP-Dispatcher";
// its HttpClient waits on all its connections, and reads from them, on one thread,
// "HttpClient-<n>-SelectorManager". Both names are implementation details.

record Cpu(long processMs, long dispatcherMs, long selectorMs) {
    static Cpu now() {
        var os = (com.sun.management.OperatingSystemMXBean)
                ManagementFactory.getOperatingSystemMXBean();
        long dispatcher = threadCpuMs(name -> name.equals("HTTP-Dispatcher"));
        long selector = threadCpuMs(name -> name.endsWith("-SelectorManager"));
        return new Cpu(os.getProcessCpuTime() / 1_000_000, dispatcher, selector);
    }

    Cpu minus(Cpu before) {
        return new Cpu(processMs - before.processMs,
                dispatcherMs - before.dispatcherMs,
                selectorMs - before.selectorMs);
    }

    // The live thread with that name: each run has one server and one client.
    static long threadCpuMs(Predicate<String> name) {
        var threads = ManagementFactory.getThreadMXBean();
        for (var info : threads.getThreadInfo(threads.getAllThreadIds()))
            if (info != null && name.test(info.getThreadName()))
                return threads.getThreadCpuTime(info.getThreadId()) / 1_000_000;
        return 0;
    }
}

// ---- The file-descriptor limit, read from /proc on Linux ---------------------------
// At most, every request has a connection of its own: two sockets in this process.

void requireFileDescriptors(int requests) throws IOException {
    Path limits = Path.of("/proc/self/limits");
    if (!Files.isReadable(limits)) return; // not Linux: not checked
    long needed = 2L * requests + JVM_FILE_DESCRIPTORS;
    long limit = Files.readAllLines(limits).stream()
            .filter(line -> line.startsWith("Max open files"))
            .map(line -> line.split("\\s+")[3]) // the soft limit, the one that applies
            .mapToLong(v -> v.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(v))
            .findFirst().orElse(Long.MAX_VALUE);
    if (limit < needed) {
        System.err.println("server: " + requests + " requests at once need about " + needed
                + " file descriptors (2 per request + " + JVM_FILE_DESCRIPTORS
                + " for the JVM), but this process may open only " + limit
                + ". Raise the limit (ulimit -n " + needed + ") or send fewer requests.");
        System.exit(2);
    }
}
// @end
