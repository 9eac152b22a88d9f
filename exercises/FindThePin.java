///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A shop serves three kinds of requests on virtual threads, 30 of each at once, and each one
// waits 100 ms: a price from a legacy client whose methods are synchronized, a stock level
// from a warehouse that answers 10 at a time, and an exchange rate from a table loaded on
// first use. One of the three kinds pins its virtual thread on JDK 25. Which one?
// Step 1: write pinnedEvents, so that JFR tells you; the checks run each kind under it.
// Step 2: change the design of the kind that pins, so that nothing pins and the table is
// still loaded once, by the first request that needs it.

import jdk.jfr.FlightRecorder;
import jdk.jfr.RecordingState;
import jdk.jfr.consumer.RecordingStream;

static final int REQUESTS = 30, CURRENCIES = 5;   // requests of each kind
static final Duration WAIT = Duration.ofMillis(100);

/// Runs work while JFR records jdk.VirtualThreadPinned events, and returns how many it recorded.
int pinnedEvents(Runnable work) {
    // ---- your part: change only from here to its end ----
    work.run();
    return 0; // TODO: record jdk.VirtualThreadPinned with a RecordingStream while work runs, and count the events
    // ---- end of your part ----
}

// ---- The shop: one method per kind of request. ----

// ---- your part: change only from here to its end ----
String price(int item) throws InterruptedException {
    return new PriceClient().lookUp(item);   // a client of its own: no queue for its lock
}

static final class PriceClient {              // a legacy client: every method is synchronized
    synchronized String lookUp(int item) throws InterruptedException {
        Thread.sleep(WAIT);
        return "price " + item;
    }
}

final Semaphore warehouse = new Semaphore(10); // the warehouse answers 10 at a time

String stock(int item) throws InterruptedException {
    warehouse.acquire();
    try {
        Thread.sleep(WAIT);
        return "stock " + item;
    } finally {
        warehouse.release();
    }
}

String rate(int item) {
    return "rate " + Rates.TABLE.get(item % CURRENCIES);
}

static final class Rates {                     // the holder idiom: TABLE is loaded on first use
    static final List<Long> TABLE = loadRates();
}
// ---- end of your part ----

// ---- The shop's rate service: no need to change anything below. ----

static final AtomicInteger rateLoads = new AtomicInteger();
static volatile String rateLoader = "none";

/// Loads the exchange rates: a 100 ms call.
static List<Long> loadRates() {
    rateLoads.incrementAndGet();
    rateLoader = Thread.currentThread().isVirtual() ? "a request's virtual thread" : "platform thread " + Thread.currentThread().getName();
    try {
        Thread.sleep(WAIT);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    }
    return List.of(100L, 92L, 79L, 15_700L, 8_310L);
}

void main() {
    int knownPins = pinnedEvents(() -> inVirtualThreads(1, i -> KnownPin.touch()));
    boolean counts = knownPins >= 1;
    checkThat("pinnedEvents counts the pin of a task that pins", counts, knownPins, "at least 1 (a task known to pin)");
    checkNoPins("pinnedEvents for a task that only waits (sleeps inside synchronized)", counts, pinnedEvents(() -> inVirtualThreads(4, i -> {
        synchronized (new Object()) {
            sleep(WAIT);
        }
    })));

    warmUp();
    String[][] answers = new String[3][REQUESTS];
    int[] byKind = new int[3];
    int allPins = countPins(() -> {
        byKind[0] = pinnedEvents(() -> inVirtualThreads(REQUESTS, i -> answers[0][i] = price(i)));
        byKind[1] = pinnedEvents(() -> inVirtualThreads(REQUESTS, i -> answers[1][i] = stock(i)));
        byKind[2] = pinnedEvents(() -> inVirtualThreads(REQUESTS, i -> answers[2][i] = rate(i)));
    });
    checkNoPins("pinned events serving the price requests (your pinnedEvents)", counts, byKind[0]);
    checkNoPins("pinned events serving the stock requests (your pinnedEvents)", counts, byKind[1]);
    checkNoPins("pinned events serving the rate requests (your pinnedEvents)", counts, byKind[2]);
    check("pinned events serving all " + 3 * REQUESTS + " requests (the checker's own recording)", allPins, 0);
    check("requests answered right", rightAnswers(answers), 3 * REQUESTS);
    check("times the rates were loaded", rateLoads.get(), 1);
    check("the thread that loaded the rates", rateLoader, "a request's virtual thread");
    check("JFR recordings left running after a task given to pinnedEvents threw", recordingsLeftByATaskThatThrows(), 0L);
    verdict("find-the-pin");
}

// ---- Checking your work: no need to read past this line. ----

interface Request { void serve(int i) throws Exception; }

/// Runs request(0) to request(n - 1) at once, each on a virtual thread of its own.
void inVirtualThreads(int n, Request request) {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < n; i++) {
            int item = i;
            executor.submit(() -> {
                try {
                    request.serve(item);
                } catch (Exception e) {
                    // a request that fails gives no answer: "requests answered right" counts it
                }
            });
        }
    }
}

/// The checker's own count of pins of 20 ms or more (the threshold of JFR's default configuration).
int countPins(Runnable work) {
    var pins = new AtomicInteger();
    try (var jfr = new RecordingStream()) {
        jfr.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ofMillis(20));
        jfr.onEvent("jdk.VirtualThreadPinned", e -> pins.incrementAndGet());
        jfr.startAsync();
        work.run();
        jfr.stop();
    }
    return pins.get();
}

/// pinnedEvents given a task that throws, as a request may: how many recordings still run after it.
long recordingsLeftByATaskThatThrows() {
    try {
        pinnedEvents(() -> { throw new IllegalStateException("a request that failed"); });
    } catch (IllegalStateException expected) {
        // pinnedEvents may pass the task's exception on: the question is what it leaves running
    }
    return FlightRecorder.getFlightRecorder().getRecordings().stream()
            .filter(r -> r.getState() == RecordingState.RUNNING).count();
}

int rightAnswers(String[][] answers) {
    List<Long> table = List.of(100L, 92L, 79L, 15_700L, 8_310L);
    int right = 0;
    for (int i = 0; i < REQUESTS; i++) {
        if (("price " + i).equals(answers[0][i])) right++;
        if (("stock " + i).equals(answers[1][i])) right++;
        if (("rate " + table.get(i % CURRENCIES)).equals(answers[2][i])) right++;
    }
    return right;
}

/// One price and one stock request, alone, before any is measured. A virtual thread that waits while another
/// initializes a class records a short pinned event: the classes the requests use are initialized here, so
/// that such an event is not blamed on a kind. No rate request runs here: its first use is what is measured.
void warmUp() {
    inVirtualThreads(1, i -> {
        price(i);
        stock(i);
    });
}

static void sleep(Duration d) {
    try {
        Thread.sleep(d);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    }
}

static final class KnownPin {                  // its initializer sleeps: the thread that runs it pins
    static { sleep(WAIT); }
    static void touch() {}
}

final List<String> failed = new ArrayList<>();

/// A check of a count of pinned events that only means something once pinnedEvents counts the known pin.
void checkNoPins(String what, boolean counts, int pins) {
    if (counts) check(what, pins, 0);
    else checkThat(what, false, "no measurement (pinnedEvents does not count yet)", 0);
}

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
