///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A deposit reads a balance and writes it back. Two deposits that overlap can lose one: both
// read 0, both write 100. A test that starts two deposits and hopes they overlap passes by luck.
// Write pause, so that the test forces the overlap: the ledger runs it once, in the first
// deposit, after its read and before its write. It must start the second deposit and let it
// go as far as it can before the first one goes on. The checks run the forced test on
// deposit (it must lose an update every time) and on depositSafely (it must pass, and end).

import static java.lang.Thread.State.*;

/// Runs in the first deposit, between its read and its write. waitUntil(condition) polls the
/// condition every millisecond and returns true once it holds, false after 5 s.
void pause(Thread second) {
    // ---- your part: change only from here to its end ----
    // exercise: second.start(); // TODO: then wait until the second deposit has finished, or cannot go on
    second.start();
    // finished, or parked for good: on a lock (WAITING) or a monitor (BLOCKED), never a timed wait
    waitUntil(() -> second.getState() == TERMINATED || second.getState() == WAITING || second.getState() == BLOCKED);
    // end exercise
    // ---- end of your part ----
}

// ---- The code under test: no need to change anything below. ----

interface Ledger { long read(); void write(long balance); }

static final class Account {
    final Ledger ledger;
    final ReentrantLock lock = new ReentrantLock();
    Account(Ledger ledger) { this.ledger = ledger; }

    void deposit(long amount) {           // before the fix: read, then write back
        long balance = ledger.read();
        ledger.write(balance + amount);
    }

    void depositSafely(long amount) {     // after the fix: one deposit at a time
        lock.lock();
        try {
            long balance = ledger.read();
            ledger.write(balance + amount);
        } finally {
            lock.unlock();
        }
    }
}

// ---- Checking your work: no need to read past this line. ----

static final Duration GIVE_UP = Duration.ofSeconds(5);

volatile boolean gaveUp;   // a waitUntil gave up: the pause waited for what never came

boolean waitUntil(BooleanSupplier condition) {
    long end = System.nanoTime() + GIVE_UP.toNanos();
    while (!condition.getAsBoolean()) {
        if (System.nanoTime() > end) {
            gaveUp = true;
            return false;
        }
        LockSupport.parkNanos(1_000_000);
    }
    return true;
}

/// A ledger whose first read runs pause(second), and whose later reads take readTime.
final class PausingLedger implements Ledger {
    volatile long balance;
    final AtomicBoolean first = new AtomicBoolean(true);
    final AtomicReference<Thread> second = new AtomicReference<>();
    final Duration readTime;
    PausingLedger(Duration readTime) { this.readTime = readTime; }

    public long read() {
        if (first.getAndSet(false)) {
            long read = balance;
            pause(second.get());
            return read;
        }
        if (!readTime.isZero()) {
            try {
                Thread.sleep(readTime);   // a slow read: the second deposit is busy, not stuck
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
        return balance;
    }
    public void write(long balance) { this.balance = balance; }
}

/// Two deposits of 100, forced to overlap; returns the balance, or -1 if they did not end in 10 s.
long forced(BiConsumer<Account, Long> deposit, Duration readTime) throws InterruptedException {
    var ledger = new PausingLedger(readTime);
    var account = new Account(ledger);
    ledger.second.set(Thread.ofVirtual().unstarted(() -> deposit.accept(account, 100L)));
    Thread first = Thread.ofVirtual().start(() -> deposit.accept(account, 100L));
    if (!first.join(Duration.ofSeconds(10))) return -1;
    Thread second = ledger.second.get();
    if (second.getState() == NEW) return ledger.balance;   // pause never started it: one deposit
    if (!second.join(Duration.ofSeconds(10))) return -1;
    return ledger.balance;
}

void main() throws InterruptedException {
    int lost = 0;
    var balances = new TreeSet<Long>();
    for (int i = 0; i < 20; i++) {
        long balance = forced(Account::deposit, Duration.ZERO);
        balances.add(balance);
        if (balance == 100) lost++;
    }
    checkThat("the forced test lost an update before the fix, in each of 20 runs", lost == 20,
            lost + " runs (balances seen: " + balances + ")", "20 runs, each with balance 100");
    gaveUp = false;
    long safely = forced(Account::depositSafely, Duration.ZERO);
    checkThat("the forced test passed after the fix, and its pause did not give up", safely == 200 && !gaveUp,
            "balance " + safely + (gaveUp ? ", the pause gave up after " + GIVE_UP.toSeconds() + " s" : ""), "balance 200");
    long slow = forced(Account::deposit, Duration.ofMillis(200));
    checkThat("the forced test lost an update before the fix, with a slow ledger of 200 ms reads (lesson 'The daemon trap': wait for a state, not for a time)", slow == 100,
            "balance " + slow, "balance 100");
    verdict("force-the-race");
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
