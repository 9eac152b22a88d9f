///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A service answers every request on a virtual thread of its own. A report request reads its
// numbers from a database, PAGES pages that each wait READ, and counts the primes among
// them: pure CPU work. As it stands a report reads its pages one after another and counts on
// its own virtual thread, so when more reports arrive than there are cores, as here, they
// hold every carrier and a quick request waits. Change report() so that all its pages are
// read at once, each page's counting runs on threads made for CPU work, one per core and
// shared by all reports, and the reads still wait on virtual threads; and leave nothing
// running once the service has stopped.

final int FROM = 10_000_000, PAGE = 150_000, PAGES = 4, PRIMES = 37_216;   // primes n with FROM <= n < FROM + PAGES * PAGE
final Duration READ = Duration.ofMillis(200);                               // a page's read waits this long
final int CORES = Runtime.getRuntime().availableProcessors();
final int REPORTS = 2 * CORES;                                              // more reports at once than cores

// ---- your part: change only from here to its end ----
// TODO (1 of 3): the counting needs somewhere to run that fits CPU work
// ---- end of your part ----

void main() throws Exception {
    answerQuickRequest();                                // the service is up and answering
    var reports = new ArrayList<Future<Integer>>();
    int countedWhenAnswered;
    try (var service = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int r = 0; r < REPORTS; r++) reports.add(service.submit(this::report));
        computing.await(5, TimeUnit.SECONDS);            // reports are counting: a quick request comes in
        countedWhenAnswered = answerQuickRequest();
    }
    int countedSlowly = reportWithALastPageSlowerToCount();
    // ---- your part: change only from here to its end ----
    // TODO (3 of 3): the service has stopped; stop what it no longer needs
    // ---- end of your part ----

    long exact = 0;
    for (var report : reports) if (report.get() == PRIMES) exact++;
    check("reports that counted " + PRIMES + " primes", exact, (long) REPORTS);
    check("a report whose last page took a second longer to count counted " + PRIMES + " primes (lesson 'The daemon trap': wait for it, not for a time)",
            countedSlowly, PRIMES);
    check("pages counted before a quick request was answered (lesson 'When virtual threads do not help': a virtual thread that computes keeps its carrier)",
            countedWhenAnswered, 0);
    checkThat("threads the pages were counted on", onPlatformThreads(computedOn) == CORES && computedOn.size() == CORES,
            describe(computedOn), CORES == 1 ? "1 platform thread" : CORES + " platform threads, one per core");
    check("page reads waiting at once at the busiest moment (lesson 'Ten thousand waits': every wait at once)",
            mostReading.get(), REPORTS * PAGES);
    check("page reads that held a platform thread while they waited (lesson 'Waiting wastes a platform thread')",
            platformReads.get(), 0);
    var stillRunning = stillRunning(computedOn);
    checkThat("threads left running after the service stopped", stillRunning.isEmpty(),
            stillRunning.size() + (stillRunning.isEmpty() ? "" : ", e.g. " + stillRunning.getFirst()), "none");
    verdict("crunch");
}

/// A report request, on the virtual thread the service gave it. Returns its count of primes.
int report() throws Exception {
    // ---- your part: change only from here to its end ----
    int count = 0;
    for (int page = 0; page < PAGES; page++) {
        int[] numbers = readPage(page);     // TODO (2 of 3): one read after another,
        count += countPrimes(numbers);      // and the counting on this virtual thread
    }
    return count;
    // ---- end of your part ----
}

/// Reads page `page` of the report's numbers: a database call that waits READ.
int[] readPage(int page) throws InterruptedException {
    if (!Thread.currentThread().isVirtual()) platformReads.incrementAndGet();
    mostReading.accumulateAndGet(reading.incrementAndGet(), Math::max);
    try {
        Thread.sleep(READ);
    } finally {
        reading.decrementAndGet();
    }
    int from = FROM + page * PAGE;
    return IntStream.range(from, from + PAGE).toArray();
}

int countPrimes(int[] numbers) {
    computedOn.add(Thread.currentThread());
    computing.countDown();
    slowerOnceForTheChecks(numbers);
    int count = 0;
    for (int n : numbers) {
        if (isPrime(n)) count++;
    }
    counted.incrementAndGet();
    return count;
}

boolean isPrime(int n) {
    if (n % 2 == 0) return n == 2;
    for (int d = 3; d * d <= n; d += 2) {
        if (n % d == 0) return false;
    }
    return n > 1;
}

/// A quick request, on a virtual thread of its own as the service serves every request.
/// Returns how many pages had been counted by the time it was answered.
int answerQuickRequest() throws InterruptedException {
    var answered = new AtomicInteger();
    Thread.ofVirtual().start(() -> answered.set(counted.get())).join();
    return answered.get();
}

// ---- Checking your work: no need to read past this line. ----

volatile boolean lastPageSlower;

/// One report more, alone, whose last page takes a second longer to count than the others.
int reportWithALastPageSlowerToCount() throws Exception {
    lastPageSlower = true;
    try (var one = Executors.newVirtualThreadPerTaskExecutor()) {
        return one.submit(this::report).get();
    } finally {
        lastPageSlower = false;
    }
}

void slowerOnceForTheChecks(int[] numbers) {
    if (!lastPageSlower || numbers[0] != FROM + (PAGES - 1) * PAGE) return;
    try {
        Thread.sleep(Duration.ofSeconds(1));
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    }
}

final CountDownLatch computing = new CountDownLatch(CORES);
final AtomicInteger counted = new AtomicInteger(), reading = new AtomicInteger(), mostReading = new AtomicInteger();
final AtomicInteger platformReads = new AtomicInteger();
final Set<Thread> computedOn = ConcurrentHashMap.newKeySet();

long onPlatformThreads(Set<Thread> threads) {
    return threads.stream().filter(t -> !t.isVirtual()).count();
}

String describe(Set<Thread> threads) {
    long platform = onPlatformThreads(threads);
    return platform + " platform and " + (threads.size() - platform) + " virtual";
}

/// The threads still alive a second after the service stopped (a thread that was told to
/// stop ends well within that).
List<String> stillRunning(Set<Thread> threads) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    var running = new ArrayList<String>();
    for (Thread t : threads) {
        t.join(Duration.ofNanos(Math.max(1, until - System.nanoTime())));
        if (t.isAlive()) running.add(t.getName());
    }
    return running;
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
