///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Two hundred virtual threads each fetch a page (10 ms of waiting) and add its word count to
// one shared total. The total must be exact, and the fetches must still wait at the same time.
// Then the check counts many more pages from several threads at once, with fetches that
// answer at once, as a busy server would: an update that is not atomic loses some of them.

final int PAGES = 200;
final AtomicInteger fetching = new AtomicInteger(), mostFetching = new AtomicInteger();

// ---- your part: change only from here to its end ----
long totalWords;   // shared by every thread

long total() { return totalWords; }

void countWords(int page) throws InterruptedException {
    totalWords += wordsOn(page); // TODO: updates get lost here. Make the total exact.
}
// ---- end of your part ----

void main() throws Exception {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int page = 1; page <= PAGES; page++) {
            int p = page;
            executor.submit(() -> {
                countWords(p);
                return null;
            });
        }
    }
    long expected = 0;
    for (int page = 1; page <= PAGES; page++) expected += wordsExpectedOn(page);
    check("the total is exact", total(), expected);
    checkThat("most fetches waiting at once", mostFetching.get() > 1, mostFetching.get(),
            "more than 1 (one at a time, " + PAGES + " fetches take " + PAGES + " x 10 ms)");

    long[] added = addAtTheSameInstant();
    for (int round = 2; round <= ROUNDS && added[0] == added[1]; round++) added = addAtTheSameInstant();
    check("the total stays exact when threads add at the same instant", added[0], added[1]);
    verdict("race");
}

/// Fetches a page and counts its words: mostly waiting, like a call over the network.
int wordsOn(int page) throws InterruptedException {
    if (answerAtOnce) return 1;
    mostFetching.accumulateAndGet(fetching.incrementAndGet(), Math::max);
    try {
        Thread.sleep(10);
    } finally {
        fetching.decrementAndGet();
    }
    return wordsExpectedOn(page);
}

int wordsExpectedOn(int page) { return 300 + page % 7 * 50; }

// ---- Checking your work: no need to read past this line. ----

static final int ADDERS = 4, ROUNDS = 10;   // a lost update is likely in one round, near certain in ten
static final Duration ADDING = Duration.ofMillis(200);
boolean answerAtOnce;   // set before the adders start: Thread.start makes it visible to them

/// One round: ADDERS platform threads, released together, count pages whose fetch answers at
/// once, for 200 ms. Platform threads: the OS switches them at any instruction, even on one core, where
/// one carrier would run virtual threads that never wait one after another. Returns what the
/// total grew by and what it should have grown by.
long[] addAtTheSameInstant() throws Exception {
    answerAtOnce = true;
    long before = total();
    var expected = new AtomicLong();
    var go = new CountDownLatch(1);
    var adders = new ArrayList<Thread>();
    for (int t = 0; t < ADDERS; t++) {
        adders.add(Thread.ofPlatform().start(() -> {
            long mine = 0;
            try {
                go.await();
                long until = System.nanoTime() + ADDING.toNanos();
                for (int page = 1; page % 1_024 != 0 || System.nanoTime() < until; page++) {
                    countWords(page);   // adds 1
                    mine++;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            expected.addAndGet(mine);
        }));
    }
    // A thread that wakes every 50 microseconds makes the OS switch threads often, even on one core.
    var ticker = Thread.ofPlatform().start(() -> {
        while (adders.stream().anyMatch(Thread::isAlive)) LockSupport.parkNanos(50_000);
    });
    go.countDown();
    for (Thread t : adders) t.join();
    ticker.join();
    return new long[] {total() - before, expected.get()};
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
