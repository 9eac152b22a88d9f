///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//PREVIEW
// @fold what the program shows, and the import of Joiner

// One request needs two answers at once: the user and their orders. Each is a subtask in a
// StructuredTaskScope (a preview API in JDK 25). When one fails, or the deadline passes, the
// scope cancels what is still running. A ScopedValue carries the request id into both.
// Every time is in ms since the request arrived.

import java.util.concurrent.StructuredTaskScope.Joiner;

// @end
static final ScopedValue<String> REQUEST_ID = ScopedValue.newInstance();
// @fold the request id req-42, the calls' times (100 ms and 2,000 ms), the 150 ms deadline, the clock
static final String REQUEST = "req-42";
static final Duration USER_CALL = Duration.ofMillis(100);   // then it answers (fails, in fail mode)
static final Duration SLOW_CALL = Duration.ofMillis(2_000); // orders; the user call too in timeout mode
static final Duration DEADLINE = Duration.ofMillis(150);    // timeout mode: the whole request's budget

long arrived;
// @end

void main(String[] args) throws InterruptedException {
    // @fold checking the mode argument, printing what the mode does, and starting the clock
    String mode = args.length == 0 ? "fail" : args[0];
    if (args.length > 1 || !List.of("fail", "timeout", "ok").contains(mode)) {
        System.err.println("usage: fanout [fail|timeout|ok]");
        System.exit(2);
    }
    Duration userTakes = mode.equals("timeout") ? SLOW_CALL : USER_CALL;
    IO.println("mode " + mode + ": user call " + userTakes.toMillis() + " ms"
            + (mode.equals("fail") ? " then fails" : "")
            + ", orders call " + SLOW_CALL.toMillis() + " ms"
            + (mode.equals("timeout") ? ", deadline " + DEADLINE.toMillis() + " ms" : ""));
    arrived = System.nanoTime();
    // @end
    ScopedValue.where(REQUEST_ID, REQUEST).call(() -> handle(mode));
}

String handle(String mode) throws InterruptedException {
    String outcome;
    try (var scope = openScope(mode)) {
        Duration userTakes = mode.equals("timeout") ? SLOW_CALL : USER_CALL;
        var user = scope.fork(() -> call("user", userTakes, mode.equals("fail")));
        var orders = scope.fork(() -> call("orders", SLOW_CALL, false));
        try {
            scope.join();
            outcome = "join() returned at " + now() + " ms with " + user.get() + " and " + orders.get();
        } catch (StructuredTaskScope.FailedException e) {
            outcome = "join() threw StructuredTaskScope.FailedException at " + now() + " ms, "
                    + "cause: " + e.getCause();
        } catch (StructuredTaskScope.TimeoutException e) {
            outcome = "join() threw StructuredTaskScope.TimeoutException at " + now() + " ms";
        }
    } // close() cancels what still runs, then waits for those threads to end
    // @fold printing the outcome and when the scope closed
    IO.println(outcome);
    IO.println("the scope closed at " + now() + " ms");
    return outcome;
    // @end
}

/// open() fails fast: the first subtask to fail cancels the scope. The timeout mode opens
/// the same policy (the joiner open() uses) with a deadline for the whole scope.
StructuredTaskScope<String, Void> openScope(String mode) {
    if (mode.equals("timeout"))
        return StructuredTaskScope.open(Joiner.awaitAllSuccessfulOrThrow(), cf -> cf.withTimeout(DEADLINE));
    return StructuredTaskScope.open();
}

// @fold call, the remote call: it reads REQUEST_ID, sleeps, then answers or fails (an interrupt ends the sleep early); say and now
/// A remote call: it waits, then answers or fails. Runs in its own virtual thread.
String call(String service, Duration takes, boolean fails) throws Exception {
    String id = REQUEST_ID.get(); // bound in main's thread, seen in this forked thread
    String kind = Thread.currentThread().isVirtual() ? "virtual" : "platform";
    say(id, service, "started at " + now() + " ms on a " + kind + " thread");
    long startedAt = now();
    try {
        Thread.sleep(takes);
    } catch (InterruptedException e) {
        long at = now(), early = startedAt + takes.toMillis() - at;
        say(id, service, "interrupted at " + at + " ms, " + early + " ms before it would have answered");
        throw e;
    }
    if (fails) {
        say(id, service, "failed at " + now() + " ms");
        throw new IOException(service + " service unavailable");
    }
    say(id, service, "answered at " + now() + " ms");
    return service + " of " + id;
}

void say(String id, String service, String what) {
    IO.println("  [" + id + "] " + service + ": " + what);
}

long now() {
    return (System.nanoTime() - arrived) / 1_000_000;
}
// @end
