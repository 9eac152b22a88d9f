///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A request handler logs with its request's id, which it keeps in a ThreadLocal, as Logback keeps
// its MDC. It hands two pieces of work to `workers`, a pool of two threads that serves every
// request, and the lines those tasks log have no id. Write withRequestId so that every line a task
// logs names the request that handed it off, and so that a worker thread holds no id once its task
// is done: its next task may be another request's.

static final int REQUESTS = 4, WORKERS = 2;
final ExecutorService workers = Executors.newFixedThreadPool(WORKERS); // serves every request

// ---- your part: change only from here to its end ----
// exercise: static final ThreadLocal<String> REQUEST_ID = new ThreadLocal<>(); // the id, per thread
// exercise:
// exercise: /// Wraps `task` when it is handed off, on the caller's thread.
// exercise: Runnable withRequestId(Runnable task) {
// exercise:     return task; // TODO: the task must log with the caller's id, and leave no id behind
// exercise: }
static final ThreadLocal<String> REQUEST_ID = new ThreadLocal<>(); // the id, per thread

/// Wraps `task` when it is handed off, on the caller's thread.
Runnable withRequestId(Runnable task) {
    String id = REQUEST_ID.get(); // read here, on the caller's thread: the worker's is empty
    return () -> {
        REQUEST_ID.set(id);
        try {
            task.run();
        } finally {
            REQUEST_ID.remove(); // the worker's next task may be another request's
        }
    };
}
// end exercise
// ---- end of your part ----

/// One request, on a thread of its own: the id set first and removed last, as a servlet filter does.
void handle(String id) throws Exception {
    REQUEST_ID.set(id);
    try {
        log("received");
        var user = workers.submit(withRequestId(() -> log("loaded user")));
        var orders = workers.submit(withRequestId(() -> log("loaded orders")));
        user.get(5, TimeUnit.SECONDS);
        orders.get(5, TimeUnit.SECONDS);
        log("answered");
    } finally {
        REQUEST_ID.remove();
    }
}

void main() throws Exception {
    try (workers) {
        for (int n = 1; n <= REQUESTS; n++) {
            String id = "req-" + n;
            handling = id; // for the checks
            Thread.ofVirtual().name("request-" + n).start(() -> {
                try {
                    handle(id);
                } catch (Exception e) {
                    IO.println("request " + id + " failed: " + e);
                }
            }).join();
        }
        checkTheLines();
        checkTheWorkers();
        checkAfterAFailure();
    }
    verdict("handoff");
}

// ---- Checking your work: no need to read past this line. ----

/// A line as logged: the thread, the id it had, and the request being handled at the time.
record Line(String thread, String id, String handling, String message) {
    boolean fromTask() {
        return !thread.startsWith("request-");
    }

    @Override
    public String toString() {
        return "'" + thread + " [" + (id == null ? "no id" : id) + "] " + message + "' while handling " + handling;
    }
}

final List<Line> lines = Collections.synchronizedList(new ArrayList<>());
volatile String handling;

void log(String message) {
    lines.add(new Line(Thread.currentThread().getName(), REQUEST_ID.get(), handling, message));
}

void checkTheLines() {
    var tasks = lines.stream().filter(Line::fromTask).toList();
    check("lines logged by the workers' tasks", tasks.size(), REQUESTS * 2);
    var withoutId = tasks.stream().filter(l -> l.id() == null).toList();
    checkThat("every line a task logs has a request id", withoutId.isEmpty(),
            withoutId.size() + " without, the first: " + (withoutId.isEmpty() ? "" : withoutId.getFirst()), "none without");
    var wrong = tasks.stream().filter(l -> l.id() != null && !l.id().equals(l.handling())).toList();
    checkThat("every task's lines name the request that handed it off", wrong.isEmpty(),
            wrong.size() + " naming another, the first: " + (wrong.isEmpty() ? "" : wrong.getFirst()), "none naming another");
    var own = lines.stream().filter(l -> !l.fromTask()).toList();
    checkThat("the handler's own lines keep its id", own.size() == REQUESTS * 2
            && own.stream().allMatch(l -> l.handling().equals(l.id())), own, "all " + REQUESTS * 2 + " with the request's id");
}

/// After the last request: what each worker thread's REQUEST_ID still holds.
void checkTheWorkers() throws Exception {
    var held = whatTheWorkersHold();
    checkThat("no worker thread holds an id after its task", held.stream().allMatch(h -> h.endsWith(" holds null")),
            held, "every worker holds null");
}

/// Then one task on each worker that throws, handed off with an id, and the workers probed again.
void checkAfterAFailure() throws Exception {
    var barrier = new CyclicBarrier(WORKERS);
    var failing = new ArrayList<Future<?>>();
    REQUEST_ID.set("req-that-failed");
    try {
        for (int i = 0; i < WORKERS; i++)
            failing.add(workers.submit(withRequestId(() -> {
                try {
                    barrier.await(5, TimeUnit.SECONDS);   // one on each worker
                } catch (Exception e) {
                    // thrown all the same, below
                }
                throw new IllegalStateException("the task failed");
            })));
    } finally {
        REQUEST_ID.remove();
    }
    for (var f : failing) {
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            // as meant
        }
    }
    var held = whatTheWorkersHold();
    checkThat("no worker thread holds an id after a task that threw (lesson 'Request context': clear it in a finally)",
            held.stream().allMatch(h -> h.endsWith(" holds null")), held, "every worker holds null");
}

/// One probe on each worker thread (a barrier holds each until all have started): what its
/// REQUEST_ID holds, as "NAME holds ID".
List<String> whatTheWorkersHold() throws Exception {
    var barrier = new CyclicBarrier(WORKERS);
    var probes = new ArrayList<Future<String>>();
    for (int i = 0; i < WORKERS; i++)
        probes.add(workers.submit(() -> {
            barrier.await(5, TimeUnit.SECONDS);
            return Thread.currentThread().getName() + " holds " + REQUEST_ID.get();
        }));
    var held = new ArrayList<String>();
    for (var f : probes) held.add(f.get(10, TimeUnit.SECONDS));
    return held;
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
