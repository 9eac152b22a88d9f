package tests;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The lesson "Request context" (programs/RequestContext.java): what its prose says the program shows.
@Programs
class RequestContextTest {

    @Test
    @DisplayName("request-context: the thread that says hello is virtual")
    void saysHelloFromAVirtualThread() {
        var r = Proc.ok(Proc.java("programs/RequestContext.java"));
        assertEquals("hello from a virtual thread: true", r.out().strip(), r.all());
    }

    @Test
    @DisplayName("request-context: an argument gets the usage line and exit code 2")
    void refusesAnArgument() {
        Proc.usage(Proc.java("programs/RequestContext.java", "extra"));
    }
}
