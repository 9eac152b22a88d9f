package tests;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The lesson "Migrating async code" (programs/MigratingAsyncCode.java): what its prose says the program shows.
@Programs
class MigratingAsyncCodeTest {

    @Test
    @DisplayName("migrating-async-code: the thread that says hello is virtual")
    void saysHelloFromAVirtualThread() {
        var r = Proc.ok(Proc.java("programs/MigratingAsyncCode.java"));
        assertEquals("hello from a virtual thread: true", r.out().strip(), r.all());
    }

    @Test
    @DisplayName("migrating-async-code: an argument gets the usage line and exit code 2")
    void refusesAnArgument() {
        Proc.usage(Proc.java("programs/MigratingAsyncCode.java", "extra"));
    }
}
