///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

// A service's request threads are stuck. This program starts 150 of them: 120 wait for one of
// the pool's connections, 30 hold one and wait for a supplier that does not answer. Then it
// takes a JSON thread dump of itself, as `jcmd <pid> Thread.dump_to_file -format=json` would,
// and hands you the stacks of its request threads. Group them by the innermost frame of this
// program's own code (`Triage.method`, without the line).

final int WAITING_FOR_A_CONNECTION = 120, CALLING_THE_SUPPLIER = 30;

/// How many threads wait in each method of this program: `Triage.method` -> count.
/// `stack` is a thread's frames, innermost first, e.g. "Triage.handle(Triage.java:40)".
Map<String, Integer> byOwnFrame(List<List<String>> stacks) {
    var groups = new TreeMap<String, Integer>();
    for (var stack : stacks) {
        // ---- your part: change only from here to its end ----
        groups.merge(stack.getFirst(), 1, Integer::sum); // TODO: the innermost frame of Triage's own code, without its line
        // ---- end of your part ----
    }
    return groups;
}

void main() throws Exception {
    var groups = byOwnFrame(virtualThreadStacks());
    check("threads waiting in Triage.waitForConnection", groups.get("Triage.waitForConnection"), WAITING_FOR_A_CONNECTION);
    check("threads waiting in Triage.callSupplier", groups.get("Triage.callSupplier"), CALLING_THE_SUPPLIER);
    check("groups, one per method they wait in (lesson 'Seeing a running service': only a frame's position says where a thread waits)", groups.keySet(), new TreeSet<>(List.of("Triage.callSupplier", "Triage.waitForConnection")));
    verdict("triage");
}

// ---- The stuck service. ----

final Semaphore connections = new Semaphore(CALLING_THE_SUPPLIER, true);
final CountDownLatch supplierAnswers = new CountDownLatch(1);

void handle() {
    try {
        waitForConnection();
        try {
            callSupplier();
        } finally {
            connections.release();
        }
    } catch (InterruptedException e) {
        // woken at the end: nothing to clean up
    }
}

void waitForConnection() throws InterruptedException {
    connections.acquire();
}

void callSupplier() throws InterruptedException {
    supplierAnswers.await();
}

// ---- Checking your work: no need to read past this line. ----

/// Starts the requests, waits until all of them are parked, dumps, and returns the stacks of
/// the request threads (the virtual threads named request-N), each frame as the dump wrote it.
List<List<String>> virtualThreadStacks() throws Exception {
    var threads = new ArrayList<Thread>();
    var request = Thread.ofVirtual().name("request-", 0);
    for (int i = 0; i < WAITING_FOR_A_CONNECTION + CALLING_THE_SUPPLIER; i++) threads.add(request.start(this::handle));
    Path dir = Files.createTempDirectory("triage-");
    Path file = dir.resolve("threads.json");
    try {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (threads.stream().anyMatch(t -> t.getState() != Thread.State.WAITING)
                || connections.getQueueLength() != WAITING_FOR_A_CONNECTION) {
            if (System.nanoTime() > until) throw new IllegalStateException("the requests did not all start waiting within 20 s");
            Thread.sleep(10);
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
        // The dump writes one field a line (a JSON reader would do; this one knows the layout): a thread's "name" comes before its "stack", whose frames follow one a line.
        var stacks = new ArrayList<List<String>>();
        List<String> stack = null;
        boolean aRequest = false;
        for (String line : Files.readAllLines(file)) {
            String field = line.strip();
            if (field.startsWith("\"name\": ")) aRequest = field.startsWith("\"name\": \"request-");
            else if (field.equals("\"stack\": [") && aRequest) stacks.add(stack = new ArrayList<>());
            else if (stack != null && field.startsWith("]")) stack = null;
            else if (stack != null) stack.add(field.replaceAll("^\"|\",?$", "").replace("\\/", "/")); // JSON writes / as \/
        }
        return stacks;
    } finally {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
        supplierAnswers.countDown();
        for (Thread t : threads) t.join();
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
