///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

// A service's request threads are stuck. This program starts 150 of them: 120 wait for one of
// the pool's connections, 30 hold one and wait for a supplier that does not answer. Then it
// takes a JSON thread dump of itself, as `jcmd <pid> Thread.dump_to_file -format=json` would,
// and hands you its virtual threads, parsed. Group them by the innermost frame of this
// program's own code (`Triage.method`, without the line), as the lesson's program does.

final int WAITING_FOR_A_CONNECTION = 120, CALLING_THE_SUPPLIER = 30;

/// How many threads wait in each method of this program: `Triage.method` -> count.
/// `stack` is a thread's frames, innermost first, e.g. "Triage.handle(Triage.java:40)".
Map<String, Integer> byOwnFrame(List<List<String>> stacks) {
    var groups = new TreeMap<String, Integer>();
    for (var stack : stacks) {
        // exercise: groups.merge(stack.getFirst(), 1, Integer::sum); // TODO: the innermost frame of Triage's own code, without its line
        for (String frame : stack) {
            if (frame.startsWith("Triage.")) {
                groups.merge(frame.replaceFirst("\\(.*", ""), 1, Integer::sum);
                break;
            }
        }
        // end exercise
    }
    return groups;
}

void main() throws Exception {
    var groups = byOwnFrame(virtualThreadStacks());
    check("threads waiting in Triage.waitForConnection", groups.get("Triage.waitForConnection"), WAITING_FOR_A_CONNECTION);
    check("threads waiting in Triage.callSupplier", groups.get("Triage.callSupplier"), CALLING_THE_SUPPLIER);
    check("groups, one per method they wait in", groups.keySet(), new TreeSet<>(List.of("Triage.callSupplier", "Triage.waitForConnection")));
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
        var root = (Map<?, ?>) new Json(Files.readString(file)).value();
        var stacks = new ArrayList<List<String>>();
        for (var container : (List<?>) ((Map<?, ?>) root.get("threadDump")).get("threadContainers"))
            for (var t : (List<?>) ((Map<?, ?>) container).get("threads")) {
                var thread = (Map<?, ?>) t;
                if (Boolean.TRUE.equals(thread.get("virtual")) && thread.get("name").toString().startsWith("request-"))
                    stacks.add(((List<?>) thread.get("stack")).stream().map(Object::toString).toList());
            }
        return stacks;
    } finally {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
        supplierAnswers.countDown();
        for (Thread t : threads) t.join();
    }
}

/// A reader of standard JSON (RFC 8259): objects become maps, arrays lists, numbers and
/// strings themselves. Enough for a thread dump; it refuses what it does not understand.
static final class Json {
    private final String text;
    private int at;

    Json(String text) {
        this.text = text;
    }

    Object value() {
        Object v = read();
        space();
        if (at != text.length()) throw error("text after the value");
        return v;
    }

    private Object read() {
        space();
        if (at >= text.length()) throw error("end of text");
        char c = text.charAt(at);
        switch (c) {
            case '{' -> {
                at++;
                var map = new LinkedHashMap<String, Object>();
                space();
                if (peek('}')) return map;
                do {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    map.put(key, read());
                    space();
                } while (peek(','));
                expect('}');
                return map;
            }
            case '[' -> {
                at++;
                var list = new ArrayList<Object>();
                space();
                if (peek(']')) return list;
                do list.add(read()); while (skipSpaceThen(','));
                expect(']');
                return list;
            }
            case '"' -> { return string(); }
            default -> {
                if (text.startsWith("true", at)) { at += 4; return true; }
                if (text.startsWith("false", at)) { at += 5; return false; }
                if (text.startsWith("null", at)) { at += 4; return null; }
                int start = at;
                while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
                if (start == at) throw error("unexpected '" + c + "'");
                return new java.math.BigDecimal(text.substring(start, at));
            }
        }
    }

    private String string() {
        expect('"');
        var s = new StringBuilder();
        while (true) {
            if (at >= text.length()) throw error("unterminated string");
            char c = text.charAt(at++);
            if (c == '"') return s.toString();
            if (c != '\\') { s.append(c); continue; }
            char e = text.charAt(at++);
            switch (e) {
                case 'n' -> s.append('\n');
                case 't' -> s.append('\t');
                case 'r' -> s.append('\r');
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'u' -> { s.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; }
                default -> s.append(e); // \" \\ \/
            }
        }
    }

    private boolean skipSpaceThen(char c) {
        space();
        return peek(c);
    }

    private boolean peek(char c) {
        if (at < text.length() && text.charAt(at) == c) { at++; return true; }
        return false;
    }

    private void expect(char c) {
        if (!peek(c)) throw error("expected '" + c + "'");
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at character " + at);
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
