///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//DEPS org.junit.jupiter:junit-jupiter:6.1.3
//DEPS org.junit.platform:junit-platform-launcher:6.1.3
//DEPS org.seleniumhq.selenium:selenium-java:4.52.0
//DEPS com.deque.html.axe-core:selenium:4.10.2
//SOURCES course/*.java
//SOURCES tests/*.java

import static org.junit.platform.engine.discovery.DiscoverySelectors.*;

import org.junit.platform.launcher.*;
import org.junit.platform.launcher.core.*;
import org.junit.platform.launcher.listeners.*;
import org.junit.platform.engine.*;
import org.junit.platform.engine.discovery.*;

/// Runs the JUnit tests in tools/tests and ends with "N passed, N failed". Three test classes
/// run at a time (PARALLEL_CLASSES), each class's tests one after the other in order; a class
/// whose point needs the machine to itself says so with @Isolated. The slowest classes carry
/// @Order(1), @Order(2)…, longest first, so they start first and the last minutes are not one long class running alone.
/// Arguments, in any order: `quick` for the quick tier only (the tests marked @Quick; see
/// tests/Quick.java), `programs` for the programs tier (@Programs, tests/Programs.java), and class-name filters (substring match), e.g. `Tests GeneratorTest` or
/// `Tests quick Site`. No arguments: every test.
/// After each class it prints the time the class took, and at the end the slowest classes.
/// Three, whatever the machine. The slow classes wait more than they compute (alone on this
/// 2-core machine the exercises kept 43 % of its CPU busy, the browser tests 60 %), so with two
/// at a time a tenth of the CPU stood idle; with three, a twentieth (docs/speed.md). Three
/// classes computing at once get about two thirds of a core each here: still more than the half
/// a core that each of two gets on a machine twice as slow, on which the suite must pass.
/// `TEST_CLASSES_AT_ONCE=1` runs one class at a time, and each class's line then says its CPU
/// time too: its own (this JVM's and the processes it waited for) and the whole machine's, which
/// also holds what its processes left running on their own (`./build.sh bench classes`).
static final String PARALLEL_CLASSES = System.getenv().getOrDefault("TEST_CLASSES_AT_ONCE", "3");
static final boolean ONE_AT_A_TIME = PARALLEL_CLASSES.equals("1");

