///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A page needs the prices of 40 products, and each price is a slow call that mostly waits
// (62 to 140 ms). Made one after another, the waits add up to 4 seconds. Make the calls
// wait at the same time, on virtual threads, and keep the prices in the order the products
// were asked for.

final int PRODUCTS = 40;
final AtomicInteger calling = new AtomicInteger(), mostAtOnce = new AtomicInteger();
final AtomicInteger onVirtualThreads = new AtomicInteger();

void main() throws Exception {
    var products = IntStream.range(0, PRODUCTS).boxed().toList();
    caller = Thread.currentThread();
    long start = System.nanoTime();
    List<String> prices = pricesOf(products);
    long tookMs = (System.nanoTime() - start) / 1_000_000;

    var expected = products.stream().map(this::expectedPrice).toList();
    checkThat("prices in the order the products were asked for", prices.equals(expected),
            inShort(prices), inShort(expected));
    checkThat("calls waiting at the same time", mostAtOnce.get() == PRODUCTS,
            mostAtOnce.get() + " (the calls took " + tookMs + " ms)", "all " + PRODUCTS);
    check("calls made on virtual threads", onVirtualThreads.get(), PRODUCTS);
    check("calls made on a pool's threads (a pool keeps its threads for the next task)", onPooledThreads.get(), 0);
    checkThat("pricesOf waited for the calls, not for a set time (a sleep only guesses how long they take)",
            lastCallSaw.equals(WAITING), lastCallSaw, WAITING);
    verdict("overlap");
}

List<String> pricesOf(List<Integer> products) throws Exception {
    // ---- your part: change only from here to its end ----
    var prices = new ArrayList<String>();
    for (int product : products) {
        prices.add(priceOf(product));  // TODO: each call waits for the one before. Let them wait together.
    }
    return prices;
    // ---- end of your part ----
}

/// A slow call: mostly waiting. Later products answer sooner, so answers arrive out of order.
String priceOf(int product) throws InterruptedException {
    if (Thread.currentThread().isVirtual()) onVirtualThreads.incrementAndGet();
    if (inAPool()) onPooledThreads.incrementAndGet();   // for the checks: see below
    mostAtOnce.accumulateAndGet(calling.incrementAndGet(), Math::max);
    try {
        Thread.sleep(140 - 2 * product);
    } finally {
        calling.decrementAndGet();
        if (callsEnded.incrementAndGet() == PRODUCTS) lookAtCaller();
    }
    return expectedPrice(product);
}

String expectedPrice(int product) {
    return "product " + product + ": " + (100 + 7 * product) + " cents";
}

// ---- Checking your work: no need to read past this line. ----

final AtomicInteger onPooledThreads = new AtomicInteger(), callsEnded = new AtomicInteger();
Thread caller;
static final String WAITING = "pricesOf waiting for the calls";
volatile String lastCallSaw = "the calls never all ended";

/// A pool's thread runs its tasks from ThreadPoolExecutor.runWorker, whatever the pool's size or
/// the kind of its threads; a thread of its own (Thread.start, newVirtualThreadPerTaskExecutor) does not.
boolean inAPool() {
    return StackWalker.getInstance().walk(frames -> frames.anyMatch(f -> f.getClassName().equals("java.util.concurrent.ThreadPoolExecutor")));
}

void lookAtCaller() {
    boolean sleeping = Arrays.stream(caller.getStackTrace())
            .anyMatch(f -> f.getClassName().equals("java.lang.Thread") && f.getMethodName().startsWith("sleep"));
    lastCallSaw = sleeping ? "pricesOf in Thread.sleep when the last call ended" : WAITING;
}

/// "40 prices, for products 0, 1, 2, 3, 4, ...": which products, in which order.
String inShort(List<String> prices) {
    var first = prices.stream().limit(5).map(p -> p.substring(0, p.indexOf(':')).replace("product ", "")).toList();
    return prices.size() + " prices, for products " + String.join(", ", first) + (prices.size() > 5 ? ", ..." : "");
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
