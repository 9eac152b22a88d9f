///usr/bin/env jbang "$0" "$@" ; exit $?
// The capstone: an order service. Each order asks for stock and price at
// once, then charges a card at a gateway that takes GATEWAY_LIMIT calls at
// once; its caller waits for the receipt until a deadline. Each call
// sleeps, standing in for the network. As shipped, a pool of platform
// threads runs the orders. main() checks seven things: make them all pass.
// @fold JBang's lines (JDK 25, a preview API) and the settings: threads, gateway limit, call times
//JAVA 25+
//PREVIEW

static final int POOL_THREADS = 40;
static final int GATEWAY_LIMIT = 50;
static final Duration CALL = Duration.ofMillis(150);      // stock and price, each
static final Duration PAYMENT = Duration.ofMillis(10);       // the gateway
static final String BOOK = "book", GLOBE = "globe";
static final Duration SLOW_CALL = Duration.ofMillis(1_000);   // stock, for anything but a book
static final Duration PRICE_FAILS_AFTER = Duration.ofMillis(20);
// @end
// ---- your part: change only from here to its end ----
// exercise: final ExecutorService orderThreads = Executors.newFixedThreadPool(POOL_THREADS);
final ExecutorService orderThreads = Executors.newVirtualThreadPerTaskExecutor();
// end exercise
// ---- end of your part ----

Receipt placeOrder(Order order, Duration deadline) throws Exception {
    Future<Receipt> receipt = orderThreads.submit(() -> process(order));
    // ---- your part: change only from here to its end ----
    // exercise: return receipt.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
    try {
        return receipt.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | InterruptedException e) {   // the deadline passed, or the caller was interrupted
        receipt.cancel(true);   // interrupts the order's thread: its scope then interrupts the calls
        throw e;
    }
    // end exercise
    // ---- end of your part ----
}

// ---- your part: change only from here to its end ----
// exercise: Receipt process(Order order) throws Exception {
// exercise:     Quote quote = quote(order);
// exercise:     ByteBuffer charge = charge(order, quote);
// exercise:     return gateway(order, quote, charge);
// exercise: }
final Semaphore gatewayPermits = new Semaphore(GATEWAY_LIMIT, true);

Receipt process(Order order) throws Exception {
    Quote quote = quote(order);
    ByteBuffer charge = charge(order, quote);
    gatewayPermits.acquire();   // only around the gateway: stock and price need no permit
    try {
        return gateway(order, quote, charge);
    } finally {
        gatewayPermits.release();
    }
}
// end exercise
// ---- end of your part ----

Quote quote(Order order) throws Exception {
    // ---- your part: change only from here to its end ----
    // exercise: try (var calls = Executors.newVirtualThreadPerTaskExecutor()) {
    // exercise:     Future<Long> price = calls.submit(() -> price(order));
    // exercise:     Future<Integer> stock = calls.submit(() -> stock(order));
    // exercise:     return new Quote(stock.get(), price.get());
    // exercise: }
    try (var scope = StructuredTaskScope.open()) {
        var price = scope.fork(() -> price(order));
        var stock = scope.fork(() -> stock(order));
        scope.join();   // the first failure cancels the scope: the other call is interrupted
        return new Quote(stock.get(), price.get());
    }
    // end exercise
    // ---- end of your part ----
}

