package live;

import course.Json;
import com.sun.net.httpserver.*;
import java.io.*;
import java.net.*;
import java.nio.file.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicReference;

/// `./build.sh serve`: the site, rebuilt on every change, with live reload and Run buttons,
/// served by the JDK's own HTTP server with a virtual thread per request. Each open page
/// holds one event stream (reloads, build errors and its runs' output), a parked virtual
/// thread; each run's output is read by two more.
public final class LiveServer {

    private final Path root;
    private final ServeOptions options;
    private final PrintStream log;
    private final AtomicReference<StartableRuns> declared = new AtomicReference<>(StartableRuns.NONE);
    private final PageClients clients;
    private final SiteBuilder builder;
    private final CompiledPrograms compiled;
    private final RunningPrograms running;
    private final StaticSite site;
    private Guard guard;

    private LiveServer(Path root, ServeOptions options, PrintStream log) {
        this.root = root;
        this.options = options;
        this.log = log;
        this.clients = new PageClients(options.maxClients(), options.heartbeat());
        this.compiled = new CompiledPrograms(root);
        this.running = new RunningPrograms(root, options, declared::get, compiled);
        this.builder = new SiteBuilder(root, log, this::built, text -> clients.broadcast("build-error", Json.object("text", text)));
        this.site = new StaticSite(root.resolve("site"), builder, this::liveTags);
    }

    /// Runs the server until the JVM is stopped (Ctrl-C).
    public static void run(Path root, ServeOptions options, PrintStream log) throws Exception {
        // Small event writes go out at once, and a flood of connections cannot exhaust the process.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        System.setProperty("jdk.httpserver.maxConnections", Integer.toString(options.maxClients() + 64));
        new LiveServer(root, options, log).serve();
    }

