///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A crew of eight workers, each with a job that takes a moment (a sleep stands in for a call).
// startCrew() must start one virtual thread per worker, named crew-0, crew-1, ... crew-7,
// let them all work at the same time, and return only when every one has finished.

final int SIZE = 8;
final CountDownLatch allStarted = new CountDownLatch(SIZE);

void main() throws InterruptedException {
    mainThread = Thread.currentThread();
    List<Thread> crew = startCrew(SIZE, this::work);
    int finishedAtReturn = finished.get();
    var ranOn = List.copyOf(jobThreads);

    check("jobs finished before startCrew returned", finishedAtReturn, SIZE);
    check("jobs that ran on a virtual thread", ranOn.stream().filter(Thread::isVirtual).count(), (long) SIZE);
    check("names of the threads that ran the jobs", namesOf(ranOn, true), expectedNames());
    checkThat("threads returned are the ones that ran the jobs, in the order started", sameThreads(crew, ranOn),
            namesOf(crew, false), expectedNames());
    check("most jobs running at the same moment", peak.get(), SIZE);
    checkThat("startCrew waited for the threads, not for a set time", lastJobSaw.equals(WAITING), lastJobSaw, WAITING);
    verdict("crew");
}

List<Thread> startCrew(int size, Runnable job) throws InterruptedException {
    // ---- your part: change only from here to its end ----
    // exercise: return List.of(); // TODO: start `size` named virtual threads that run `job`, all at once; wait for them; return them
    Thread.Builder builder = Thread.ofVirtual().name("crew-", 0);
    var crew = new ArrayList<Thread>();
    for (int i = 0; i < size; i++) {
        crew.add(builder.start(job));
    }
    for (Thread worker : crew) {
        worker.join();
    }
    return crew;
    // end exercise
    // ---- end of your part ----
}

void work() {
    int now = running.incrementAndGet();
    peak.accumulateAndGet(now, Math::max);
    jobThreads.add(Thread.currentThread());
    try {
        allStarted.countDown();
        allStarted.await(1, TimeUnit.SECONDS);   // the crew works together: wait (at most 1 s) for the others
        Thread.sleep(200);
    } catch (InterruptedException e) {
        Thread.currentThread().interrupt();   // stopped early: keep the flag; still counted as finished below
    }
    running.decrementAndGet();
    if (finished.incrementAndGet() == SIZE) lookAtMain();   // for the checks in main
}

// ---- Checking your work: no need to read past this line. ----

final AtomicInteger running = new AtomicInteger();
final AtomicInteger peak = new AtomicInteger();
final AtomicInteger finished = new AtomicInteger();
final Queue<Thread> jobThreads = new ConcurrentLinkedQueue<>();
Thread mainThread;

static final String WAITING = "startCrew waiting for the threads";
volatile String lastJobSaw = "the jobs never all finished";

/// Called by the last job to finish: is main waiting for the threads, or asleep?
void lookAtMain() {
    boolean sleeping = Arrays.stream(mainThread.getStackTrace())
            .anyMatch(f -> f.getClassName().equals("java.lang.Thread") && f.getMethodName().startsWith("sleep"));
    lastJobSaw = sleeping ? "startCrew in Thread.sleep when the last job finished" : WAITING;
}

List<String> expectedNames() {
    return IntStream.range(0, SIZE).mapToObj(i -> "\"crew-" + i + "\"").toList();
}

/// The threads' names in quotes (an unnamed thread's is ""), sorted by number if `sorted`:
/// the jobs record their threads in the order they happen to run.
List<String> namesOf(List<Thread> threads, boolean sorted) {
    var names = threads.stream().map(t -> "\"" + t.getName() + "\"");
    if (sorted) names = names.sorted(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
    return names.toList();
}

boolean sameThreads(List<Thread> crew, List<Thread> ranOn) {
    if (crew.size() != SIZE || ranOn.size() != SIZE) return false;
    for (int i = 0; i < SIZE; i++)
        if (!crew.get(i).getName().equals("crew-" + i) || !ranOn.contains(crew.get(i))) return false;
    return true;
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
