///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Two hundred virtual threads each fetch a page (10 ms of waiting) and add its word count to
// one shared total. The total must be exact, and the fetches must still wait at the same time.

final int PAGES = 200;
final AtomicInteger fetching = new AtomicInteger(), mostFetching = new AtomicInteger();

long totalWords;   // shared by every thread

long total() { return totalWords; }

void main() {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int page = 1; page <= PAGES; page++) {
            int p = page;
            executor.submit(() -> {
                countWords(p);
                return null;
            });
        }
    }

    long expected = 0;
    for (int page = 1; page <= PAGES; page++) expected += wordsExpectedOn(page);
    check("the total is exact", total(), expected);
    checkThat("most fetches waiting at once", mostFetching.get() > 1, mostFetching.get(),
            "more than 1 (one at a time, " + PAGES + " fetches take " + PAGES + " x 10 ms)");
    verdict("race");
}

void countWords(int page) throws InterruptedException {
    totalWords += wordsOn(page); // TODO: updates get lost here. Make the total exact.
}

/// Fetches a page and counts its words: mostly waiting, like a call over the network.
int wordsOn(int page) throws InterruptedException {
    mostFetching.accumulateAndGet(fetching.incrementAndGet(), Math::max);
    try {
        Thread.sleep(10);
    } finally {
        fetching.decrementAndGet();
    }
    return wordsExpectedOn(page);
}

int wordsExpectedOn(int page) { return 300 + page % 7 * 50; }

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
