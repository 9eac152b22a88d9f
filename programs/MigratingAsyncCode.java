///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it shows; deadline 500 ms; pool of 8; thread per task

// A page needs a user, then the user's orders and recommendations at the same time. It is
// built twice against the same fake downstream: as a CompletableFuture chain on a fixed pool
// of platform threads, and as blocking code with a virtual thread per task. Recommendations
// are optional (none when they fail); the orders are not; the whole page has a deadline.
// Each case prints both outcomes, then what became of each downstream call.

import static java.util.concurrent.TimeUnit.MILLISECONDS;

static final long DEADLINE_MS = 500;                                      // the whole page's budget
final ExecutorService pool = Executors.newFixedThreadPool(8);             // the chain's pool
final ExecutorService virtualThreads = Executors.newVirtualThreadPerTaskExecutor();
volatile Downstream downstream;                                           // this case's fake services

// @end
CompletableFuture<Page> chain(String userId) {
    return CompletableFuture
        .supplyAsync(() -> unchecked(() -> downstream.user(userId)), pool)
        .thenCompose(user -> {
            var orders = CompletableFuture.supplyAsync(
                () -> unchecked(() -> downstream.orders(user)), pool);
            var recommendations = CompletableFuture.supplyAsync(
                () -> unchecked(() -> downstream.recommendations(user)),
                pool).exceptionally(failure -> List.of()); // none instead
            return orders.thenCombine(recommendations,
                (o, r) -> new Page(user, o, r));
        })
        .orTimeout(DEADLINE_MS, MILLISECONDS);
}
// @fold blocking: page on a virtual thread, Future.get with the deadline
Page blocking(String userId) throws Exception {
    Future<Page> page = virtualThreads.submit(() -> page(userId));
    try {
        return page.get(DEADLINE_MS, MILLISECONDS); // throws TimeoutException
    } finally {
        page.cancel(true); // still running? interrupt it
    }
}

// @end
Page page(String userId) throws Exception {
    String user = downstream.user(userId);
    Future<List<String>> recommendations =
            virtualThreads.submit(() -> recommendationsOrNone(user));
    try {
        var orders = downstream.orders(user);
        return new Page(user, orders, recommendations.get());
    } finally {
        recommendations.cancel(true); // the orders failed, or interrupted
    }
}
// @fold recommendationsOrNone, main (4 cases), Page, the fake downstream
List<String> recommendationsOrNone(String user) throws InterruptedException {
    try {
        return downstream.recommendations(user);
    } catch (IOException e) {
        return List.of();                             // optional: none instead, as exceptionally
    }
}

void main(String[] args) throws Exception {
    if (args.length > 0) {
        System.err.println("usage: migrating-async-code");
        System.exit(2);
    }
    IO.println("a page: a user, then their orders and recommendations at once; deadline " + DEADLINE_MS + " ms");
    IO.println("chain: CompletableFuture stages on a fixed pool of 8 platform threads");
    IO.println("blocking: a virtual thread per task, Future.get with the deadline");
    var cases = List.of(
            new Downstream("every call answers", Behaviour.ANSWERS, Behaviour.ANSWERS),
            new Downstream("recommendations fail", Behaviour.ANSWERS, Behaviour.FAILS),
            new Downstream("orders fail", Behaviour.FAILS, Behaviour.ANSWERS),
            new Downstream("orders too slow", Behaviour.SLOW, Behaviour.ANSWERS));
    int same = 0;
    for (var c : cases) {
        IO.println();
        IO.println("case: " + c.name + " (" + c.describe() + ")");
        String chained = run("chain", c, () -> chain("u-7").get());
        String blocked = run("blocking", c.fresh(), () -> blocking("u-7"));
        if (chained.equals(blocked)) same++;
    }
    IO.println();
    IO.println("same outcome in " + same + " of " + cases.size() + " cases");
    pool.close();
    virtualThreads.close();
}

/// Builds the page once, prints its outcome, waits for every call it started, prints them.
String run(String variant, Downstream d, Callable<Page> build) throws InterruptedException {
    downstream = d;
    long start = System.nanoTime();
    String outcome;
    try {
        outcome = build.call().toString();
    } catch (Exception e) {
        outcome = "failed: " + describe(e);
    }
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    d.pageEnded(System.nanoTime());
    IO.println(String.format(Locale.ROOT, "  %-9s %s (in %d ms)", variant + ":", outcome, tookMs));
    d.awaitAllEnded();
    IO.println("            its calls: " + d.report());
    return outcome;
}

