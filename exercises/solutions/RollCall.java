///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Five virtual threads answer a roll call, each after its own pause.
// callTheRoll() must not return before every one has answered: if main moved on and
// returned, the JVM would exit and cut them off, because virtual threads are daemon threads.

final int STUDENTS = 5;
final Queue<String> answers = new ConcurrentLinkedQueue<>();
volatile long lastAnswerAt;

void main() throws InterruptedException {
    long start = System.nanoTime();
    callTheRoll();
    long returnedAt = System.nanoTime();
    var answered = List.copyOf(answers);

    check("all " + STUDENTS + " answered before callTheRoll returned", answered.size(), STUDENTS);
    check("answers from platform threads (there should be none)", answered.stream().filter(a -> a.endsWith("platform")).count(), 0L);
    long gap = (returnedAt - lastAnswerAt) / 1_000_000;
    checkThat("callTheRoll returned right after the last answer", answered.size() == STUDENTS && gap < 100,
            answered.size() == STUDENTS ? gap + " ms later" : "no last answer yet", "under 100 ms later");
    long took = (returnedAt - start) / 1_000_000;
    checkThat("callTheRoll took about the longest pause, 300 ms", took >= 300 && took < 800,
            took + " ms", "300 to 800 ms");
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
    lastAnswerAt = System.nanoTime();
    answers.add("student " + student + " here, " + (Thread.currentThread().isVirtual() ? "virtual" : "platform"));
}

// ---- Checking your work: no need to read past this line. ----

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
