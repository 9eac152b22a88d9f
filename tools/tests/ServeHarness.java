package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import java.util.concurrent.*;
import java.util.regex.*;
import org.junit.jupiter.api.*;

/// Live mode (`./build.sh serve`) under test: a small course of the test's own in a temporary
/// folder (so the real lessons may be half-written, and edits for the reload tests touch
/// nothing real), the server started on it the way an instructor starts it, and clients for
/// its pages, its plain HTTP and its event streams. The Serve*Test classes use it; it holds
/// no tests itself.
final class ServeHarness {
    private ServeHarness() {}

    // ---- a course of our own -----------------------------------------------------------------

    /// A temporary course: the real build.sh, ./jbang and tools/, with a lesson, programs, an
    /// exercise and a catalog written here, and a `.cache` of its own (Temp.ownCache), so a
    /// server under test never writes into the real repo's cache.
    static final class Repo {
        private Repo() {}

        static Path main() { return Proc.ROOT; }

        /// JBang's home in a course folder (./jbang's default, said out loud in case the
        /// test JVM's environment names another).
        static Map<String, String> env(Path root) {
            return Map.of("JBANG_DIR", root.resolve(".cache/jbang-home").toString());
        }

        static final String HEADER = "///usr/bin/env jbang \"$0\" \"$@\" ; exit $?\n//JAVA 25+\n\n";

        static final Map<String, String> FILES = new LinkedHashMap<>();
        static {
            FILES.put("programs/Ticker.java", HEADER + """
                    // Prints N numbered lines, one every MS milliseconds, and a line to stderr.
                    void main(String[] args) throws InterruptedException {
                        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
                        int ms = args.length > 1 ? Integer.parseInt(args[1]) : 300;
                        IO.println("ticker: " + n + " ticks every " + ms + " ms");
                        System.err.println("ticker: a line on stderr");
                        for (int i = 1; i <= n; i++) {
                            Thread.sleep(ms);
                            IO.println("tick " + i);
                        }
                    }
                    """);
            FILES.put("programs/Spin.java", HEADER + """
                    // Keeps every core busy for S seconds (at most 30).
                    void main(String[] args) throws InterruptedException {
                        int seconds = Math.min(30, args.length > 0 ? Integer.parseInt(args[0]) : 5);
                        int threads = 2 * Runtime.getRuntime().availableProcessors();
                        IO.println("spin: " + threads + " threads for " + seconds + " s");
                        long end = System.nanoTime() + seconds * 1_000_000_000L;
                        var all = new ArrayList<Thread>();
                        for (int t = 0; t < threads; t++)
                            all.add(Thread.ofPlatform().start(() -> { long x = 0; while (System.nanoTime() < end) x += x * 31 + 7; if (x == 42) IO.println(x); }));
                        for (Thread t : all) t.join();
                        IO.println("spin: done");
                    }
                    """);
            FILES.put("programs/Spew.java", HEADER + """
                    // Prints about 2 MB: 20,000 lines of 100 characters.
                    void main() {
                        String pad = "x".repeat(90);
                        for (int i = 0; i < 20_000; i++) IO.println(String.format("%08d %s", i, pad));
                        IO.println("spew: done");
                    }
                    """);
            FILES.put("programs/Family.java", HEADER + """
                    // Starts a child process (sleep 30), prints its pid, then waits 30 s itself.
                    void main() throws Exception {
                        Process child = new ProcessBuilder("sleep", "30").start();
                        IO.println("child pid " + child.pid());
                        Thread.sleep(30_000);
                        IO.println("family: done");
                    }
                    """);
            FILES.put("programs/Args.java", HEADER + """
                    // Prints each argument between brackets.
                    void main(String[] args) {
                        IO.println("args: " + args.length + ", live.test=" + System.getProperty("live.test"));
                        for (String a : args) IO.println("[" + a + "]");
                    }
                    """);
            FILES.put("exercises/solutions/Echo.java", HEADER + """
                    void main() {
                        // exercise: IO.println("echo: as shipped");
                        IO.println("echo: solved");
                        // end exercise
                    }
                    """);
            // The working copy, as a student might have left it: live mode must not run this.
            FILES.put("exercises/Echo.java", HEADER + """
                    void main() {
                        IO.println("echo: working copy");
                    }
                    """);
            FILES.put("exercises/HINTS.md", """
                    # Exercise hints

                    ## echo

                    - lesson: live
                    - practises: Printing one line.

                    1. Print it.
                    """);
            FILES.put("jbang-catalog.json", """
                    {
                      "aliases": {
                        "ticker": { "script-ref": "programs/Ticker.java", "description": "ticks" },
                        "spin": { "script-ref": "programs/Spin.java", "description": "busy cores" },
                        "spew": { "script-ref": "programs/Spew.java", "description": "lots of output" },
                        "family": { "script-ref": "programs/Family.java", "description": "a child process" },
                        "args": { "script-ref": "programs/Args.java", "description": "prints its arguments", "runtime-options": ["-Dlive.test=yes"] },
                        "echo": { "script-ref": "exercises/Echo.java", "description": "an exercise" },
                        "echo-solution": { "script-ref": "exercises/solutions/Echo.java", "description": "its solution" },
                        "check": { "script-ref": "tools/Check.java", "description": "the checker" }
                      }
                    }
                    """);
            FILES.put("lessons/01-live.md", lesson());
        }

