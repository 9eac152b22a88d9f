///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it shows; imports; the sizes; main, which runs the steps in order

// A service stuck under load, seen from outside. This program starts a small HTTP service as its
// own process (this same file, run with `service`): a virtual thread per request, a pool of 10
// connections to a downstream that does not answer. It sends the service REQUESTS requests at
// once, and while they hang it asks the JDK's own tools what the service's threads wait on: a
// JSON thread dump through jcmd, grouped, and the virtual thread scheduler's counters over JMX.
// Then it lets the downstream answer, stops the service and deletes the dump.

import com.sun.net.httpserver.HttpServer;
import com.sun.tools.attach.VirtualMachine;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import jdk.management.VirtualThreadSchedulerMXBean;

static final int CONNECTIONS = 10;        // the service's pool of connections to its downstream
static final int MAX_REQUESTS = 5_000;    // two file descriptors each on this machine, one per side
static final Duration PATIENCE = Duration.ofSeconds(60);
static final String USAGE = "usage: seeing-a-running-service [requests]  (" + (CONNECTIONS + 1) + " to " + MAX_REQUESTS + ", default 2000)";
static final String OWN = MethodHandles.lookup().lookupClass().getName() + "."; // this program's frames start so

void main(String[] args) throws Exception {
    if (List.of(args).equals(List.of("service"))) { service(); return; } // the child process
    int requests = requests(args);
    try (var service = Service.start(args)) {
        try (var load = Load.send(service.port(), requests)) {
            service.awaitInside(requests);
            Path dump = service.jcmdThreadDump();
            summarise(dump);
            deleteDump(dump); // (if something failed, closing the service deletes it)
            service.printScheduler();
            service.letDownstreamAnswer();
            IO.println("answered: " + load.awaitAll() + " of " + requests);
        }
    }
    IO.println("service stopped: it has exited");
}
// @end

/// Groups the dump's virtual threads by where they wait in this
/// program's code, and on what.
void summarise(Path dump) throws IOException {
    var root = (Map<?, ?>) new Json(Files.readString(dump)).value();
    var threadDump = (Map<?, ?>) root.get("threadDump");
    int all = 0, virtual = 0;
    var groups = new TreeMap<String, Integer>();
    for (var container : (List<?>) threadDump.get("threadContainers")) {
        for (var t : (List<?>) ((Map<?, ?>) container).get("threads")) {
            var thread = (Map<?, ?>) t;
            all++;
            if (!Boolean.TRUE.equals(thread.get("virtual"))) continue;
            virtual++;
            groups.merge(ownFrame((List<?>) thread.get("stack")) + ", " + thread.get("state")
                    + ", parked on " + blocker(thread), 1, Integer::sum);
        }
    }
    // @fold printing the groups, the largest first
    IO.println("dump: " + all + " threads, " + virtual + " of them virtual, grouped by where they wait:");
    groups.entrySet().stream()
            .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
            .forEach(g -> IO.println(String.format(Locale.ROOT, "  %5d  %s", g.getValue(), g.getKey())));
    // @end
}
// @fold the service, the load, jcmd, JMX, and a small JSON reader

/// The service: one virtual thread per request, CONNECTIONS connections to a downstream that
/// answers only once it is told to (`/answer`). `/inside` says how many requests are in.
void service() throws IOException {
    var connections = new Semaphore(CONNECTIONS, true);
    var downstreamAnswers = new CountDownLatch(1);
    var inside = new AtomicInteger();
    var server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8_192);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/order", exchange -> {
        inside.incrementAndGet();
        placeOrder(connections, downstreamAnswers);
        reply(exchange, "ok");
    });
    server.createContext("/inside", exchange -> reply(exchange, String.valueOf(inside.get())));
    server.createContext("/answer", exchange -> {
        downstreamAnswers.countDown();
        reply(exchange, "answering");
    });
    server.start();
    IO.println("port " + server.getAddress().getPort());
    System.in.read(); // the parent closes our stdin to stop us, or it died
    server.stop(0);
    System.exit(0);
}

void placeOrder(Semaphore connections, CountDownLatch downstreamAnswers) {
    try {
        connections.acquire(); // a connection from the pool: most requests wait here
        try {
            callDownstream(downstreamAnswers);
        } finally {
            connections.release();
        }
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
    }
}

