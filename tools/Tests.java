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

/// Runs every JUnit test in tools/tests, one at a time, and ends with "N passed, N failed".
/// Arguments: optional class-name filters, e.g. `Tests GeneratorTest` (substring match).
void main(String[] args) {
    var request = LauncherDiscoveryRequestBuilder.request()
            .selectors(selectPackage("tests"))
            .filters(args.length == 0
                    ? ClassNameFilter.includeClassNamePatterns(".*")
                    : ClassNameFilter.includeClassNamePatterns(
                            java.util.Arrays.stream(args).map(a -> ".*" + a + ".*").toArray(String[]::new)))
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "false")
            .build();
    var summary = new SummaryGeneratingListener();
    var progress = new TestExecutionListener() {
        @Override public void executionFinished(TestIdentifier id, TestExecutionResult result) {
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
            IO.println(mark + " " + where + " > " + id.getDisplayName());
            result.getThrowable().filter(t -> result.getStatus() != TestExecutionResult.Status.SUCCESSFUL)
                    .ifPresent(t -> IO.println("       " + String.valueOf(t).replace("\n", "\n       ")));
        }
    };
    long t0 = System.nanoTime();
    LauncherFactory.create().execute(request, summary, progress);
    var s = summary.getSummary();
    long failed = s.getTestsFailedCount() + s.getTestsAbortedCount() + s.getContainersFailedCount();
    IO.println(String.format("tests took %.1f s", (System.nanoTime() - t0) / 1e9));
    if (s.getTestsFoundCount() == 0) IO.println("no tests found");
    IO.println(s.getTestsSucceededCount() + " passed, " + failed + " failed");
    System.exit(failed == 0 && s.getTestsFoundCount() > 0 ? 0 : 1);
}
