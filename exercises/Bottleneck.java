///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

import com.sun.net.httpserver.HttpServer;

// Measure before you flip spring.threads.virtual.enabled. Two servers on 127.0.0.1 wait 300 ms
// per request, one on a pool of 20 platform threads (Tomcat's pool), one on a virtual thread
// per request (the property). `burst` sends each a burst of requests; main reads the rates and
// latencies. As written, `burst` is the bottleneck itself: make it measure the servers.

/// A burst: the requests answered 200, each one's latency, and the time from send to last answer.
record Burst(int answered, List<Long> latenciesMs, long ms) {}

/// Sends `requests` requests to `uri` (each with `get`, below) at the same moment.
Burst burst(URI uri, int requests) throws Exception {
    // ---- your part: change only from here to its end ----
    var latencies = new ConcurrentLinkedQueue<Long>();
    var answered = new AtomicInteger();
    long start = System.nanoTime();
    try (var senders = Executors.newFixedThreadPool(20)) {
        for (int i = 0; i < requests; i++)
            senders.submit(() -> {
                long sent = System.nanoTime();
                if (get(uri) == 200) answered.incrementAndGet();
                latencies.add((System.nanoTime() - sent) / 1_000_000);
                return null;
            });
    }
    return new Burst(answered.get(), List.copyOf(latencies), (System.nanoTime() - start) / 1_000_000);
    // ---- end of your part ----
}

// ---- The client and the two servers: no need to change anything below. ----

/// GET `uri` over a connection of its own (HTTP/1.0, the smallest client): the status answered.
static int get(URI uri) throws IOException {
    try (var socket = new Socket(uri.getHost(), uri.getPort())) {
        socket.setSoTimeout(20_000);
        socket.getOutputStream().write(("GET / HTTP/1.0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        String status = new BufferedReader(new InputStreamReader(socket.getInputStream())).readLine();
        return status == null ? 0 : Integer.parseInt(status.split(" ")[1]);
    }
}

static final int POOL = 20, REQUESTS = 200;
static final Duration WAIT = Duration.ofMillis(300);

/// A server whose every request waits WAIT, on `executor`; it counts the requests inside at once.
record Server(HttpServer http, URI uri, AtomicInteger mostInside) {
    static Server start(ExecutorService executor) throws IOException {
        var http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1_000);
        var inside = new AtomicInteger();
        var most = new AtomicInteger();
        http.createContext("/", exchange -> {
            most.accumulateAndGet(inside.incrementAndGet(), Math::max);
            try {
                Thread.sleep(WAIT);   // the downstream call
                exchange.sendResponseHeaders(200, -1);
            } catch (InterruptedException e) {
                exchange.sendResponseHeaders(503, -1);
            } finally {
                inside.decrementAndGet();
                exchange.close();
            }
        });
        http.setExecutor(executor);
        http.start();
        return new Server(http, URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/"), most);
    }
}

void main() throws Exception {
    var poolThreads = Executors.newFixedThreadPool(POOL);
    var virtualThreads = Executors.newVirtualThreadPerTaskExecutor();
    var pool = Server.start(poolThreads);
    var virtual = Server.start(virtualThreads);
    Burst onPool, onVirtual;
    try {
        burst(virtual.uri(), 50);   // a warm-up: classes loaded, code compiled
        virtual.mostInside().set(0);
        onPool = burst(pool.uri(), REQUESTS);
        onVirtual = burst(virtual.uri(), REQUESTS);
    } finally {
        pool.http().stop(0);
        virtual.http().stop(0);
        poolThreads.shutdownNow();
        virtualThreads.shutdownNow();
    }
    double ceiling = POOL * 1000.0 / WAIT.toMillis();
    double poolRate = rate(onPool), virtualRate = rate(onVirtual);
    long p50 = p50(onPool);
    check("requests answered 200 by the two servers", onPool.answered() + onVirtual.answered(), 2 * REQUESTS);
    checkThat("requests inside the virtual-thread server at once: the burst arrived together (lesson 'Wait or refuse': never pool virtual threads)",
            virtual.mostInside().get() >= REQUESTS * 9 / 10, virtual.mostInside().get() + " at most",
            "at least " + REQUESTS * 9 / 10 + " of " + REQUESTS);
    checkThat("the pool's rate: its threads' ceiling, 20 / 300 ms = 67 req/s, or a little under",
            poolRate <= ceiling * 1.05 && poolRate >= ceiling / 2, Math.round(poolRate) + " req/s", "33 to 70 req/s");
    checkThat("the pool's median latency: at least 3 times the wait, as requests queue for its threads",
            p50 >= 3 * WAIT.toMillis(), p50 + " ms", "at least " + 3 * WAIT.toMillis() + " ms");
    checkThat("the virtual threads' rate: at least twice the pool's, as no pool binds",
            virtualRate >= 2 * poolRate, Math.round(virtualRate) + " req/s against " + Math.round(poolRate), "at least twice");
    verdict("bottleneck");
}

static double rate(Burst b) {
    return b.ms() == 0 ? 0 : b.answered() * 1000.0 / b.ms();
}

static long p50(Burst b) {
    var sorted = b.latenciesMs().stream().sorted().toList();
    return sorted.isEmpty() ? 0 : sorted.get((sorted.size() - 1) / 2);
}

// ---- Checking your work: no need to read past this line. ----

final List<String> failed = new ArrayList<>();

void check(String what, Object got, Object expected) {
    checkThat(what, Objects.equals(got, expected), got, expected);
}

void checkThat(String what, boolean ok, Object got, Object expected) {
    if (ok) {
        IO.println("ok   " + what);
    } else {
        IO.println("FAIL " + what + ": got " + got + ", expected " + expected);
        failed.add(what);
    }
}

void verdict(String exercise) {
    if (failed.isEmpty()) {
        IO.println("Solved.");
        return;
    }
    IO.println("Not solved yet: " + failed.getFirst());
    IO.println("Hint: ./jbang check --hint " + exercise);
    System.exit(1);
}
