///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Twenty tasks each look up a price (a slow call: 50 ms of waiting) and add it to a shared total.
// The total needs the lock; the lookup does not. On JDK 25 a virtual thread waiting inside
// synchronized no longer pins its carrier, but every other task still queues for the lock.

static final int TASKS = 20;
final Object lock = new Object();
long total;                                   // guarded by lock
final AtomicInteger lookupsUnderLock = new AtomicInteger();
final AtomicInteger additionsUnderLock = new AtomicInteger();
final AtomicInteger lookups = new AtomicInteger(), mostLookups = new AtomicInteger();

void main() {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 1; i <= TASKS; i++) {
            int item = i;
            executor.submit(() -> {
                addPrice(item);
                return null;
            });
        }
    }

    long sum;
    synchronized (lock) { // total is guarded by lock: read it under the lock too
        sum = total;
    }
    check("the total is exact", sum, 10L * TASKS * (TASKS + 1) / 2);
    check("additions made while holding the lock", additionsUnderLock.get(), TASKS);
    check("lookups made without holding the lock", TASKS - lookupsUnderLock.get(), TASKS);
    checkThat("most lookups waiting at once", mostLookups.get() > 1, mostLookups.get(),
            "more than 1 (one at a time, 20 lookups take 20 x 50 ms)");
    verdict("lock-scope");
}

void addPrice(int item) throws InterruptedException {
    // TODO: while one task waits 50 ms for its price, the others queue for the lock. Hold it only to add.
    synchronized (lock) {
        long price = lookUpPrice(item);
        add(price);
    }
}

long lookUpPrice(int item) throws InterruptedException {
    if (Thread.holdsLock(lock)) lookupsUnderLock.incrementAndGet();
    mostLookups.accumulateAndGet(lookups.incrementAndGet(), Math::max);
    try {
        Thread.sleep(50);
    } finally {
        lookups.decrementAndGet();
    }
    return 10L * item;
}

void add(long price) {
    if (Thread.holdsLock(lock)) additionsUnderLock.incrementAndGet();
    total += price;
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
