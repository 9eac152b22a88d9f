///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//PREVIEW

// A product page needs a price and a stock level, fetched at the same time. The price service
// fails after 100 ms; the stock call takes 1,500 ms. Once the price has failed the page
// cannot be built, so the stock call should stop at once. As shipped it does not.

static final Duration PRICE_FAILS_AFTER = Duration.ofMillis(100);
static final Duration STOCK_CALL = Duration.ofMillis(1_500);

final AtomicBoolean stockInterrupted = new AtomicBoolean();

void main() throws Exception {
    long start = System.nanoTime();
    String outcome;
    try {
        outcome = "built: " + fetchBoth();
    } catch (Exception e) {
        outcome = "failed: " + rootCause(e).getMessage();
    }
    long tookMs = (System.nanoTime() - start) / 1_000_000;

    check("fetchBoth failed with the price service's error", outcome, "failed: price service unavailable");
    check("the stock call was interrupted", stockInterrupted.get(), true);
    checkThat("fetchBoth ended before the stock call would have", tookMs < STOCK_CALL.toMillis(),
            tookMs + " ms", "under " + STOCK_CALL.toMillis() + " ms");
    verdict("fail-fast");
}

String fetchBoth() throws Exception {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        Future<String> price = executor.submit(this::price);
        Future<String> stock = executor.submit(this::stock);
        // TODO: price.get() throws after 100 ms, but the stock call goes on, and close() waits for it.
        return price.get() + ", " + stock.get();
    }
}

String price() throws Exception {
    Thread.sleep(PRICE_FAILS_AFTER);
    throw new IOException("price service unavailable");
}

String stock() throws InterruptedException {
    try {
        Thread.sleep(STOCK_CALL);
        return "12 in stock";
    } catch (InterruptedException e) {
        stockInterrupted.set(true);
        throw e;
    }
}

// ---- Checking your work: no need to read past this line. ----

final List<String> failed = new ArrayList<>();

Throwable rootCause(Throwable e) {
    while (e.getCause() != null) e = e.getCause();
    return e;
}

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