/// The failure a caller meets, out of the envelope each Future.get wraps it in.
String describe(Throwable e) {
    while ((e instanceof ExecutionException || e instanceof CompletionException) && e.getCause() != null)
        e = e.getCause();
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
}

<T> T unchecked(Callable<T> call) {
    try {
        return call.call();
    } catch (Exception e) {
        throw new CompletionException(e);
    }
}

record Page(String user, List<String> orders, List<String> recommendations) {
    public String toString() {
        return "page for " + user + ": " + orders.size() + " orders, recommendations "
                + (recommendations.isEmpty() ? "none" : recommendations);
    }
}

// the fake downstream: its times, its failures, and the log of every call
enum Behaviour { ANSWERS, FAILS, SLOW }

static final long USER_MS = 50, ORDERS_MS = 100, RECOMMENDATIONS_MS = 150, FAILS_MS = 50, SLOW_MS = 2_000;

/// Three fake services; it logs each call: its thread, how it ended, and when.
static final class Downstream {
    final String name;
    final Behaviour orders, recommendations;
    final Map<String, String> ended = new ConcurrentHashMap<>();
    final Set<Boolean> virtual = ConcurrentHashMap.newKeySet();
    final AtomicInteger running = new AtomicInteger();
    volatile long pageEndedAt;

    Downstream(String name, Behaviour orders, Behaviour recommendations) {
        this.name = name;
        this.orders = orders;
        this.recommendations = recommendations;
    }

    Downstream fresh() { return new Downstream(name, orders, recommendations); }

    String describe() {
        return "user " + USER_MS + " ms, orders " + timing(orders, ORDERS_MS)
                + ", recommendations " + timing(recommendations, RECOMMENDATIONS_MS);
    }

    static String timing(Behaviour b, long ms) {
        return switch (b) {
            case ANSWERS -> ms + " ms";
            case FAILS -> "fail after " + FAILS_MS + " ms";
            case SLOW -> SLOW_MS + " ms";
        };
    }

    String user(String id) throws IOException, InterruptedException {
        call("user", Behaviour.ANSWERS, USER_MS);
        return id;
    }

    List<String> orders(String user) throws IOException, InterruptedException {
        call("orders", orders, ORDERS_MS);
        return List.of("order-1", "order-2");
    }

    List<String> recommendations(String user) throws IOException, InterruptedException {
        call("recommendations", recommendations, RECOMMENDATIONS_MS);
        return List.of("socks", "tea");
    }

    void call(String service, Behaviour b, long ms) throws IOException, InterruptedException {
        running.incrementAndGet();
        virtual.add(Thread.currentThread().isVirtual());
        try {
            Thread.sleep(switch (b) { case ANSWERS -> ms; case FAILS -> FAILS_MS; case SLOW -> SLOW_MS; });
            if (b == Behaviour.FAILS) {
                end(service, "failed");
                throw new IOException(service + " service unavailable");
            }
            end(service, "answered");
        } catch (InterruptedException e) {
            end(service, "interrupted");
            throw e;
        } finally {
            running.decrementAndGet();
        }
    }

    /// A call that answers or fails after the page has ended is work nobody waits for.
    void end(String service, String how) {
        long after = pageEndedAt == 0 || how.equals("interrupted") ? -1 : (System.nanoTime() - pageEndedAt) / 1_000_000;
        ended.put(service, how + (after < 0 ? "" : " " + after + " ms after the page had ended"));
    }

    void pageEnded(long at) { pageEndedAt = at; }

    /// Waits until no call runs (at most 5 s), so that the next run starts clean.
    void awaitAllEnded() throws InterruptedException {
        for (int i = 0; i < 500 && running.get() > 0; i++) Thread.sleep(10);
        Thread.sleep(20);
    }

    String report() {
        var parts = new ArrayList<String>();
        for (String s : List.of("user", "orders", "recommendations"))
            parts.add(s + " " + ended.getOrDefault(s, "never called"));
        String threads = virtual.equals(Set.of(true)) ? "virtual" : virtual.equals(Set.of(false)) ? "platform" : "mixed";
        return String.join(", ", parts) + "; on " + threads + " threads";
    }
}
// @end
