///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold what it does; the import, the caps, the timeouts, the shared counters

// An echo server with a thread per connection, on virtual or platform threads.
// Clients connect, send a line, stay connected until all of them are, then read
// the echo. While every connection is held, the program counts the threads.

import java.lang.management.ManagementFactory;

static final int MAX_CLIENTS = 5_000;   // a cap: each client costs two file descriptors
static final int BACKLOG = MAX_CLIENTS; // room for every client not yet accepted
static final Duration HOLD = Duration.ofSeconds(1);
static final Duration PATIENCE = Duration.ofSeconds(30); // every wait in the program gives up after this
static final String USAGE = "usage: echo [virtual|platform] [clients]  (clients 1.." + MAX_CLIENTS + ", default virtual 2000)";

final AtomicInteger connections = new AtomicInteger();  // open on the server side
final AtomicInteger sent = new AtomicInteger();         // clients connected, their line sent
final Queue<String> clientFailures = new ConcurrentLinkedQueue<>(); // what went wrong, one entry per client
final Queue<String> serverFailures = new ConcurrentLinkedQueue<>(); // one per connection the server lost
final AtomicLong slowestConnectNanos = new AtomicLong();
volatile IOException acceptFailure;                     // why the server stopped accepting, if it did

// @end
void main(String[] args) throws Exception {
    // @fold reading the arguments and checking the file-descriptor limit
    String kind = args.length > 0 ? args[0] : "virtual";
    int clients = args.length > 1 ? number(args[1]) : 2_000;
    if (args.length > 2 || !(kind.equals("virtual") || kind.equals("platform")) || clients < 1 || clients > MAX_CLIENTS) {
        System.err.println(USAGE);
        System.exit(2);
    }
    requireFileDescriptors(clients);
    // @end
    Thread.Builder threads = kind.equals("virtual")
            ? Thread.ofVirtual() : Thread.ofPlatform();
    // @fold the server socket, the accept loop, the clients, the counts, the time

    platformThreads(); // loads the management library now, while a file descriptor is still free
    var echoed = new AtomicInteger(); // clients that read back the line they sent
    long start = System.nanoTime();
    var loopback = InetAddress.getLoopbackAddress();
    try (var server = new ServerSocket(0, BACKLOG, loopback)) {
        IO.println("echo server on " + server.getLocalSocketAddress()
                + ", one " + kind + " thread per connection");
        threads.start(() -> acceptLoop(server, threads));

        var release = new CountDownLatch(1); // connected clients wait here, so that all are connected at once
        try (var clientThreads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < clients; i++) {
                String line = "hello from client " + i;
                clientThreads.execute(() -> client(server.getLocalPort(), line, release, echoed));
            }
            // wait until each client has sent its line or failed, and the server has accepted each that sent
            while ((sent.get() + clientFailures.size() < clients || connections.get() < sent.get())
                    && acceptFailure == null && System.nanoTime() - start < PATIENCE.toNanos())
                Thread.sleep(10);
            if (acceptFailure != null) server.close(); // resets the connections it never accepted
            long connectedMs = (System.nanoTime() - start) / 1_000_000;
            IO.println((sent.get() == clients ? "all " + clients : "only " + sent.get() + " of " + clients)
                    + " clients connected in " + connectedMs + " ms, slowest connect "
                    + slowestConnectNanos.get() / 1_000_000 + " ms");

            int mostPlatformThreads = 0, mostOsThreads = 0, heldConnections = 0;
            long deadline = System.nanoTime() + HOLD.toNanos();
            while (System.nanoTime() < deadline) { // sample while every connection is held open
                mostPlatformThreads = Math.max(mostPlatformThreads, platformThreads());
                mostOsThreads = Math.max(mostOsThreads, (int) fromProcStatus("Threads:"));
                heldConnections = Math.max(heldConnections, connections.get());
                Thread.sleep(50);
            }
            long rssKb = fromProcStatus("VmRSS:");
            IO.println("while " + heldConnections + " connections were held: " + mostPlatformThreads
                    + " platform threads, " + orNa(mostOsThreads) + " OS threads, RSS "
                    + orNa(rssKb < 0 ? -1 : rssKb / 1024) + " MB"); // MB: 1,048,576 bytes, as in every lesson
            release.countDown();
        } // close() waits for every client to read its echo and hang up
        // each server thread ends when its client hangs up: wait for them, so that their failures count too
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (connections.get() > 0 && System.nanoTime() < deadline) Thread.sleep(10);
        IO.println("echoes read back: " + echoed.get() + " of " + clients
                + ", client failures: " + clientFailures.size());
        if (!clientFailures.isEmpty()) IO.println("the first client failure: " + clientFailures.peek());
        if (connections.get() > 0) serverFailures.add(connections.get() + " connections still open after "
                + PATIENCE.toSeconds() + " s");
        if (!serverFailures.isEmpty()) IO.println("server failures: " + serverFailures.size()
                + ", the first: " + serverFailures.peek());
    } // closing the server socket ends the accept loop
    IO.println("wall time " + (System.nanoTime() - start) / 1_000_000 + " ms");
    boolean failed = acceptFailure != null || !clientFailures.isEmpty() || !serverFailures.isEmpty();
    if (failed || echoed.get() != clients) System.exit(1);
}

