///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Two hundred virtual threads each fetch a page (10 ms of waiting), then add what they found to
// three shared results: the total of words, the count of each word, and the largest page seen.
// Done means all three are exact and the fetches still wait at the same time. Then the check
// counts many more pages from several threads at once, with fetches that answer at once, as a
// busy server would: an update that is not one atomic step loses some of them.

final int PAGES = 200;
final List<String> WORDS = List.of("thread", "carrier", "lock", "wait");
final AtomicInteger fetching = new AtomicInteger(), mostFetching = new AtomicInteger();

record Page(List<String> words, int bytes) {}

// ---- your part: change only from here to its end ----
// exercise: long totalWords;                                      // the three results, shared
// exercise: final Map<String, Long> wordCounts = new HashMap<>(); // by every thread
// exercise: int largestPage;                                      // in bytes
// exercise:
// exercise: long total() { return totalWords; }
// exercise: long countOf(String word) { return wordCounts.getOrDefault(word, 0L); }
// exercise: int largest() { return largestPage; }
// exercise:
// exercise: void countWords(int page) throws InterruptedException {
// exercise:     Page fetched = fetch(page);
// exercise:     totalWords += fetched.words().size();
// exercise:     for (String word : fetched.words()) wordCounts.put(word, countOf(word) + 1);
// exercise:     if (fetched.bytes() > largestPage) largestPage = fetched.bytes();
// exercise: }
final LongAdder totalWords = new LongAdder();
final Map<String, Long> wordCounts = new ConcurrentHashMap<>();
final AtomicInteger largestPage = new AtomicInteger();

long total() { return totalWords.sum(); }
long countOf(String word) { return wordCounts.getOrDefault(word, 0L); }
int largest() { return largestPage.get(); }

void countWords(int page) throws InterruptedException {
    Page fetched = fetch(page);
    totalWords.add(fetched.words().size());
    for (String word : fetched.words()) wordCounts.merge(word, 1L, Long::sum);
    largestPage.accumulateAndGet(fetched.bytes(), Math::max);
}
// end exercise
// ---- end of your part ----

void main() throws Exception {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int page = 1; page <= PAGES; page++) {
            int p = page;
            executor.submit(() -> {
                countWords(p);
                return null;
            });
        }
    }
    long words = 0;   // what the pages hold, counted here on one thread
    var counts = new TreeMap<String, Long>();
    int largest = 0;
    for (int page = 1; page <= PAGES; page++) {
        Page p = pageOnTheWeb(page);
        words += p.words().size();
        for (String word : p.words()) counts.merge(word, 1L, Long::sum);
        largest = Math.max(largest, p.bytes());
    }
    check("the total of words is exact", total(), words);
    check("the count of each word is exact", counts(), counts);
    check("the largest page is exact", largest(), largest);
    checkThat("most fetches waiting at once", mostFetching.get() > 1, mostFetching.get(),
            "more than 1 (one at a time, " + PAGES + " fetches take " + PAGES + " x 10 ms)");

    for (int round = 1; round <= ROUNDS && (totalLost == null || countsLost == null || largestLost == null); round++)
        addAtTheSameInstant();
    checkNothingLost("the total stays exact when threads add at the same instant", totalLost);
    checkNothingLost("the count of each word stays exact when threads add at the same instant", countsLost);
    checkNothingLost("the largest page never shrinks when threads add at the same instant", largestLost);
    verdict("race");
}

/// Fetches a page: mostly waiting, like a call over the network.
Page fetch(int page) throws InterruptedException {
    if (answerAtOnce) return quickPage(page);
    mostFetching.accumulateAndGet(fetching.incrementAndGet(), Math::max);
    try {
        Thread.sleep(10);
    } finally {
        fetching.decrementAndGet();
    }
    return pageOnTheWeb(page);
}

/// Page p has 300 to 600 words, the first p % 4 + 1 words of WORDS over and over, and a size of its own.
Page pageOnTheWeb(int p) {
    var words = new ArrayList<String>();
    for (int i = 0; i < 300 + p % 7 * 50; i++) words.add(WORDS.get(i % (p % WORDS.size() + 1)));
    return new Page(words, 2_000 + p * 89 % 1_000);
}

Map<String, Long> counts() {
    return WORDS.stream().collect(Collectors.toMap(word -> word, this::countOf, Long::sum, TreeMap::new));
}

// ---- Checking your work: no need to read past this line. ----

