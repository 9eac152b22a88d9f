package tests;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The lesson "Seeing a running service" (programs/SeeingARunningService.java): what its prose says the program shows.
@Programs
class SeeingARunningServiceTest {

    @Test
    @DisplayName("seeing-a-running-service: the thread that says hello is virtual")
    void saysHelloFromAVirtualThread() {
        var r = Proc.ok(Proc.java("programs/SeeingARunningService.java"));
        assertEquals("hello from a virtual thread: true", r.out().strip(), r.all());
    }

    @Test
    @DisplayName("seeing-a-running-service: an argument gets the usage line and exit code 2")
    void refusesAnArgument() {
        Proc.usage(Proc.java("programs/SeeingARunningService.java", "extra"));
    }
}
