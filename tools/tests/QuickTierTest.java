package tests;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.util.*;
import org.junit.jupiter.api.*;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/// The quick tier (`./build.sh test quick`, tests/Quick.java): what it holds, and the watch
/// that keeps it free of processes.
class QuickTierTest {

    /// The test classes with at least one test in the quick tier, as Tests.java selects it.
    static Set<String> quickClasses() {
        return classesTagged(Quick.TAG);
    }

    /// The test classes with at least one test tagged `tag`, as Tests.java selects them.
    static Set<String> classesTagged(String tag) {
        var plan = LauncherFactory.create().discover(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectPackage("tests")).filters(TagFilter.includeTags(tag))
                // as Tests.java orders them, so discovery does not warn about their @Order
                .configurationParameter("junit.jupiter.testclass.order.default", "org.junit.jupiter.api.ClassOrderer$OrderAnnotation").build());
        var out = new TreeSet<String>();
        for (var root : plan.getRoots())
            for (TestIdentifier id : plan.getDescendants(root))
                if (id.isTest())
                    plan.getParent(id).flatMap(TestIdentifier::getSource).filter(s -> s instanceof ClassSource)
                            .ifPresent(s -> out.add(((ClassSource) s).getJavaClass().getSimpleName()));
        return out;
    }

    @Test
    @Quick
    @DisplayName("quick tier: holds the generator, site, chart, highlight, recordings and catalog tests; no browser, server or lesson test")
    void holdsWhatItShould() {
        var quick = quickClasses();
        for (String c : List.of("GeneratorTest", "SiteTest", "ChartTest", "HighlightTest", "RecordingsTest", "CatalogTest", "QuickTierTest"))
            assertTrue(quick.contains(c), c + " is not in the quick tier: " + quick);
        for (String c : quick)   // a class named after a program (WaitingServerTest) runs it
            assertFalse(c.contains("Browser") || c.startsWith("Serve")
                    || java.nio.file.Files.exists(Proc.ROOT.resolve("programs/" + c.replaceFirst("Test$", "") + ".java")), c + " is in the quick tier");
    }

    @Test
    @Quick
    @DisplayName("programs tier: every program without //DEPS is run by a class in it, with the exercises and the checker; no browser, live mode or //DEPS program")
    void programsTierRunsEveryProgram() throws java.io.IOException {
        var programs = classesTagged(Programs.TAG);
        assertTrue(programs.containsAll(List.of("ExercisesTest", "CheckerTest")), programs.toString());
        var sources = new StringBuilder();
        for (String c : programs) {
            assertFalse(c.contains("Browser") || c.startsWith("Serve"), c + " is in the programs tier");
            sources.append(java.nio.file.Files.readString(Proc.ROOT.resolve("tools/tests/" + c + ".java")));
        }
        try (var files = java.nio.file.Files.list(Proc.ROOT.resolve("programs"))) {
            for (var file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String text = java.nio.file.Files.readString(file), name = file.getFileName().toString();
                boolean deps = course.Deps.in(text);
                assertEquals(!deps, sources.indexOf("programs/" + name) >= 0, "programs/" + name
                        + (deps ? " has //DEPS, which the programs tier leaves to the full run" : " is run by no class of the programs tier"));
            }
        }
    }

    @Test
    @DisplayName("quick tier: the process watch sees a process a test starts, and names the test")
    void watchSeesEveryProcess() {
        var watch = ProcessWatch.start();
        List<String> started;
        try {
            Proc.ok(Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(5), List.of("true")));
        } finally {
            started = watch.stop();
        }
        // In a full run, other classes start processes beside this one, and the watch sees them too.
        var fromHere = started.stream().filter(s -> s.endsWith("started from tests.QuickTierTest.watchSeesEveryProcess")).toList();
        assertEquals(1, fromHere.size(), started.toString());
        assertTrue(fromHere.getFirst().startsWith("true (pid "), fromHere.getFirst());
    }
}
