///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

import java.lang.management.ManagementFactory;

// A server has 2,000 clients, and each one waits a long time for its answer (a latch stands
// in for a slow backend). The host gives this JVM a budget of platform threads: the ones it
// had before, plus a few. As it stands, serve() keeps to the budget with 16 platform threads
// that take the clients one at a time, so 16 clients wait while the rest queue. Change
// serve() so that all 2,000 wait at the same time, still within the budget, and return only
// when every client has been served.

final int CLIENTS = 2_000, WORKERS = 16;

void serve(List<Runnable> clients) throws InterruptedException {
    // ---- your part: change only from here to its end ----
    var queue = new ConcurrentLinkedQueue<>(clients);
    var workers = new ArrayList<Thread>();
    for (int i = 0; i < WORKERS; i++) {     // TODO: each worker serves one client at a time
        workers.add(Thread.ofPlatform().start(() -> {
            for (Runnable client = queue.poll(); client != null; client = queue.poll()) client.run();
        }));
    }
    for (Thread worker : workers) worker.join();
    // ---- end of your part ----
}

void main() throws InterruptedException {
    mainThread = Thread.currentThread();
    Thread.ofPlatform().daemon().start(this::watch);     // for the checks: see below
    before = platformThreads();
    var clients = new ArrayList<Runnable>();
    for (int i = 0; i < CLIENTS; i++) clients.add(this::waitForAnswer);
    String refused = null;
    try {
        serve(clients);
    } catch (OutOfMemoryError e) {                       // the OS refused another thread
        refused = e.getMessage();
    }
    int servedAtReturn = served.get();
    watched.await();

    int allowed = before + Runtime.getRuntime().availableProcessors() + WORKERS;
    checkThat("platform threads alive while the clients wait", alive <= allowed, alive,
            "at most " + allowed + " (the " + before + " the JVM had before, plus a few)");
    check("clients waiting at the same time", waitingAtOnce, CLIENTS);
    check("clients served before serve returned", servedAtReturn, CLIENTS);
    checkThat("serve ran without the OS refusing a thread", refused == null, refused, "no refusal");
    check("clients served by a pool's threads (a pool keeps its threads for the next task)", pooled.get(), 0);
    checkThat("serve waited for the clients, not for a set time (a sleep only guesses how long they take)",
            lastClientSaw.equals(WAITING), lastClientSaw, WAITING);
    verdict("sleepers");
}

void waitForAnswer() {
    if (inAPool()) pooled.incrementAndGet();             // for the checks: see below
    waiting.countDown();
    try {
        answers.await();
    } catch (InterruptedException e) {
        return;                                          // stopped early: not served
    }
    if (served.incrementAndGet() == CLIENTS) lookAtMain();   // for the checks in main
}

// ---- Checking your work: no need to read past this line. ----

final CountDownLatch waiting = new CountDownLatch(CLIENTS);
final CountDownLatch answers = new CountDownLatch(1);
final CountDownLatch watched = new CountDownLatch(1);
final AtomicInteger served = new AtomicInteger();
volatile int before;
volatile int alive;
volatile int waitingAtOnce;

/// Waits (at most 3 s) until every client waits, counts them and the live platform threads,
/// then sends the answers. No client is answered before, so they all wait at the same time.
void watch() {
    try {
        waiting.await(3, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
        // counted as they are
    }
    waitingAtOnce = (int) (CLIENTS - waiting.getCount());
    alive = platformThreads();
    answers.countDown();
    watched.countDown();
}

/// Live platform threads: the JVM's thread count leaves virtual threads out.
/// A pool's thread runs its tasks from ThreadPoolExecutor.runWorker, whatever the pool's size or
/// the kind of its threads; a thread of its own (Thread.start, newVirtualThreadPerTaskExecutor) does not.
boolean inAPool() {
    return StackWalker.getInstance().walk(frames -> frames.anyMatch(f -> f.getClassName().equals("java.util.concurrent.ThreadPoolExecutor")));
}

final AtomicInteger pooled = new AtomicInteger();
Thread mainThread;
static final String WAITING = "serve waiting for the clients";
volatile String lastClientSaw = "the clients were never all served";

void lookAtMain() {
    boolean sleeping = Arrays.stream(mainThread.getStackTrace())
            .anyMatch(f -> f.getClassName().equals("java.lang.Thread") && f.getMethodName().startsWith("sleep"));
    lastClientSaw = sleeping ? "serve in Thread.sleep when the last client was served" : WAITING;
}

int platformThreads() {
    return ManagementFactory.getThreadMXBean().getThreadCount();
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