static final int ADDERS = 4, ROUNDS = 15;   // on one core, most rounds show a lost update; fifteen, near certainly, even beside six busy loops
/// How long each adder adds in a round, in its own CPU time rather than on the clock: on a
/// machine busy with other work the adders get fewer turns, and a round on the clock would then
/// hold fewer chances to lose an update.
static final Duration ADDING = Duration.ofMillis(100);
static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

/// This thread's CPU time in nanoseconds, or the clock where the JVM cannot tell it.
static long cpuNow() {
    long t = CPU.isCurrentThreadCpuTimeSupported() ? CPU.getCurrentThreadCpuTime() : -1;
    return t >= 0 ? t : System.nanoTime();
}
boolean answerAtOnce;   // set before the adders start: Thread.start makes it visible to them
record Loss(Object got, Object expected) {}   // below: each result's first loss, in the first round that showed one
Loss totalLost;
Loss countsLost;
Loss largestLost;

void checkNothingLost(String what, Loss loss) {
    checkThat(what, loss == null, loss == null ? null : loss.got(), loss == null ? null : loss.expected());
}

/// A quick page has one word, and each one is a byte larger than the one before it: a largest
/// page updated in two steps then writes a smaller size over a larger one.
static final int FIRST_QUICK_PAGE = 1_000_000;   // larger than any page on the web
final AtomicInteger lastQuickPage = new AtomicInteger(FIRST_QUICK_PAGE);
final List<List<String>> oneWord = WORDS.stream().map(List::of).toList();

Page quickPage(int page) { return new Page(oneWord.get(page % WORDS.size()), page); }

/// One round: ADDERS platform threads, released together, count quick pages for ADDING each.
/// Platform threads: the OS switches them at any instruction, even on one core, where one
/// carrier would run virtual threads that never wait one after another. Before each page, an
/// adder checks that the largest page is at least every page whose countWords has returned.
void addAtTheSameInstant() throws Exception {
    answerAtOnce = true;
    long totalBefore = total();
    Map<String, Long> countsBefore = counts();
    var added = new AtomicLongArray(WORDS.size());   // what the adders' pages held, word by word
    var counted = new AtomicIntegerArray(ADDERS);    // each adder's last page whose countWords has returned
    var shrank = new AtomicReference<Loss>();
    var go = new CountDownLatch(1);
    var adders = new ArrayList<Thread>();
    for (int t = 0; t < ADDERS; t++) {
        int adder = t;
        adders.add(Thread.ofPlatform().start(() -> {
            long[] mine = new long[WORDS.size()];
            try {
                go.await();
                long until = cpuNow() + ADDING.toNanos();
                for (int n = 1; n % 1_024 != 0 || cpuNow() < until; n++) {
                    int done = largestOf(counted), largest = largest();
                    if (largest < done) shrank.compareAndSet(null, new Loss(largest + " after a page of " + done, "never less"));
                    int page = lastQuickPage.incrementAndGet();
                    countWords(page);
                    counted.setRelease(adder, page);   // cheap: a switch then lands in countWords more often
                    mine[page % WORDS.size()]++;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (int w = 0; w < mine.length; w++) added.addAndGet(w, mine[w]);
        }));
    }
    // A thread that wakes every 50 microseconds makes the OS switch threads often, even on one core.
    var ticker = Thread.ofPlatform().start(() -> {
        while (adders.stream().anyMatch(Thread::isAlive)) LockSupport.parkNanos(50_000);
    });
    go.countDown();
    for (Thread t : adders) t.join();
    ticker.join();

    long totalGot = total() - totalBefore, totalExpected = 0;
    var countsGot = new TreeMap<String, Long>();
    var countsExpected = new TreeMap<String, Long>();
    for (int w = 0; w < WORDS.size(); w++) {
        String word = WORDS.get(w);
        countsGot.put(word, countOf(word) - countsBefore.get(word));
        countsExpected.put(word, added.get(w));
        totalExpected += added.get(w);
    }
    if (totalLost == null && totalGot != totalExpected) totalLost = new Loss(totalGot, totalExpected);
    if (countsLost == null && !countsGot.equals(countsExpected)) countsLost = new Loss(countsGot, countsExpected);
    if (shrank.get() == null && largest() != largestOf(counted)) shrank.set(new Loss(largest(), largestOf(counted)));
    if (largestLost == null) largestLost = shrank.get();
}

int largestOf(AtomicIntegerArray pages) {
    int largest = 0;
    for (int i = 0; i < pages.length(); i++) largest = Math.max(largest, pages.getAcquire(i));
    return largest;
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
