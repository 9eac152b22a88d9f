///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// 200 requests arrive at once, each on its own virtual thread, and each runs one query on a
// database that has 10 connections. As written, every request opens a connection at once.
// Keep at most 10 queries in flight, and keep one virtual thread per request: no thread pool.

final int REQUESTS = 200, CONNECTIONS = 10;
// ---- your part: change only from here to its end ----
// TODO: something that lets at most CONNECTIONS requests into the database at a time
// ---- end of your part ----

void main() throws InterruptedException {
    burst(0, REQUESTS);   // request FAILS's query throws, as a query sometimes does
    int busiest = mostOpen.get(), ran = queries.get(), ownThreads = callers.size();
    mostOpen.set(0);
    secondBurst = true;
    burst(REQUESTS, CONNECTIONS);   // then as many requests as connections: can all of them run at once?

    checkThat("at most " + CONNECTIONS + " connections open at once", busiest <= CONNECTIONS,
            busiest + " open at once", "at most " + CONNECTIONS + ", all the database has");
    check("requests whose query ran", ran, REQUESTS);
    check("requests that ran on their own virtual thread (lesson 'Wait or refuse': never pool virtual threads)", ownThreads, REQUESTS);
    checkThat("all " + CONNECTIONS + " connections in use at the busiest moment (not fewer)", busiest >= CONNECTIONS,
            busiest + " at most", CONNECTIONS);
    checkThat("times the database sat idle while requests waited (lesson 'The daemon trap': wait for it, not for a time)", idleStarts.get() <= 2,
            idleStarts.get() + " (requests sent in waves leave it idle between them)",
            "at most 2: a limiter starts the next query as soon as one ends (0 on a quiet machine)");
    check("connections usable once a query has thrown (lesson 'Wait or refuse': give a permit back in a finally)",
            mostOpen.get(), CONNECTIONS);
    verdict("db-limit");
}

/// `count` requests from number `first`, all arriving at the same moment, each on its own virtual thread.
void burst(int first, int count) throws InterruptedException {
    var go = new CountDownLatch(1);
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = first; i < first + count; i++) {
            int request = i;
            executor.submit(() -> {
                go.await();                    // every request arrives at the same moment
                handle(request);
                return null;                   // a query's exception stays in the Future: no one reads it
            });
        }
        go.countDown();
    }
}

void handle(int request) throws InterruptedException {
    // ---- your part: change only from here to its end ----
    query(request); // TODO: wait for a free connection first, and give it back however the query ends
    // ---- end of your part ----
}

// ---- The database: no need to change anything below. ----

final AtomicInteger open = new AtomicInteger(), mostOpen = new AtomicInteger(), queries = new AtomicInteger();
final Set<Thread> callers = ConcurrentHashMap.newKeySet();

static final int FAILS = 13;

/// One query on one connection: 20 to 80 ms, depending on the request. Request FAILS's query
/// throws at its end, as a query on a connection that was reset does.
void query(int request) throws InterruptedException {
    if (Thread.currentThread().isVirtual()) callers.add(Thread.currentThread());
    int wasOpen = open.getAndIncrement();
    mostOpen.accumulateAndGet(wasOpen + 1, Math::max);
    if (wasOpen == 0 && queries.get() > 0 && !secondBurst) idleStarts.incrementAndGet();   // it had worked, then sat idle
    try {
        Thread.sleep(queryMs(request));
        queries.incrementAndGet();
        if (request == FAILS) throw new IllegalStateException("request " + request + ": connection reset");
    } finally {
        open.decrementAndGet();
    }
}

long queryMs(int request) {
    return 20 + (request * 37L) % 61;
}

// ---- Checking your work: no need to read past this line. ----

/// Queries that found every connection free after some query had finished: all 200 requests
/// arrive at once, so until the last one starts, a free connection means a request kept waiting.
final AtomicInteger idleStarts = new AtomicInteger();
volatile boolean secondBurst;

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
