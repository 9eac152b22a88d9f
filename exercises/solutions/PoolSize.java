///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Two copies of a service share one database, which accepts at most 20 connections and
// refuses the next client. Each request runs on a virtual thread of its own and runs one
// query of 50 ms. As written, every request opens a connection of its own: in a burst, the
// database refuses most of them. Give each copy a pool of connections, sized so that both
// copies fit the database, and a wait for a free connection after which a request is turned
// away with "503 busy" instead of waiting longer.

static final int MAX_CONNECTIONS = 20;   // what the database accepts, all copies together
static final Duration MAX_WAIT = Duration.ofMillis(250);   // how long a request may wait for a connection

/// One copy of the service.
class Service {
    // exercise: /// A request: its query's answer ("200 ..."), or why it has none.
    // exercise: String handle(int request) throws InterruptedException {
    // exercise:     try (Connection connection = database.connect()) {
    // exercise:         return connection.query(request);
    // exercise:     } catch (TooManyClients e) {
    // exercise:         return "500 " + e.getMessage();
    // exercise:     }
    // exercise: }
    static final int POOL_SIZE = MAX_CONNECTIONS / COPIES;   // every copy's pool, together within what the database accepts
    /// The pool: connections opened once and kept, lent to one request at a time.
    final BlockingQueue<Connection> idle = new ArrayBlockingQueue<>(POOL_SIZE);

    Service() {
        for (int i = 0; i < POOL_SIZE; i++) idle.add(database.connect());
    }

    /// A request: its query's answer ("200 ..."), or "503 busy" when no connection came free in time.
    String handle(int request) throws InterruptedException {
        Connection connection = idle.poll(MAX_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        if (connection == null) return "503 busy";
        try {
            return connection.query(request);
        } finally {
            idle.add(connection);   // given back however the query ended
        }
    }
    // end exercise
}

// ---- The database: no need to change anything below. ----

final Database database = new Database();

static final class TooManyClients extends RuntimeException {
    TooManyClients() {
        super("sorry, too many clients already");
    }
}

static final class QueryFailed extends RuntimeException {
    QueryFailed(int request) {
        super("query of request " + request + " failed");
    }
}

/// At most MAX_CONNECTIONS open at once; a connect beyond that is refused. A query takes 50 ms,
/// and the query of every 25th request fails.
final class Database {
    final AtomicInteger open = new AtomicInteger(), opened = new AtomicInteger(), refused = new AtomicInteger();
    final AtomicInteger queriesAtOnce = new AtomicInteger(), mostQueriesAtOnce = new AtomicInteger();

    Connection connect() {
        if (open.incrementAndGet() > MAX_CONNECTIONS) {
            open.decrementAndGet();
            refused.incrementAndGet();
            throw new TooManyClients();
        }
        opened.incrementAndGet();
        return new Connection(this);
    }
}

final class Connection implements AutoCloseable {
    final Database db;
    final AtomicBoolean inUse = new AtomicBoolean();
    boolean closed;

    Connection(Database db) {
        this.db = db;
    }

    String query(int request) throws InterruptedException {
        if (!inUse.compareAndSet(false, true)) throw new IllegalStateException("one connection used by two requests at once");
        db.mostQueriesAtOnce.accumulateAndGet(db.queriesAtOnce.incrementAndGet(), Math::max);
        try {
            Thread.sleep(QUERY);
            if (request % 25 == 24) throw new QueryFailed(request);
            return "200 answer " + request;
        } finally {
            db.queriesAtOnce.decrementAndGet();
            inUse.set(false);
        }
    }

    @Override public void close() {
        if (!closed) {
            closed = true;
            db.open.decrementAndGet();
        }
    }
}

// ---- Checking your work: no need to read past this line. ----

static final int COPIES = 2, BURST = 300;   // requests per copy, all at once
static final Duration QUERY = Duration.ofMillis(50);
/// A request's answer must come within its wait and one query, with room for a loaded machine.
static final long ANSWER_WITHIN_MS = MAX_WAIT.toMillis() + QUERY.toMillis() + 150;
record Burst(int served, int busy, int failed, int other, long slowestMs, String firstOther, int mostAtOnce) {}

void main() throws Exception {
    List<Service> copies;
    try {
        copies = List.of(new Service(), new Service());
    } catch (TooManyClients e) {
        checkThat("both copies start: their pools fit the database's " + MAX_CONNECTIONS + " connections", false,
                "refused: " + e.getMessage(), "both started");
        verdict("pool-size");
        return;
    }
    checkThat("both copies start: their pools fit the database's " + MAX_CONNECTIONS + " connections", true, "", "");
    Burst first = burst(copies), second = burst(copies);
    check("connections the database refused", database.refused.get(), 0);
    checkThat("every request answered within " + ANSWER_WITHIN_MS + " ms (its wait, its query and some room)",
            Math.max(first.slowestMs(), second.slowestMs()) <= ANSWER_WITHIN_MS,
            "the slowest in " + Math.max(first.slowestMs(), second.slowestMs()) + " ms", "at most " + ANSWER_WITHIN_MS + " ms");
    checkThat("answers other than 200, 503 busy or a failed query", first.other() + second.other() == 0,
            (first.other() + second.other()) + " (the first: " + (first.other() > 0 ? first.firstOther() : second.firstOther()) + ")", 0);
    checkThat("queries at once at the busiest moment of each burst: all " + MAX_CONNECTIONS + " the database accepts",
            first.mostAtOnce() == MAX_CONNECTIONS && second.mostAtOnce() == MAX_CONNECTIONS,
            first.mostAtOnce() + " in the first burst, " + second.mostAtOnce() + " in the second (" + first.served() + " then "
                    + second.served() + " served)", MAX_CONNECTIONS + " in each");
    checkThat("connections opened over both bursts: each kept open and lent again", database.opened.get() <= MAX_CONNECTIONS,
            database.opened.get(), "at most " + MAX_CONNECTIONS + " (a pool opens a connection once)");
    verdict("pool-size");
}

/// BURST requests to each copy, all at once, each on its own virtual thread.
Burst burst(List<Service> copies) throws InterruptedException {
    var served = new AtomicInteger();
    var busy = new AtomicInteger();
    var failed = new AtomicInteger();
    var others = new ConcurrentLinkedQueue<String>();
    var slowest = new AtomicLong();
    database.mostQueriesAtOnce.set(0);
    var ready = new CountDownLatch(COPIES * BURST);
    var go = new CountDownLatch(1);
    try (var requests = Executors.newVirtualThreadPerTaskExecutor()) {
        for (Service copy : copies)
            for (int i = 0; i < BURST; i++) {
                int request = i;
                requests.submit(() -> {
                    ready.countDown();
                    go.await();
                    long start = System.nanoTime();
                    String answer;
                    try {
                        answer = copy.handle(request);
                    } catch (QueryFailed e) {
                        answer = "failed";
                    } catch (RuntimeException e) {
                        answer = e.toString();
                    }
                    slowest.accumulateAndGet((System.nanoTime() - start) / 1_000_000, Math::max);
                    if (answer.startsWith("200 ")) served.incrementAndGet();
                    else if (answer.equals("503 busy")) busy.incrementAndGet();
                    else if (answer.equals("failed")) failed.incrementAndGet();
                    else others.add(answer);
                    return null;
                });
            }
        ready.await();
        go.countDown();
    }
    return new Burst(served.get(), busy.get(), failed.get(), others.size(), slowest.get(), others.peek(),
            database.mostQueriesAtOnce.get());
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
