///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Ten orders are looked up at once, one virtual thread each, and every step is logged with a
// tag that should say which thread wrote it. As it stands the tag is the carrier the thread
// ran on at that moment, read from the printed thread, and carriers are shared: one carrier
// runs many orders' threads, and a thread that sleeps may wake on another. Tag each line with
// something that belongs to the virtual thread itself: its threads named order-0, order-1,
// order-2 ... in the order they are started.

final int ORDERS = 10;
final Queue<Line> log = new ConcurrentLinkedQueue<>();

void main() {
    try (var executor = Executors.newThreadPerTaskExecutor(orderThreads())) {
        for (int i = 0; i < ORDERS; i++) {
            int order = i;
            executor.submit(() -> lookUp(order));
        }
    }

    var lines = List.copyOf(log);
    var unnamed = lines.stream().filter(l -> !l.thread().equals("order-" + l.order())).toList();
    checkThat("log lines tagged with the thread of their own order", unnamed.isEmpty(),
            (lines.size() - unnamed.size()) + " of " + lines.size()
                    + (unnamed.isEmpty() ? "" : ", e.g. \"" + unnamed.getFirst() + "\""),
            "all " + 2 * ORDERS + ", e.g. \"[order-3] order 3 found\"");
    check("log lines written by virtual threads", lines.stream().filter(Line::virtual).count(), 2L * ORDERS);
    check("tag() of threads with commas and brackets in their names (lesson 'Your first virtual thread': never parse toString())",
            tagsInOddlyNamedThreads(), List.of(ODD_NAME, ODD_NAME));
    verdict("name-tags");
}

ThreadFactory orderThreads() {
    // ---- your part: change only from here to its end ----
    return Thread.ofVirtual().factory();   // TODO (1 of 2): these threads have no names
    // ---- end of your part ----
}

/// Which thread is logging: the tag on every log line.
String tag() {
    // ---- your part: change only from here to its end ----
    String printed = Thread.currentThread().toString();   // VirtualThread[#31]/runnable@ForkJoinPool-1-worker-2
    return printed.substring(printed.indexOf('@') + 1);    // TODO (2 of 2): the carrier of this moment, not this thread
    // ---- end of your part ----
}

String lookUp(int order) throws InterruptedException {
    log(order, "looking up order " + order);
    Thread.sleep(50);                   // a slow call; any free carrier may resume the thread
    log(order, "order " + order + " found");
    return "order " + order;
}

void log(int order, String what) {
    log.add(new Line(order, tag(), Thread.currentThread().isVirtual(), what));
}

record Line(int order, String thread, boolean virtual, String what) {
    @Override
    public String toString() {
        return "[" + thread + "] " + what;
    }
}

// ---- Checking your work: no need to read past this line. ----

/// A name with the characters Thread.toString() puts around a name: a tag cut out of that text
/// by its commas, brackets or @ does not come out as the name. Once on a virtual thread, once on
/// a platform thread, whose printed form differs.
static final String ODD_NAME = "\"till 2, [night]/runnable@desk\"";

List<String> tagsInOddlyNamedThreads() {
    var tags = new ArrayList<String>();
    for (var builder : List.of(Thread.ofVirtual(), Thread.ofPlatform())) {
        var tag = new AtomicReference<String>();
        try {
            builder.name(ODD_NAME.substring(1, ODD_NAME.length() - 1))
                    .start(() -> tag.set(tagOrWhatItThrew())).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tags.add("\"" + tag.get() + "\"");
    }
    return tags;
}

String tagOrWhatItThrew() {
    try {
        return tag();
    } catch (RuntimeException e) {
        return "tag() threw " + e;
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
