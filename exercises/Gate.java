///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Forty requests arrive at once at a service with 4 database connections; a call takes 150 ms.
// Letting all of them in only builds a queue. Admit at most 8 at a time and turn the rest
// away at once, so they can retry elsewhere instead of waiting.

static final int REQUESTS = 40, CONNECTIONS = 4, LIMIT = 8;
final Semaphore connections = new Semaphore(CONNECTIONS);
final Semaphore admission = new Semaphore(LIMIT);
final AtomicInteger inside = new AtomicInteger(), mostInside = new AtomicInteger();
volatile boolean databaseDown;

void main() throws InterruptedException {
    var served = new AtomicInteger();
    var turnedAway = new AtomicInteger();
    var atTheDoor = new CountDownLatch(REQUESTS);
    var doorOpen = new CountDownLatch(1);
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < REQUESTS; i++) {
            executor.submit(() -> {
                atTheDoor.countDown();
                doorOpen.await();              // every request arrives at the same moment
                (handle() ? served : turnedAway).incrementAndGet();
                return null;
            });
        }
        atTheDoor.await();                     // all of them are waiting, even on a busy machine
        doorOpen.countDown();
    }
    int givenBack = admission.availablePermits();
    databaseDown = true;                       // then one more request, whose call throws
    try {
        handle();
    } catch (IllegalStateException expected) {
    }

    checkThat("at most " + LIMIT + " requests inside at once", mostInside.get() <= LIMIT,
            mostInside.get(), "at most " + LIMIT);
    check("requests served", served.get(), LIMIT);
    check("requests turned away", turnedAway.get(), REQUESTS - LIMIT);
    check("admission permits given back", givenBack, LIMIT);
    check("a permit given back by a call that threw (lesson 'Wait or refuse': release in a finally)",
            admission.availablePermits(), givenBack);
    verdict("gate");
}

/// Returns true if the request was served, false if it was turned away.
boolean handle() throws InterruptedException {
    // ---- your part: change only from here to its end ----
    return callDatabase(); // TODO: let at most LIMIT requests in at once (admission); turn the rest away now
    // ---- end of your part ----
}

boolean callDatabase() throws InterruptedException {
    mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
    try {
        if (databaseDown) throw new IllegalStateException("database unavailable");
        connections.acquire();
        try {
            Thread.sleep(150);
            return true;
        } finally {
            connections.release();
        }
    } finally {
        inside.decrementAndGet();
    }
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
