///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold JUnit 5 (//DEPS), imports, main (runs the tests), code under test
//DEPS org.junit.jupiter:junit-jupiter:5.14.4
//DEPS org.junit.platform:junit-platform-launcher:1.14.4
//DEPS org.awaitility:awaitility:4.3.0
// Two kinds of test that keep a fixed bug fixed, run with real JUnit 5: this program runs its
// own test classes through the JUnit Platform Launcher and prints each result.
// 1. A test that fails when a code path pins its virtual thread, from JFR's jdk.VirtualThreadPinned
//    events: it fails on prices fetched in a class initializer, passes on prices fetched on first use.
// 2. A lost update: a deposit reads a balance and writes it back. One test forces two deposits to
//    overlap, so it fails every time the code is wrong; one leaves the overlap to chance.

import static java.lang.Thread.State.*;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.*;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.*;
import org.junit.platform.launcher.core.*;

static final Duration FETCH = Duration.ofMillis(10);   // one remote call: shorter than JFR's default 20 ms threshold

void main(String[] args) {
    if (args.length > 0) {
        System.err.println("usage: testing-for-pinning  (no arguments)");
        System.exit(2);
    }
    IO.println("JDK " + Runtime.version() + ", JUnit Jupiter " + Test.class.getPackage().getImplementationVersion());
    for (Class<?> tests : List.of(PinningTests.class, LostUpdateTests.class)) {
        IO.println(tests.getSimpleName());
        var request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(tests))
                .configurationParameter("junit.jupiter.testmethod.order.default", "org.junit.jupiter.api.MethodOrderer$OrderAnnotation")
                .build();
        LauncherFactory.create().execute(request, new PrintEachResult());
    }
}

// 1. Before the fix: the price table is fetched in a class initializer, when a price is first asked for.
static class PricesInAStaticInitializer {
    static final Map<String, Integer> TABLE = fetchPriceTable();
    static int of(String item) { return TABLE.get(item); }
}

// 1. After the fix: fetched by the first call that needs it, inside synchronized (since JDK 24 that does not pin).
static class PricesOnFirstUse {
    private static Map<String, Integer> table;
    static synchronized int of(String item) {
        if (table == null) table = fetchPriceTable();
        return table.get(item);
    }
}

interface Ledger { long read(); void write(long balance); }   // where a balance lives: a database row, a cache

// 2. Before the fix, deposit: read, then write back. After the fix, depositSafely: one deposit at a time.
record Account(Ledger ledger) {
    void deposit(long amount) {
        long balance = ledger.read();
        ledger.write(balance + amount);
    }
    synchronized void depositSafely(long amount) {
        long balance = ledger.read();
        ledger.write(balance + amount);
    }
}
// @end
// @fold PinningTests: assertDoesNotPin on each of the two prices
static class PinningTests {
    @Test @Order(1) @DisplayName("prices from a static initializer do not pin")
    void staticInitializer() throws Exception {
        assertDoesNotPin(() -> PricesInAStaticInitializer.of("tea"));
    }

    @Test @Order(2) @DisplayName("prices fetched on first use do not pin")
    void onFirstUse() throws Exception {
        assertDoesNotPin(() -> PricesOnFirstUse.of("tea"));
    }

    // Runs code on a virtual thread of its own while JFR records that thread's pins, however short.
    // @end
    static void assertDoesNotPin(Runnable code) throws Exception {
        var pins = new CopyOnWriteArrayList<String>();
        try (var jfr = new RecordingStream()) {
            // not the default, 20 ms
            jfr.enable("jdk.VirtualThreadPinned").withoutThreshold();
            Thread worker = Thread.ofVirtual().unstarted(code);
            jfr.onEvent("jdk.VirtualThreadPinned", e -> {
                long thread = e.getThread("eventThread").getJavaThreadId();
                if (thread == worker.threadId()) pins.add(describe(e));
            });
            jfr.startAsync();
            worker.start();
            worker.join();
            // returns once every recorded event has reached onEvent
            jfr.stop();
        }
        assertEquals(List.of(), pins, "pinned");
    }
}
// @fold LostUpdateTests: deposits forced to overlap, and left to chance
static class LostUpdateTests {
    @Test @Order(1) @DisplayName("two deposits forced to overlap, before the fix")
    void forcedBeforeTheFix() throws Exception {
        assertEquals(200, twoDepositsForcedToOverlap(Account::deposit), "balance");
    }

    @Test @Order(2) @DisplayName("two deposits forced to overlap, after the fix")
    void forcedAfterTheFix() throws Exception {
        assertEquals(200, twoDepositsForcedToOverlap(Account::depositSafely), "balance");
    }

    @Test @Order(3) @DisplayName("two deposits left to chance, before the fix")
    void leftToChance() throws Exception {
        var account = new Account(new PlainLedger());
        Thread first = Thread.ofVirtual().start(() -> account.deposit(100));
        Thread second = Thread.ofVirtual().start(() -> account.deposit(100));
        first.join();
        second.join();
        assertEquals(200, account.ledger().read(), "balance");
    }

    static long twoDepositsForcedToOverlap(BiConsumer<Account, Long> deposit) throws Exception {
        var account = new AtomicReference<Account>();
        Thread second = Thread.ofVirtual().unstarted(() -> deposit.accept(account.get(), 100L));
        account.set(new Account(new PausingLedger(() -> {   // once: after the first read, before its write
            second.start();
            await().atMost(Duration.ofMinutes(1)).until(() -> Set.of(TERMINATED, BLOCKED).contains(second.getState()));
        })));
        Thread first = Thread.ofVirtual().start(() -> deposit.accept(account.get(), 100L));
        first.join();
        second.join();
        return account.get().ledger().read();
    }
}
// @end
// @fold the two ledgers, fetchPriceTable, describe, the listener that prints
static class PlainLedger implements Ledger {
    private volatile long balance;
    public long read() { return balance; }
    public void write(long balance) { this.balance = balance; }
}

// A ledger that runs pause once, after the first read and before that deposit writes.
static class PausingLedger extends PlainLedger {
    private final AtomicReference<Runnable> pause;
    PausingLedger(Runnable pause) { this.pause = new AtomicReference<>(pause); }
    @Override public long read() {
        long balance = super.read();
        Runnable once = pause.getAndSet(null);
        if (once != null) once.run();
        return balance;
    }
}

static Map<String, Integer> fetchPriceTable() {
    try {
        Thread.sleep(FETCH);   // stands for the remote call that fetches the table
    } catch (InterruptedException e) {
        throw new RuntimeException(e);
    }
    return Map.of("tea", 3, "coffee", 4);
}

static String describe(RecordedEvent pinned) {
    return pinned.getDuration().toMillis() + " ms in " + pinned.getString("blockingOperation")
            + ", reason: " + pinned.getString("pinnedReason");
}

static class PrintEachResult implements TestExecutionListener {
    @Override public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (!test.isTest()) return;
        String status = result.getStatus() == TestExecutionResult.Status.SUCCESSFUL ? "passed" : "FAILED";
        IO.println(String.format(Locale.ROOT, "  %-6s  %s", status, test.getDisplayName()));
        result.getThrowable().ifPresent(e -> IO.println("          " + e.getMessage()));
    }
}
// @end
