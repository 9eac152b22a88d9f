///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A product page needs two independent backend calls of 250 ms (a slow price: 1 s). On a pool of
// 10, with the calls made in turn on a shared pool of 10, 300 pages take over 15 s. Make them take
// a few rounds: every request and every call on a virtual thread of its own, and a page's two
// calls waiting at once.

import module java.net.http;
import module jdk.httpserver;

final int REQUESTS = 300, POOL = 10, ROUNDS = 20;
final Duration CALL = Duration.ofMillis(250);

// ---- your part: change only from here to its end ----
final ExecutorService handlers = Executors.newFixedThreadPool(POOL);   // runs every exchange
// ---- end of your part ----

void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
        int product = Integer.parseInt(exchange.getRequestURI().getPath().substring("/product/".length()));
        byte[] body = productPage(product).getBytes(StandardCharsets.UTF_8);
        built(product);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
        exchange.sendResponseHeaders(500, -1);
    }
}

// ---- your part: change only from here to its end ----
/// The calls wait on a pool of their own, not on the server's threads.
final ExecutorService backend = Executors.newFixedThreadPool(POOL);

String productPage(int product) throws InterruptedException, ExecutionException {
    String stock = backend.submit(() -> stock(product)).get();
    String price = backend.submit(() -> price(product)).get();
    return stock + ", " + price;
}
// ---- end of your part ----

String stock(int product) throws InterruptedException {
    backendWait(product, CALL);
    return product % 40 + " in stock";
}

String price(int product) throws InterruptedException {
    backendWait(product, product % 10 == 0 ? CALL.multipliedBy(4) : CALL);
    return 10 + product % 90 + ".00 EUR";
}

void main() throws Exception {
    var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), REQUESTS);
    server.createContext("/product/", this::handle);
    try (handlers) {
        server.setExecutor(handlers);
        server.start();
        try {
            check("requests answered within " + ROUNDS + " rounds of a call's " + CALL.toMillis() + " ms",
                    sendAllAtOnce("http://127.0.0.1:" + server.getAddress().getPort() + "/product/"), REQUESTS);
            check("requests on a virtual thread of their own that ended with them", ownThreads(requestThreads, REQUESTS), all(REQUESTS));
            check("backend calls on a virtual thread of their own that ended with them", ownThreads(callThreads, 2 * REQUESTS), all(2 * REQUESTS));
        } finally {
            server.stop(0);
            if (handlers != null) handlers.shutdownNow();
        }
    }
    check("requests whose stock and price calls were in flight at once", overlapped.size(), REQUESTS);
    check("pages built before both calls answered (lesson 'The daemon trap': wait for it, not for a time)", builtEarly.get(), 0);
    verdict("front-desk");
}

// ---- Checking your work: no need to read past this line. ----

long until;   // for the threads to end
final AtomicInteger builtEarly = new AtomicInteger();
final Map<Integer, AtomicInteger> inFlight = new ConcurrentHashMap<>(), answered = new ConcurrentHashMap<>();
final Set<Integer> overlapped = ConcurrentHashMap.newKeySet();
final Queue<Thread> requestThreads = new ConcurrentLinkedQueue<>(), callThreads = new ConcurrentLinkedQueue<>();

void built(int product) {
    requestThreads.add(Thread.currentThread());
    if (answered.getOrDefault(product, new AtomicInteger()).get() < 2) builtEarly.incrementAndGet();
}

void backendWait(int product, Duration time) throws InterruptedException {
    var calls = inFlight.computeIfAbsent(product, p -> new AtomicInteger());
    if (calls.incrementAndGet() == 2) overlapped.add(product);
    try {
        Thread.sleep(time);
        answered.computeIfAbsent(product, p -> new AtomicInteger()).incrementAndGet();
    } finally {
        calls.decrementAndGet();
        callThreads.add(Thread.currentThread());
    }
}

String ownThreads(Queue<Thread> tasks, int expected) throws InterruptedException {
    var threads = Set.copyOf(tasks);
    for (var t : threads) t.join(Duration.ofNanos(Math.max(1, until - System.nanoTime())));
    long own = threads.stream().filter(t -> t.isVirtual() && !t.isAlive() && Collections.frequency(tasks, t) == 1).count();
    long platform = threads.stream().filter(t -> !t.isVirtual()).count(), alive = threads.stream().filter(Thread::isAlive).count();
    return own == expected ? all(expected) : own + " of " + expected + " (" + tasks.size() + " done, on " + threads.size() + " threads, "
            + platform + " platform, " + alive + " alive" + (alive > 0 ? ": a pool keeps its threads for the next task)" : ")");
}

String all(int tasks) {
    return tasks + " of " + tasks;
}

int sendAllAtOnce(String base) throws InterruptedException {
    var ok = new AtomicInteger();
    try (var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
         var senders = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < REQUESTS; i++) {
            var request = HttpRequest.newBuilder(URI.create(base + i)).timeout(CALL.multipliedBy(ROUNDS)).build();
            senders.submit(() -> client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200 && ok.incrementAndGet() > 0);
        }
    }
    until = System.nanoTime() + Duration.ofSeconds(1).toNanos();
    return ok.get();
}

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
