///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it does, and the sizes: 3 threads (at most 200), 5 sleeps of 100 ms

// A few named virtual threads sleep several times and note which carrier (the platform
// thread that runs them) they were on at the start and after every sleep. A virtual thread
// gives its carrier back while it sleeps and may resume on any free one.

static final int DEFAULT_THREADS = 3;
static final int MAX_THREADS = 200;
static final int SLEEPS = 5;
static final Duration NAP = Duration.ofMillis(100);
static final String POOL = "ForkJoinPool-1-worker-";

// @end
void main(String[] args) throws InterruptedException {
    // @fold the thread count from the argument, or the usage line
    int count = DEFAULT_THREADS;
    if (args.length > 1 || args.length == 1 && !args[0].matches("[0-9]{1,4}")) usage();
    if (args.length == 1) count = Integer.parseInt(args[0]);
    if (count < 1 || count > MAX_THREADS) usage();

    // @end
    // Each thread notes how it prints itself, carrier included, at its
    // start and after every sleep. main prints it all at the end:
    // printing from the threads could change which carriers they use.
    var seenBy = new ConcurrentHashMap<String, List<String>>();
    var threads = new ArrayList<Thread>();
    for (int i = 1; i <= count; i++) {
        String name = "sleeper-" + i;
        threads.add(Thread.ofVirtual().name(name).start(() -> {
            var seen = new ArrayList<String>();
            seen.add(Thread.currentThread().toString());
            for (int s = 0; s < SLEEPS; s++) {
                try {
                    Thread.sleep(NAP);
                } catch (InterruptedException e) { // nobody interrupts;
                    Thread.currentThread().interrupt(); // keep the flag
                    break;
                }
                seen.add(Thread.currentThread().toString());
            }
            seenBy.put(name, seen);
        }));
    }
    for (Thread t : threads) t.join();

    // @fold printing what each thread saw; carrierOf, the text after the @; usage
    for (int i = 1; i <= count; i++) IO.println("sleeper-" + i + " is " + seenBy.get("sleeper-" + i).getFirst());
    IO.println();
    IO.println("carrier at the start and after each of " + SLEEPS + " sleeps of " + NAP.toMillis()
            + " ms (N means " + POOL + "N):");
    int hopped = 0;
    var allCarriers = new TreeSet<String>();
    for (int i = 1; i <= count; i++) {
        String name = "sleeper-" + i;
        List<String> carriers = seenBy.get(name).stream().map(t -> carrierOf(t)).toList();
        boolean hop = new HashSet<>(carriers).size() > 1;
        if (hop) hopped++;
        allCarriers.addAll(carriers);
        IO.println("  " + name + ": " + String.join(" ", carriers.stream().map(c -> shortName(c)).toList())
                + (hop ? "  hopped" : "  stayed"));
    }
    IO.println();
    IO.println(hopped + " of " + count + " threads changed carrier across " + SLEEPS + " sleeps");
    IO.println("distinct carriers: " + allCarriers.size() + " " + allCarriers
            + "; availableProcessors: " + Runtime.getRuntime().availableProcessors());
}

// "ForkJoinPool-1-worker-2" as "2": the pool prefix is the same for every carrier.
static String shortName(String carrier) {
    return carrier.startsWith(POOL) ? carrier.substring(POOL.length()) : carrier;
}

// There is no public API for a virtual thread's carrier. Thread.toString() shows it, as in
// VirtualThread[#22,name]/runnable@ForkJoinPool-1-worker-1, but that format is unspecified
// and may change in any release: fine for a demonstration, never for production code.
static String carrierOf(String threadText) {
    int at = threadText.lastIndexOf('@');
    return at < 0 ? "(none)" : threadText.substring(at + 1);
}

static void usage() {
    System.err.println("usage: hopping [threads]   (1.." + MAX_THREADS + ", default " + DEFAULT_THREADS + ")");
    System.exit(2);
}
// @end