// @fold the charge the gateway is sent, written into a buffer
/// The charge the gateway is sent, written into a buffer.
// ---- your part: change only from here to its end ----
// exercise: /// Allocating a 64 KB buffer for every charge showed up in a profile of the service,
// exercise: /// so each thread keeps one and reuses it for every order it runs.
// exercise: static final ThreadLocal<ByteBuffer> chargeBuffer = ThreadLocal.withInitial(() -> ByteBuffer.allocate(64 * 1024));
// exercise:
// exercise: ByteBuffer charge(Order order, Quote quote) {
// exercise:     ByteBuffer buffer = chargeBuffer.get().clear();
// exercise:     buffer.put(("charge order " + order.id() + ": " + quote.cents() + " cents").getBytes(StandardCharsets.UTF_8));
// exercise:     return buffer.flip();
// exercise: }
/// Sized to the charge, gone with its order: a buffer kept per thread is one per order now.
ByteBuffer charge(Order order, Quote quote) {
    return ByteBuffer.wrap(("charge order " + order.id() + ": " + quote.cents() + " cents").getBytes(StandardCharsets.UTF_8));
}
// end exercise
// ---- end of your part ----
// @end
// @fold the other services: stock, price (it fails for a globe), the payment gateway, and the records
// The other services. call(...) waits as a network call would, and notes the call for the checks.

int stock(Order order) throws InterruptedException {
    call("stock", order, order.product().equals(BOOK) ? CALL : SLOW_CALL);
    return 7;
}

long price(Order order) throws Exception {
    if (order.product().equals(GLOBE)) {   // the price service fails for globes
        call("price", order, PRICE_FAILS_AFTER);
        throw new IOException("price service unavailable");
    }
    call("price", order, CALL);
    return 1_250;
}

Receipt gateway(Order order, Quote quote, ByteBuffer charge) throws InterruptedException {
    if (!StandardCharsets.UTF_8.decode(charge.duplicate()).toString().equals("charge order " + order.id() + ": " + quote.cents() + " cents"))
        throw new IllegalArgumentException("order " + order.id() + " sent another order's charge");
    call("gateway", order, PAYMENT);
    return new Receipt(order.id(), quote.cents());
}

record Order(int id, String product) {}
record Quote(int inStock, long cents) {}
record Receipt(int order, long cents) {}
// @end

// ---- Checking your work: no need to read past this line. ----

static final int BURST = 1_000;
static final Duration BURST_DEADLINE = Duration.ofSeconds(5);
static final String ATLAS = "atlas";
static final Duration SHORT_DEADLINE = Duration.ofMillis(200);
/// For an order that gives up while it waits for a gateway permit: time for its quote (CALL),
/// with room for a loaded machine.
static final Duration PERMIT_DEADLINE = Duration.ofMillis(600);
static final int HELD = 2_000;   // order ids from here on: the gateway held full
/// An interrupt ends a sleeping call at once; the grace leaves room for a loaded machine,
/// and is under half of the time the slow call would otherwise run on.
static final long GRACE_MS = 400;

