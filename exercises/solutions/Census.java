///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

// A shop's service is stuck. Its two executors, checkout and reports, run virtual threads
// that wait: for locks, for a latch, in sleep; a few platform threads wait too. This program
// takes a JSON thread dump of itself, as `jcmd <pid> Thread.dump_to_file -format=json` would,
// and keeps it in .cache/exercises/census/threads.json: open it and read it. Then find the
// one thing most virtual threads are parked on (a thread's "parkBlocker"), and how many
// virtual threads wait on it in each thread container of the dump.

/// What most virtual threads are parked on, and how many wait on it in each container.
/// `blocker` is the parkBlocker's "object" as the dump writes it; `byContainer` holds only
/// the containers (by their "container" name) where at least one virtual thread waits on it.
record Stuck(String blocker, Map<String, Integer> byContainer) {}

Stuck mostWaitedOn(Map<String, Object> dump) {
    // ---- your part: change only from here to its end ----
    // exercise: var byContainer = new TreeMap<String, Integer>();
    // exercise: for (Object c : array(object(dump.get("threadDump")).get("threadContainers"))) {
    // exercise:     var container = object(c);
    // exercise:     byContainer.put((String) container.get("container"), array(container.get("threads")).size());
    // exercise: }
    // exercise: return new Stuck("?", byContainer); // TODO: only virtual threads, only those parked on what most of them wait on
    var containers = array(object(dump.get("threadDump")).get("threadContainers"));
    var parkedOn = new HashMap<String, Integer>();          // blocker -> virtual threads parked on it
    for (Object c : containers)
        for (Object t : array(object(c).get("threads"))) {
            String blocker = blockerOf(object(t));
            if (blocker != null) parkedOn.merge(blocker, 1, Integer::sum);
        }
    String most = Collections.max(parkedOn.entrySet(), Map.Entry.comparingByValue()).getKey();
    var byContainer = new TreeMap<String, Integer>();
    for (Object c : containers)
        for (Object t : array(object(c).get("threads")))
            if (most.equals(blockerOf(object(t)))) byContainer.merge((String) object(c).get("container"), 1, Integer::sum);
    return new Stuck(most, byContainer);
    // end exercise
    // ---- end of your part ----
}
// ---- your part: change only from here to its end ----
// exercise:
/// The object a virtual thread is parked on, or null for a platform thread or one not parked.
String blockerOf(Map<String, Object> thread) {
    if (!Boolean.TRUE.equals(thread.get("virtual"))) return null;
    Object blocker = thread.get("parkBlocker");
    return blocker == null ? null : (String) object(blocker).get("object");
}
// end exercise
// ---- end of your part ----

// The JSON, read for you: an object is a Map<String, Object>, an array a List<Object>, a
// string a String, true and false a Boolean, null null (and a number, which the dump writes
// in quotes anyway, a String).
static Map<String, Object> object(Object json) {
    @SuppressWarnings("unchecked") var map = (Map<String, Object>) json;
    return map;
}

static List<Object> array(Object json) {
    @SuppressWarnings("unchecked") var list = (List<Object>) json;
    return list;
}

// ---- The stuck shop. ----

static final int CHECKOUT_ON_INVENTORY = 120, CHECKOUT_ON_AUDIT = 90, CHECKOUT_ON_PAYMENT = 30;
static final int REPORTS_ON_INVENTORY = 50, REPORTS_ASLEEP = 20, PLATFORM_ON_INVENTORY = 4;

final ReentrantLock inventory = new ReentrantLock(), audit = new ReentrantLock();
final CountDownLatch paymentAnswers = new CountDownLatch(1);

void takeStock() {
    inventory.lock();
    inventory.unlock();
}

void writeAudit() {
    audit.lock();
    audit.unlock();
}

void awaitPayment() {
    try {
        paymentAnswers.await();
    } catch (InterruptedException e) {
        // woken at the end
    }
}

void inventoryReport() {   // its name says inventory; it waits on none
    try {
        Thread.sleep(Duration.ofSeconds(30));
    } catch (InterruptedException e) {
        // woken at the end
    }
}

void main() throws Exception {
    var checkout = Executors.newVirtualThreadPerTaskExecutor();
    var reports = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("inventory-report-", 0).factory());
    inventory.lock();
    audit.lock();
    Path file;
    try {
        for (int i = 0; i < CHECKOUT_ON_INVENTORY; i++) checkout.submit(as("the inventory lock", this::takeStock));
        for (int i = 0; i < CHECKOUT_ON_AUDIT; i++) checkout.submit(as("the audit lock", this::writeAudit));
        for (int i = 0; i < CHECKOUT_ON_PAYMENT; i++) checkout.submit(as("the payment latch", this::awaitPayment));
        for (int i = 0; i < REPORTS_ON_INVENTORY; i++) reports.submit(as("the inventory lock", this::takeStock));
        for (int i = 0; i < REPORTS_ASLEEP; i++) reports.submit(as("sleep", this::inventoryReport));
        for (int i = 0; i < PLATFORM_ON_INVENTORY; i++) Thread.ofPlatform().name("stock-taker-" + i).start(as("the inventory lock", this::takeStock));
        file = dumpOnceAllWait();
    } finally {
        inventory.unlock();
        audit.unlock();
        paymentAnswers.countDown();
        reports.shutdownNow();   // interrupts the sleepers
        checkout.close();
        reports.close();
    }

    var dump = object(Json.read(Files.readString(file)));
    checkThat("the dump, kept in " + relative(file) + " for you to open and read", Files.size(file) > 0,
            Files.size(file) + " bytes", "a dump");
    Stuck stuck;
    try {
        stuck = mostWaitedOn(dump);
    } catch (RuntimeException e) {
        checkThat("mostWaitedOn reads the dump", false, e.toString(), "no exception");
        verdict("census");
        return;
    }
    Map<String, String> containerNames = Map.of(checkout.toString(), "checkout", reports.toString(), "reports");
    check("what most virtual threads are parked on", blockerName(dump, stuck == null ? null : stuck.blocker()), "the inventory lock");
    var byName = new TreeMap<String, Integer>();
    if (stuck != null && stuck.byContainer() != null)
        stuck.byContainer().forEach((c, n) -> byName.put(containerNames.getOrDefault(c, c), n));
    check("virtual threads parked on it in the checkout executor (lesson 'A million threads': read the dump's fields, not its text)", byName.get("checkout"), CHECKOUT_ON_INVENTORY);
    check("virtual threads parked on it in the reports executor", byName.get("reports"), REPORTS_ON_INVENTORY);
    check("containers listed: those where a virtual thread is parked on it", byName.keySet(),
            new TreeSet<>(List.of("checkout", "reports")));
    verdict("census");
}

