///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A caller waits at most 100 ms for a report, then gives up. The report has 15 sections of
// 100 ms of computing each, 1,500 ms in all. Giving up only ends the caller's wait: the task
// builds on, and closing the executor waits for it. When the caller gives up, stop the task.
// Two changes: the caller must ask the task to stop, and the task must listen.

static final int SECTIONS = 15;
static final Duration SECTION = Duration.ofMillis(100);

final AtomicInteger sectionsBuilt = new AtomicInteger();

void main() throws Exception {
    long start = System.nanoTime();
    String answer;
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        answer = fetchReport(executor);
    }                                          // close() waits for every task still running
    long closedAt = (System.nanoTime() - start) / 1_000_000;

    check("the caller gave up", answer, "gave up");
    checkThat("the report task stopped before its last section", sectionsBuilt.get() < SECTIONS,
            sectionsBuilt.get() + " sections built", "fewer than " + SECTIONS);
    checkThat("the executor closed before the report would have been ready", closedAt < SECTIONS * SECTION.toMillis(),
            closedAt + " ms", "under " + SECTIONS * SECTION.toMillis() + " ms");
    verdict("cancel");
}

String fetchReport(ExecutorService executor) throws Exception {
    Future<String> report = executor.submit(this::buildReport);
    try {
        return report.get(100, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
        // ---- your part: change only from here to its end ----
        // TODO: the caller stops waiting here, but the report goes on being built. Stop it too.
        // ---- end of your part ----
        return "gave up";
    }
}

String buildReport() throws InterruptedException {
    var report = new StringBuilder();
    for (int section = 1; section <= SECTIONS; section++) {
        // ---- your part: change only from here to its end ----
        // TODO: this loop never waits, so nothing here notices a request to stop.
        // ---- end of your part ----
        report.append(computeSection(section));
        sectionsBuilt.incrementAndGet();
    }
    return report.toString();
}

/// 100 ms of computing, without a single wait: nothing in it answers an interrupt.
String computeSection(int section) {
    long until = System.nanoTime() + SECTION.toNanos();
    long sum = 0;
    while (System.nanoTime() < until) sum += section;
    return "section " + section + ": " + sum + "\n";
}

// ---- Checking your work: no need to read past this line. ----

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
