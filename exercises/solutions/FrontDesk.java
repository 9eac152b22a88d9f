///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// The JDK's HttpServer runs its handler on the executor it is given; the handler calls a
// database that answers in 500 ms. A burst of 500 requests is served 10 at a time: 50 rounds,
// 25 s (the check waits 16 rounds, 8 s). Make the burst take a few rounds, with a virtual
// thread per request. One line is not enough: find every place a request waits for a thread.

import module java.net.http;
import module jdk.httpserver;

final int REQUESTS = 500, POOL = 10;
final Duration WAIT = Duration.ofMillis(500);

/// The executor the server runs every exchange on.
ExecutorService handlers() {
    // ---- your part: change only from here to its end ----
    // exercise: return Executors.newFixedThreadPool(POOL); // TODO: 10 threads serve 10 requests at a time. Let every request wait at once.
    return Executors.newVirtualThreadPerTaskExecutor();
    // end exercise
    // ---- end of your part ----
}

/// The handler: a call to the database, then a short answer.
void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
        seen(Thread.currentThread());
        byte[] body = (callDatabase() + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
        exchange.sendResponseHeaders(500, -1);
    }
}

// ---- your part: change only from here to its end ----
// exercise: /// The database call, handed to a pool of its own so that the server's threads are not the ones that wait.
// exercise: final ExecutorService databaseCalls = Executors.newFixedThreadPool(POOL, Thread.ofPlatform().daemon().factory());
// exercise:
// exercise: String callDatabase() throws InterruptedException, ExecutionException {
// exercise:     return databaseCalls.submit(this::query).get();
// exercise: }
/// The database call, made by the request's own thread: a virtual thread that waits holds no OS thread.
String callDatabase() throws InterruptedException, ExecutionException {
    return query();
}
// end exercise
// ---- end of your part ----

/// The database: answers in 500 ms.
String query() throws InterruptedException {
    if (!Thread.currentThread().isVirtual()) platformWaits.incrementAndGet();
    Thread.sleep(WAIT);
    return "ok";
}

void main() throws Exception {
    var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), REQUESTS);   // port 0: any free port
    server.createContext("/", this::handle);
    int answered, ended;
    try (ExecutorService executor = handlers()) {
        server.setExecutor(executor);
        server.start();
        try {
            answered = sendAllAtOnce(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/"));
            ended = endedWithTheirRequest();
        } finally {
            server.stop(0);
            if (executor != null) executor.shutdownNow();   // drop what is still queued
        }
    }

    checkThat("requests answered within " + ROUNDS + " rounds of the handler's " + WAIT.toMillis() + " ms wait",
            answered == REQUESTS, answered + " (a pool of " + POOL + " answers " + POOL + " a round)", REQUESTS);
    checkThat("requests handled on a virtual thread of their own", virtualThreads.size() == REQUESTS && ended == REQUESTS,
            virtualThreads.size() + " virtual threads" + (platformThreads.isEmpty() ? "" : " and " + platformThreads.size() + " platform threads")
                    + (ended == virtualThreads.size() ? "" : ", " + (virtualThreads.size() - ended) + " of them still alive after their request (a pool keeps its threads)"),
            REQUESTS + " virtual threads, each ended with its request");
    check("database calls that held a platform thread while they waited", platformWaits.get(), 0);
    verdict("front-desk");
}

// ---- Checking your work: no need to read past this line. ----

final int ROUNDS = REQUESTS / POOL / 3;             // a third of what the pool needs
final Duration DEADLINE = WAIT.multipliedBy(ROUNDS);
final Set<Thread> virtualThreads = ConcurrentHashMap.newKeySet(), platformThreads = ConcurrentHashMap.newKeySet();
final AtomicInteger platformWaits = new AtomicInteger();

void seen(Thread handler) {
    (handler.isVirtual() ? virtualThreads : platformThreads).add(handler);
}

/// How many request threads have ended, waiting up to 2 s: a pool's threads wait for more work.
int endedWithTheirRequest() throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
    int ended = 0;
    for (Thread t : virtualThreads)
        if (t.join(Duration.ofNanos(deadline - System.nanoTime()))) ended++;
    return ended;
}

/// Sends every request at once; returns how many were answered 200 before the deadline.
int sendAllAtOnce(URI uri) throws InterruptedException {
    var ok = new AtomicInteger();
    var go = new CountDownLatch(1);
    var opened = new AtomicLong();
    try (var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
         var senders = Executors.newVirtualThreadPerTaskExecutor()) {
        var request = HttpRequest.newBuilder(uri).timeout(DEADLINE).build();
        for (int i = 0; i < REQUESTS; i++) {
            senders.submit(() -> {
                go.await();
                int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status == 200 && System.nanoTime() - opened.get() <= DEADLINE.toNanos()) ok.incrementAndGet();
                return null;
            });
        }
        opened.set(System.nanoTime());
        go.countDown();
    }
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
