///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A service answers every request on a virtual thread of its own. Some requests are reports
// that only compute: each counts the primes from 10,000,000 to 10,300,000. As it stands each
// report computes on its request's virtual thread, so when more reports arrive than there
// are cores, as here, they hold every carrier and a quick request waits until one ends.
// Change the service so that the reports compute on threads made for CPU work, one per
// core and shared by all reports, while each request still waits for its count on its own
// virtual thread; and leave nothing running when the service stops.

final int FROM = 10_000_000, TO = 10_300_000, PRIMES = 18_599;   // primes n with FROM <= n < TO
final int CORES = Runtime.getRuntime().availableProcessors();
final int REPORTS = 2 * CORES;                                     // more reports at once than cores

// ---- your part: change only from here to its end ----
// TODO (1 of 3): the reports need somewhere to compute that fits CPU work
// ---- end of your part ----

void main() throws Exception {
    answerQuickRequest();                                // the service is up and answering
    var reports = new ArrayList<Future<Integer>>();
    int finishedWhenAnswered;
    try (var service = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int r = 0; r < REPORTS; r++) reports.add(service.submit(this::report));
        computing.await(5, TimeUnit.SECONDS);            // reports are computing: a quick request comes in
        finishedWhenAnswered = answerQuickRequest();
    }
    // ---- your part: change only from here to its end ----
    // TODO (3 of 3): the service has stopped; stop what it no longer needs
    // ---- end of your part ----

    long exact = 0;
    for (var report : reports) if (report.get() == PRIMES) exact++;
    check("reports that counted " + PRIMES + " primes", exact, (long) REPORTS);
    check("reports finished before a quick request was answered", finishedWhenAnswered, 0);
    checkThat("threads the reports computed on", onPlatformThreads(computedOn) == CORES && computedOn.size() == CORES,
            describe(computedOn), CORES == 1 ? "1 platform thread" : CORES + " platform threads, one per core");
    var stillRunning = stillRunning(computedOn);
    checkThat("threads left running after the service stopped", stillRunning.isEmpty(),
            stillRunning.size() + (stillRunning.isEmpty() ? "" : ", e.g. " + stillRunning.getFirst()), "none");
    verdict("crunch");
}

/// A report request, on the virtual thread the service gave it. Returns its count of primes.
int report() throws Exception {
    // ---- your part: change only from here to its end ----
    return countPrimes(FROM, TO);   // TODO (2 of 3): this computes on the request's own virtual thread
    // ---- end of your part ----
}

int countPrimes(int from, int to) {
    computedOn.add(Thread.currentThread());
    computing.countDown();
    int count = 0;
    for (int n = from; n < to; n++) {
        if (isPrime(n)) count++;
    }
    finished.incrementAndGet();
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
/// Returns how many reports had finished by the time it was answered.
int answerQuickRequest() throws InterruptedException {
    var answered = new AtomicInteger();
    Thread.ofVirtual().start(() -> answered.set(finished.get())).join();
    return answered.get();
}

// ---- Checking your work: no need to read past this line. ----

final CountDownLatch computing = new CountDownLatch(CORES);
final AtomicInteger finished = new AtomicInteger();
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
