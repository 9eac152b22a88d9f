///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

static final int MAX_RUNS = 1_000;
static final String USAGE = "usage: daemon [trap | join | race N]   (N 1.." + MAX_RUNS + ", default 100)";

void main(String[] args) throws Exception {
    String mode = args.length == 0 ? "trap" : args[0];
    if (!mode.equals("race") && args.length > 1) usage();
    switch (mode) {
        case "trap" -> startWorker(false);
        case "join" -> startWorker(true);
        case "race" -> race(args);
        case "child" -> child();
        default -> usage();
    }
}

// The worker has half a second of work (a stand-in for a call) before it prints its line.
void startWorker(boolean waitForIt) throws InterruptedException {
    Thread worker = Thread.ofVirtual().name("worker").unstarted(() -> {
        try { Thread.sleep(500); } catch (InterruptedException e) { return; }
        IO.println("worker: work done, this line was printed");
    });

    IO.println("worker.isDaemon(): " + worker.isDaemon());
    try {
        worker.setDaemon(false);
        IO.println("worker.setDaemon(false): accepted");
    } catch (IllegalArgumentException e) {
        IO.println("worker.setDaemon(false): " + e);
    }
    worker.setPriority(Thread.MAX_PRIORITY);
    IO.println("worker.setPriority(" + Thread.MAX_PRIORITY + "), then getPriority(): " + worker.getPriority());

    worker.start();
    if (waitForIt) {
        IO.println("main: worker started, main joins it");
        worker.join();
        IO.println("main: worker finished, main returns");
    } else {
        IO.println("main: worker started, main returns without waiting");
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
    IO.println("each child runs: " + String.join(" ", command));

    int lost = 0;
    long t0 = System.nanoTime();
    for (int i = 1; i <= runs; i++) {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("a child did not end within 30 s");
        }
        String out = new String(p.getInputStream().readAllBytes());
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
