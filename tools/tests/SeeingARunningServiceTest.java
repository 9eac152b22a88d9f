package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// `seeing-a-running-service` (programs/SeeingARunningService.java): a service in its own JVM, stuck
/// under load, read from outside with jcmd's JSON thread dump (grouped) and the scheduler MXBean over JMX.
@Programs
class SeeingARunningServiceTest {

    static final int CONNECTIONS = 10;

    @Test
    @DisplayName("seeing-a-running-service: of 300 requests, the dump finds 290 waiting for a connection and 10 in the downstream call; the dump is deleted and the service exits")
    void theDumpGroupsTheStuckRequests(@TempDir Path tmp) throws Exception {
        var r = Proc.ok(Proc.java(List.of(), List.of("-Djava.io.tmpdir=" + tmp), "programs/SeeingARunningService.java", "300"));
        String out = r.out();
        assertTrue(out.contains("\n300 requests inside the service, none answered yet\n"), r.all());
        assertEquals(300, Bounds.number(out, "dump: \\d+ threads, (\\d+) of them virtual"), r.all());
        assertEquals(300 - CONNECTIONS, Bounds.number(out,
                "(?m)^ +(\\d+)  SeeingARunningService\\.placeOrder, WAITING, parked on java\\.util\\.concurrent\\.Semaphore\\$FairSync$"), r.all());
        assertEquals(CONNECTIONS, Bounds.number(out,
                "(?m)^ +(\\d+)  SeeingARunningService\\.callDownstream, WAITING, parked on java\\.util\\.concurrent\\.CountDownLatch\\$Sync$"), r.all());
        assertEquals(Runtime.getRuntime().availableProcessors(), Bounds.number(out, "scheduler \\(JMX\\): parallelism (\\d+),"), r.all());
        assertTrue(out.contains("\ndump deleted: true\n"), r.all());
        assertEquals(300, Bounds.number(out, "answered: (\\d+) of 300"), r.all());
        assertTrue(out.strip().endsWith("service stopped: it has exited"), r.all());
        try (var left = Files.list(tmp)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("service-dump-")).toList(),
                    "the dump's folder is left behind\n" + r.all());
        }
        long pid = Bounds.number(out, "service: pid (\\d+),");
        assertTrue(ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true), "the service still runs\n" + r.all());
    }

    @Test
    @DisplayName("seeing-a-running-service: a bad argument, too few or too many requests gets the usage line and exit code 2")
    void refusesABadArgument() {
        Proc.usage(Proc.java("programs/SeeingARunningService.java", "extra"));
        Proc.usage(Proc.java("programs/SeeingARunningService.java", "10"));
        Proc.usage(Proc.java("programs/SeeingARunningService.java", "5001"));
        Proc.usage(Proc.java("programs/SeeingARunningService.java", "100", "200"));
    }
}