void main(String[] args) {
    if (!PARALLEL_CLASSES.matches("[1-9]")) {
        System.err.println("TEST_CLASSES_AT_ONCE is '" + PARALLEL_CLASSES + "': give a number from 1 to 9 (3 unless set)");
        System.exit(2);
    }
    boolean quick = java.util.Arrays.asList(args).contains(tests.Quick.TAG);
    boolean programs = java.util.Arrays.asList(args).contains(tests.Programs.TAG);
    var classes = java.util.Arrays.stream(args).filter(a -> !a.equals(tests.Quick.TAG) && !a.equals(tests.Programs.TAG)).toList();
    var builder = LauncherDiscoveryRequestBuilder.request()
            .selectors(selectPackage("tests"))
            .filters(classes.isEmpty()
                    ? ClassNameFilter.includeClassNamePatterns(".*")
                    : ClassNameFilter.includeClassNamePatterns(classes.stream().map(a -> ".*" + a + ".*").toArray(String[]::new)))
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
            .configurationParameter("junit.jupiter.execution.parallel.mode.default", "same_thread")
            .configurationParameter("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
            .configurationParameter("junit.jupiter.testclass.order.default", "org.junit.jupiter.api.ClassOrderer$OrderAnnotation")
            .configurationParameter("junit.jupiter.execution.parallel.config.executor-service", "WORKER_THREAD_POOL")
            .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
            .configurationParameter("junit.jupiter.execution.parallel.config.fixed.parallelism", PARALLEL_CLASSES)
            .configurationParameter("junit.jupiter.execution.parallel.config.fixed.max-pool-size", PARALLEL_CLASSES);
    if (quick) builder.filters(TagFilter.includeTags(tests.Quick.TAG));
    if (programs) builder.filters(TagFilter.includeTags(tests.Programs.TAG));
    var request = builder.build();
    var summary = new SummaryGeneratingListener();
    var classStarts = new java.util.concurrent.ConcurrentHashMap<String, Long>();
    var classCpuStarts = new java.util.concurrent.ConcurrentHashMap<String, double[]>();
    var classTimes = new java.util.concurrent.ConcurrentHashMap<String, Long>();  // class -> nanoseconds it took
    var testStarts = new java.util.concurrent.ConcurrentHashMap<String, Long>();
    var testTimes = new java.util.concurrent.ConcurrentHashMap<String, Long>();   // "Class > test" -> nanoseconds
    var progress = new TestExecutionListener() {
        @Override public void executionStarted(TestIdentifier id) {
            className(id).ifPresent(c -> {
                classStarts.put(c, System.nanoTime());
                if (ONE_AT_A_TIME) classCpuStarts.put(c, new double[] {kit.Cpu.selfAndChildren(), kit.Cpu.machine()});
            });
            if (id.isTest()) testStarts.put(id.getUniqueId(), System.nanoTime());
        }

        @Override public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            className(id).ifPresent(c -> {
                long ns = System.nanoTime() - classStarts.get(c);
                classTimes.put(c, ns);
                IO.println(String.format(java.util.Locale.ROOT, "---- %s took %.1f s", c, ns / 1e9)
                        + (ONE_AT_A_TIME ? String.format(java.util.Locale.ROOT, ", %.1f CPU-s its own, %.1f CPU-s the machine's",
                                kit.Cpu.selfAndChildren() - classCpuStarts.get(c)[0], kit.Cpu.machine() - classCpuStarts.get(c)[1]) : ""));
            });
            if (!id.isTest()) {
                if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL)
                    IO.println("  ERROR in " + id.getDisplayName() + ": " + result.getThrowable().map(Throwable::toString).orElse(""));
                return;
            }
            String mark = switch (result.getStatus()) {
                case SUCCESSFUL -> "ok  ";
                case FAILED -> "FAIL";
                case ABORTED -> "ABORTED";
            };
            String where = id.getParentIdObject().map(p -> p.getLastSegment().getValue().replaceFirst("^tests\\.", "")).orElse("");
            testTimes.put(where + " > " + id.getDisplayName(), System.nanoTime() - testStarts.get(id.getUniqueId()));
            IO.println(mark + " " + where + " > " + id.getDisplayName());
            result.getThrowable().filter(t -> result.getStatus() != TestExecutionResult.Status.SUCCESSFUL)
                    .ifPresent(t -> IO.println("       " + String.valueOf(t).replace("\n", "\n       ")));
        }

        /// The simple name of a test class's container, else empty.
        java.util.Optional<String> className(TestIdentifier id) {
            return id.getSource().filter(s -> s instanceof org.junit.platform.engine.support.descriptor.ClassSource)
                    .map(s -> ((org.junit.platform.engine.support.descriptor.ClassSource) s).getJavaClass().getSimpleName());
        }
    };
    long t0 = System.nanoTime();
    // The quick tier starts no process (tests/Quick.java): watched, not assumed.
    var watch = quick ? tests.ProcessWatch.start() : null;
    LauncherFactory.create().execute(request, summary, progress);
    var started = watch == null ? java.util.List.<String>of() : watch.stop();
    for (String p : started) IO.println("FAIL the quick tier started a process: " + p);
    var s = summary.getSummary();
    long failed = s.getTestsFailedCount() + s.getTestsAbortedCount() + s.getContainersFailedCount() + (started.isEmpty() ? 0 : 1);
    IO.println(String.format(java.util.Locale.ROOT, "tests took %.1f s", (System.nanoTime() - t0) / 1e9));
    if (classTimes.size() > 1)
        IO.println("slowest classes: " + String.join(", ", classTimes.entrySet().stream()
                .sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()).limit(3)
                .map(e -> String.format(java.util.Locale.ROOT, "%s %.1f s", e.getKey(), e.getValue() / 1e9)).toList()));
    if (testTimes.size() > 1)
        IO.println("slowest tests: " + String.join("; ", testTimes.entrySet().stream()
                .sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()).limit(Integer.parseInt(java.util.Objects.requireNonNullElse(System.getenv("SLOWEST_TESTS"), "8")))
                .map(e -> String.format(java.util.Locale.ROOT, "%s %.1f s", e.getKey(), e.getValue() / 1e9)).toList()));
    if (s.getTestsFoundCount() == 0) IO.println("no tests found");
    IO.println(s.getTestsSucceededCount() + " passed, " + failed + " failed");
    System.exit(failed == 0 && s.getTestsFoundCount() > 0 ? 0 : 1);
}
