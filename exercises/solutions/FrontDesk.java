///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A shop's HttpServer answers product pages. A page needs two backend calls that do not depend
// on each other: the stock (250 ms of waiting) and the price (250 ms, or 1 s for one product in
// ten). As shipped, the server runs on a pool of 10 threads and hands each call to a shared
// backend pool of 10, one call after the other: a burst of 300 requests takes over 15 s.
// Make the burst take a few rounds: each request on a virtual thread of its own, no call queued
// for a pool's thread, and a page's two calls waiting at the same time. Done when every check
// says ok.

import module java.net.http;
import module jdk.httpserver;

final int REQUESTS = 300, POOL = 10;
final Duration CALL = Duration.ofMillis(250), SLOW_PRICE = Duration.ofSeconds(1);

/// The executor the server runs every exchange on.
ExecutorService handlers() {
    // ---- your part: change only from here to its end ----
    // exercise: return Executors.newFixedThreadPool(POOL);
    return Executors.newVirtualThreadPerTaskExecutor();
    // end exercise
    // ---- end of your part ----
}

/// The handler: GET /product/17 answers "17: 17 in stock, 27.00 EUR".
void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
        int product = Integer.parseInt(exchange.getRequestURI().getPath().substring("/product/".length()));
        seen(product, Thread.currentThread());
        Page page = productPage(product);
        built(product);
        byte[] body = (product + ": " + page.stock() + ", " + page.price()).getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
        exchange.sendResponseHeaders(500, -1);
    }
}

record Page(String stock, String price) {}

// ---- your part: change only from here to its end ----
// exercise: /// The backend calls, handed to a pool of their own so that the server's threads are not the ones that wait.
// exercise: final ExecutorService backend = Executors.newFixedThreadPool(POOL, Thread.ofPlatform().daemon().factory());
// exercise:
// exercise: /// A page needs the product's stock and its price.
// exercise: Page productPage(int product) throws InterruptedException, ExecutionException {
// exercise:     String stock = backend.submit(() -> stock(product)).get();
// exercise:     String price = backend.submit(() -> price(product)).get();
// exercise:     return new Page(stock, price);
// exercise: }
/// A page needs the product's stock and its price: both calls start before either is waited for,
/// each on a virtual thread of its own, and close() waits for both.
Page productPage(int product) throws InterruptedException, ExecutionException {
    try (var calls = Executors.newVirtualThreadPerTaskExecutor()) {
        Future<String> stock = calls.submit(() -> stock(product));
        Future<String> price = calls.submit(() -> price(product));
        return new Page(stock.get(), price.get());
    }
}
// end exercise
// ---- end of your part ----

/// The stock service: answers in 250 ms.
String stock(int product) throws InterruptedException {
    backendWait(product, CALL);
    return product % 40 + " in stock";
}

/// The price service: answers in 250 ms, but one product in ten takes its slow path, 1 s.
String price(int product) throws InterruptedException {
    backendWait(product, product % 10 == 0 ? SLOW_PRICE : CALL);
    return 10 + product % 90 + ".00 EUR";
}

void main() throws Exception {
    var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), REQUESTS);   // port 0: any free port
    server.createContext("/product/", this::handle);
    Burst burst;
    Threads requests, calls;
    try (ExecutorService executor = handlers()) {
        server.setExecutor(executor);
        server.start();
        try {
            burst = sendAllAtOnce("http://127.0.0.1:" + server.getAddress().getPort() + "/product/");
            long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();   // for the threads to end
            requests = ownThreads(requestsOfThread, "request", t -> !answered.containsAll(requestsOfThread.get(t)), until);
            calls = ownThreads(callsOfThread, "call", inACall::contains, until);
        } finally {
            server.stop(0);
            if (executor != null) executor.shutdownNow();   // drop what is still queued
        }
    }

    checkThat("requests answered with their page within " + ROUNDS + " rounds of a call's " + CALL.toMillis() + " ms",
            burst.inTime() == REQUESTS, burst, REQUESTS);
    checkThat("requests handled on a virtual thread of their own that ended with them",
            requests.own() == REQUESTS && requests.platform() == 0, requests, REQUESTS + " of " + REQUESTS);
    check("backend calls that held a platform thread while they waited", platformCalls.get(), 0);
    checkThat("backend calls made on a thread that served only their request and ended with it",
            calls.own() == 2 * REQUESTS, calls, 2 * REQUESTS + " of " + 2 * REQUESTS);
    check("requests whose stock and price calls were in flight at once", overlapping(), REQUESTS);
    check("pages built before both of their calls had answered (lesson 'The daemon trap': wait for it, not for a time)",
            builtEarly.get(), 0);
    verdict("front-desk");
}

// ---- Checking your work: no need to read past this line. ----

final int ROUNDS = 20;                               // a slow price alone takes 4 rounds
final Duration DEADLINE = CALL.multipliedBy(ROUNDS);
final AtomicInteger platformCalls = new AtomicInteger(), builtEarly = new AtomicInteger();

