///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold the sizes: 1,000 threads x 10,000 increments; interface Counter

// A thousand virtual threads add to one shared counter, six ways. Two ways lose updates;
// the four that do not differ in how long they make the threads wait for each other.

static final int THREADS = 1_000, MAX_THREADS = 10_000;
static final int INCREMENTS = 10_000, MAX_INCREMENTS = 100_000;
static final long MAX_TOTAL = 100_000_000; // ten times the default: the locks take seconds

interface Counter {
    void increment();
    long count();
}

// @end
static final class PlainInt implements Counter {
    int count;
    public void increment() { count++; } // read, add one, write
    public long count() { return count; }
}

static final class VolatileInt implements Counter {
    volatile int count;
    public void increment() { count++; } // still three steps
    public long count() { return count; }
}

static final class Atomic implements Counter {
    final AtomicInteger count = new AtomicInteger();
    public void increment() { count.incrementAndGet(); } // atomic
    public long count() { return count.get(); }
}

static final class Adder implements Counter {
    final LongAdder count = new LongAdder();
    public void increment() { count.increment(); } // spread over cells
    public long count() { return count.sum(); }
}
// @fold synchronized and ReentrantLock: count++ under a lock; WAYS, the six

static final class Synchronized implements Counter {
    int count;
    public synchronized void increment() { count++; }
    public synchronized long count() { return count; }
}

static final class Locked implements Counter {
    final ReentrantLock lock = new ReentrantLock();
    int count;
    public void increment() {
        lock.lock();
        try {
            count++;
        } finally {
            lock.unlock();
        }
    }
    public long count() {
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }
}

record Way(String name, Supplier<Counter> newCounter) {}

static final List<Way> WAYS = List.of(
        new Way("int++", PlainInt::new),
        new Way("volatile int++", VolatileInt::new),
        new Way("AtomicInteger", Atomic::new),
        new Way("LongAdder", Adder::new),
        new Way("synchronized", Synchronized::new),
        new Way("ReentrantLock", Locked::new));

// @end
// @fold main: each way in turn; race: a virtual thread each, from a start gate
void main(String[] args) throws InterruptedException, ExecutionException {
    int threads = argument(args, 0, THREADS, MAX_THREADS);
    int increments = argument(args, 1, INCREMENTS, MAX_INCREMENTS);
    long expected = (long) threads * increments;
    if (args.length > 2 || expected > MAX_TOTAL) usage();

    warmUp();
    IO.println(String.format(Locale.ROOT, "%,d virtual threads x %,d increments of one shared counter, expected %,d",
            threads, increments, expected));
    for (Way way : WAYS) {
        Counter counter = way.newCounter().get();
        long tookMs = race(counter, threads, increments);
        long count = counter.count();
        IO.println(String.format(Locale.ROOT, "%-15s count=%,11d  lost=%,10d  took %5d ms",
                way.name() + ":", count, expected - count, tookMs));
    }
}

/// Every thread waits at the gate until all have arrived, and then they are released together
/// (woken one after another) to increment the same counter; at any instant, only as many run
/// as there are carriers.
long race(Counter counter, int threads, int increments) throws InterruptedException, ExecutionException {
    var ready = new CountDownLatch(threads); // counts the threads waiting at the gate
    var go = new CountDownLatch(1);
    var counting = new ArrayList<Future<?>>();
    long start;
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int t = 0; t < threads; t++) {
            counting.add(executor.submit(() -> {
                ready.countDown();
                go.await();
                incrementMany(counter, increments);
                return null;
            }));
        }
        ready.await(); // every thread has arrived at the gate: the race, and the clock, start now
        start = System.nanoTime();
        go.countDown();
    } // close() waits for every thread
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    for (var thread : counting) thread.get(); // a thread that failed stops the program, not the count
    return tookMs;
}

static void incrementMany(Counter counter, int times) {
    for (int i = 0; i < times; i++) counter.increment();
}

/// Runs every kind of counter in turn before the race, on this thread alone. The JIT then
/// compiles incrementMany knowing six kinds of counter, so each step stays a real call that
/// reads and writes the count. Had it seen only PlainInt, it could fold the whole loop into
/// one addition, and the lost updates would hide (the lesson explains).
static void warmUp() {
    List<Counter> counters = WAYS.stream().map(way -> way.newCounter().get()).toList();
    for (int round = 0; round < 20; round++) {
        for (Counter counter : counters) incrementMany(counter, 5_000);
    }
}

// ---- arguments --------------------------------------------------------------------------

static int argument(String[] args, int index, int fallback, int max) {
    if (args.length <= index) return fallback;
    try {
        int n = Integer.parseInt(args[index]);
        if (n >= 1 && n <= max) return n;
    } catch (NumberFormatException e) { }
    usage();
    return 0;
}

static void usage() {
    System.err.printf(Locale.ROOT, "usage: counter [threads 1-%d] [increments 1-%d], at most %,d increments in all%n",
            MAX_THREADS, MAX_INCREMENTS, MAX_TOTAL);
    System.exit(2);
}
// @end
