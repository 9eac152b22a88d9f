///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Five students answer a roll call, each on a virtual thread of an executor, after a pause
// of their own; student 4 is absent, and that task throws. callTheRoll() must not return
// before every student has answered: if main moved on and returned, the JVM would exit and
// cut them off, because virtual threads are daemon threads. And the absence must be heard:
// an exception kept in a Future that nobody reads is lost.

final int STUDENTS = 5, ABSENT = 4;
final Queue<String> answers = new ConcurrentLinkedQueue<>();

void main() throws InterruptedException {
    mainThread = Thread.currentThread();
    Thread.setDefaultUncaughtExceptionHandler((thread, e) -> reported.add(e.getMessage()));
    try {
        callTheRoll();
    } catch (Exception e) {                    // an absence that callTheRoll throws is heard too
        reported.add(String.valueOf(e.getMessage()));
    }
    var answered = List.copyOf(answers);

    check("students who answered before callTheRoll returned", answered.size(), STUDENTS - 1);
    check("absences reported", reported.stream().filter(r -> r.contains("student " + ABSENT + " is absent")).count(), 1L);
    check("answers from platform threads (there should be none)",
            answered.stream().filter(a -> a.endsWith("platform")).count(), 0L);
    check("students who answered on a pool's threads (a pool keeps its threads for the next task)", pooled.get(), 0);
    checkThat("callTheRoll waited for the threads, not for a set time", !mainWasSleeping,
            "main in Thread.sleep when the last student answered", "main waiting for the threads");
    verdict("roll-call");
}

void callTheRoll() throws Exception {
    // ---- your part: change only from here to its end ----
    var executor = Executors.newVirtualThreadPerTaskExecutor();
    for (int i = 1; i <= STUDENTS; i++) {
        int student = i;
        executor.submit(() -> answer(student));
    }
    // TODO: nothing here waits for the students, and nothing ever reads what submit() keeps
    // ---- end of your part ----
}

void answer(int student) {
    if (inAPool()) pooled.incrementAndGet();   // for the checks: see below
    try {
        Thread.sleep(60 * student);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();   // keep the interrupt for whoever asked for it
        return;
    }
    if (student == ABSENT) throw new IllegalStateException("student " + student + " is absent");
    answers.add("student " + student + " here, " + (Thread.currentThread().isVirtual() ? "virtual" : "platform"));
    if (student == STUDENTS) lookAtMain();     // for the checks in main
}

// ---- Checking your work: no need to read past this line. ----

Thread mainThread;
volatile boolean mainWasSleeping;
final AtomicInteger pooled = new AtomicInteger();

/// A pool's thread runs its tasks from ThreadPoolExecutor.runWorker, whatever the pool's size or
/// the kind of its threads; a thread of its own (newVirtualThreadPerTaskExecutor) does not.
boolean inAPool() {
    return StackWalker.getInstance().walk(frames -> frames.anyMatch(f -> f.getClassName().equals("java.util.concurrent.ThreadPoolExecutor")));
}
final Queue<String> reported = new ConcurrentLinkedQueue<>();

void lookAtMain() {
    mainWasSleeping = Arrays.stream(mainThread.getStackTrace())
            .anyMatch(f -> f.getClassName().equals("java.lang.Thread") && f.getMethodName().startsWith("sleep"));
}

final List<String> failed = new ArrayList<>();

void check(String what, Object got, Object expected) {
    checkThat(what, Objects.equals(got, expected), got, expected);
}

void checkThat(String what, boolean ok, Object got, Object expected) {
    if (ok) {
        IO.println("ok   " + what);
    } else {
        IO.println("FAIL " + what + ": got " + got + ", expected " + expected);
        failed.add(what);
    }
}

void verdict(String exercise) {
    if (failed.isEmpty()) {
        IO.println("Solved.");
        return;
    }
    IO.println("Not solved yet: " + failed.getFirst());
    IO.println("Hint: ./jbang check --hint " + exercise);
    System.exit(1);
}