void callDownstream(CountDownLatch downstreamAnswers) throws InterruptedException {
    downstreamAnswers.await(); // the downstream hangs: these requests hold a connection and wait
}


/// The innermost frame of this program's own code, without its line: `Class.method`.
String ownFrame(List<?> stack) {
    for (var frame : stack)
        if (frame.toString().startsWith(OWN)) return frame.toString().replaceFirst("\\(.*", "");
    return stack.isEmpty() ? "(no stack)" : "(JDK code only) " + stack.getFirst().toString().replaceFirst("\\(.*", "");
}

/// The class of the object the thread is parked on, without its identity hash; "nothing" if none.
String blocker(Map<?, ?> thread) {
    if (!(thread.get("parkBlocker") instanceof Map<?, ?> blocker)) return "nothing";
    return blocker.get("object").toString().replaceFirst("@[0-9a-f]+$", "");
}

int requests(String[] args) {
    if (args.length == 0) return 2_000;
    boolean valid = args.length == 1 && args[0].matches("[0-9]{1,5}")
            && Integer.parseInt(args[0]) > CONNECTIONS && Integer.parseInt(args[0]) <= MAX_REQUESTS;
    if (!valid) {
        System.err.println(USAGE);
        System.exit(2);
    }
    return Integer.parseInt(args[0]);
}

/// The service's process, started as this JVM was started, with `service` for the arguments.
record Service(Process process, int port, Path folder) implements AutoCloseable {

    /// Started exactly as this JVM was, with `service` in place of this run's arguments.
    static Service start(String[] args) throws IOException {
        var self = ProcessHandle.current().info();
        List<String> ownArgs = List.of(self.arguments().orElseThrow(
                () -> new IllegalStateException("this OS does not show a process its own command line")));
        var command = new ArrayList<String>();
        command.add(self.command().orElseThrow());
        command.addAll(ownArgs.subList(0, ownArgs.size() - args.length));
        command.add("service");
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        var out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        if (first == null || !first.startsWith("port ")) {
            p.destroyForcibly();
            throw new IllegalStateException("the service did not start: " + first);
        }
        var service = new Service(p, Integer.parseInt(first.substring(5)), Files.createTempDirectory("service-dump-"));
        IO.println("service: pid " + service.pid() + ", port " + service.port() + ", its own JVM");
        return service;
    }

    long pid() {
        return process.pid();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    String get(String path) throws IOException, InterruptedException {
        try (var client = HttpClient.newHttpClient()) {
            return client.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString()).body();
        }
    }

    void awaitInside(int requests) throws IOException, InterruptedException {
        long until = System.nanoTime() + PATIENCE.toNanos();
        while (Integer.parseInt(get("/inside")) < requests) {
            if (System.nanoTime() > until) throw new IllegalStateException("not all requests arrived in " + PATIENCE.toSeconds() + " s");
            Thread.sleep(50);
        }
        IO.println(requests + " requests inside the service, none answered yet");
    }