void main() throws Exception {
    // (1) The theory. A pool of POOL_THREADS serves a burst in rounds, each a quote and a payment:
    // never faster than poolMs. With a thread per order, the quotes overlap, and only the gateway
    // goes in rounds: CALL + BURST / GATEWAY_LIMIT * PAYMENT, under a tenth of poolMs. The bound lies
    // between, far from both, so that a loaded machine or a single core still passes.
    long poolMs = ceilDiv(BURST, POOL_THREADS) * (CALL.toMillis() + PAYMENT.toMillis());
    long boundMs = poolMs * 3 / 4;
    Burst burst = burst();
    checkThat("a burst of " + BURST + " orders on virtual threads, under " + boundMs + " ms",
            burst.done() == BURST && burst.virtual() == BURST && burst.ms() < boundMs,
            burst, BURST + " done on virtual threads in under " + boundMs + " ms, a quarter under the " + poolMs
                    + " ms a pool of " + POOL_THREADS + " needs");
    checkThat("no order thread alive a second after the burst (lesson 'Wait or refuse': never pool virtual threads)",
            burst.alive() == 0, burst.alive() + " (a pool keeps its threads for the next order)", "0: a thread per order ends with it");

    // (2) An order cancelled while the gateway holds it; then the gateway full, and an order
    // that gives up while it waits for a permit.
    cancelledAtTheGateway();
    int peakBeforeGivingUp = gatewayFullOneGivesUp();
    checkThat("the gateway full at 50 once an order cancelled there had left (lesson 'Wait or refuse': release in a finally)",
            gatewayFullAt == GATEWAY_LIMIT, gatewayFullAt + " at once", GATEWAY_LIMIT);

    // (3) and (4), at the same time: a price call that fails, and a caller that gives up.
    Thread failing = Thread.ofVirtual().start(() -> quietly(new Order(BURST + 1, GLOBE), BURST_DEADLINE));
    long askedAt = System.nanoTime();
    Thread late = Thread.ofVirtual().start(() -> quietly(new Order(BURST + 2, ATLAS), SHORT_DEADLINE));
    failing.join();
    late.join();
    // Time for calls left running to show themselves: the slow call's end, and the grace.
    long waitMs = SLOW_CALL.toMillis() + GRACE_MS - (System.nanoTime() - askedAt) / 1_000_000;
    if (waitMs > 0) Thread.sleep(waitMs);

    int peak = peakAtGateway.get();
    checkThat("never more than " + GATEWAY_LIMIT + " calls at the payment gateway at once", peak <= GATEWAY_LIMIT,
            peak + " at once" + (peakBeforeGivingUp <= GATEWAY_LIMIT && peak > GATEWAY_LIMIT
                    ? ", after an order waiting for a permit gave up" : ""),
            "at most " + GATEWAY_LIMIT);
    String sibling = siblingStopped(BURST + 1);
    checkThat("a failed price call stopped its sibling stock call within " + GRACE_MS + " ms", sibling.isEmpty(),
            sibling, "the stock call asked alongside price, and ended within " + GRACE_MS + " ms of the failure");
    String leftover = leftRunning(BURST + 2, askedAt + SHORT_DEADLINE.toNanos());
    checkThat("nothing of an order left running " + GRACE_MS + " ms after its caller's deadline", leftover.isEmpty(),
            leftover, "every call ended within " + GRACE_MS + " ms of the deadline");
    // (5) Many orders waiting for the gateway at once: what each one holds on the heap.
    String heavy = waitingOrders();
    checkThat(WAITING + " orders waiting for the gateway at once hold under 24 KB of heap each", heavy.isEmpty(), heavy,
            "every one quoted and waiting, under 24 KB each (a waiting virtual thread is a few KB)");
    // Not close(): it would wait for every order, and one stuck on a permit never given back
    // would keep the program alive, as a pool's idle threads would.
    orderThreads.shutdownNow();
    verdict("order-service");
}

record Burst(int done, int failed, int virtual, int alive, long ms, String firstError) {
    @Override public String toString() {
        return done + " done" + (failed > 0 ? ", " + failed + " failed (" + firstError + ")" : "")
                + (virtual < done ? " (" + virtual + " on virtual threads)" : " on virtual threads") + " in " + ms + " ms";
    }
}

/// BURST callers at once, each placing one order; the time until the last has its answer.
Burst burst() throws InterruptedException {
    var done = new AtomicInteger();
    var failures = new ConcurrentLinkedQueue<String>();
    var ready = new CountDownLatch(BURST);
    var go = new CountDownLatch(1);
    var callers = new ArrayList<Thread>();
    for (int i = 0; i < BURST; i++) {
        var order = new Order(i, BOOK);
        callers.add(Thread.ofVirtual().start(() -> {
            ready.countDown();
            try {
                go.await();
                placeOrder(order, BURST_DEADLINE);
                done.incrementAndGet();
            } catch (Exception e) {
                failures.add(e.getClass().getSimpleName());
            }
        }));
    }
    ready.await();
    long start = System.nanoTime();
    go.countDown();
    for (Thread caller : callers) caller.join();
    long ms = (System.nanoTime() - start) / 1_000_000;
    // A thread of its own per order ends with its order; a pool's threads wait for the next task.
    long until = System.nanoTime() + Duration.ofSeconds(1).toNanos();
    int alive = 0;
    for (Thread t : orderThreadsSeen) {
        if (!t.join(Duration.ofNanos(Math.max(1, until - System.nanoTime())))) alive++;
    }
    return new Burst(done.get(), failures.size(), onVirtualThreads.get(), alive, ms, failures.isEmpty() ? "" : failures.peek());
}

