///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A quote needs a cart, then its rate and its discount at once. quoteAsync is the chain a
// service has today. Write quote as blocking code on virtual threads with the same outcome in
// every case: no discount (0) when that call fails; the rate's IOException when it fails; a
// TimeoutException after the deadline. Leave no call running.

import static java.util.concurrent.TimeUnit.MILLISECONDS;

static final long DEADLINE_MS = 600;
final ExecutorService pool = Executors.newFixedThreadPool(4);
final ExecutorService virtualThreads = Executors.newVirtualThreadPerTaskExecutor();

CompletableFuture<Quote> quoteAsync(String cartId) {
    return CompletableFuture.supplyAsync(() -> unchecked(() -> cart(cartId)), pool)
            .thenCompose(cart -> {
                var rate = CompletableFuture.supplyAsync(() -> unchecked(() -> rate(cart)), pool);
                var discount = CompletableFuture.supplyAsync(() -> unchecked(() -> discount(cart)), pool)
                        .handle((d, failure) -> failure == null ? d : 0);   // no discount when it fails
                return rate.thenCombine(discount, (r, d) -> new Quote(cart, r, d));
            })
            .orTimeout(DEADLINE_MS, MILLISECONDS);
}

Quote quote(String cartId) throws Exception {
    // ---- your part: change only from here to its end ----
    // exercise: return quoteAsync(cartId).get(); // TODO: the same outcomes as blocking code, on virtual threads
    Future<Quote> quote = virtualThreads.submit(() -> {
        String cart = cart(cartId);
        Future<Integer> discount = virtualThreads.submit(() -> {
            try {
                return discount(cart);
            } catch (IOException e) {
                return 0;                                     // no discount when it fails
            }
        });
        try {
            return new Quote(cart, rate(cart), discount.get());
        } finally {
            discount.cancel(true);                            // the rate failed or we were interrupted
        }
    });
    try {
        return quote.get(DEADLINE_MS, MILLISECONDS);          // TimeoutException, as orTimeout gives
    } finally {
        quote.cancel(true);                                   // still running? interrupt it
    }
    // end exercise
    // ---- end of your part ----
}

record Quote(String cart, int rate, int discount) {
    public String toString() {
        return "quote for " + cart + ": rate " + rate + ", discount " + discount;
    }
}

/// For the chain: a checked exception in a CompletionException.
<T> T unchecked(Callable<T> call) {
    try {
        return call.call();
    } catch (Exception e) {
        throw new CompletionException(e);
    }
}

void main() throws Exception {
    var all = compare("every call answers", null, false);
    check("every call answers: the same outcome as the chain", all.got(), all.expected());
    var noDiscount = compare("the discount fails", "discount", false);
    check("the discount fails: the same outcome as the chain", noDiscount.got(), noDiscount.expected());
    var noRate = compare("the rate fails", "rate", false);
    check("the rate fails: the same outcome as the chain", noRate.got(), noRate.expected());
    var slow = compare("the rate is too slow", null, true);
    check("the rate is too slow: the same outcome as the chain", slow.got(), slow.expected());
    check("every call quote made ran on a virtual thread", threadsOfQuote, Set.of("virtual"));
    checkThat("quote gave up at the deadline when the rate was too slow", slowCaseMs < GAVE_UP_BY_MS,
            slowCaseMs + " ms", "under " + GAVE_UP_BY_MS + " ms (deadline " + DEADLINE_MS + " ms, the rate answers after " + SLOW_MS + " ms)");
    check("no call quote made was still running " + GRACE_MS + " ms after it returned", leftRunning, List.of());
    pool.close();
    virtualThreads.close();
    verdict("unchain");
}

// ---- Checking your work: no need to read past this line. ----

static final long CART_MS = 50, RATE_MS = 100, DISCOUNT_MS = 250, FAILS_MS = 50, SLOW_MS = 2_000;
static final long GRACE_MS = 100, GAVE_UP_BY_MS = (DEADLINE_MS + SLOW_MS) / 2;

volatile String failing;              // the service that fails in this case, or null
volatile boolean slowRate;            // whether the rate call takes SLOW_MS in this case
volatile boolean recording;           // whether the calls are quote's (not quoteAsync's)
final AtomicInteger running = new AtomicInteger();
final Map<String, Boolean> runningNow = new ConcurrentHashMap<>();
final Set<String> threadsOfQuote = ConcurrentHashMap.newKeySet();
final List<String> leftRunning = new ArrayList<>();
long slowCaseMs;

record Outcomes(String got, String expected) {}

/// Runs the chain, then quote, in one case: how quote ended, and how the chain did.
Outcomes compare(String name, String failingService, boolean slow) {
    failing = failingService;
    slowRate = slow;
    recording = false;
    String expected = outcome(() -> quoteAsync("c-3").get());
    awaitQuiet();
    recording = true;
    long start = System.nanoTime();
    String got = outcome(() -> quote("c-3"));
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    if (slow) slowCaseMs = tookMs;
    sleep(GRACE_MS);
    runningNow.forEach((call, on) -> { if (on) leftRunning.add(call + " (" + name + ")"); });
    recording = false;
    awaitQuiet();
    return new Outcomes(got, expected);
}

String outcome(Callable<Quote> quote) {
    try {
        return quote.call().toString();
    } catch (Throwable e) {
        while ((e instanceof ExecutionException || e instanceof CompletionException) && e.getCause() != null)
            e = e.getCause();
        return "failed: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}

String cart(String id) throws IOException, InterruptedException {
    call("cart", CART_MS);
    return id;
}

int rate(String cart) throws IOException, InterruptedException {
    call("rate", slowRate ? SLOW_MS : RATE_MS);
    return 12;
}

int discount(String cart) throws IOException, InterruptedException {
    call("discount", DISCOUNT_MS);
    return 2;
}

/// A fake remote call: the failing service fails after FAILS_MS, the others answer after `ms`.
void call(String service, long ms) throws IOException, InterruptedException {
    boolean mine = recording;
    running.incrementAndGet();
    if (mine) {
        runningNow.put(service, true);
        threadsOfQuote.add(Thread.currentThread().isVirtual() ? "virtual" : "platform");
    }
    try {
        boolean fails = service.equals(failing);
        Thread.sleep(fails ? FAILS_MS : ms);
        if (fails) throw new IOException(service + " service unavailable");
    } finally {
        if (mine) runningNow.put(service, false);
        running.decrementAndGet();
    }
}

/// Waits (up to 5 s) until the calls of the last run have ended, so that the next starts clean.
void awaitQuiet() {
    for (int i = 0; i < 500 && running.get() > 0; i++) sleep(10);
    runningNow.clear();
}

void sleep(long ms) {
    try {
        Thread.sleep(ms);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    }
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
