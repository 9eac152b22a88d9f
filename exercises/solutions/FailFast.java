///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//PREVIEW

// A product page needs a price and a stock level, fetched at the same time, for a request
// whose id main binds in a ScopedValue. Whichever call fails (after 100 ms) dooms the page,
// so the other call (1,500 ms) should stop at once, and fetchBoth should end with the failure.
// As shipped, with an executor, none of that holds. Fork the calls in a StructuredTaskScope.

static final ScopedValue<String> REQUEST_ID = ScopedValue.newInstance();
static final Duration FAILS_AFTER = Duration.ofMillis(100), SLOW_CALL = Duration.ofMillis(1_500);

volatile String failing;                                    // which service fails this time
final Set<String> interrupted = ConcurrentHashMap.newKeySet();
final Map<String, String> requestIdSeen = new ConcurrentSkipListMap<>();
final AtomicInteger running = new AtomicInteger();

void main() {
    var priceFails = fetchPage("price");
    check("fetchBoth failed with the price service's IOException", priceFails.outcome(),
            "failed: IOException: price service unavailable");
    check("the stock call was interrupted", interrupted, Set.of("stock"));
    checkThat("fetchBoth ended before the stock call would have", priceFails.tookMs() < SLOW_CALL.toMillis(),
            priceFails.tookMs() + " ms", "under " + SLOW_CALL.toMillis() + " ms");
    check("no call was still running when fetchBoth returned", priceFails.stillRunning(), 0);
    check("scopes fetchBoth left open (lesson 'Structured concurrency': no subtask outlives the block that forked it)",
            priceFails.scopesLeftOpen(), 0);
    check("both calls saw the request id bound around fetchBoth", requestIdSeen.toString(), "{price=req-42, stock=req-42}");

    var stockFails = fetchPage("stock");
    check("when the stock call fails first, the price call is interrupted", interrupted, Set.of("price"));
    check("when the stock call fails first, fetchBoth fails with its IOException", stockFails.outcome(),
            "failed: IOException: stock service unavailable");
    verdict("fail-fast");
}

String fetchBoth() throws Exception {
    // ---- your part: change only from here to its end ----
    // exercise: try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
    // exercise:     Future<String> price = executor.submit(this::price);
    // exercise:     Future<String> stock = executor.submit(this::stock);
    // exercise:     // TODO: price.get() throws after 100 ms, but the stock call goes on, and close() waits for it.
    // exercise:     return price.get() + ", " + stock.get();
    // exercise: }
    try (var scope = StructuredTaskScope.open()) {
        var price = scope.fork(this::price);
        var stock = scope.fork(this::stock);
        scope.join(); // the first failure cancels the scope: the other subtask is interrupted
        return price.get() + ", " + stock.get();
    }
    // end exercise
    // ---- end of your part ----
}

String price() throws Exception { return call("price"); }

String stock() throws Exception { return call("stock"); }

/// A call to a service: the failing one fails after 100 ms, the other answers after 1,500 ms.
/// Interrupted, a call takes 50 ms to close its connection before it ends.
String call(String service) throws Exception {
    running.incrementAndGet();
    requestIdSeen.put(service, REQUEST_ID.isBound() ? REQUEST_ID.get() : "unbound");
    try {
        if (service.equals(failing)) {
            Thread.sleep(FAILS_AFTER);
            throw new IOException(service + " service unavailable");
        }
        Thread.sleep(SLOW_CALL);
        return service + ": ok";
    } catch (InterruptedException e) {
        interrupted.add(service);
        closeConnection();
        throw e;
    } finally {
        running.decrementAndGet();
    }
}

// ---- Checking your work: no need to read past this line. ----

record Page(String outcome, long tookMs, int stillRunning, int scopesLeftOpen) {}

volatile Thread caller;             // the thread that calls fetchBoth
volatile boolean notCountedYet;     // until fetchPage has counted the calls still running

/// Calls fetchBoth for request req-42 with `service` failing, and tells how it went.
Page fetchPage(String service) {
    failing = service;
    interrupted.clear();
    requestIdSeen.clear();
    caller = Thread.currentThread();
    notCountedYet = true;
    long start = System.nanoTime();
    String built = null;
    Exception failure = null;
    try {
        built = ScopedValue.where(REQUEST_ID, "req-42").call(this::fetchBothThenLookAtItsScopes);
    } catch (Exception e) {
        failure = e;
    }
    long tookMs = (endedAt - start) / 1_000_000;
    awaitQuiet();
    Throwable cause = failure == null ? null : rootCause(failure);
    String outcome = cause == null ? "built: " + built
            : "failed: " + cause.getClass().getSimpleName() + ": " + cause.getMessage();
    return new Page(outcome, tookMs, stillRunning, scopesLeftOpen);
}

long endedAt;
int stillRunning;
int scopesLeftOpen;

/// The scopes still open as fetchBoth ends, seen before the binding around it ends: when a
/// binding ends, ScopedValue closes any scope opened inside it and left open.
String fetchBothThenLookAtItsScopes() throws Exception {
    try {
        return fetchBoth();
    } finally {
        endedAt = System.nanoTime();
        stillRunning = running.get();
        notCountedYet = false;
        scopesLeftOpen = scopesOwnedBy(Thread.currentThread());   // a dump takes a moment: after the time is taken
    }
}

/// A JSON thread dump lists each open scope as a thread container with its owner, the thread
/// that opened it: those still open that `owner` opened. The dump writes one field a line.
int scopesOwnedBy(Thread owner) {
    try {
        Path dir = Files.createTempDirectory("fail-fast-");
        Path file = dir.resolve("threads.json");
        try {
            java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpThreads(file.toString(), com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            int open = 0;
            boolean aScope = false;
            for (String line : Files.readAllLines(file)) {
                String field = line.strip();
                if (field.startsWith("\"container\": ")) aScope = field.startsWith("\"container\": \"java.util.concurrent.StructuredTaskScope");
                else if (aScope && field.equals("\"owner\": \"" + owner.threadId() + "\",")) open++;
            }
            return open;
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    } catch (IOException e) {
        throw new UncheckedIOException(e);
    }
}

/// Closing takes 50 ms, then goes on while the caller of fetchBoth is running (neither waiting
/// nor sleeping) and fetchPage has not yet counted the calls still running, for at most 5 s.
/// So a fetchBoth that returns without waiting always finds this call running, however late
/// the machine runs its thread; one that waits in join or close holds it up about 10 ms more
/// at most. A fetchBoth that waits by spinning counts as running.
void closeConnection() throws InterruptedException {
    Thread.sleep(50);
    for (int i = 0; i < 500 && notCountedYet && caller != Thread.currentThread()
            && caller.getState() == Thread.State.RUNNABLE; i++) Thread.sleep(10);
}

/// Waits (up to 5 s) until calls a wrong fix left running have ended, so the next case starts clean.
void awaitQuiet() {
    try {
        for (int i = 0; i < 500 && running.get() > 0; i++) Thread.sleep(10);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    }
}

final List<String> failed = new ArrayList<>();

Throwable rootCause(Throwable e) {
    while (e.getCause() != null) e = e.getCause();
    return e;
}

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
