///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Size a connection pool for a target rate, before anything runs.
// A service must answer REQUESTS_PER_SECOND requests a second, each running one query that holds
// a connection for QUERY_MS. How many connections must the pool have to keep up, and how long
// must a request be allowed to wait for one when a burst arrives at once?

final int REQUESTS_PER_SECOND = 400;
final long QUERY_MS = 50;
final int MAX_CONNECTIONS = 20;   // what the database accepts, as in the lesson

/// The connections `requestsPerSecond` queries of `queryMs` each keep busy on average (Little's
/// law), rounded up: a lower bound, as a pool of exactly this size is never idle.
static int connectionsFor(int requestsPerSecond, long queryMs) {
    // ---- your part: change only from here to its end ----
    return 0; // TODO: requests per second times the seconds each holds a connection, rounded up
    // ---- end of your part ----
}

/// The shortest wait (HikariCP's connectionTimeout) with which every request of a burst of
/// `burst` requests, all arriving at once, gets a connection from a pool of `poolSize`.
static long waitFor(int burst, int poolSize, long queryMs) {
    // ---- your part: change only from here to its end ----
    return 0; // TODO: the last request waits for every round before its own
    // ---- end of your part ----
}

void main() {
    check("connectionsFor(400 per second, 50 ms)", connectionsFor(400, 50), 20);
    check("connectionsFor(100 per second, 50 ms)", connectionsFor(100, 50), 5);
    check("connectionsFor(410 per second, 50 ms): 20.5 busy on average needs 21", connectionsFor(410, 50), 21);
    check("connectionsFor(1 per second, 50 ms): never fewer than one", connectionsFor(1, 50), 1);
    check("connectionsFor(2,000 per second, 200 ms)", connectionsFor(2_000, 200), 400);
    check("waitFor(10 requests, pool of 10, 50 ms): one round, no wait", waitFor(10, 10, 50), 0L);
    check("waitFor(11 requests, pool of 10, 50 ms): the 11th waits one round", waitFor(11, 10, 50), 50L);
    check("waitFor(2,000 requests, pool of 10, 50 ms)", waitFor(2_000, 10, 50), 9_950L);
    check("waitFor(60 requests, pool of 10, 50 ms)", waitFor(60, 10, 50), 250L);

    int pool = connectionsFor(REQUESTS_PER_SECOND, QUERY_MS);
    checkThat("one copy of the service fits the database's " + MAX_CONNECTIONS + " connections",
            pool > 0 && pool <= MAX_CONNECTIONS, pool + " connections", "1 to " + MAX_CONNECTIONS);
    checkThat("two copies of the service do not fit: the database would refuse clients",
            2 * pool > MAX_CONNECTIONS, 2 * pool + " connections", "more than " + MAX_CONNECTIONS);
    if (failed.isEmpty()) {
        IO.println(String.format(Locale.ROOT, "%d requests a second of %d ms: a pool of %d; a burst of 2,000 at once waits up to %d ms",
                REQUESTS_PER_SECOND, QUERY_MS, pool, waitFor(2_000, pool, QUERY_MS)));
    }
    verdict("pool-size");
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
