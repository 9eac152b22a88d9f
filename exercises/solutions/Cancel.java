///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A caller waits at most 100 ms for a report that takes 1,500 ms to build, then gives up.
// Giving up only ends the caller's wait: the task builds on, and closing the executor waits
// for it. When the caller gives up, stop the task too.

final AtomicBoolean reportInterrupted = new AtomicBoolean();

void main() throws Exception {
    long start = System.nanoTime();
    String answer;
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        answer = fetchReport(executor);
    }                                          // close() waits for every task still running
    long closedAt = (System.nanoTime() - start) / 1_000_000;

    check("the caller gave up", answer, "gave up");
    check("the report task was interrupted", reportInterrupted.get(), true);
    checkThat("the executor closed before the report would have been ready", closedAt < 1_500,
            closedAt + " ms", "under 1500 ms");
    verdict("cancel");
}

String fetchReport(ExecutorService executor) throws Exception {
    Future<String> report = executor.submit(this::buildReport);
    try {
        return report.get(100, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
        // exercise: // TODO: the caller stops waiting here, but the report goes on being built. Stop it too.
        report.cancel(true);
        // end exercise
        return "gave up";
    }
}

String buildReport() throws InterruptedException {
    try {
        Thread.sleep(1_500);
        return "the report";
    } catch (InterruptedException e) {
        reportInterrupted.set(true);
        throw e;
    }
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
