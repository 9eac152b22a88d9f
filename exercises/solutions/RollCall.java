///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Five virtual threads answer a roll call, each after its own pause.
// callTheRoll() must not return before every one has answered: if main moved on and
// returned, the JVM would exit and cut them off, because virtual threads are daemon threads.

final int STUDENTS = 5;
final Queue<String> answers = new ConcurrentLinkedQueue<>();

void main() throws InterruptedException {
    mainThread = Thread.currentThread();
    callTheRoll();
    var answered = List.copyOf(answers);

    check("all " + STUDENTS + " answered before callTheRoll returned", answered.size(), STUDENTS);
    check("answers from platform threads (there should be none)",
            answered.stream().filter(a -> a.endsWith("platform")).count(), 0L);
    checkThat("callTheRoll waited for the threads, not for a set time", !mainWasSleeping,
            "main in Thread.sleep when the last student answered", "main waiting for the threads");
    verdict("roll-call");
}

void callTheRoll() throws InterruptedException {
    var threads = new ArrayList<Thread>();
    for (int i = 1; i <= STUDENTS; i++) {
        int student = i;
        threads.add(Thread.ofVirtual().name("student-" + student).start(() -> answer(student)));
    }
    // exercise: // TODO: the threads are still pausing, and nothing here waits for them. Wait for each one.
    for (Thread thread : threads) {
        thread.join();
    }
    // end exercise
}

void answer(int student) {
    try {
        Thread.sleep(60 * student);
    } catch (InterruptedException e) {
        return;
    }
    answers.add("student " + student + " here, " + (Thread.currentThread().isVirtual() ? "virtual" : "platform"));
    if (student == STUDENTS) lookAtMain();     // for the checks below
}

// ---- Checking your work: no need to read past this line. ----

Thread mainThread;
volatile boolean mainWasSleeping;

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
