///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A caller waits at most 100 ms for a report, then gives up. The report
// holds one of the office's two printers while it prints 15 sections: 20 ms
// of computing and 100 ms at the printer each, about 1.8 s in all. When the
// caller gives up, the report must stop before it prints another section
// (the one at the printer then may finish) and give its printer back.
// Done when the check says Solved. No single line does it: follow an
// interrupt from the caller to the printer, and see what the report still
// holds when it stops.

static final int SECTIONS = 15, PRINTERS = 2;
static final Duration COMPUTING = Duration.ofMillis(20);   // each section
static final Duration PRINTING = Duration.ofMillis(100);   // each section

final Semaphore printers = new Semaphore(PRINTERS);
final AtomicInteger sectionsPrinted = new AtomicInteger();

String fetchReport(ExecutorService executor) throws Exception {
    Future<String> report = executor.submit(this::buildReport);
    try {
        return report.get(100, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
        // ---- your part: change only from here to its end ----
        // the caller stops waiting here: the report goes on
        // ---- end of your part ----
        return "gave up";
    }
}

// ---- your part: change only from here to its end ----
String buildReport() throws InterruptedException {
    printers.acquire();
    var report = new StringBuilder();
    for (int section = 1; section <= SECTIONS; section++) {
        report.append(print(computeSection(section)));
    }
    printers.release();
    return report.toString();
}

/// Sends a section to the printer, which takes 100 ms a section.
String print(String section) {
    try {
        Thread.sleep(PRINTING);
    } catch (InterruptedException e) {
        // a section cut short would waste a sheet
    }
    return printed(section);
}
// ---- end of your part ----

/// 20 ms of computing, without a single wait.
String computeSection(int section) {
    long until = System.nanoTime() + COMPUTING.toNanos();
    long sum = 0;
    while (System.nanoTime() < until) sum += section;
    return "section " + section + ": " + sum + "\n";
}

// ---- Checking your work: no need to read past this line. ----

void main() throws Exception {
    String answer;
    int printedWhenTheCallerGaveUp;
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        answer = fetchReport(executor);
        printedWhenTheCallerGaveUp = sectionsPrinted.get();
    }   // close() waits for every task still running
    int printedAfter = sectionsPrinted.get() - printedWhenTheCallerGaveUp;

    check("the caller gave up", answer, "gave up");
    checkThat("sections printed after the caller gave up", printedAfter <= 1,
            printedAfter + " of " + SECTIONS, "at most 1, the one at the printer then");
    check("printers free once the report stopped (lesson 'Wait or refuse': release in a finally)",
            printers.availablePermits(), PRINTERS);
    verdict("cancel");
}

String printed(String section) {
    sectionsPrinted.incrementAndGet();
    return section;
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
