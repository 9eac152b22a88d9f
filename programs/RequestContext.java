///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
// @fold //PREVIEW, //DEPS on Logback, what it shows, imports, layout, log
//PREVIEW
//DEPS ch.qos.logback:logback-classic:1.6.7

// A request id in every log line, five ways. Each request runs on a virtual thread of its own,
// with its id in Logback's MDC (a map kept in a ThreadLocal) or bound to a ScopedValue, logs, and
// hands two pieces of work (user, orders) to other threads: none (the same thread), an executor,
// an executor with the MDC copied in by hand, structured forks, an executor. Every log line shows
// the thread, the MDC's id (mdc=) and the ScopedValue's (scoped=); after each request the program
// prints what was logged and counts the lines that name the request's id.
// With the argument `inheritance` it measures, instead, the memory an InheritableThreadLocal costs
// each of 10,000 new threads.

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import java.lang.management.ManagementFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

static final String LAYOUT = "%-10thread mdc=%-5X{request:-none} scoped=%-5scoped %msg%n";
static final Logger log = LoggerFactory.getLogger("shop");
// @end
static final ScopedValue<String> REQUEST = ScopedValue.newInstance();
void main(String[] args) throws Exception {
    // @fold the argument (`inheritance`), Logback writing into `logged`
    if (List.of(args).equals(List.of("inheritance"))) { inheritance(); return; }
    if (args.length > 0) {
        System.err.println("usage: request-context [inheritance]");
        System.exit(2);
    }
    logged = logInto(LAYOUT);
    // @end
    request(1, "MDC, same thread", this::mdc, this::sameThread);
    request(2, "MDC, executor", this::mdc, this::executor);
    request(3, "MDC copied, executor", this::mdc, this::copyingMdc);
    request(4, "ScopedValue, forks", this::scoped, this::forks);
    request(5, "ScopedValue, executor", this::scoped, this::executor);
}
// @fold request (request-N logs, hands off, logs), mdc, sameThread, scoped, executor, copyingMdc
/// One request on a thread of its own: it logs, hands two pieces of work off as `handOff`
/// does, and logs again, all inside `context`, which gives it its id.
void request(int n, String how, Context context, HandOff handOff) throws InterruptedException {
    String id = "req-" + n;
    Thread.ofVirtual().name("request-" + n).start(() -> {
        try {
            context.run(id, () -> {
                log.info("received");
                handOff.run(List.of(() -> log.info("loaded user"), () -> log.info("loaded orders")));
                log.info("answered");
                return null;
            });
        } catch (Exception e) {
            log.error("failed", e);
        }
    }).join();
    logged.count(n + ". " + how, id);
}

/// The id in the MDC while the request runs, as a servlet filter puts it there.
void mdc(String id, Step request) throws Exception {
    MDC.put("request", id);
    try {
        request.run();
    } finally {
        MDC.remove("request");
    }
}

void sameThread(List<Runnable> work) {
    work.forEach(Runnable::run);
}
void scoped(String id, Step request) throws Exception {
    ScopedValue.where(REQUEST, id).call(request::run); // no MDC at all
}
void executor(List<Runnable> work) {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        work.forEach(executor::submit);
    }
}
void copyingMdc(List<Runnable> work) {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
        for (Runnable task : work) executor.submit(withCallersMdc(task));
    }
}
// @end
Runnable withCallersMdc(Runnable task) {
    var context = MDC.getCopyOfContextMap(); // on the caller's thread
    return () -> {
        MDC.setContextMap(context);          // on the task's thread
        try { task.run(); }
        finally { MDC.clear(); } // else a pooled thread keeps it
    };
}
void forks(List<Runnable> work) throws InterruptedException {
    try (var scope = StructuredTaskScope.open()) {
        work.forEach(scope::fork);
        scope.join();
    }
}
// @fold inheritance(), the %scoped converter, counting, Logback set-up
static final int THREADS = 10_000;
static final InheritableThreadLocal<Map<String, String>> INHERITED = new InheritableThreadLocal<>();

/// The bytes the creating thread allocates to create THREADS virtual threads (unstarted, so
/// nothing else runs), first with no inheritable value set, then with one: a map like the MDC's.
/// Each new thread gets a table of its own holding its creator's inheritable values (the values
/// themselves are shared, as childValue does not copy them). A first round, unprinted, lets the
/// JIT settle.
void inheritance() {
    var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    if (Thread.currentThread().isVirtual() || !mx.isThreadAllocatedMemorySupported())
        throw new IllegalStateException("this JVM does not count a platform thread's allocations");
    long[] bytes = new long[2];
    for (int round = 0; round < 2; round++) {
        for (int set = 0; set < 2; set++) {
            if (set == 1) INHERITED.set(Map.of("request", "req-1")); else INHERITED.remove();
            var threads = new Thread[THREADS];
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < THREADS; i++) threads[i] = Thread.ofVirtual().unstarted(() -> {});
            bytes[set] = mx.getCurrentThreadAllocatedBytes() - before;
        }
    }
    INHERITED.remove();
    IO.println(String.format(Locale.ROOT, "%d virtual threads created, no inheritable value set: %d bytes, %d per thread", THREADS, bytes[0], bytes[0] / THREADS));
    IO.println(String.format(Locale.ROOT, "%d virtual threads created, one inheritable value set: %d bytes, %d per thread", THREADS, bytes[1], bytes[1] / THREADS));
    IO.println(String.format(Locale.ROOT, "inheriting one value: %d bytes more, %d per thread", bytes[1] - bytes[0], (bytes[1] - bytes[0]) / THREADS));
}

interface Context { void run(String id, Step request) throws Exception; }
interface Step { Object run() throws Exception; }
interface HandOff { void run(List<Runnable> work) throws Exception; }

Logged logged; // what Logback wrote, set up in main

/// `%scoped` in the layout: the ScopedValue's id on the thread that logs, or "none".
class Scoped extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
        return REQUEST.isBound() ? REQUEST.get() : "none";
    }
}

/// What Logback wrote, held until `count` prints it with its tally.
record Logged(ByteArrayOutputStream bytes) {
    void count(String how, String id) {
        var lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        bytes.reset();
        long with = lines.stream().filter(l -> l.contains(id)).count();
        IO.println(how + ":");
        lines.forEach(l -> IO.println("  " + l));
        IO.println(String.format(Locale.ROOT, "  %s: %d log lines, %d with the request id, %d without",
                id, lines.size(), with, lines.size() - with));
    }
}

/// Logback, configured in code: one appender, `pattern` with %scoped, into a buffer.
Logged logInto(String pattern) {
    var context = (LoggerContext) LoggerFactory.getILoggerFactory();
    context.reset();
    var layout = new PatternLayout();
    layout.setContext(context);
    layout.getInstanceConverterMap().put("scoped", Scoped::new);
    layout.setPattern(pattern);
    layout.start();
    var encoder = new LayoutWrappingEncoder<ILoggingEvent>();
    encoder.setContext(context);
    encoder.setLayout(layout);
    encoder.start();
    var bytes = new ByteArrayOutputStream();
    var appender = new OutputStreamAppender<ILoggingEvent>();
    appender.setContext(context);
    appender.setEncoder(encoder);
    appender.setOutputStream(bytes);
    appender.start();
    var root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.addAppender(appender);
    return new Logged(bytes);
}
// @end