/// One order whose caller gives up while the gateway holds its payment: the order is
/// interrupted at the gateway, and whatever it holds there must come back.
void cancelledAtTheGateway() throws InterruptedException {
    paymentsHeld = new CountDownLatch(1);
    Thread caller = Thread.ofVirtual().start(() -> quietly(new Order(BURST + 3, BOOK), PERMIT_DEADLINE));
    caller.join(PERMIT_DEADLINE.plusMillis(GRACE_MS));   // bounded: a caller might wait for good
    waitUntil(() -> atGateway.get() == 0, Duration.ofMillis(GRACE_MS));
    paymentsHeld.countDown();
    caller.join();
}

int gatewayFullAt;   // how many orders the gateway held at once when it was to be full

/// GATEWAY_LIMIT orders held at the gateway, then two more. One gives up while it waits for a
/// permit; the other must still wait. Returns the peak at the gateway before the one gave up.
int gatewayFullOneGivesUp() throws InterruptedException {
    paymentsHeld = new CountDownLatch(1);
    var held = new ArrayList<Thread>();
    for (int i = 0; i < GATEWAY_LIMIT; i++) {
        var order = new Order(HELD + i, BOOK);
        held.add(Thread.ofVirtual().start(() -> quietly(order, BURST_DEADLINE)));
    }
    waitUntil(() -> atGateway.get() >= GATEWAY_LIMIT, SLOW_CALL);   // a pool of 40 never gets there
    gatewayFullAt = atGateway.get();
    int peakBefore = peakAtGateway.get();
    Thread givesUp = Thread.ofVirtual().start(() -> quietly(new Order(HELD + GATEWAY_LIMIT, BOOK), PERMIT_DEADLINE));
    var waits = new Order(HELD + GATEWAY_LIMIT + 1, BOOK);
    held.add(Thread.ofVirtual().start(() -> quietly(waits, BURST_DEADLINE)));
    givesUp.join(PERMIT_DEADLINE.plusMillis(GRACE_MS));   // bounded: a caller might wait for good
    waitUntil(() -> atGateway.get() > GATEWAY_LIMIT, Duration.ofMillis(GRACE_MS));   // a permit freed by mistake
    paymentsHeld.countDown();
    for (Thread caller : held) caller.join();
    return peakBefore;
}

static final int WAITING = 2_000, WAITING_FROM = 10_000;   // how many, and their order ids

/// WAITING orders with the gateway held: each gets its quote, then waits for the gateway. Empty
/// when every one got that far within 3 s and the heap grew by under 24 KB per order.
String waitingOrders() throws InterruptedException {
    paymentsHeld = new CountDownLatch(1);
    long before = heapAfterGc();
    var callers = new ArrayList<Thread>();
    for (int i = 0; i < WAITING; i++) {
        var order = new Order(WAITING_FROM + i, BOOK);
        callers.add(Thread.ofVirtual().start(() -> quietly(order, BURST_DEADLINE.multipliedBy(2))));
    }
    waitUntil(() -> quoted() >= WAITING, Duration.ofSeconds(3));
    Thread.sleep(100);   // from the quote to the gateway: no wait but a permit's
    long quoted = quoted(), each = Math.max(0, heapAfterGc() - before) / WAITING;
    paymentsHeld.countDown();
    if (quoted < WAITING) return "only " + quoted + " of " + WAITING + " orders had their quote within 3000 ms";
    for (Thread caller : callers) caller.join(BURST_DEADLINE.multipliedBy(2));
    return each < 24 * 1024 ? "" : String.format(Locale.ROOT, "%,d bytes each, %,d MB; at 10,000 orders %,d MB"
            + " (lesson 'Wait or refuse', 'A cache per thread is a cache per task')", each, each * WAITING >> 20, each * 10_000 >> 20);
}