    /// `jcmd PID Thread.dump_to_file -format=json FILE`, into a fresh folder.
    Path jcmdThreadDump() throws IOException, InterruptedException {
        Path file = folder.resolve("threads.json");
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        IO.println("jcmd " + pid() + " Thread.dump_to_file -format=json " + file.getFileName());
        var p = new ProcessBuilder(jcmd.toString(), String.valueOf(pid()), "Thread.dump_to_file", "-format=json", file.toString())
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.exists(file))
            throw new IllegalStateException("jcmd failed: " + said);
        IO.println(String.format(Locale.ROOT, "  %.1f MB of JSON", Files.size(file) / 1_048_576.0));
        return file;
    }

    /// The scheduler's counters, read over JMX from outside, as JConsole would: attach, start the
    /// local management agent, connect.
    void printScheduler() throws Exception {
        var vm = VirtualMachine.attach(String.valueOf(pid()));
        String address;
        try {
            address = vm.startLocalManagementAgent();
        } finally {
            vm.detach();
        }
        try (var jmx = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
            var scheduler = ManagementFactory.newPlatformMXBeanProxy(jmx.getMBeanServerConnection(),
                    "jdk.management:type=VirtualThreadScheduler", VirtualThreadSchedulerMXBean.class);
            IO.println("scheduler (JMX): parallelism " + scheduler.getParallelism()
                    + ", pool size " + scheduler.getPoolSize()
                    + ", mounted " + scheduler.getMountedVirtualThreadCount()
                    + ", queued " + scheduler.getQueuedVirtualThreadCount()
                    + "; this machine has " + Runtime.getRuntime().availableProcessors() + " cores");
        }
    }

    void letDownstreamAnswer() throws IOException, InterruptedException {
        get("/answer");
    }

    /// Closing its stdin stops the service; it is killed if it does not exit in time.
    @Override
    public void close() throws IOException, InterruptedException {
        process.getOutputStream().close();
        if (!process.waitFor(30, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
        Files.deleteIfExists(folder.resolve("threads.json")); // if a failure left them
        Files.deleteIfExists(folder);
    }
}

record Load(ExecutorService threads, HttpClient client, List<Future<Integer>> answers) implements AutoCloseable {

    static Load send(int port, int requests) {
        var threads = Executors.newVirtualThreadPerTaskExecutor();
        var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        var answers = new ArrayList<Future<Integer>>();
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/order")).build();
        for (int i = 0; i < requests; i++)
            answers.add(threads.submit(() -> client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode()));
        return new Load(threads, client, answers);
    }

    /// How many requests were answered 200.
    int awaitAll() throws InterruptedException, ExecutionException {
        int ok = 0;
        for (var a : answers) if (a.get() == 200) ok++;
        return ok;
    }

    @Override
    public void close() {
        threads.shutdownNow();
        threads.close();
        client.close();
    }
}

static void reply(com.sun.net.httpserver.HttpExchange exchange, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(200, bytes.length);
    try (var out = exchange.getResponseBody()) {
        out.write(bytes);
    }
}

/// A reader of standard JSON (RFC 8259): objects become maps, arrays lists, numbers and
/// strings themselves. Enough for a thread dump; it refuses what it does not understand.
static final class Json {
    private final String text;
    private int at;

    Json(String text) {
        this.text = text;
    }

    Object value() {
        Object v = read();
        space();
        if (at != text.length()) throw error("text after the value");
        return v;
    }

    private Object read() {
        space();
        if (at >= text.length()) throw error("end of text");
        char c = text.charAt(at);
        switch (c) {
            case '{' -> {
                at++;
                var map = new LinkedHashMap<String, Object>();
                space();
                if (peek('}')) return map;
                do {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    map.put(key, read());
                    space();
                } while (peek(','));
                expect('}');
                return map;
            }
            case '[' -> {
                at++;
                var list = new ArrayList<Object>();
                space();
                if (peek(']')) return list;
                do list.add(read()); while (skipSpaceThen(','));
                expect(']');
                return list;
            }
            case '"' -> { return string(); }
            default -> {
                if (text.startsWith("true", at)) { at += 4; return true; }
                if (text.startsWith("false", at)) { at += 5; return false; }
                if (text.startsWith("null", at)) { at += 4; return null; }
                int start = at;
                while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
                if (start == at) throw error("unexpected '" + c + "'");
                return new java.math.BigDecimal(text.substring(start, at));
            }
        }
    }

    private String string() {
        expect('"');
        var s = new StringBuilder();
        while (true) {
            if (at >= text.length()) throw error("unterminated string");
            char c = text.charAt(at++);
            if (c == '"') return s.toString();
            if (c != '\\') { s.append(c); continue; }
            char e = text.charAt(at++);
            switch (e) {
                case 'n' -> s.append('\n');
                case 't' -> s.append('\t');
                case 'r' -> s.append('\r');
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'u' -> { s.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; }
                default -> s.append(e); // \" \\ \/
            }
        }
    }

    private boolean skipSpaceThen(char c) {
        space();
        return peek(c);
    }

    private boolean peek(char c) {
        if (at < text.length() && text.charAt(at) == c) { at++; return true; }
        return false;
    }

    private void expect(char c) {
        if (!peek(c)) throw error("expected '" + c + "'");
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at character " + at);
    }
}

void deleteDump(Path dump) throws IOException {
    Files.delete(dump);
    Files.delete(dump.getParent());
    IO.println("dump deleted: " + !Files.exists(dump.getParent()));
}
// @end
