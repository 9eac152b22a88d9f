///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//DEPS org.springframework.boot:spring-boot-dependencies:4.0.7@pom
//DEPS org.springframework.boot:spring-boot-starter-web
// @fold what it is; the package Spring needs; the imports

// A Spring Boot web application whose one endpoint waits like a JDBC call, and a
// load generator in the same program that sends a burst of requests at it. The
// mode is one property: Tomcat's pool of platform threads, or
// spring.threads.virtual.enabled=true.

// Spring scans this class's package for components: the default package fails.
package course.spring;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.*;
import java.util.concurrent.*;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

// @end
@SpringBootApplication
@RestController
public class SpringProperty {
    // @fold the limits, the client's 60 s timeout, the usage line, waitMs, servedBy

    static final int MAX_THREADS = 400, MAX_REQUESTS = 4_000, MAX_WAIT_MS = 2_000; // wait: at least 1 ms
    static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60); // a request gives up then: every burst ends
    static final String USAGE = "usage: spring [pool|virtual] [threads 1-" + MAX_THREADS + ", default 200]"
            + " [requests 1-" + MAX_REQUESTS + ", default 2000] [wait-ms 1-" + MAX_WAIT_MS + ", default 200]";

    static long waitMs;                                       // the downstream call's time
    static final Map<String, Boolean> servedBy = new ConcurrentHashMap<>(); // thread name -> virtual?

    // @end
    @GetMapping("/") // the endpoint
    String answer() throws InterruptedException {
        Thread.sleep(waitMs); // stands for a blocking JDBC query
        servedBy.put(Thread.currentThread().getName(), Thread.currentThread().isVirtual());
        return "ok";
    }

    public static void main(String[] args) throws Exception {
        // @fold reading the arguments; a SpringApplication, its banner and log off
        String mode = args.length > 0 ? args[0] : "pool";
        int threads = args.length > 1 ? number(args[1]) : 200;
        int requests = args.length > 2 ? number(args[2]) : 2_000;
        waitMs = args.length > 3 ? number(args[3]) : 200;
        if (args.length > 4 || !List.of("pool", "virtual").contains(mode)
                || threads < 1 || threads > MAX_THREADS || requests < 1 || requests > MAX_REQUESTS
                || waitMs < 1 || waitMs > MAX_WAIT_MS) {
            System.err.println(USAGE);
            System.exit(2);
        }
        var app = new SpringApplication(SpringProperty.class);
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        // @end
        app.setDefaultProperties(Map.of(
                "spring.threads.virtual.enabled", mode.equals("virtual"),
                // the pool's size (unused with virtual threads); the queue
                "server.tomcat.threads.max", threads,
                "server.tomcat.accept-count", 4_096, // room for the burst
                // @fold the address, a free port, an immediate shutdown, errors only
                "server.address", "127.0.0.1",
                "server.port", 0,                         // a free port, picked by the OS
                "server.shutdown", "immediate",           // at the end, stop without waiting
                "logging.level.root", "error"));          // errors only: the output is the measurement
        // @end
        // @fold running it: a warm-up burst, then the burst measured and its report
        try (var context = app.run()) {
            int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            var uri = URI.create("http://127.0.0.1:" + port + "/");
            say("%s: %d requests at once, the endpoint waits %d ms, server.tomcat.threads.max=%d, %d cores",
                    mode, requests, waitMs, threads, Runtime.getRuntime().availableProcessors());
            say("non-daemon threads besides main: %s", nonDaemonThreads());
            burst(uri, Math.min(requests, 100)); // warm-up, not measured
            servedBy.clear();
            report(mode, threads, requests, burst(uri, requests));
        }
    }

    record Burst(int ok, Map<String, Integer> failures, long wallNanos, long[] latencies, long cpuNanos) {}

    // The load generator: a virtual thread per request, released together from a gate once
    // every one of them has arrived (woken one after another).
    static Burst burst(URI uri, int requests) throws InterruptedException {
        var failures = new ConcurrentSkipListMap<String, Integer>();
        var latencies = new ConcurrentLinkedQueue<Long>();
        var ready = new CountDownLatch(requests); // counts the senders waiting at the gate
        var go = new CountDownLatch(1);
        try (var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            var request = HttpRequest.newBuilder(uri).timeout(CLIENT_TIMEOUT).build();
            long cpuBefore, start;
            try (var senders = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < requests; i++) {
                    senders.submit(() -> {
                        try {
                            ready.countDown();
                            go.await();
                            long sent = System.nanoTime();
                            int status = client.send(request, BodyHandlers.ofString()).statusCode();
                            if (status == 200) latencies.add(System.nanoTime() - sent);
                            else failures.merge("HTTP " + status, 1, Integer::sum);
                        } catch (Exception e) { // any failure is counted, under its name
                            failures.merge(e.getClass().getSimpleName(), 1, Integer::sum);
                        }
                        return null;
                    });
                }
                ready.await(); // every sender has arrived at the gate: the burst, and the clock, start now
                cpuBefore = processCpuNanos();
                start = System.nanoTime();
                go.countDown();
            } // closing the executor waits for every answer or failure
            long wall = System.nanoTime() - start;
            long cpu = processCpuNanos() - cpuBefore;
            long[] answered = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
            return new Burst(answered.length, failures, wall, answered, cpu);
        }
    }

    static void report(String mode, int threads, int requests, Burst b) {
        double wallS = b.wallNanos() / 1e9, waitS = waitMs / 1000.0;
        String seconds = java.math.BigDecimal.valueOf(waitMs, 3).stripTrailingZeros().toPlainString();
        String failures = b.failures().isEmpty() ? "" : " " + b.failures();
        String latency = b.ok() == 0 ? "no latency: nothing answered"
                : "p50 " + percentileMs(b.latencies(), 50) + " ms  p99 " + percentileMs(b.latencies(), 99) + " ms";
        say("%s: ok=%d failed=%d%s  wall %d ms  %.0f req/s  %s", mode, b.ok(), requests - b.ok(), failures,
                b.wallNanos() / 1_000_000, b.ok() / wallS, latency);
        if (mode.equals("pool"))
            say("pool: ceiling: %d threads / %s s = %.0f req/s", threads, seconds, threads / waitS);
        else
            say("virtual: the wait alone would allow %d requests / %s s = %.0f req/s", requests, seconds, requests / waitS);
        int cores = Runtime.getRuntime().availableProcessors();
        double cpuMs = b.cpuNanos() / 1e6, perRequest = cpuMs / requests;
        say("%s: CPU: process %.0f ms in %d ms = %.0f%% of %d cores, %.2f ms per request", mode,
                cpuMs, b.wallNanos() / 1_000_000, 100 * cpuMs / (b.wallNanos() / 1e6 * cores), cores, perRequest);
        say("%s: CPU ceiling: %d cores / %.2f ms = %.0f req/s", mode, cores, perRequest, cores * 1000 / perRequest);
        say("%s: served by %s", mode, threadsSummary());
    }

    // "20 platform threads named http-nio-127.0.0.1-auto-1-exec-N": a name's trailing number as N.
    static String threadsSummary() {
        var groups = new TreeMap<String, Integer>();
        servedBy.forEach((name, virtual) ->
                groups.merge((virtual ? "virtual" : "platform") + " threads named " + name.replaceAll("\\d+$", "N"),
                        1, Integer::sum));
        var parts = new ArrayList<String>();
        groups.forEach((what, count) -> parts.add(count + " " + what));
        return String.join(", ", parts);
    }

    static List<String> nonDaemonThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !t.isDaemon() && t != Thread.currentThread())
                .map(Thread::getName).sorted().toList();
    }

    static long processCpuNanos() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return os.getProcessCpuTime();
    }

    static long percentileMs(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length); // nearest rank
        return sorted[Math.max(0, rank - 1)] / 1_000_000;
    }

    /// `2000`, `2,000` or `2_000` as a number; -1 if it is not one (main checks the range).
    static int number(String text) {
        String digits = text.replace(",", "").replace("_", "");
        return digits.matches("[0-9]{1,9}") ? Integer.parseInt(digits) : -1;
    }

    static void say(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }
    // @end
}
