///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

import java.lang.management.ManagementFactory;

// A chat server on 127.0.0.1. Each client connects, says hello, and stays connected until it
// hangs up; the server echoes every line it reads, for as long as the client stays. 300
// clients are connected at once. As written, the server keeps each connection on one of a
// pool's 100 platform threads for as long as the connection lasts, and forgets to give the
// connection back when its client hangs up. Change the server so that every connected client
// is answered, the server adds next to no platform threads, and every connection is closed
// once its client has hung up.

// ---- your part: change only from here to its end ----
// exercise: final ExecutorService connectionThreads = Executors.newFixedThreadPool(100);
// exercise:
// exercise: /// The accept loop: it runs until the server socket is closed.
// exercise: void acceptAll(ServerSocket server) throws IOException {
// exercise:     while (true) {
// exercise:         Socket connection = accept(server);
// exercise:         connectionThreads.submit(() -> serve(connection));
// exercise:     }
// exercise: }
// exercise:
// exercise: /// One connection, for its whole life: each line read is answered, until the client hangs up.
// exercise: void serve(Socket connection) {
// exercise:     try {
// exercise:         var in = new BufferedReader(new InputStreamReader(connection.getInputStream()));
// exercise:         var out = new PrintWriter(connection.getOutputStream(), true);
// exercise:         for (String line; (line = in.readLine()) != null; ) out.println(reply(line));
// exercise:     } catch (IOException e) {
// exercise:         // the connection broke
// exercise:     }
// exercise: }
/// The accept loop: it runs until the server socket is closed.
void acceptAll(ServerSocket server) throws IOException {
    var connectionThread = Thread.ofVirtual().name("connection-", 0);
    while (true) {
        Socket connection = accept(server);
        connectionThread.start(() -> serve(connection));   // a thread of its own, for as long as it stays
    }
}

/// One connection, for its whole life: each line read is answered, until the client hangs up
/// (readLine returns null); then its socket, a file descriptor, is given back.
void serve(Socket connection) {
    try (connection) {
        var in = new BufferedReader(new InputStreamReader(connection.getInputStream()));
        var out = new PrintWriter(connection.getOutputStream(), true);
        for (String line; (line = in.readLine()) != null; ) out.println(reply(line));
    } catch (IOException e) {
        // the connection broke: it is closed all the same
    }
}
// end exercise
// ---- end of your part ----

// ---- Checking your work: no need to read past this line. ----

final int CLIENTS = 300;
/// Platform threads the server may add: the virtual threads' carriers (one per core), and a few more.
final int SPARE_PLATFORM_THREADS = Runtime.getRuntime().availableProcessors() + 16;

final Queue<Socket> serverSide = new ConcurrentLinkedQueue<>();   // every connection accepted
final Set<Thread> servingThreads = ConcurrentHashMap.newKeySet();   // the threads that answered
final Set<Integer> resetPorts = ConcurrentHashMap.newKeySet();   // the clients that reset their connection, by port
volatile Exception acceptFailure;

/// The server's accept, noted so that the checks can see whether each connection was closed.
Socket accept(ServerSocket server) throws IOException {
    Socket connection = server.accept();
    serverSide.add(connection);
    return connection;
}

/// The server's answer to one line, noting the thread that gave it.
String reply(String line) {
    servingThreads.add(Thread.currentThread());
    return "echo " + line;
}

void main() throws Exception {
    var threads = ManagementFactory.getThreadMXBean();
    try (var server = new ServerSocket(0, CLIENTS, InetAddress.getLoopbackAddress())) {
        int platformBefore = threads.getThreadCount();
        Thread.ofVirtual().start(() -> {
            try {
                acceptAll(server);
            } catch (Exception e) {
                if (!server.isClosed()) acceptFailure = e;   // a failed accept ("Too many open files"), not main closing it
            }
        });
        var echoed = new AtomicInteger();
        var allAsked = new CountDownLatch(CLIENTS);
        var hangUp = new CountDownLatch(1);
        var clients = new ArrayList<Thread>();
        for (int i = 0; i < CLIENTS; i++) {
            int client = i;
            clients.add(Thread.ofVirtual().start(() -> {
                try (var socket = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
                    socket.setSoTimeout(2_000);   // an answer that does not come within 2 s does not come
                    var out = new PrintWriter(socket.getOutputStream(), true);
                    var in = new BufferedReader(new InputStreamReader(socket.getInputStream()));
                    out.println("hello from " + client);
                    try {
                        if (("echo hello from " + client).equals(in.readLine())) echoed.incrementAndGet();
                    } finally {
                        allAsked.countDown();
                    }
                    hangUp.await();   // stays connected until every client has had its answer, or not
                    if (client % 10 == 9) {   // one in ten breaks the connection off: a reset, not a goodbye
                        resetPorts.add(socket.getLocalPort());
                        socket.setSoLinger(true, 0);
                    }
                } catch (IOException | InterruptedException e) {
                    allAsked.countDown();   // could not connect: not echoed
                }
            }));
        }
        allAsked.await(10, TimeUnit.SECONDS);
        int platformAdded = threads.getThreadCount() - platformBefore;
        int connected = serverSide.size(), echoedWhileConnected = echoed.get();
        hangUp.countDown();
        for (Thread c : clients) c.join();

        checkThat("the server accepted every connection", acceptFailure == null && connected == CLIENTS,
                acceptFailure != null ? acceptFailure.toString() : connected + " of " + CLIENTS, CLIENTS + ", no failure");
        check("clients echoed while all " + CLIENTS + " stay connected", echoedWhileConnected, CLIENTS);
        checkThat("platform threads the server added for " + CLIENTS + " open connections", platformAdded <= SPARE_PLATFORM_THREADS,
                platformAdded, "at most " + SPARE_PLATFORM_THREADS + " (the carriers, and a few more)");
        check("connections the server still holds open after their clients hung up", openAfterAWhile(false), 0L);
        check("connections the server still holds open after their clients reset them (the read threw: only a finally still closes them)",
                openAfterAWhile(true), 0L);
        long alive = aliveAfterAWhile();
        checkThat("connection threads still alive after their clients hung up", alive == 0,
                alive + (alive > 0 ? " (a pool keeps its threads for the next task)" : ""),
                0);
    } finally {
        for (Socket s : serverSide) s.close();   // ends the connection threads a leak left waiting
    }
    verdict("hang-up");
}

/// The server notices a hang-up when its read returns, a reset when it throws: give it up to 3 s
/// to close them all. Counts the connections of the clients that reset theirs, or of the others.
long openAfterAWhile(boolean reset) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    while (serverSide.stream().anyMatch(s -> !s.isClosed()) && System.nanoTime() < until) Thread.sleep(10);
    return serverSide.stream().filter(s -> !s.isClosed() && resetPorts.contains(s.getPort()) == reset).count();
}

/// A thread of its own per connection ends with it; give them up to 2 s.
long aliveAfterAWhile() throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    for (Thread t : servingThreads) t.join(Duration.ofNanos(Math.max(1, until - System.nanoTime())));
    return servingThreads.stream().filter(Thread::isAlive).count();
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