    private void serve() throws Exception {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(options.host()), options.port()), 1024);
        } catch (BindException e) {
            log.println("error: cannot listen on " + options.host() + ":" + options.port() + " (" + e.getMessage()
                    + "). Pick another port with --port N, or --port 0 for any free one");
            System.exit(1);
            return;
        } catch (UnknownHostException e) {
            log.println("error: --host " + options.host() + " is not an address of this machine");
            System.exit(2);
            return;
        }
        int port = server.getAddress().getPort();
        guard = Guard.forServer(options.host(), options.hostGiven(), port);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            running.stopAll();
            clients.closeAll();
            server.stop(0);
        }, "live-shutdown"));

        var watcher = new Watcher(root);   // its first look before the first build: a save during the build is rebuilt
        builder.build(" (start)");
        String shownHost = options.host().equals("127.0.0.1") || InetAddress.getByName(options.host()).isAnyLocalAddress()
                ? "127.0.0.1" : Guard.bracket(options.host());
        if (options.hostGiven() && !options.host().equals("127.0.0.1"))
            log.println("warning: listening on " + options.host() + " (--host), not 127.0.0.1"
                    + (InetAddress.getByName(options.host()).isLoopbackAddress() ? ""
                    : ": anyone who can reach port " + port + " can read the course and start the runs its lessons declare"));
        log.println("live: programs run " + (running.usesNice() ? "at lower priority (nice -n 10)" : "at normal priority (no nice on PATH)")
                + "; a run ends after " + RunningProgram.seconds(options.runLimit().toMillis()) + ", output is cut at " + options.outputLimit() + " bytes");
        log.println("live: serving http://" + shownHost + ":" + port + "/  (Ctrl-C stops)");
        log.flush();

        Thread.ofVirtual().name("watcher").start(() -> watcher.run(options.poll(),
                what -> builder.build(" (" + what + " changed)"),
                what -> { log.println("live: " + what + " changed: reloading pages"); clients.broadcast("reload", Json.object("build", builder.buildId())); }));
        new CountDownLatch(1).await(); // until Ctrl-C
    }

    /// After each good build: the runs it declares, pages told to reload, programs compiled ahead
    /// (but those with //DEPS, on their first Run).
    private void built(course.Build.Loaded loaded) {
        declared.set(StartableRuns.from(loaded));
        clients.broadcast("reload", Json.object("build", builder.buildId()));
        Thread.ofVirtual().name("precompile").start(() -> {
            for (var p : declared.get().programs()) {
                // Not a program with //DEPS: JBang may download its dependencies, which waits for a Run.
                if (CompiledPrograms.hasDeps(p)) continue;
                try {
                    compiled.classesFor(p, text -> {});
                } catch (IOException | RuntimeException e) {
                    log.println("live: " + e.getMessage());
                }
            }
        });
    }

    String liveTags() {
        var style = course.Html.element("link").attr("rel", "stylesheet").attr("href", "/__live/live.css");
        var script = course.Html.element("script").attr("src", "/__live/live.js").attr("data-build", builder.buildId()).attr("defer", true);
        return course.Html.of(style) + course.Html.of(script) + "\n";
    }

    private void handle(HttpExchange ex) {
        long t0 = System.nanoTime();
        try (ex) {
            try {
                guard.checkHost(ex);
                String path = ex.getRequestURI().getRawPath();
                if (path != null && path.startsWith("/__live/")) live(ex, path.substring("/__live/".length()), t0);
                else site.serve(ex);
            } catch (Rejection r) {
                Http.error(ex, r.status, r.getMessage());
            } catch (UncheckedIOException e) {
                log.println("live: " + e.getMessage() + ": " + e.getCause());
                Http.error(ex, 500, "the site could not be read; the terminal running ./build.sh serve says why");
            }
        } catch (IOException e) {
            // the client went away mid-response
        } catch (RuntimeException e) {
            log.println("live: internal error on " + ex.getRequestURI() + ": " + e);
        }
    }

    private void live(HttpExchange ex, String what, long t0) throws IOException {
        switch (what) {
            case "events" -> {
                if (!ex.getRequestMethod().equals("GET")) {
                    ex.getResponseHeaders().set("Allow", "GET");
                    throw new Rejection(405, "the event stream takes GET, not " + Guard.clip(ex.getRequestMethod()));
                }
                clients.stream(ex, this::hello, running::pageGone);
            }
            case "live.js", "live.css" -> {
                requireGet(ex);
                byte[] body = Files.readAllBytes(root.resolve("tools/live").resolve(what));
                Http.send(ex, 200, StaticSite.TYPES.get(what.substring(what.indexOf('.') + 1)), body);
            }
            case "run" -> {
                guard.checkPost(ex, "starting a run");
                PageClient client = page(ex);
                String id = Guard.smallBody(ex);
                if (!course.Lesson.RUN_ID.matcher(id).matches()) throw new Rejection(404, "no lesson declares a run '" + Guard.clip(id) + "'");
                RunningProgram run = running.start(client, id, t0);
                Http.json(ex, 202, Json.object("run", id, "alias", run.spec.alias(), "pid", run.pid(), "command", run.spec.shown()));
            }
            case "stop" -> {
                guard.checkPost(ex, "stopping a run");
                page(ex);
                String id = Guard.smallBody(ex);
                if (!course.Lesson.RUN_ID.matcher(id).matches()) throw new Rejection(404, "no lesson declares a run '" + Guard.clip(id) + "'");
                boolean stopped = running.stop(id);
                Http.json(ex, stopped ? 200 : 409, stopped ? Json.object("stopped", id) : Json.object("error", "run '" + id + "' is not running"));
            }
            default -> throw new Rejection(404, "live mode has no '" + Guard.clip(what) + "'");
        }
    }

    static void requireGet(HttpExchange ex) {
        String m = ex.getRequestMethod();
        if (!m.equals("GET") && !m.equals("HEAD")) {
            ex.getResponseHeaders().set("Allow", "GET");
            throw new Rejection(405, "this takes GET, not " + Guard.clip(m));
        }
    }

    /// The page a POST comes from, by the token it was given on its event stream.
    private PageClient page(HttpExchange ex) {
        PageClient c = clients.get(ex.getRequestHeaders().getFirst(Guard.CLIENT_HEADER));
        if (c == null) throw new Rejection(403, "this page's connection to the server was lost; reload the page");
        return c;
    }

    private void hello(PageClient c) {
        c.send("hello", Json.object("client", c.token, "build", builder.buildId(), "error", builder.error(),
                "runs", new Json.Raw(declared.get().json())));
    }
}
