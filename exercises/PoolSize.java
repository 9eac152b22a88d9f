///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Two copies of a service share a database of 20 connections. Each request, on its virtual thread,
// opens one for its 50 ms query: a burst is refused. Give each copy a pool that fits beside the
// other's, and a wait that ends in "503 busy".

static final int MAX_CONNECTIONS = 20, COPIES = 2;
static final Duration MAX_WAIT = Duration.ofMillis(250);   // how long a request may wait

class Service {   // one copy of the service
    // ---- your part: change only from here to its end ----
    String handle(int request) throws InterruptedException {
        int connection = connect();
        try {
            return query(connection, request);
        } finally {
            close(connection);
        }
    }
    // ---- end of your part ----
}

// ---- The database: no need to change anything below. ----

final AtomicInteger open = new AtomicInteger(), opened = new AtomicInteger(), refused = new AtomicInteger();
final AtomicInteger querying = new AtomicInteger(), mostQuerying = new AtomicInteger(), queried = new AtomicInteger();

/// A new connection, by its number; refused past MAX_CONNECTIONS open at once.
int connect() {
    if (open.incrementAndGet() <= MAX_CONNECTIONS) return opened.incrementAndGet();
    open.decrementAndGet();
    refused.incrementAndGet();
    throw new IllegalStateException("sorry, too many clients already");
}

void close(int connection) { open.decrementAndGet(); }

/// A query of 50 ms on the connection; every 25th request's query fails.
String query(int connection, int request) throws InterruptedException {
    queried.incrementAndGet();
    ranAQuery();
    mostQuerying.accumulateAndGet(querying.incrementAndGet(), Math::max);
    Thread.sleep(50);
    querying.decrementAndGet();
    if (request % 25 == 24) throw new UncheckedIOException(new IOException("query failed"));
    return "200 answer " + request;
}

// ---- Checking your work: no need to read past this line. ----

void main() throws Exception {
    long[] first = {0, 0, 0}, second = first, afterFailures = first;
    try {   // both copies start, then two bursts
        var copies = List.of(new Service(), new Service());
        first = burst(copies, 300);
        second = burst(copies, 300);
        afterFailures = burst(copies, MAX_CONNECTIONS / COPIES);   // 10 to each copy, none fails
    } catch (IllegalStateException e) { }   // refused as a copy opened its connections
    check("connections the database refused", refused.get(), 0);
    long slowest = Math.max(first[0], second[0]);   // a wait, a query, and room for a busy machine
    checkThat("every request answered within 450 ms", slowest <= 450, slowest + " ms for the slower burst", "at most 450 ms");
    checkThat("queries at once in each burst: all 20 the database accepts",
            first[1] == 20 && second[1] == 20, first[1] + ", then " + second[1], "20 in each");
    checkThat("connections opened over both bursts: each kept open and lent again", opened.get() <= MAX_CONNECTIONS,
            opened.get(), "at most 20 (a pool opens a connection once)");
    checkThat("requests served in each burst by waiting for a connection (lesson 'The daemon trap': wait for it, not for a time)",
            first[2] >= 60 && second[2] >= 60, first[2] + ", then " + second[2], "at least 60 in each");
    check("queries at once in a burst after some had failed: all 20 (lesson 'Wait or refuse': give a connection back in a finally)",
            afterFailures[1], (long) MAX_CONNECTIONS);
    check("queries run on a virtual thread that had run one before (lesson 'Wait or refuse': never pool virtual threads)",
            reusedThreads.get(), 0);
    verdict("pool-size");
}

/// `each` requests to each copy at once: the burst's time (ms), the most queries at once, the queries run.
long[] burst(List<Service> copies, int each) throws InterruptedException {
    mostQuerying.set(0);
    queried.set(0);
    var ready = new CountDownLatch(copies.size() * each);
    var go = new CountDownLatch(1);
    long start;
    try (var requests = Executors.newVirtualThreadPerTaskExecutor()) {
        for (Service copy : copies)
            for (int i = 0; i < each; i++) {
                int request = i;
                requests.submit(() -> {
                    ready.countDown();
                    go.await();
                    return copy.handle(request);   // or a failed query, or refused
                });
            }
        ready.await();   // every request at the gate
        start = System.nanoTime();
        go.countDown();
    }   // close() waits for the last answer
    return new long[] {(System.nanoTime() - start) / 1_000_000, mostQuerying.get(), queried.get()};
}

final ThreadLocal<Boolean> hasRunAQuery = ThreadLocal.withInitial(() -> false);
final AtomicInteger reusedThreads = new AtomicInteger();

/// Counts a query on a virtual thread that has run one before: a pool's thread, kept for the next task.
void ranAQuery() {
    if (Thread.currentThread().isVirtual() && hasRunAQuery.get()) reusedThreads.incrementAndGet();
    hasRunAQuery.set(true);
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