/// How many of the waiting orders have had both their stock and price calls answered.
long quoted() {
    return calls.stream().filter(c -> c.order() >= WAITING_FROM && !c.service().equals("gateway"))
            .collect(Collectors.groupingBy(Call::order, Collectors.counting())).values().stream().filter(n -> n == 2).count();
}

static long heapAfterGc() {
    for (int i = 0; i < 2; i++) System.gc();   // a best effort: what stays is live
    return Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
}

void waitUntil(BooleanSupplier condition, Duration atMost) throws InterruptedException {
    long end = System.nanoTime() + atMost.toNanos();
    while (!condition.getAsBoolean() && System.nanoTime() < end) Thread.sleep(5);
}

void quietly(Order order, Duration deadline) {
    try {
        placeOrder(order, deadline);
    } catch (Exception e) {
        // expected: these orders fail or time out; the checks look at their calls
    }
}

/// One call to another service, as the checks saw it.
record Call(String service, int order, long start, long end) {}

final Queue<Call> calls = new ConcurrentLinkedQueue<>();
final Map<Integer, AtomicInteger> runningByOrder = new ConcurrentHashMap<>();
final AtomicInteger atGateway = new AtomicInteger();
final AtomicInteger peakAtGateway = new AtomicInteger();
final AtomicInteger onVirtualThreads = new AtomicInteger();   // orders that reached the gateway from a virtual thread
final Set<Thread> orderThreadsSeen = ConcurrentHashMap.newKeySet();   // the threads they reached it from
volatile CountDownLatch paymentsHeld = new CountDownLatch(0);   // while it is closed, the gateway's calls wait

void call(String service, Order order, Duration takes) throws InterruptedException {
    long start = System.nanoTime();
    boolean gateway = service.equals("gateway");
    if (gateway) {
        peakAtGateway.accumulateAndGet(atGateway.incrementAndGet(), Math::max);
        orderThreadsSeen.add(Thread.currentThread());
        if (Thread.currentThread().isVirtual()) onVirtualThreads.incrementAndGet();
    }
    var running = runningByOrder.computeIfAbsent(order.id(), id -> new AtomicInteger());
    running.incrementAndGet();
    try {
        if (gateway) paymentsHeld.await();
        Thread.sleep(takes);
    } finally {
        running.decrementAndGet();
        if (gateway) atGateway.decrementAndGet();
        calls.add(new Call(service, order.id(), start, System.nanoTime()));
    }
}

List<Call> callsOf(int order) {
    return calls.stream().filter(c -> c.order() == order).toList();
}

Optional<Call> find(int order, String service) {
    return callsOf(order).stream().filter(c -> c.service().equals(service)).findFirst();
}

/// Empty when the stock call overlapped the failing price call and ended within GRACE_MS of it.
String siblingStopped(int order) {
    var price = find(order, "price");
    var stock = find(order, "stock");
    if (price.isEmpty()) return "no price call";
    if (stock.isEmpty()) return "no stock call alongside the price call";
    Call p = price.get(), s = stock.get();
    if (s.start() > p.end() || p.start() > s.end()) return "stock and price asked one after the other";
    long after = (s.end() - p.end()) / 1_000_000;
    return after <= GRACE_MS ? "" : "the stock call ran on " + after + " ms after the price call failed";
}

/// Empty when every call of the order had ended within GRACE_MS of its caller's deadline.
String leftRunning(int order, long deadline) {
    int running = runningByOrder.getOrDefault(order, new AtomicInteger()).get();
    if (running > 0) return running + " calls still running";
    var latest = callsOf(order).stream().max(Comparator.comparingLong(Call::end));
    if (latest.isEmpty()) return "no call made";
    long after = (latest.get().end() - deadline) / 1_000_000;
    return after <= GRACE_MS ? "" : "the " + latest.get().service() + " call ran on " + after + " ms past the deadline";
}

static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
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
