///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold the three limits; main, which runs them; 20 permits, 2,000 tasks of 10 ms

// Virtual threads are cheap; what they hold or wait for is not. Three limits stay:
//   semaphore    20 connections, 2,000 tasks that each need one for 10 ms
//   threadlocal  a 10 KB buffer cached per thread: 200 pooled vs 100,000 virtual
//   pooled       virtual threads in a fixed pool of 200: the pool's ceiling again

static final String USAGE = "usage: limits [semaphore|threadlocal|pooled]  (default: all three)";

void main(String[] args) throws InterruptedException, ExecutionException {
    var parts = List.of("semaphore", "threadlocal", "pooled");
    if (args.length > 1 || (args.length == 1 && !parts.contains(args[0]))) {
        System.err.println(USAGE);
        System.exit(2);
    }
    long start = System.nanoTime();
    for (String part : args.length == 1 ? List.of(args[0]) : parts) {
        switch (part) {
            case "semaphore" -> semaphore();
            case "threadlocal" -> threadLocal();
            default -> pooled();
        }
    }
    IO.println("wall time " + (System.nanoTime() - start) / 1_000_000 + " ms");
}

// ---- 1. Limit the scarce resource with a semaphore ----

static final int PERMITS = 20, SEMAPHORE_TASKS = 2_000;
static final Duration USE = Duration.ofMillis(10);

// @end
void semaphore() throws InterruptedException, ExecutionException {
    // fair: permits go to the waiters in the order they asked
    var connections = new Semaphore(PERMITS, true);
    // @fold counting the permits in use, the futures, the clock
    var inUse = new AtomicInteger();
    var mostInUse = new AtomicInteger();
    var tasks = new ArrayList<Future<?>>();
    long start = System.nanoTime();
    // @end
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < SEMAPHORE_TASKS; i++) {
            tasks.add(executor.submit(() -> {
                connections.acquire(); // waits, parked, for a free permit
                try {
                    mostInUse.accumulateAndGet(inUse.incrementAndGet(), Math::max);
                    Thread.sleep(USE); // the 10 ms call
                } finally {
                    inUse.decrementAndGet(); // first, so it never passes PERMITS
                    connections.release();
                }
                return null;
            }));
        }
    }
    // @fold the time taken, each task's result, the theory, printed
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    for (var t : tasks) t.get(); // a task that failed stops the program: its count would be wrong
    long theoryMs = (long) SEMAPHORE_TASKS / PERMITS * USE.toMillis();
    IO.println("semaphore: " + SEMAPHORE_TASKS + " virtual threads need a permit for " + USE.toMillis() + " ms each, "
            + PERMITS + " permits");
    IO.println("  at most " + mostInUse.get() + " at once, took " + tookMs + " ms (theory: " + SEMAPHORE_TASKS + " / "
            + PERMITS + " x " + USE.toMillis() + " ms = " + theoryMs + " ms)");
    // @end
}
// @fold 2. a cache per thread, 3. pooling virtual threads; the plumbing

// ---- 2. A cache per thread costs one cache per thread ----

static final int BUFFER_BYTES = 10 * 1024;
static final int POOL_THREADS = 200, VIRTUAL_THREADS = 100_000;
static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[BUFFER_BYTES]);

void threadLocal() throws InterruptedException {
    IO.println("threadlocal: a " + BUFFER_BYTES / 1024 + " KB buffer cached in a ThreadLocal; heap growth after GC");
    int threads = virtualThreadsThatFit();

    long before = heapAfterGc();
    var done = new CountDownLatch(threads);
    long poolGrowth;
    try (var pool = Executors.newFixedThreadPool(POOL_THREADS)) {
        for (int i = 0; i < threads; i++) {
            pool.execute(() -> counted(() -> BUFFER.get()[0]++, done));
        }
        awaitAll(done);
        poolGrowth = heapAfterGc() - before; // every task has run; the pool's threads are still alive
    }
    IO.println(String.format(Locale.ROOT, "  %-44s %5d MB (%d MB of buffers)", "pool of " + POOL_THREADS + " platform threads, "
            + threads + " tasks:", mb(poolGrowth), mb((long) POOL_THREADS * BUFFER_BYTES)));
    long alone = heapWhileAlive(threads, () -> { });
    IO.println(String.format(Locale.ROOT, "  %-44s %5d MB", threads + " virtual threads alive, no buffer:", mb(alone)));
    long withBuffers = heapWhileAlive(threads, () -> BUFFER.get()[0]++);
    IO.println(String.format(Locale.ROOT, "  %-44s %5d MB (%d MB of buffers)", threads + " virtual threads alive, a buffer each:",
            mb(withBuffers), mb((long) threads * BUFFER_BYTES)));
}

