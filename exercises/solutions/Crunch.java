///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A service answers quick requests on virtual threads. A report arrives that only computes:
// it counts the primes from 10,000,000 to 12,000,000, in three chunks per core, and as it
// stands each chunk gets a virtual thread of its own. Give the chunks an executor that
// fits work that needs cores, not waiting, so that the count stays exact and quick requests
// are still answered while the report computes.

final int FROM = 10_000_000, TO = 12_000_000, PRIMES = 123_481;   // primes n with FROM <= n < TO
final int CORES = Runtime.getRuntime().availableProcessors();
final int CHUNKS = 3 * CORES;
final Set<Thread> reportThreads = ConcurrentHashMap.newKeySet();
final Queue<Long> chunkMillis = new ConcurrentLinkedQueue<>();

void main() throws Exception {
    answerQuickRequest();                        // the service is up and answering
    var computing = new CountDownLatch(CORES);
    var chunks = new ArrayList<Future<Integer>>();
    long requestMillis;
    try (ExecutorService executor = executorForCpuWork()) {
        for (int c = 0; c < CHUNKS; c++) {
            int from = boundary(c), to = boundary(c + 1);
            chunks.add(executor.submit(() -> {
                computing.countDown();
                return countPrimes(from, to);
            }));
        }
        computing.await(10, TimeUnit.SECONDS);   // the report is computing: a request comes in
        requestMillis = answerQuickRequest();
    }
    int primes = 0;
    for (var chunk : chunks) primes += chunk.get();

    long shortestChunk = Collections.min(chunkMillis);
    check("primes counted by the report", primes, PRIMES);
    checkThat("a quick request answered while the report computes", requestMillis * 3 <= shortestChunk,
            requestMillis + " ms to answer it", "at most a third of a chunk's " + shortestChunk + " ms");
    checkThat("threads the report computed on", reportThreads.size() == CORES, reportThreads.size(),
            CORES + ", one per core");
    verdict("crunch");
}

ExecutorService executorForCpuWork() {
    // exercise: return Executors.newVirtualThreadPerTaskExecutor(); // TODO: these chunks never wait, they compute. Which executor fits?
    return Executors.newFixedThreadPool(CORES);
    // end exercise
}

/// Where chunk c starts: the chunks split FROM to TO evenly.
int boundary(int c) {
    return (int) (FROM + (long) (TO - FROM) * c / CHUNKS);
}

int countPrimes(int from, int to) {
    long start = System.nanoTime();
    reportThreads.add(Thread.currentThread());
    int count = 0;
    for (int n = from; n < to; n++) {
        if (isPrime(n)) count++;
    }
    chunkMillis.add((System.nanoTime() - start) / 1_000_000);
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
/// Returns how many milliseconds it took from arriving to being answered.
long answerQuickRequest() throws InterruptedException {
    long arrived = System.nanoTime();
    var answered = new AtomicLong();
    Thread.ofVirtual().start(() -> answered.set(System.nanoTime())).join();
    return (answered.get() - arrived) / 1_000_000;
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