        static String lesson() {
            return """
                ---
                title: Live
                program: ticker
                runs:
                  - id: ticker-3
                    alias: ticker
                    args: [3, 300]
                  - id: ticker-long
                    alias: ticker
                    args: [300, 100]
                  - id: ticker-wrapped
                    alias: ticker
                    args: [1]
                    wrapper: [setpriv, --reuid=65534]
                  - id: spin-6
                    alias: spin
                    args: [6]
                  - id: spew
                    alias: spew
                  - id: family
                    alias: family
                  - id: args-odd
                    alias: args
                    args: ["a;b", "$(touch pwned)", "--x", "c d", "`touch pwned2`", "|", ">out"]
                  - id: args-flag
                    alias: args
                    args: [x]
                    java-options: [-Dlive.test=flag]
                  - id: echo
                    alias: echo
                  - id: check-all
                    alias: check
                    args: [--reset, --all]
                ---
                A lesson for the live-mode tests.

                {{program}}

                {{program spin}}

                {{program spew}}

                {{program family}}

                {{program args}}
                """;
        }

        /// A fresh course in a temporary folder; the server that serves it deletes it.
        static Path create() throws IOException {
            Path root = Files.createTempDirectory("live-course");
            try {
                fill(root);
            } catch (IOException | RuntimeException e) {
                Temp.delete(root);
                throw e;
            }
            return root;
        }

        private static boolean serverCompiled;

        /// Has JBang compile the live server once in the real repo, whose cache every copy is
        /// seeded from: otherwise each copy compiles it again (a minute each on a busy machine),
        /// and which test class first ran `./build.sh serve` there would decide.
        private static synchronized void compileTheServerOnce() {
            if (serverCompiled) return;
            Proc.run(main(), env(main()), Proc.HangLimit.ofMinutes(5), List.of("./build.sh", "serve", "--help"));
            serverCompiled = true;
        }

        private static void fill(Path root) throws IOException {
            compileTheServerOnce();
            Path main = main();
            for (String f : List.of("build.sh", "jbang")) kit.Trees.copy(main.resolve(f), root.resolve(f));
            try (var s = Files.list(main.resolve("tools"))) {
                for (Path p : s.toList()) {
                    String name = p.getFileName().toString();
                    if (!name.equals("node_modules") && !name.equals("screenshots"))   // what a browser test may leave
                        kit.Trees.copy(p, root.resolve("tools").resolve(name));
                }
            }
            // The real course's wrong fixes are of its exercises, not of this course's: the build
            // would refuse them.
            kit.Trees.delete(root.resolve(course.WrongFixes.DIR));
            // The JBang jar and compiled tools, copied: nothing is fetched or compiled again,
            // and nothing is shared with the real repo.
            Temp.ownCache(root);
            for (var e : FILES.entrySet()) {
                Path p = root.resolve(e.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, e.getValue());
            }
            Files.createDirectories(root.resolve("recordings"));
        }
    }

    // ---- the server, as a child process --------------------------------------------------------

    /// `./build.sh serve --port 0 [flags]` in a course folder. Closing it stops the server,
    /// checks that every program it started has ended, and deletes the folder.
    static final class Server implements AutoCloseable {
        static final Pattern URL = Pattern.compile("serving http://[^:]+:(\\d+)/");
        static final Pattern STARTED = Pattern.compile("started \\(pid (\\d+)\\)");

        final Path root;
        final Process process;
        final int port;
        private final Log log;

        private Server(Path root, Process process, int port, Log log) {
            this.root = root;
            this.process = process;
            this.port = port;
            this.log = log;
        }