/// Starts `threads` virtual threads that each run `work` and then wait; measures the heap while all wait.
long heapWhileAlive(int threads, Runnable work) throws InterruptedException {
    long before = heapAfterGc();
    var ready = new CountDownLatch(threads);
    var end = new CountDownLatch(1);
    var started = new ArrayList<Thread>(threads);
    for (int i = 0; i < threads; i++) {
        started.add(Thread.ofVirtual().start(() -> {
            counted(work, ready);
            try {
                end.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // nobody interrupts them here; if someone did, keep the flag
            }
        }));
    }
    awaitAll(ready);
    long growth = heapAfterGc() - before;
    end.countDown();
    for (Thread t : started) t.join();
    return growth;
}

// ---- 3. Pooling virtual threads brings the pool's ceiling back ----

static final int POOLED_TASKS = 2_000;
static final Duration CALL = Duration.ofMillis(100);

void pooled() throws InterruptedException, ExecutionException {
    IO.println("pooled: " + POOLED_TASKS + " tasks that each wait " + CALL.toMillis() + " ms");
    run("a virtual thread per task", Executors.newVirtualThreadPerTaskExecutor());
    run("fixed pool of " + POOL_THREADS + " virtual threads",
            Executors.newFixedThreadPool(POOL_THREADS, Thread.ofVirtual().factory()));
}

void run(String label, ExecutorService executor) throws InterruptedException, ExecutionException {
    var running = new AtomicInteger();
    var mostRunning = new AtomicInteger();
    var tasks = new ArrayList<Future<?>>();
    long start = System.nanoTime();
    try (executor) {
        for (int i = 0; i < POOLED_TASKS; i++) {
            tasks.add(executor.submit(() -> {
                mostRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(CALL);
                } finally {
                    running.decrementAndGet();
                }
                return null;
            }));
        }
    }
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    for (var t : tasks) t.get(); // a task that failed stops the program: its count would be wrong
    IO.println(String.format(Locale.ROOT, "  %-35s at most %4d at once, took %4d ms", label + ":", mostRunning.get(), tookMs));
}

// ---- Plumbing: failures, heap measurement and the memory cap ----

static final Duration PATIENCE = Duration.ofMinutes(1); // far longer than any part takes
final AtomicInteger failed = new AtomicInteger();
final AtomicReference<Throwable> firstFailure = new AtomicReference<>();

/// Runs `work` and counts `done` down however it ends. A failure, even an OutOfMemoryError near
/// the heap cap, is kept: counting it needs no new object.
void counted(Runnable work, CountDownLatch done) {
    try {
        work.run();
    } catch (Throwable e) {
        failed.incrementAndGet();
        firstFailure.compareAndSet(null, e);
    } finally {
        done.countDown();
    }
}

/// Waits until every task has counted down; a task that failed, or a wait past PATIENCE, ends the program.
void awaitAll(CountDownLatch done) throws InterruptedException {
    boolean inTime = done.await(PATIENCE.toSeconds(), TimeUnit.SECONDS);
    if (inTime && failed.get() == 0) return;
    System.err.println("limits: " + (inTime ? failed.get() + " tasks failed, the first with " + firstFailure.get()
            : done.getCount() + " tasks not done after " + PATIENCE.toSeconds() + " s"));
    System.exit(1);
}

/// The cap: run fewer virtual threads rather than fail when the maximum heap cannot hold a buffer each.
int virtualThreadsThatFit() {
    long perThread = BUFFER_BYTES + 2 * 1024;     // the buffer, plus the parked thread itself
    long usable = (Runtime.getRuntime().maxMemory() - heapAfterGc()) / 10 * 7; // what the heap holds already is not free
    int fit = (int) Math.min(VIRTUAL_THREADS, usable / perThread);
    if (fit < VIRTUAL_THREADS)
        IO.println("  capped: " + fit + " threads, not " + VIRTUAL_THREADS + ", to fit a maximum heap of "
                + mb(Runtime.getRuntime().maxMemory()) + " MB (java -Xmx2g runs them all)");
    return fit;
}

long heapAfterGc() {
    var runtime = Runtime.getRuntime();
    for (int i = 0; i < 2; i++) System.gc(); // a best-effort request to collect
    return runtime.totalMemory() - runtime.freeMemory();
}

long mb(long bytes) {
    return Math.round(bytes / (1024.0 * 1024.0));
}
// @end
