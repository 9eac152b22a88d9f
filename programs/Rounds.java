///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it shows; its arguments: tasks, threads, seconds (7 3 2 unless given)

// Tasks that only wait, on a pool of a few platform threads: each task holds its
// thread for the whole wait, so the rest queue, and the batch runs in rounds.
// Arguments: tasks (1 to 20), threads (1 to 20), seconds each (1 to 3).

record Start(int task, long millis, String thread) {}
// @end

void main(String[] args) throws InterruptedException {
    int tasks = argument(args, 0, 7), threads = argument(args, 1, 3);
    int seconds = argument(args, 2, 2);
    IO.println(tasks + " tasks that wait " + seconds + " s each, "
            + threads + " platform threads");
    var starts = new ConcurrentLinkedQueue<Start>();
    long begin = System.nanoTime();
    try (var pool = Executors.newFixedThreadPool(threads)) {
        for (int task = 1; task <= tasks; task++) {
            int n = task;
            pool.submit(() -> {
                String thread = Thread.currentThread().getName();
                starts.add(new Start(n, millisSince(begin), thread));
                // only waits, and holds its thread all the while
                Thread.sleep(Duration.ofSeconds(seconds));
                return null;   // a value: a Callable, so sleep may throw
            });
        }
    } // close() waits for every task
    long took = millisSince(begin);

    // @fold print each task's start, in task order, and count the rounds
    // A round starts half a wait or more after the round before it.
    var byTask = starts.stream().sorted(Comparator.comparingInt(Start::task)).toList();
    for (Start s : byTask)
        IO.println(String.format(Locale.ROOT, "task %d starts at %.1f s on %s",
                s.task(), s.millis() / 1000.0, s.thread()));
    long rounds = 0, roundStart = Long.MIN_VALUE / 2;
    for (long t : starts.stream().mapToLong(Start::millis).sorted().toArray())
        if (t - roundStart >= seconds * 500L) {
            rounds++;
            roundStart = t;
        }
    IO.println(String.format(Locale.ROOT, "all %d done after %.1f s: %d round%s of %d s",
            tasks, took / 1000.0, rounds, rounds == 1 ? "" : "s", seconds));
    // @end
}

// @fold the helpers: reading an argument, the time since the start
int argument(String[] args, int i, int fallback) {
    if (args.length > 3) usage();
    if (i >= args.length) return fallback;
    try {
        int value = Integer.parseInt(args[i]);
        if (value >= 1 && value <= (i == 2 ? 3 : 20)) return value;
    } catch (NumberFormatException e) {
        // falls through to the usage line
    }
    usage();
    return fallback;
}

void usage() {
    System.err.println("usage: rounds [tasks 1-20] [threads 1-20] [seconds 1-3]");
    System.exit(2);
}

long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
}
// @end
