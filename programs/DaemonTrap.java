///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// @fold what each mode shows; 500 ms of work; main, which picks the mode
// Virtual threads are always daemon threads, so the JVM does not wait for them: when main
// returns, a virtual thread that is still working is cut off. `trap` shows it, `join` fixes
// it, `race N` counts how often it happens when the thread has almost nothing to do, and
// `inherit` shows that a platform thread started from a virtual thread is a daemon too.

static final int MAX_RUNS = 1_000;
static final Duration WORK = Duration.ofMillis(500);
static final String USAGE = "usage: daemon [trap | join | race N | inherit]   (N 1.." + MAX_RUNS + ", default 100)";

void main(String[] args) throws Exception {
    String mode = args.length == 0 ? "trap" : args[0];
    if (!mode.equals("race") && args.length > 1) usage();
    switch (mode) {
        case "trap" -> startWorker(false);
        case "join" -> startWorker(true);
        case "race" -> race(args);
        case "inherit" -> inherit();
        case "child" -> child();
        default -> usage();
    }
}
// @end

// Half a second of work (a stand-in for a call), then a line printed.
void startWorker(boolean waitForIt) throws InterruptedException {
    Thread worker = Thread.ofVirtual().name("worker").unstarted(() -> {
        try { Thread.sleep(WORK); }
        catch (InterruptedException e) { return; }
        IO.println("worker: work done, this line was printed");
    });
    // @fold asking isDaemon(), then trying setDaemon(false) and setPriority(10)

    IO.println("worker.isDaemon(): " + worker.isDaemon());
    try {
        worker.setDaemon(false);
        IO.println("worker.setDaemon(false): accepted");
    } catch (IllegalArgumentException e) {
        IO.println("worker.setDaemon(false): " + e);
    }
    worker.setPriority(Thread.MAX_PRIORITY);
    IO.println("worker.setPriority(" + Thread.MAX_PRIORITY + "), then getPriority(): " + worker.getPriority());

    // @end
    worker.start();
    if (waitForIt) {
        IO.println("main: worker started, main joins it");
        worker.join();
        IO.println("main: worker finished, main returns");
    } else {
        IO.println("main: worker started, main returns without waiting");
    }
}

// @fold inherit, race and child: the other modes; the usage line
// A new platform thread takes its daemon status from the thread that creates it, unless
// the builder sets one.
void inherit() throws Exception {
    IO.println("main thread: isDaemon() = " + Thread.currentThread().isDaemon());
    IO.println("platform thread started from main: isDaemon() = " + startAndAsk(Thread.ofPlatform()));
    IO.println("platform thread started from a virtual thread: isDaemon() = "
            + inVirtualThread(() -> startAndAsk(Thread.ofPlatform())));
    IO.println("platform thread started from a virtual thread with daemon(false): isDaemon() = "
            + inVirtualThread(() -> startAndAsk(Thread.ofPlatform().daemon(false))));
}

// Starts a thread from the current one and returns what that thread says of itself.
boolean startAndAsk(Thread.Builder builder) throws InterruptedException {
    var isDaemon = new AtomicBoolean();
    builder.start(() -> isDaemon.set(Thread.currentThread().isDaemon())).join();
    return isDaemon.get();
}

<T> T inVirtualThread(Callable<T> task) throws Exception {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        return executor.submit(task).get();
    }
}

// `daemon child`, run by `race`: the virtual thread prints at once, and main returns at once.
void child() {
    Thread.ofVirtual().start(() -> IO.println("child: printed"));
}

// Runs this same program in `child` mode N times, one JVM at a time, and counts lost lines.
void race(String[] args) throws Exception {
    if (args.length > 2 || args.length == 2 && !args[1].matches("[0-9]{1,4}")) usage();
    int runs = args.length == 2 ? Integer.parseInt(args[1]) : 100;
    if (runs < 1 || runs > MAX_RUNS) usage();

    // The child is started exactly as this JVM was, with `child` in place of this run's arguments.
    var self = ProcessHandle.current().info();
    List<String> ownArgs = List.of(self.arguments().orElseThrow(
            () -> new IllegalStateException("this OS does not show a process its own command line")));
    var command = new ArrayList<String>();
    command.add(self.command().orElseThrow());
    command.addAll(ownArgs.subList(0, ownArgs.size() - args.length));
    command.add("child");
    IO.println("each child runs: " + String.join(" ", command.stream().map(arg -> shown(arg)).toList()));

    int lost = 0;
    long t0 = System.nanoTime();
    for (int i = 1; i <= runs; i++) {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("a child did not end within 30 s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.exitValue() != 0) throw new IllegalStateException("child failed: " + out);
        if (!out.contains("child: printed")) lost++;
    }
    long ms = (System.nanoTime() - t0) / 1_000_000;
    IO.println("lost the line in " + lost + " of " + runs + " runs (" + ms / runs + " ms per run)");
}

static void usage() {
    System.err.println(USAGE);
    System.exit(2);
}

// ---- Showing the command without this machine's folders ----

// The JDK as $JAVA_HOME, a jar (JBang's compiled copy of this program) by its file name,
// and anything under the current folder relative to it.
static String shown(String arg) {
    String javaHome = realPath(System.getProperty("java.home"));
    String here = realPath("");
    if (arg.startsWith(javaHome + File.separator)) return "$JAVA_HOME" + arg.substring(javaHome.length());
    if (arg.endsWith(".jar")) return Path.of(arg).getFileName().toString();
    if (arg.startsWith(here + File.separator)) return arg.substring(here.length() + 1);
    return arg;
}

static String realPath(String path) {
    try {
        return Path.of(path).toRealPath().toString();
    } catch (IOException e) {
        return Path.of(path).toAbsolutePath().toString();
    }
}
// @end
