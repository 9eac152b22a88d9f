package tests;

import static org.junit.jupiter.api.Assertions.*;
import static tests.Proc.ok;
import static tests.Proc.usage;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The lesson "Your first virtual thread": the four ways to start one and what each thread
/// prints about itself (programs/FirstVirtualThread.java), the exception lost in submit()
/// (programs/FirstMistakes.java) and the two compile errors (programs/mistakes/).
@Programs
class FirstVirtualThreadTest {

    static final String FIRST = "programs/FirstVirtualThread.java";
    /// A mounted virtual thread as toString prints it on JDK 25: id, optional name, state@carrier.
    static final String MOUNTED = "VirtualThread\\[#\\d+%s\\]/runnable@ForkJoinPool-\\d+-worker-\\d+  isVirtual=true";

    /// One run, shared by the tests below: what it prints does not depend on timing.
    static Proc.Result firstRun;

    static synchronized Proc.Result first() {
        if (firstRun == null) firstRun = ok(Proc.java(FIRST));
        return firstRun;
    }

    static String line(List<String> out, String prefix, Proc.Result r) {
        return out.stream().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseGet(() -> fail("no line starting '" + prefix + "'\n" + r.all()));
    }

    static void assertMatches(String regex, String line, Proc.Result r) {
        assertTrue(Pattern.matches(regex, line), "'" + line + "' should match /" + regex + "/\n" + r.all());
    }

    @Test
    @DisplayName("first: main is a platform thread; each of the four ways starts a virtual thread, shown with its carrier")
    void fourWaysStartVirtualThreads() {
        var r = first();
        var out = r.out().lines().toList();
        assertMatches("main: Thread\\[#\\d+,main,5,main\\]  isVirtual=false", line(out, "main: ", r), r);
        assertMatches("1\\. Thread\\.ofVirtual\\(\\)\\.start: " + MOUNTED.formatted(""), line(out, "1. ", r), r);
        assertMatches("2\\. Thread\\.startVirtualThread: " + MOUNTED.formatted(""), line(out, "2. ", r), r);
        assertMatches("3\\. newVirtualThreadPerTaskExecutor: " + MOUNTED.formatted(""), line(out, "3. ", r), r);
        // close() waited: the task's line comes before the one printed after close(), and the task is done.
        assertEquals("   after close(): task done = true", out.get(out.indexOf(line(out, "3. ", r)) + 1), r.all());
        assertFalse(out.stream().anyMatch(l -> l.matches("[1-4]\\. .*") && !l.endsWith("isVirtual=true")), r.all());
        assertTrue(r.err().isEmpty(), r.all());
    }

    @Test
    @DisplayName("first: the builder's factory names the threads worker-0, worker-1, worker-2 in the order tasks were submitted")
    void factoryNumbersTheNames() {
        var r = first();
        var out = r.out().lines().toList();
        var fourth = out.stream().filter(l -> l.startsWith("4. ")).toList();
        assertEquals(3, fourth.size(), r.all());
        for (int i = 0; i < 3; i++)
            assertMatches("4\\. factory, task " + i + ": " + MOUNTED.formatted(",worker-" + i), fourth.get(i), r);
    }

    @Test
    @DisplayName("first: seen from main, a waiting virtual thread shows its own state and no carrier, then terminated")
    void anUnmountedThreadHasNoCarrier() {
        var r = first();
        var out = r.out().lines().toList();
        assertMatches("while it waits: VirtualThread\\[#\\d+,waiter\\]/waiting", line(out, "while it waits: ", r), r);
        assertMatches("after it ended: VirtualThread\\[#\\d+,waiter\\]/terminated", line(out, "after it ended: ", r), r);
    }

    @Test
    @DisplayName("first and mistakes: an argument prints usage and exits 2")
    void argumentsAreRejected() {
        usage(Proc.java(FIRST, "now"));
        usage(Proc.java("programs/FirstMistakes.java", "now"));
    }

    // ---- first mistakes -------------------------------------------------------------------

    @Test
    @DisplayName("mistakes: submit() without get() prints nothing; a started thread's exception is printed, name empty; get() throws")
    void exceptionLostInSubmit() {
        var r = ok(Proc.java("programs/FirstMistakes.java"));
        var out = r.out().lines().toList();
        int first = out.indexOf("1. executor.submit(task), never asking for the result:");
        assertTrue(first >= 0, r.all());
        assertEquals("   the executor closed and nothing was printed", out.get(first + 1), r.all());
        assertTrue(r.err().startsWith("Exception in thread \"\" java.lang.IllegalStateException: the task failed\n"),
                "the default handler's message, with an empty thread name\n" + r.all());
        assertEquals(1, r.err().split("Exception in thread", -1).length - 1, "exactly one exception printed\n" + r.all());
        assertTrue(out.contains("   the thread's name was \"\""), r.all());
        assertTrue(out.contains("   get() threw ExecutionException, caused by: java.lang.IllegalStateException: the task failed"), r.all());
    }

    @Test
    @DisplayName("compile errors: Thread.sleep in a Runnable lambda, count++ on a captured local; javac's message, exit 1")
    void compileErrorsFailWithJavacsMessage() {
        var sleep = Proc.java("programs/mistakes/SleepInLambda.java");
        assertEquals(1, sleep.exit(), sleep.all());
        assertTrue(sleep.err().contains("SleepInLambda.java:10: error: unreported exception InterruptedException; "
                + "must be caught or declared to be thrown"), sleep.all());
        var count = Proc.java("programs/mistakes/CountInLambda.java");
        assertEquals(1, count.exit(), count.all());
        assertTrue(count.err().contains("CountInLambda.java:11: error: local variables referenced from a lambda expression "
                + "must be final or effectively final"), count.all());
    }
}
