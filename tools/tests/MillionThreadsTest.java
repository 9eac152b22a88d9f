package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import course.*;
import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// `million` (programs/MillionThreads.java): 100,000 virtual threads alive at once, seen through a JSON thread dump.
@Programs
class MillionThreadsTest {

    static final String MILLION = "programs/MillionThreads.java";

    @Test
    @DisplayName("million 100000, in an Arabic locale: all 100,000 alive at once, the dump lists 100,000 virtual threads, jstack no waiter but the mounted spinner, the dump is deleted")
    void hundredThousandSeen() throws IOException {
        // A temporary folder of this run's own: on a machine where other runs make and delete
        // their dump folders in /tmp at the same time, a folder there may be theirs.
        Path tmp = Files.createTempDirectory("million-test-");
        Proc.Result r;
        try {
            var options = new ArrayList<>(Proc.ARABIC_LOCALE);
            options.add("-Djava.io.tmpdir=" + tmp);
            r = Proc.asciiDigits(ok(Proc.java(List.of(), options, MILLION, "100000")));
            assertEquals(Set.of(), dumpFolders(tmp), "a dump folder was left in " + tmp);
        } finally {
            Temp.delete(tmp);
        }
        assertEquals(100_000, Bounds.number(r.out(), "peak: (\\d+) virtual threads alive at once"), r.all());
        assertEquals(100_000, Bounds.number(r.out(), "threads: \\d+, virtual: (\\d+)"), r.all());
        assertTrue(Bounds.number(r.out(), "threads: (\\d+), virtual") >= 100_000, r.all());
        assertEquals(100_000, Bounds.number(r.out(), "CountDownLatch\\$Sync=(\\d+)"), "every waiter parked on the latch\n" + r.all());
        assertEquals(0, Bounds.number(r.out(), "jstack: \\d+ threads listed, (\\d+) of them waiter threads"), r.all());
        assertTrue(Bounds.number(r.out(), "jstack: (\\d+) threads listed") < 100, "jstack lists platform threads\n" + r.all());
        assertEquals(Bounds.number(r.out(), "the spinning virtual thread: #(\\d+)"),
                Bounds.number(r.out(), "mounted virtual threads shown: 1, #(\\d+), at MillionThreads\\.spin\n"),
                "jstack shows the one mounted virtual thread, the spinning one\n" + r.all());
        assertTrue(r.out().contains("100000 virtual threads alive at once, all started and waiting after "), r.all());
        assertTrue(r.out().contains("  dump deleted: true\n"), r.all());
    }

    @Test
    @DisplayName("million: with too little heap it stops before starting threads and says how to run smaller")
    void refusesWithoutTheHeap() {
        var r = Proc.java(List.of(), List.of("-Xmx256m"), MILLION, "1000000");
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains("not enough heap for 1000000 threads. Run fewer: ./jbang million "), r.all());
        assertFalse(r.out().contains("peak:"), r.all());
        long fits = Bounds.number(r.err(), "Run fewer: \\./jbang million (\\d+)");
        assertTrue(fits > 0 && fits < 1_000_000, r.all());
    }

    static Set<Path> dumpFolders(Path tmp) throws IOException {
        try (var s = Files.list(tmp)) {
            return new TreeSet<>(s.filter(p -> p.getFileName().toString().startsWith("million-dump-")).toList());
        }
    }

    @Test
    @DisplayName("million: bad arguments print one usage line and exit 2")
    void badArguments() {
        usage(Proc.java(MILLION, "0"));
        usage(Proc.java(MILLION, "1000001"));
        usage(Proc.java(MILLION, "many"));
        usage(Proc.java(MILLION, "100", "200"));
    }
}