// @end
/// Server side: accept until the socket closes; a thread per connection.
void acceptLoop(ServerSocket server, Thread.Builder threads) {
    try {
        while (true) {
            Socket socket = server.accept();
            threads.start(() -> echo(socket));
        }
    // @fold a failed accept, such as too many open files, stops the server
    } catch (IOException e) {
        if (server.isClosed()) return; // closed by main: the program is ending
        acceptFailure = e; // anything else, such as "Too many open files" (EMFILE), stops the server
        IO.println("server: accept failed, no more connections accepted: " + e);
    }
    // @end
}

/// Server side: echo every line until the client hangs up.
void echo(Socket socket) {
    connections.incrementAndGet();
    try (socket;
         var in = new BufferedReader(new InputStreamReader(socket.getInputStream()));
         var out = new PrintWriter(socket.getOutputStream(), true)) {
        socket.setSoTimeout((int) PATIENCE.toMillis());
        for (String line; (line = in.readLine()) != null; ) out.println(line);
    // @fold a failed connection, counted; the client; the thread counts; /proc
    } catch (IOException e) {
        serverFailures.add(e.toString()); // such as a read that timed out, or a reset from the client
    } finally {
        connections.decrementAndGet();
    }
}


/// Client side: connect, send a line, stay connected until released, read the echo.
/// A failure, such as a refused connection, "Too many open files" or a wrong echo, is kept to be counted.
void client(int port, String line, CountDownLatch release, AtomicInteger echoed) {
    try (var socket = new Socket()) {
        long t0 = System.nanoTime();
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), (int) PATIENCE.toMillis());
        slowestConnectNanos.accumulateAndGet(System.nanoTime() - t0, Math::max);
        socket.setSoTimeout((int) PATIENCE.toMillis());
        var in = new BufferedReader(new InputStreamReader(socket.getInputStream()));
        var out = new PrintWriter(socket.getOutputStream(), true);
        out.println(line);
        sent.incrementAndGet();
        if (!release.await(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
            clientFailures.add("not released within " + PATIENCE.toSeconds() + " s");
            return;
        }
        String echo = in.readLine(); // null: the server hung up without an echo
        if (line.equals(echo)) echoed.incrementAndGet();
        else clientFailures.add("sent '" + line + "', read back " + (echo == null ? "nothing" : "'" + echo + "'"));
    } catch (IOException | InterruptedException e) {
        clientFailures.add(e.toString());
    } // closing the socket ends the server's thread for this connection
}

/// Live platform threads; ThreadMXBean does not count virtual threads.
int platformThreads() {
    return ManagementFactory.getThreadMXBean().getThreadCount();
}

/// `2000`, `2,000` or `2_000` as a number; -1 if it is not one (main checks the range).
int number(String text) {
    String digits = text.replace(",", "").replace("_", "");
    return digits.matches("[0-9]{1,9}") ? Integer.parseInt(digits) : -1;
}

// ---- Linux plumbing: the file-descriptor limit, threads and resident memory, read from /proc ----

static final int JVM_FILE_DESCRIPTORS = 100; // jars, the JIT, pollers, stdio: a generous allowance

/// Every connection in this one process is two sockets: the client's end and the server's.
void requireFileDescriptors(int clients) throws IOException {
    Path limits = Path.of("/proc/self/limits");
    if (!Files.isReadable(limits)) {
        IO.println("file descriptors: limit not checked (no /proc/self/limits: not Linux)");
        return;
    }
    long needed = 2L * clients + JVM_FILE_DESCRIPTORS;
    long limit = Files.readAllLines(limits).stream()
            .filter(l -> l.startsWith("Max open files"))
            .map(l -> l.split("\\s+")[3]) // the soft limit, the one that applies
            .mapToLong(v -> v.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(v))
            .findFirst().orElse(Long.MAX_VALUE);
    if (limit < needed) {
        System.err.println("echo: " + clients + " connections need about " + needed + " file descriptors (2 per connection + "
                + JVM_FILE_DESCRIPTORS + " for the JVM), but this process may open only " + limit
                + ". Raise the limit (ulimit -n " + needed + ") or run fewer clients.");
        System.exit(2);
    }
    IO.println("file descriptors: about " + needed + " needed, limit " + (limit == Long.MAX_VALUE ? "unlimited" : limit));
}

/// A number from /proc/self/status: "Threads:" (OS threads of this process) or "VmRSS:" (KB); -1 if not Linux.
long fromProcStatus(String field) {
    try {
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith(field))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")))
                .findFirst().orElse(-1);
    } catch (IOException e) {
        return -1;
    }
}

String orNa(long value) {
    return value < 0 ? "n/a" : String.valueOf(value);
}
// @end