        /// Starts the server on `root`; if it does not start, deletes `root` and fails.
        static Server start(Path root, String... flags) throws IOException, InterruptedException {
            Process p;
            try {
                var cmd = new ArrayList<>(List.of("./build.sh", "serve", "--port", "0", "--poll", "200"));
                cmd.addAll(List.of(flags));
                var pb = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true);
                pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
                pb.environment().putAll(Repo.env(root));
                p = pb.start();
                p.getOutputStream().close();
            } catch (IOException | RuntimeException e) {
                Temp.delete(root);
                throw e;
            }
            var portFound = new CompletableFuture<Integer>();
            var log = new Log();
            Thread.ofVirtual().start(() -> {
                try (var r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        log.add(line);
                        Matcher m = URL.matcher(line);
                        if (m.find()) portFound.complete(Integer.parseInt(m.group(1)));
                    }
                } catch (IOException e) { /* the server ended */ }
                portFound.complete(-1);
            });
            int port;
            try {
                port = portFound.get(Waits.HUNG.toMinutes(), TimeUnit.MINUTES); // the first time, JBang compiles the server
            } catch (ExecutionException | TimeoutException e) {
                port = -1;
            }
            if (port < 0) {
                stopTree(p);
                Temp.delete(root);
                fail("the server did not start:\n" + log);
            }
            return new Server(root, p, port, log);
        }

        /// The server's output so far. To see a line the server is about to print, awaitLog it.
        String log() {
            return log.toString();
        }

        /// Waits until the log matches `regex` (woken by each new line), failing after `timeout`.
        String awaitLog(String regex, Duration timeout) throws InterruptedException {
            var p = Pattern.compile(regex);
            String found = log.await(text -> {
                Matcher m = p.matcher(text);
                return m.find() ? m.group() : null;
            }, timeout);
            if (found == null) fail("the log never matched /" + regex + "/ within " + timeout.toMillis() + " ms:\n" + log);
            return found;
        }

        /// Pids of every program the server started.
        List<Long> startedPids() {
            var out = new ArrayList<Long>();
            Matcher m = STARTED.matcher(log.toString());
            while (m.find()) out.add(Long.parseLong(m.group(1)));
            return out;
        }

        /// The server's JVM: `./build.sh serve` execs it, so it is the process the test started.
        ProcessHandle jvm() {
            assertTrue(process.info().command().map(c -> c.endsWith("/java")).orElse(false),
                    "./build.sh serve did not become the server's JVM: " + process.info().command().orElse("?"));
            return process.toHandle();
        }

        /// Processes the server's JVM has started and that still run.
        long programsRunning() {
            return jvm().descendants().filter(ProcessHandle::isAlive).count();
        }

        Raw.Response get(String path) throws IOException {
            return Raw.request("127.0.0.1", port, "GET", path, Map.of(), null);
        }

        Raw.Response request(String method, String path, Map<String, String> headers, String body) throws IOException {
            return Raw.request("127.0.0.1", port, method, path, headers, body);
        }

        /// POST a run id the way live.js does, from page `client`.
        Raw.Response post(String what, String client, String id) throws IOException {
            return request("POST", "/__live/" + what, Map.of("Origin", "http://127.0.0.1:" + port, "X-Live-Client", client,
                    "Content-Type", "text/plain"), id);
        }

        Events events() throws IOException {
            return Events.open(port);
        }

        @Override
        public void close() throws Exception {
            stopTree(process);
            var alive = log.started().stream().filter(ProcessHandle::isAlive).toList();
            alive.forEach(ProcessHandle::destroyForcibly);
            Temp.delete(root);
            assertEquals(List.of(), alive.stream().map(ProcessHandle::pid).toList(), "programs still running after the server stopped");
        }

        /// SIGTERM to `./build.sh serve`, which is the server's JVM once it runs (its shutdown
        /// hook ends its programs), as `kill PID` from a shell; then SIGKILL to what is left.
        static void stopTree(Process p) {
            var tree = p.descendants().toList();
            p.destroy();
            try {
                if (!p.waitFor(Waits.HUNG.toSeconds(), TimeUnit.SECONDS)) p.destroyForcibly().waitFor(Waits.HUNG.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
    }

    /// The server's output, line by line; a reader waits for what it expects, woken by each line.
    static final class Log {
        private final StringBuilder text = new StringBuilder();
        private final List<ProcessHandle> started = new ArrayList<>();

        /// Keeps the line; for a "started (pid N)" line, also a handle on that process taken
        /// now, while it runs. A handle taken later by pid could name another process: the
        /// kernel reuses pids (32,768 of them here), and the other test classes running beside
        /// this one start threads and processes by the thousand.
        synchronized void add(String line) {
            text.append(line).append('\n');
            Matcher m = Server.STARTED.matcher(line);
            while (m.find()) ProcessHandle.of(Long.parseLong(m.group(1))).ifPresent(started::add);
            notifyAll();
        }

        /// The processes the server said it started, as handles taken when it said so.
        synchronized List<ProcessHandle> started() { return List.copyOf(started); }

        /// Applies `look` to the text so far, and again after each new line, until it returns
        /// something other than null or the timeout passes (then null).
        synchronized <T> T await(java.util.function.Function<String, T> look, Duration timeout) throws InterruptedException {
            long end = System.nanoTime() + timeout.toNanos();
            for (T found; ; ) {
                if ((found = look.apply(text.toString())) != null) return found;
                long left = end - System.nanoTime();
                if (left <= 0) return null;
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        @Override
        public synchronized String toString() { return text.toString(); }
    }

    // ---- HTTP, byte for byte -----------------------------------------------------------------

    /// Requests written by hand, so a test can send any Host, path or body it likes.
    static final class Raw {
        private Raw() {}

        record Response(int status, Map<String, String> headers, String body) {
            @Override public String toString() { return status + " " + body; }
        }

        static Response request(String host, int port, String method, String target, Map<String, String> headers, String body) throws IOException {
            var h = new LinkedHashMap<String, String>();
            h.put("Host", "127.0.0.1:" + port);
            h.putAll(headers);
            h.put("Connection", "close");
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            if (body != null && !h.containsKey("Transfer-Encoding") && !h.containsKey("Content-Length")) h.put("Content-Length", Integer.toString(bytes.length));
            var req = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
            for (var e : h.entrySet()) if (e.getValue() != null) req.append(e.getKey()).append(": ").append(e.getValue()).append("\r\n");
            req.append("\r\n");
            try (var s = new Socket(host, port)) {
                s.setSoTimeout((int) Waits.HUNG.toMillis());
                var out = s.getOutputStream();
                out.write(req.toString().getBytes(StandardCharsets.ISO_8859_1));
                out.write(bytes);
                out.flush();
                // Read the head, then Content-Length bytes (the server may still be reading a
                // body it refused, so the end of the connection can come later).
                var in = new BufferedInputStream(s.getInputStream());
                var head = new ByteArrayOutputStream();
                while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                    int c = in.read();
                    if (c < 0) fail("no complete response head: " + head);
                    head.write(c);
                }
                String[] lines = head.toString(StandardCharsets.ISO_8859_1).strip().split("\r\n");
                int status = Integer.parseInt(lines[0].split(" ")[1]);
                var got = new TreeMap<String, String>(String.CASE_INSENSITIVE_ORDER);
                for (int i = 1; i < lines.length; i++) {
                    int c = lines[i].indexOf(':');
                    got.put(lines[i].substring(0, c).strip(), lines[i].substring(c + 1).strip());
                }
                String length = got.get("Content-Length");
                byte[] bodyBytes = method.equals("HEAD") ? new byte[0]
                        : length != null ? in.readNBytes(Integer.parseInt(length)) : in.readAllBytes();
                return new Response(status, got, new String(bodyBytes, StandardCharsets.UTF_8));
            }
        }
    }

    /// One page's event stream, read from a socket: closing it is closing the tab.
    static final class Events implements AutoCloseable {
        record Event(String name, String data, long nanos) {
            /// A string field of the JSON data (enough JSON for these tests).
            String string(String key) {
                Matcher m = Pattern.compile("\"" + key + "\":\"((?:[^\"\\\\]++|\\\\.)*+)\"").matcher(data);
                if (!m.find()) return null;
                return m.group(1).replace("\\n", "\n").replace("\\\"", "\"").replace("\\u003c", "<").replace("\\u003e", ">")
                        .replace("\\u0026", "&").replace("\\t", "\t").replace("\\\\", "\\");
            }

            long number(String key) {
                Matcher m = Pattern.compile("\"" + key + "\":(-?\\d+)").matcher(data);
                assertTrue(m.find(), "no number " + key + " in " + data);
                return Long.parseLong(m.group(1));
            }
        }

        static final Set<String> RUN_EVENTS = Set.of("start", "out", "note", "end");

        private final Socket socket;
        private final List<Event> all = new CopyOnWriteArrayList<>();
        private int cursor;

        private Events(Socket socket) {
            this.socket = socket;
        }

        static Events open(int port) throws IOException {
            var s = new Socket("127.0.0.1", port);
            s.getOutputStream().write(("GET /__live/events HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            var e = new Events(s);
            Thread.ofVirtual().start(e::read);
            return e;
        }

        private void read() {
            try {
                var in = new BufferedInputStream(socket.getInputStream());
                String status = line(in);
                if (!status.contains(" 200 ")) { add(new Event("http-error", status, System.nanoTime())); return; }
                while (!line(in).isEmpty()) { /* headers */ }
                var text = new StringBuilder();
                while (true) {
                    int size = Integer.parseInt(line(in).strip(), 16);
                    if (size == 0) return;
                    text.append(new String(in.readNBytes(size), StandardCharsets.UTF_8));
                    line(in);
                    for (int end; (end = text.indexOf("\n\n")) >= 0; ) {
                        String block = text.substring(0, end);
                        text.delete(0, end + 2);
                        String name = "message", data = null;
                        for (String l : block.split("\n")) {
                            if (l.startsWith("event: ")) name = l.substring(7);
                            if (l.startsWith("data: ")) data = l.substring(6);
                        }
                        if (data != null) add(new Event(name, data, System.nanoTime()));
                    }
                }
            } catch (IOException | RuntimeException e) {
                add(new Event("closed", String.valueOf(e), System.nanoTime()));
            }
        }

        private synchronized void add(Event e) {
            all.add(e);
            notifyAll();
        }

        /// Applies `look` now and after each new event until it returns something other than
        /// null, or the timeout passes (then null).
        private synchronized <T> T await(java.util.function.Supplier<T> look, Duration timeout) throws InterruptedException {
            long end = System.nanoTime() + timeout.toNanos();
            for (T found; ; ) {
                if ((found = look.get()) != null) return found;
                long left = end - System.nanoTime();
                if (left <= 0) return null;
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        private static String line(InputStream in) throws IOException {
            var b = new ByteArrayOutputStream();
            for (int c; (c = in.read()) != '\n'; ) {
                if (c < 0) throw new EOFException();
                if (c != '\r') b.write(c);
            }
            return b.toString(StandardCharsets.UTF_8);
        }

        /// The next event called `name` after the ones already taken, waiting up to `timeout`.
        Event next(String name, Duration timeout) throws InterruptedException {
            Event found = await(() -> {
                for (int i = cursor; i < all.size(); i++)
                    if (all.get(i).name().equals(name)) { cursor = i + 1; return all.get(i); }
                return null;
            }, timeout);
            if (found != null) return found;
            fail("no '" + name + "' event within " + timeout.toMillis() + " ms; got " + all.stream().map(Event::name).toList());
            return null;
        }

        /// Every event so far.
        List<Event> all() { return List.copyOf(all); }

        /// The page's token, from its hello.
        String client() throws InterruptedException {
            for (Event e : all) if (e.name().equals("hello")) return e.string("client");
            return next("hello", Waits.HUNG).string("client");
        }

        /// Makes next() look only at events that come after now.
        void skipAll() { cursor = all.size(); }

        /// Where the stream is now: pass it to untilEnd to see only what comes after.
        int mark() { return all.size(); }

        /// Every event about one alias after `mark`, until (and with) its end event.
        List<Event> untilEnd(String alias, int mark, Duration timeout) throws InterruptedException {
            List<Event> found = await(() -> {
                var mine = all.subList(mark, all.size()).stream()
                        .filter(e -> RUN_EVENTS.contains(e.name()) && alias.equals(e.string("alias"))).toList();
                return mine.stream().anyMatch(e -> e.name().equals("end")) ? mine : null;
            }, timeout);
            if (found != null) return found;
            fail("no end of " + alias + " within " + timeout.toMillis() + " ms; got " + all.subList(mark, all.size()));
            return null;
        }

        /// The first event named `name` about `alias` after `mark`, waiting up to `timeout`.
        Event first(String name, String alias, int mark, Duration timeout) throws InterruptedException {
            Event found = await(() -> {
                for (int i = mark; i < all.size(); i++) {
                    Event e = all.get(i);
                    if (e.name().equals(name) && alias.equals(e.string("alias"))) return e;
                }
                return null;
            }, timeout);
            if (found != null) return found;
            fail("no " + name + " of " + alias + " within " + timeout.toMillis() + " ms; got " + all.subList(mark, all.size()));
            return null;
        }

        /// The output text of an alias's run, stdout and stderr as they arrived.
        static String output(List<Event> events) {
            var b = new StringBuilder();
            for (Event e : events) if (e.name().equals("out")) b.append(e.string("text"));
            return b.toString();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
