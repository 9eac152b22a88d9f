package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.io.IOException;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.*;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// `ceiling` (programs/ThreadCeiling.java), platform and virtual threads started until a limit, checked on a fresh run.
@Programs
class ThreadCeilingTest {

    static final String CEILING = "programs/ThreadCeiling.java";

    @Test
    @DisplayName("ceiling: 500 platform threads all start, and RSS and limits are reported")
    void ceilingStartsPlatformThreads() {
        var r = ok(Proc.java(CEILING, "500"));
        assertEquals(500, Bounds.number(r.out(), "started ([\\d,]+) threads \\(platform\\) in [\\d,]+ ms"), r.all());
        assertTrue(Pattern.compile("RSS per thread: \\d+\\.\\d KB").matcher(r.out()).find(), r.all());
        assertTrue(r.out().contains("Max processes (/proc/self/limits): soft "), r.all());
        // Each platform thread reserves its stack (1 MB by default on Linux x64, at least 256 KB anywhere).
        assertTrue(Bounds.number(r.out(), "reserved \\(VmSize\\) per thread: (\\d+)\\.\\d KB") >= 256, r.all());
        assertFalse(r.out().contains("Thread.start failed"), r.all());
    }

    @Test
    @DisplayName("ceiling: 500 virtual threads all start")
    void ceilingStartsVirtualThreads() {
        var r = ok(Proc.java(CEILING, "500", "virtual"));
        assertEquals(500, Bounds.number(r.out(), "started ([\\d,]+) threads \\(virtual\\) in [\\d,]+ ms"), r.all());
        assertTrue(Pattern.compile("RSS per thread: -?\\d+\\.\\d KB").matcher(r.out()).find(), r.all());
    }

    @Test
    @DisplayName("ceiling: a count may be written with _ or , as separators")
    void ceilingReadsSeparators() {
        var r = ok(Proc.java(CEILING, "1_000", "virtual"));
        assertEquals(1_000, Bounds.number(r.out(), "started ([\\d,]+) threads \\(virtual\\)"), r.all());
        r = ok(Proc.java(CEILING, "virtual", "1,500"));
        assertEquals(1_500, Bounds.number(r.out(), "started ([\\d,]+) threads \\(virtual\\)"), r.all());
    }

    @Test
    @DisplayName("ceiling: a count past the cap is capped, not obeyed")
    void ceilingCapsTheCount() {
        var r = ok(Proc.java(CEILING, "100001", "virtual"));
        assertTrue(r.out().contains("capped: 100,001 requested, the cap for virtual threads is 100,000"), r.all());
        assertEquals(100_000, Bounds.number(r.out(), "started ([\\d,]+) threads \\(virtual\\)"), r.all());
    }

    static final int NPROC_LIMIT = 2048;

    /// Under RLIMIT_NPROC = 2048 Thread.start fails before 2048 threads. Root ignores that
    /// limit, so as root the run is as user nobody (65534), on a world-readable copy.
    /// If no limit can be applied the run reaches its count and this test fails.
    @Test
    @DisplayName("ceiling: under a process limit, Thread.start fails with OutOfMemoryError and the count is reported")
    void ceilingReportsTheFailureUnderALimit() throws IOException {
        Path dir = Files.createTempDirectory("ceiling");
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path copy = dir.resolve("ThreadCeiling.java");
            Files.copy(Proc.ROOT.resolve(CEILING), copy);
            Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));

            var cmd = new ArrayList<String>();
            if (isRoot()) cmd.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
            cmd.addAll(List.of("prlimit", "--nproc=" + NPROC_LIMIT,
                    Proc.JAVA.toString(), "-Xlog:os+thread=off", copy.toString(), "10000"));
            var r = Proc.run(dir, Map.of(), Proc.HangLimit.ofMinutes(2), cmd);

            assertEquals(1, r.exit(), "exit code when the count is not reached\n" + r.all());
            long failedAfter = Bounds.number(r.out(), "Thread.start failed after ([\\d,]+) platform threads");
            assertTrue(failedAfter > 0 && failedAfter < NPROC_LIMIT, failedAfter + " threads\n" + r.all());
            assertTrue(r.out().contains("java.lang.OutOfMemoryError: unable to create native thread"), r.all());
            assertEquals(failedAfter, Bounds.number(r.out(), "started ([\\d,]+) threads \\(platform\\)"), r.all());
            assertEquals(NPROC_LIMIT, Bounds.number(r.out(), "Max processes \\(/proc/self/limits\\): soft (\\d+)"), r.all());
        } finally {
            Temp.delete(dir);
        }
    }

    static boolean isRoot() throws IOException {
        return Files.readString(Path.of("/proc/self/status")).lines()
                .anyMatch(l -> l.matches("Uid:\\s+0\\s.*"));
    }

    @Test
    @DisplayName("ceiling: bad arguments print a usage line and exit 2")
    void badArgumentsPrintUsage() {
        usage(Proc.java(CEILING, "lots"));
        usage(Proc.java(CEILING, "0"));
        usage(Proc.java(CEILING, "500", "green"));
        usage(Proc.java(CEILING, "_"));   // separators alone are no count
        usage(Proc.java(CEILING, ","));
        usage(Proc.java(CEILING, "1,2,3,4,5,6,7,8,9,0"));
    }
}