/// One product's calls: how many are in flight and answered, and whether both were in flight at once.
record Calls(AtomicInteger inFlight, AtomicInteger answered, AtomicBoolean overlapped) {
    Calls() {
        this(new AtomicInteger(), new AtomicInteger(), new AtomicBoolean());
    }
}

final Map<Integer, Calls> calls = new ConcurrentHashMap<>();
/// The products each thread handled a request for, and made a backend call for, one entry each.
final Map<Thread, Queue<Integer>> requestsOfThread = new ConcurrentHashMap<>(), callsOfThread = new ConcurrentHashMap<>();
final Set<Thread> inACall = ConcurrentHashMap.newKeySet();
final Set<Integer> answered = ConcurrentHashMap.newKeySet();   // the requests the client got an answer to

void seen(int product, Thread handler) {
    requestsOfThread.computeIfAbsent(handler, t -> new ConcurrentLinkedQueue<>()).add(product);
}

/// A backend call's wait, counted: by whose thread, and what else of its product was in flight.
void backendWait(int product, Duration time) throws InterruptedException {
    Thread me = Thread.currentThread();
    if (!me.isVirtual()) platformCalls.incrementAndGet();
    callsOfThread.computeIfAbsent(me, t -> new ConcurrentLinkedQueue<>()).add(product);
    inACall.add(me);
    Calls c = calls.computeIfAbsent(product, p -> new Calls());
    if (c.inFlight().incrementAndGet() == 2) c.overlapped().set(true);
    try {
        Thread.sleep(time);
        c.answered().incrementAndGet();
    } finally {
        c.inFlight().decrementAndGet();
        inACall.remove(me);
    }
}

void built(int product) {
    if (calls.computeIfAbsent(product, p -> new Calls()).answered().get() < 2) builtEarly.incrementAndGet();
}

int overlapping() {
    return (int) calls.values().stream().filter(c -> c.overlapped().get()).count();
}

/// Of the tasks (requests or calls) the threads ran, how many ran on a thread that served only
/// their product and has ended, and what the others' threads were.
record Threads(int own, int tasks, int threads, int platform, int shared, int kept, int busy, String what) {
    @Override
    public String toString() {
        return own + " of " + tasks + " (" + tasks + " " + what + "s on " + threads + (threads == 1 ? " thread" : " threads")
                + (platform == 0 ? "" : ", " + platform + " of them platform threads")
                + (shared == 0 ? "" : ", " + shared + " serving more than one request")
                + (busy == 0 ? "" : ", " + busy + " still busy when the time was up")
                + (kept == 0 ? "" : ", " + kept + " still alive after their " + what + "s: a pool keeps its threads for the next task")
                + ")";
    }
}

/// Waits until `until` at most for the threads to end, then counts; `busy` tells a thread still at work.
Threads ownThreads(Map<Thread, Queue<Integer>> tasksOfThread, String what, Predicate<Thread> busy, long until)
        throws InterruptedException {
    var snapshot = new HashMap<Thread, List<Integer>>();
    tasksOfThread.forEach((t, products) -> snapshot.put(t, List.copyOf(products)));
    for (Thread t : snapshot.keySet()) t.join(Duration.ofNanos(Math.max(1, until - System.nanoTime())));
    int own = 0, tasks = 0, platform = 0, shared = 0, kept = 0, stillBusy = 0;
    for (var e : snapshot.entrySet()) {
        Thread t = e.getKey();
        int products = new HashSet<>(e.getValue()).size();
        tasks += e.getValue().size();
        if (!t.isVirtual()) platform++;
        if (products > 1) shared++;
        if (t.isAlive()) {
            if (busy.test(t)) stillBusy++;
            else kept++;
        } else if (products == 1) {
            own += e.getValue().size();
        }
    }
    return new Threads(own, tasks, snapshot.size(), platform, shared, kept, stillBusy, what);
}

/// What the burst got back in time.
record Burst(int inTime, int wrongPage) {
    @Override
    public String toString() {
        return inTime + (wrongPage == 0 ? "" : ", and " + wrongPage + " with a wrong page");
    }
}

/// Sends every request at once; counts the right pages answered before the deadline.
Burst sendAllAtOnce(String base) throws InterruptedException {
    var ok = new AtomicInteger();
    var wrong = new AtomicInteger();
    var go = new CountDownLatch(1);
    var opened = new AtomicLong();
    try (var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
         var senders = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < REQUESTS; i++) {
            int product = i;
            var request = HttpRequest.newBuilder(URI.create(base + product)).timeout(DEADLINE).build();
            String expected = product + ": " + product % 40 + " in stock, " + (10 + product % 90) + ".00 EUR";
            senders.submit(() -> {
                go.await();
                var response = client.send(request, HttpResponse.BodyHandlers.ofString());
                answered.add(product);
                if (response.statusCode() == 200 && System.nanoTime() - opened.get() <= DEADLINE.toNanos())
                    (response.body().equals(expected) ? ok : wrong).incrementAndGet();
                return null;
            });
        }
        opened.set(System.nanoTime());
        go.countDown();
    }
    return new Burst(ok.get(), wrong.get());
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