// ---- Checking your work: no need to read past this line. ----

/// Each thread the shop starts, by what it waits on: the checks know it by construction.
final Map<Thread, String> waitsOn = new ConcurrentHashMap<>();

Runnable as(String what, Runnable task) {
    return () -> {
        waitsOn.put(Thread.currentThread(), what);
        task.run();
    };
}

static final int THREADS = CHECKOUT_ON_INVENTORY + CHECKOUT_ON_AUDIT + CHECKOUT_ON_PAYMENT + REPORTS_ON_INVENTORY
        + REPORTS_ASLEEP + PLATFORM_ON_INVENTORY;

/// Waits until every thread of the shop waits, then dumps into .cache/exercises/census/threads.json
/// (replacing the last run's dump; `./jbang check --reset census` deletes it) and returns its path.
Path dumpOnceAllWait() throws Exception {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (waitsOn.size() < THREADS || waitsOn.keySet().stream().anyMatch(t -> t.getState() != Thread.State.WAITING
            && t.getState() != Thread.State.TIMED_WAITING)) {
        if (System.nanoTime() > until) throw new IllegalStateException("the threads did not all start waiting within 10 s");
        Thread.sleep(10);
    }
    Path file = Path.of(".cache", "exercises", "census", "threads.json").toAbsolutePath();
    Files.createDirectories(file.getParent());
    Files.deleteIfExists(file);   // dumpThreads writes only a new file
    ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
            .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
    return file;
}

/// The blocker's name, as the shop knows it: what its own threads with that parkBlocker wait on.
String blockerName(Map<String, Object> dump, String blocker) {
    if (blocker == null) return "nothing";
    var byTid = new HashMap<String, String>();
    waitsOn.forEach((t, what) -> byTid.put(String.valueOf(t.threadId()), what));
    for (Object c : array(object(dump.get("threadDump")).get("threadContainers")))
        for (Object t : array(object(c).get("threads"))) {
            var thread = object(t);
            Object b = thread.get("parkBlocker");
            if (b != null && blocker.equals(object(b).get("object")) && byTid.containsKey((String) thread.get("tid")))
                return byTid.get((String) thread.get("tid"));
        }
    return "'" + blocker + "', which none of the shop's threads is parked on";
}

static String relative(Path p) {
    Path cwd = Path.of("").toAbsolutePath();
    return p.startsWith(cwd) ? cwd.relativize(p).toString() : p.toString();
}

/// A small JSON reader, enough for a thread dump.
static final class Json {
    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    static Object read(String text) {
        var j = new Json(text);
        Object v = j.value();
        j.space();
        if (j.i != text.length()) throw j.error("text after the value");
        return v;
    }

    private Object value() {
        space();
        if (i >= s.length()) throw error("end of text");
        char c = s.charAt(i);
        switch (c) {
            case '{' -> {
                i++;
                var map = new LinkedHashMap<String, Object>();
                space();
                if (s.charAt(i) == '}') { i++; return map; }
                while (true) {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    map.put(key, value());
                    space();
                    if (s.charAt(i) == ',') { i++; continue; }
                    expect('}');
                    return map;
                }
            }
            case '[' -> {
                i++;
                var list = new ArrayList<Object>();
                space();
                if (s.charAt(i) == ']') { i++; return list; }
                while (true) {
                    list.add(value());
                    space();
                    if (s.charAt(i) == ',') { i++; continue; }
                    expect(']');
                    return list;
                }
            }
            case '"' -> { return string(); }
            default -> {
                if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
                if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
                if (s.startsWith("null", i)) { i += 4; return null; }
                int start = i;
                while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
                if (start == i) throw error("unexpected '" + c + "'");
                return s.substring(start, i);
            }
        }
    }

    private String string() {
        expect('"');
        var b = new StringBuilder();
        while (s.charAt(i) != '"') {
            char c = s.charAt(i++);
            if (c != '\\') { b.append(c); continue; }
            char e = s.charAt(i++);
            switch (e) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'u' -> { b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
                default -> b.append(e);   // \" \\ \/
            }
        }
        i++;
        return b.toString();
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
    }

    private void expect(char c) {
        if (i >= s.length() || s.charAt(i) != c) throw error("expected '" + c + "'");
        i++;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON at character " + i + ": " + what);
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
