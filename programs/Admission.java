///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it shows, and the burst: REQUESTS = 100 at once, CONNECTIONS = 8, CALL = 80 ms

// A burst of requests, one virtual thread each, against a dependency with few connections.
// Unbounded, every request queues for a connection; with an admission limit, the excess is
// rejected at once and the admitted requests finish sooner.

static final int REQUESTS = 100;
static final int CONNECTIONS = 8;
static final Duration CALL = Duration.ofMillis(80);
// @end
static final int ADMISSION_LIMIT = 32;

void main(String[] args) throws InterruptedException, ExecutionException {
    // @fold no arguments allowed; the heading
    if (args.length > 0) {
        System.err.println("usage: admission  (no arguments)");
        System.exit(2);
    }
    IO.println(REQUESTS + " requests at once, " + CONNECTIONS + " connections, "
            + CALL.toMillis() + " ms per call");
    // @end
    serve("unbounded", REQUESTS); // a limit as large as the burst never rejects
    serve("admission limit " + ADMISSION_LIMIT, ADMISSION_LIMIT);
}

void serve(String label, int admissionLimit) throws InterruptedException, ExecutionException {
    var connections = new Semaphore(CONNECTIONS);
    var admission = new Semaphore(admissionLimit);
    // @fold the counts of completed and rejected; the start gate's latches atTheDoor, doorOpen, allDecided; the futures
    var completed = new AtomicInteger();
    var rejected = new AtomicInteger();
    var atTheDoor = new CountDownLatch(REQUESTS);
    var doorOpen = new CountDownLatch(1);
    var allDecided = new CountDownLatch(REQUESTS);

    var requests = new ArrayList<Future<?>>();
    long start;
    // @end
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < REQUESTS; i++) {
            requests.add(executor.submit(() -> {
                atTheDoor.countDown();
                doorOpen.await();
                boolean admitted = admission.tryAcquire();
                allDecided.countDown();
                if (!admitted) {
                    rejected.incrementAndGet(); // e.g. answer 503 at once
                    return null;
                }
                try { // the admission permit is held for the whole request
                    allDecided.await(); // a burst: all of it has arrived before the first is served
                    // @fold connections.acquire(), the 80 ms call, connections.release() in a finally
                    connections.acquire();
                    try {
                        Thread.sleep(CALL); // the call to the dependency
                    } finally {
                        connections.release();
                    }
                    // @end
                    completed.incrementAndGet();
                } finally {
                    admission.release();
                }
                return null;
            }));
        }
        // @fold all at the door: the clock starts, and doorOpen lets them in together
        atTheDoor.await(); // all of them are at the door: the burst, and the clock, start now
        start = System.nanoTime();
        doorOpen.countDown(); // let them all in together
        // @end
    }
    // @fold the time, the counts checked, and the theory (rounds of 8 calls), printed
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    for (var request : requests) request.get(); // a request that failed stops the program here
    if (completed.get() + rejected.get() != REQUESTS)
        throw new IllegalStateException(REQUESTS + " requests, but " + completed + " completed and " + rejected + " rejected");

    int admitted = Math.min(REQUESTS, admissionLimit);
    int rounds = (admitted + CONNECTIONS - 1) / CONNECTIONS;
    IO.println(String.format(Locale.ROOT, "%-19s completed=%d rejected=%d in %d ms (theory: at least %d rounds x %d ms = %d ms)",
            label + ":", completed.get(), rejected.get(), tookMs, rounds, CALL.toMillis(), rounds * CALL.toMillis()));
    // @end
}
