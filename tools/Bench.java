//JAVA 25+

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import kit.Cpu;
import kit.Processes;
import kit.Root;
import kit.Trees;

/// `./build.sh bench`: how long a student and an instructor wait. Runs each step several
/// times and prints min / median / max in milliseconds, and the machine it ran on. Nothing
/// here asserts a time: the tests assert behaviour. Needs only JDK 25 (`java tools/Bench.java`).
///
/// The watch step edits an exercise, so it works on a copy of the course in a temporary
/// folder (deleted at the end); every other step runs in the course folder and changes
/// nothing but caches. BENCH_RUNS (default 7) sets how many timed runs each step gets, after
/// one untimed warm-up run.
///
/// `./build.sh bench suite [TIER...]`: the test suite's figures instead, each tier once (`./build.sh
/// test quick`, `programs`, then everything; or the tiers named): its wall time beside its goal, the CPU time of all it
/// started (which a machine others load changes far less than the wall time), and its
/// slowest classes. It takes as long as the suite does.
///
/// `./build.sh bench classes [CLASS...]`: where the suite's CPU time goes. It runs the tests one
/// class at a time (TEST_CLASSES_AT_ONCE=1, so each class's processes are its own) and prints
/// every class's CPU time, its JVM's share and its processes', most first. CPU, not the wall
/// time: the full run is bound by the CPU, so what it costs is what a class takes from the others.

static final Path ROOT = Root.find();
static final int RUNS = Integer.parseInt(System.getenv().getOrDefault("BENCH_RUNS", "7"));
static final Duration LIMIT = Duration.ofMinutes(2), STOP_GRACE = Duration.ofSeconds(10);

void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("suite")) {
        var names = TIERS.stream().map(Tier::name).toList();
        var chosen = Arrays.asList(args).subList(1, args.length);
        if (!names.containsAll(chosen)) {
            System.err.println("./build.sh bench suite: the tiers are " + String.join(", ", names) + ", not " + String.join(" ", chosen));
            System.exit(2);
        }
        suite(TIERS.stream().filter(t -> chosen.isEmpty() || chosen.contains(t.name())).toList());
        return;
    }
    if (args.length > 0 && args[0].equals("classes")) {
        classes(Arrays.asList(args).subList(1, args.length));
        return;
    }
    if (args.length > 0) {
        System.err.println("usage: ./build.sh bench         (BENCH_RUNS=N sets the runs per step, default " + RUNS + ")\n"
                + "       ./build.sh bench suite [quick|programs|everything...]   the test tiers, each once\n"
                + "       ./build.sh bench classes [CLASS...]   the CPU time of each test class, one class at a time");
        System.exit(2);
    }
    IO.println("Machine: " + machine());
    IO.println("Load average at the start: " + load() + "  (" + RUNS + " timed runs per step, after one warm-up)");
    IO.println();
    IO.println(String.format("%-44s %7s %7s %7s", "step (ms)", "min", "median", "max"));
    String first = firstExercise();
    row("warm build: ./build.sh", () -> untilEnd(ROOT, "./build.sh"));
    row("full build: ./build.sh build --full", () -> untilEnd(ROOT, "./build.sh", "build", "--full"));
    row("check: ./jbang check", () -> untilEnd(ROOT, "./jbang", "check"));
    row("check NAME: ./jbang check " + first, () -> untilEnd(ROOT, "./jbang", "check", first));
    watchRows(first);
    row("first line of ./jbang waits", () -> untilFirstLine(ROOT, "./jbang", "waits"));
    liveRunRow("daemon-join");
    IO.println();
    IO.println("Load average at the end: " + load());
}

// ---- the steps ----

interface Step {
    long millis() throws Exception;
}

void row(String name, Step step) throws Exception {
    step.millis();                                     // warm-up: caches filled, not timed
    var times = new ArrayList<Long>();
    for (int i = 0; i < RUNS; i++) times.add(step.millis());
    print(name, times);
}

static void print(String name, List<Long> times) {
    var sorted = times.stream().sorted().toList();
    long median = sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
            : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
    IO.println(String.format("%-44s %7d %7d %7d", name, sorted.getFirst(), median, sorted.getLast()));
}

