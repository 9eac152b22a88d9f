///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Two copies of a service share a database that accepts 20 connections. Each request has a
// virtual thread and runs one 50 ms query, on a connection of its own: in a burst, the database
// refuses most. Give each copy a pool that both fit, and a wait that ends in "503 busy".

static final int MAX_CONNECTIONS = 20, COPIES = 2;
static final Duration MAX_WAIT = Duration.ofMillis(250);   // how long a request may wait

class Service {   // one copy of the service
    // exercise: String handle(int request) throws InterruptedException {
    // exercise:     int connection = connect();
    // exercise:     try {
    // exercise:         return query(connection, request);
    // exercise:     } finally {
    // exercise:         close(connection);
    // exercise:     }
    // exercise: }
    final BlockingQueue<Integer> idle = new ArrayBlockingQueue<>(MAX_CONNECTIONS / COPIES);   // all copies fit

    Service() {
        while (idle.remainingCapacity() > 0) idle.add(connect());   // opened once, lent again and again
    }

    String handle(int request) throws InterruptedException {
        Integer connection = idle.poll(MAX_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        if (connection == null) return "503 busy";
        try {
            return query(connection, request);
        } finally {
            idle.add(connection);   // given back however the query ended
        }
    }
    // end exercise
}

// ---- The database: no need to change anything below. ----

final AtomicInteger open = new AtomicInteger(), opened = new AtomicInteger(), refused = new AtomicInteger();
final AtomicInteger querying = new AtomicInteger(), mostQuerying = new AtomicInteger();

/// A new connection, by its number; refused past MAX_CONNECTIONS open at once.
int connect() {
    if (open.incrementAndGet() > MAX_CONNECTIONS) {
        open.decrementAndGet();
        refused.incrementAndGet();
        throw new IllegalStateException("sorry, too many clients already");
    }
    return opened.incrementAndGet();
}

void close(int connection) {
    open.decrementAndGet();
}

/// A query of 50 ms on the connection; every 25th request's query fails.
String query(int connection, int request) throws InterruptedException {
    mostQuerying.accumulateAndGet(querying.incrementAndGet(), Math::max);
    Thread.sleep(50);
    querying.decrementAndGet();
    if (request % 25 == 24) throw new UncheckedIOException(new IOException("query failed"));
    return "200 answer " + request;
}

// ---- Checking your work: no need to read past this line. ----

void main() throws Exception {
    long[] first = {0, 0}, second = first;
    try {   // both copies start, then two bursts
        var copies = List.of(new Service(), new Service());
        first = burst(copies);
        second = burst(copies);
    } catch (IllegalStateException e) { }   // refused as a copy opened its pool
    check("connections the database refused", refused.get(), 0);
    long slowest = Math.max(first[0], second[0]);   // a wait, a query, and room for a loaded machine
    checkThat("every request answered within 450 ms", slowest <= 450, slowest + " ms at the slowest", "at most 450 ms");
    checkThat("queries at once at the busiest moment of each burst: all 20 the database accepts",
            first[1] == 20 && second[1] == 20, first[1] + ", then " + second[1], "20 in each");
    checkThat("connections opened over both bursts: each kept open and lent again", opened.get() <= MAX_CONNECTIONS,
            opened.get(), "at most 20 (a pool opens a connection once)");
    verdict("pool-size");
}

/// 300 requests to each copy at once, a virtual thread each: the slowest answer (ms), the most queries at once.
long[] burst(List<Service> copies) throws InterruptedException {
    mostQuerying.set(0);
    var slowest = new AtomicLong();
    var go = new CountDownLatch(1);
    try (var requests = Executors.newVirtualThreadPerTaskExecutor()) {
        for (Service copy : copies)
            for (int i = 0; i < 300; i++) {
                int request = i;
                requests.submit(() -> {
                    go.await();
                    long start = System.nanoTime();
                    try { copy.handle(request); } catch (RuntimeException e) { }   // a failed query, or refused
                    slowest.accumulateAndGet((System.nanoTime() - start) / 1_000_000, Math::max);
                    return null;
                });
            }
        Thread.sleep(200);   // every request at the gate
        go.countDown();
    }
    return new long[] {slowest.get(), mostQuerying.get()};
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
