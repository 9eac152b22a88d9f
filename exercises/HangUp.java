///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A server on 127.0.0.1 gives every connection a virtual thread, which answers each line it
// reads until the client hangs up. 200 clients ask it one question each, on a connection of
// their own, and some questions it refuses by hanging up first. As written, the client never
// closes its socket: each question leaves one connection open on both ends. Fix `ask` so that
// every connection is closed, however the question ends.

final int CLIENTS = 200, REFUSE_EVERY = 10;   // questions 0, 10, 20, ... are refused

void main() throws Exception {
    try (var server = new ServerSocket(0, CLIENTS, InetAddress.getLoopbackAddress())) {
        Thread.ofVirtual().start(() -> acceptAll(server));
        int port = server.getLocalPort();
        AtomicInteger answered = new AtomicInteger(), refused = new AtomicInteger();
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < CLIENTS; i++) {
                int question = i;
                clients.submit(() -> {
                    try {
                        if (ask(port, "question " + question).equals("answer " + question)) answered.incrementAndGet();
                    } catch (IOException e) {
                        refused.incrementAndGet();
                    } catch (RuntimeException e) {
                        unexpected.add(e);
                    }
                });
            }
        }
        int stillOpen = openOnTheServerAfterAWhile();
        long closed = clientSockets.stream().filter(Socket::isClosed).count();

        checkThat("the server accepted every connection", acceptFailure == null, acceptFailure, "no failure");
        checkThat("questions that ended in an unexpected exception", unexpected.isEmpty(),
                unexpected.size() + " (the first: " + unexpected.peek() + ")", 0);
        check("connections the server still holds open after the clients finished", stillOpen, 0);
        checkThat("client sockets closed", closed == CLIENTS, closed + " of " + clientSockets.size(), CLIENTS);
        check("questions answered", answered.get(), CLIENTS - CLIENTS / REFUSE_EVERY);
        check("questions refused (the server hung up)", refused.get(), CLIENTS / REFUSE_EVERY);
    } finally {
        for (Socket s : serverSide) s.close();   // ends the connection threads a leak left waiting
    }
    verdict("hang-up");
}

/// The client: one connection per question. Throws when the server hangs up without an answer.
String ask(int port, String question) throws IOException {
    Socket socket = connect(port);   // TODO: nothing closes this connection. Close it however the question ends.
    var out = new PrintWriter(socket.getOutputStream(), true);
    var in = new BufferedReader(new InputStreamReader(socket.getInputStream()));
    out.println(question);
    String answer = in.readLine();
    if (answer == null) throw new IOException("the server hung up without an answer");
    return answer;
}

// ---- The server: no need to change anything below. ----

final AtomicInteger open = new AtomicInteger();   // connections the server holds open
final Queue<Socket> serverSide = new ConcurrentLinkedQueue<>();

void acceptAll(ServerSocket server) {
    try {
        while (true) {
            Socket connection = server.accept();
            open.incrementAndGet();
            serverSide.add(connection);
            Thread.ofVirtual().start(() -> serve(connection));
        }
    } catch (IOException e) {
        if (!server.isClosed()) acceptFailure = e;   // a failed accept ("Too many open files"), not main closing it
    }
}

/// Answers each line until the client closes its socket or shuts down its output (readLine then
/// returns null: end-of-file), then closes its own end.
void serve(Socket connection) {
    try (connection) {
        var in = new BufferedReader(new InputStreamReader(connection.getInputStream()));
        var out = new PrintWriter(connection.getOutputStream(), true);
        for (String line; (line = in.readLine()) != null; ) {
            int question = Integer.parseInt(line.substring("question ".length()));
            if (question % REFUSE_EVERY == 0) return;   // hang up without an answer
            out.println("answer " + question);
        }
    } catch (IOException e) {
        // the connection broke: it is closed all the same
    } finally {
        open.decrementAndGet();
    }
}

// ---- Checking your work: no need to read past this line. ----

final Queue<Socket> clientSockets = new ConcurrentLinkedQueue<>();
final Queue<RuntimeException> unexpected = new ConcurrentLinkedQueue<>();
volatile IOException acceptFailure;

/// A connection to the server, counted, so that the check can see whether it was closed. A read
/// that waits 10 s gives up with an IOException, so that the program ends whatever `ask` does.
Socket connect(int port) throws IOException {
    var socket = new Socket(InetAddress.getLoopbackAddress(), port);
    clientSockets.add(socket);
    socket.setSoTimeout(10_000);
    return socket;
}

/// The server notices a hang-up when its read returns: give it up to 3 s to get to zero.
int openOnTheServerAfterAWhile() throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    while (open.get() > 0 && System.nanoTime() < until) Thread.sleep(10);
    return open.get();
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