/// A whole command, start to exit.
static long untilEnd(Path dir, String... command) throws Exception {
    long t0 = System.nanoTime();
    Process p = builder(dir, command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    if (!p.waitFor(LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
        Processes.stop(p, STOP_GRACE);
        throw new IllegalStateException(String.join(" ", command) + " did not end within " + LIMIT);
    }
    return (System.nanoTime() - t0) / 1_000_000;
}

/// From start to the first line on stdout; then the command is stopped.
static long untilFirstLine(Path dir, String... command) throws Exception {
    long t0 = System.nanoTime();
    Process p = builder(dir, command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (var in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line = in.readLine();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (line == null) throw new IllegalStateException(String.join(" ", command) + " printed nothing");
        return ms;
    } finally {
        Processes.stop(p, STOP_GRACE);
    }
}

/// `./jbang check --watch` on a copy of the course: append a comment to the exercise, time
/// until the verdict of the new text is on the screen (its hint line, after "Saved ...").
void watchRows(String name) throws Exception {
    Path copy = Files.createTempDirectory("course-bench");
    try {
        for (String part : List.of("exercises", "tools", "lessons", "jbang", "jbang-catalog.json", "build.sh"))
            Trees.copy(ROOT.resolve(part), copy.resolve(part));
        Path file = copy.resolve("exercises").resolve(className(name) + ".java");
        // the shipped text, so that the exercise fails and watch mode stays on it
        untilEnd(copy, "./jbang", "check", "--reset", name, "--yes");
        untilEnd(copy, "./jbang", "check", name);         // compiles the checker into the copy's .cache
        Path out = copy.resolve("watch.out");
        Process p = builder(copy, "./jbang", "check", "--watch")
                .redirectOutput(out.toFile()).redirectErrorStream(true).start();
        try {
            await(out, 0, "Watching ");
            var times = new ArrayList<Long>();
            for (int i = 0; i <= RUNS; i++) {
                int from = Files.readString(out).length();
                long t0 = System.nanoTime();
                Files.writeString(file, "\n// bench " + i + "\n", StandardOpenOption.APPEND);
                await(out, from, "Hint: ./jbang check --hint " + name);
                if (i > 0) times.add((System.nanoTime() - t0) / 1_000_000);   // i == 0: warm-up
                await(out, from, "Watching ");
            }
            print("watch: save to verdict on screen", times);
        } finally {
            Processes.stop(p, STOP_GRACE);
        }
    } finally {
        Trees.delete(copy);
    }
}

static void await(Path file, int from, String text) throws Exception {
    long until = System.nanoTime() + LIMIT.toNanos();
    while (true) {
        String s = Files.readString(file);
        if (s.length() > from && s.substring(from).contains(text)) return;
        if (System.nanoTime() > until) throw new IllegalStateException("never saw '" + text + "' in:\n" + s);
        Thread.sleep(5);
    }
}

/// Live mode (`./build.sh serve --port 0`): from the click (the POST naming a declared run)
/// to the first output line on the page's event stream.
void liveRunRow(String runId) throws Exception {
    Process server = builder(ROOT, "./build.sh", "serve", "--port", "0")
            .redirectErrorStream(true).start();
    try {
        var lines = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        int port = -1;
        for (String l; port < 0 && (l = lines.readLine()) != null; ) {
            var m = Pattern.compile("serving http://[^:]+:(\\d+)/").matcher(l);
            if (m.find()) port = Integer.parseInt(m.group(1));
        }
        if (port < 0) throw new IllegalStateException("live mode did not start");
        Thread.ofVirtual().start(() -> lines.lines().forEach(l -> { }));   // keep its output flowing
        var http = HttpClient.newHttpClient();
        var events = new LinkedBlockingQueue<String>();
        String base = "http://127.0.0.1:" + port + "/__live/";
        var stream = http.sendAsync(HttpRequest.newBuilder(URI.create(base + "events")).build(),
                HttpResponse.BodyHandlers.fromLineSubscriber(new LineQueue(events)));
        String client = null;
        while (client == null) {
            String line = events.poll(30, TimeUnit.SECONDS);
            if (line == null) throw new IllegalStateException("no hello from live mode");
            var m = Pattern.compile("\"client\":\"([^\"]+)\"").matcher(line);
            if (m.find()) client = m.group(1);
        }
        var times = new ArrayList<Long>();
        for (int i = 0; i <= RUNS; i++) {
            events.clear();
            long t0 = System.nanoTime();
            var post = HttpRequest.newBuilder(URI.create(base + "run")).header("X-Live-Client", client)
                    .header("Origin", "http://127.0.0.1:" + port).header("Content-Type", "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofString(runId)).build();
            var r = http.send(post, HttpResponse.BodyHandlers.ofString());
            for (int tries = 0; r.statusCode() == 409 && tries < 50; tries++) {   // the last run is still ending
                Thread.sleep(100);
                events.clear();
                t0 = System.nanoTime();
                r = http.send(post, HttpResponse.BodyHandlers.ofString());
            }
            if (r.statusCode() != 202) throw new IllegalStateException("run " + runId + ": " + r.statusCode() + " " + r.body());
            Long first = null;
            String previous = "";
            while (true) {
                String line = events.poll(60, TimeUnit.SECONDS);
                if (line == null) throw new IllegalStateException("run " + runId + " never ended");
                if (first == null && previous.equals("event: out")) first = (System.nanoTime() - t0) / 1_000_000;
                if (previous.equals("event: end")) break;
                previous = line;
            }
            if (i > 0) times.add(first);                // i == 0: warm-up
        }
        print("live Run " + runId + ": click to first line", times);
        stream.cancel(true);
    } finally {
        Processes.stop(server, STOP_GRACE);
    }
}

record LineQueue(BlockingQueue<String> lines) implements Flow.Subscriber<String> {
    public void onSubscribe(Flow.Subscription s) { s.request(Long.MAX_VALUE); }
    public void onNext(String line) { lines.add(line); }
    public void onError(Throwable t) { }
    public void onComplete() { }
}

// ---- the suite ----

/// A tier of `./build.sh test`, and the wall time it should take at most here (issue 33).
record Tier(String name, List<String> args, int goalSeconds) {}

static final List<Tier> TIERS = List.of(
        new Tier("quick", List.of("quick"), 10),
        new Tier("programs", List.of("programs"), 180),
        new Tier("everything", List.of(), 480));

void suite(List<Tier> tiers) throws Exception {
    IO.println("Machine: " + machine());
    IO.println("Load average at the start: " + load() + "  (each tier once; CPU: every process it started)");
    IO.println();
    IO.println(String.format("%-26s %8s %6s %8s %8s  %s", "./build.sh test", "wall (s)", "goal", "tests (s)", "CPU (s)", "result"));
    var slowest = new ArrayList<String>();
    for (var tier : tiers) {
        var command = new ArrayList<>(List.of("./build.sh", "test"));
        command.addAll(tier.args());
        Path log = Files.createTempFile("bench-suite", ".log");
        try {
            double cpu0 = Cpu.children();
            long t0 = System.nanoTime();
            int exit = builder(ROOT, command.toArray(String[]::new)).redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
            double wall = (System.nanoTime() - t0) / 1e9, cpu = Cpu.children() - cpu0;
            String out = Files.readString(log);
            String tests = last(out, "(?m)^tests took ([\\d.]+) s$"), result = last(out, "(?m)^(\\d+ passed, \\d+ failed)$");
            IO.println(String.format(Locale.ROOT, "%-26s %8.1f %6d %8s %8.1f  %s", String.join(" ", command.subList(1, command.size())),
                    wall, tier.goalSeconds(), tests, cpu, exit == 0 ? result : "exit " + exit + ", " + result));
            slowest.add(tier.name() + ": " + last(out, "(?m)^slowest classes: (.*)$"));
        } finally {
            Files.deleteIfExists(log);
        }
    }
    IO.println();
    slowest.forEach(IO::println);
    IO.println();
    IO.println("Load average at the end: " + load());
}

/// A test class's line when the classes run one at a time (Tests.java).
static final Pattern CLASS_LINE = Pattern.compile("(?m)^---- (\\w+) took ([\\d.]+) s, ([\\d.]+) CPU-s its own, ([\\d.]+) CPU-s the machine's$");

void classes(List<String> filters) throws Exception {
    IO.println("Machine: " + machine());
    IO.println("Load average at the start: " + load() + "  (one class at a time; keep the machine otherwise idle)");
    var command = new ArrayList<>(List.of("./build.sh", "test"));
    command.addAll(filters);
    Path log = Files.createTempFile("bench-classes", ".log");
    double machine0 = Cpu.machine();
    long t0 = System.nanoTime();
    var pb = builder(ROOT, command.toArray(String[]::new)).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("TEST_CLASSES_AT_ONCE", "1");
    int exit = pb.start().waitFor();
    double wall = (System.nanoTime() - t0) / 1e9, machine = Cpu.machine() - machine0;
    String out = Files.readString(log);
    record Row(String name, double wall, double own, double machine) {}
    var rows = new ArrayList<Row>();
    var m = CLASS_LINE.matcher(out);
    while (m.find()) rows.add(new Row(m.group(1), Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))));
    rows.sort(Comparator.comparingDouble(Row::machine).reversed());
    double sum = rows.stream().mapToDouble(Row::machine).sum();
    IO.println();
    IO.println("CPU (s): its own is the test JVM's and what it waited for; the machine's adds what the");
    IO.println("class left running on its own (Chromium, PostgreSQL) and whatever else the machine did.");
    IO.println(String.format("%-30s %9s %9s %9s %7s", "test class", "wall (s)", "own", "machine", "share"));
    for (var r : rows)
        IO.println(String.format(Locale.ROOT, "%-30s %9.1f %9.1f %9.1f %6.1f%%", r.name(), r.wall(), r.own(), r.machine(), 100 * r.machine() / Math.max(sum, 0.01)));
    IO.println();
    IO.println(String.format(Locale.ROOT, "classes: %d, %.1f machine CPU-s in them; %.1f in all (the build and JBang's start included), %.1f s wall",
            rows.size(), sum, machine, wall));
    String result = last(out, "(?m)^(\\d+ passed, \\d+ failed)$");
    IO.println(exit == 0 ? result : "exit " + exit + ", " + result + " (the log: " + log + ")");
    IO.println("Load average at the end: " + load());
    if (exit != 0) System.exit(1);
    Files.delete(log);
}

static String last(String text, String regex) {
    var m = Pattern.compile(regex).matcher(text);
    String found = "?";
    while (m.find()) found = m.group(1);
    return found;
}

// ---- the machine, and plumbing ----

/// A command run in `dir`, which it takes as the course root (COURSE_ROOT would override that).
static ProcessBuilder builder(Path dir, String... command) {
    var pb = new ProcessBuilder(command).directory(dir.toFile());
    pb.environment().remove("COURSE_ROOT");
    return pb;
}

static String machine() {
    String cpu = "?";
    try {
        cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                .findFirst().map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("?");
    } catch (IOException ignored) {
        // not Linux
    }
    return Runtime.getRuntime().availableProcessors() + " cores (" + cpu + "), " + System.getProperty("os.name")
            + " " + System.getProperty("os.version") + ", JDK " + Runtime.version() + ", "
            + LocalDate.now();
}

static String load() {
    try {
        return String.join(" ", Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 3));
    } catch (IOException e) {
        return "?";
    }
}

/// The first exercise in exercises/HINTS.md (its `## name`).
static String firstExercise() throws IOException {
    return Files.readAllLines(ROOT.resolve("exercises/HINTS.md")).stream().filter(l -> l.startsWith("## "))
            .map(l -> l.substring(3).strip()).findFirst().orElseThrow();
}

static String className(String name) {
    return Arrays.stream(name.split("-")).map(w -> Character.toUpperCase(w.charAt(0)) + w.substring(1))
            .collect(Collectors.joining());
}
