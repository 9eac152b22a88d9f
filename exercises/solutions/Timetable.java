///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A pool of `threads` threads runs `tasks` tasks that each wait `secondsEach` seconds. A
// thread that finishes a task takes the next one, so the tasks run in rounds: secondsFor,
// below, is the lesson's rule. Now turn it around. A batch must be done by a deadline: how
// few threads will do? Write threadsFor. It returns 0 when no pool, however large, is enough.
static int threadsFor(int tasks, int secondsEach, int deadline) {
    // ---- your part: change only from here to its end ----
    // exercise: return 0;
    int rounds = deadline / secondsEach;   // only a round that ends by the deadline counts
    if (rounds == 0) return 0;             // not even one round fits: no pool is enough
    return (tasks + rounds - 1) / rounds;  // the tasks shared out over those rounds, rounded up
    // end exercise
    // ---- end of your part ----
}

// How many seconds until the last task is done: the rounds, rounded up, times secondsEach.
static int secondsFor(int tasks, int threads, int secondsEach) {
    int rounds = (tasks + threads - 1) / threads;
    return rounds * secondsEach;
}

// When task number `task` (counting from 0) starts: it waits for the rounds before its own.
static int startOf(int task, int threads, int secondsEach) {
    return (task / threads) * secondsEach;
}

record Case(int tasks, int secondsEach, int deadline, int expected) {
    String name() {
        return "threadsFor(" + n(tasks) + (tasks == 1 ? " task of " : " tasks of ") + secondsEach + " s, done by "
                + n(deadline) + " s)";
    }
}

static final List<Case> CASES = List.of(
        new Case(7, 2, 6, 3),
        new Case(6, 2, 4, 3),
        new Case(7, 2, 5, 4),
        new Case(7, 2, 7, 3),
        new Case(10_000, 1, 50, 200),
        new Case(10_000, 1, 1, 10_000),
        new Case(201, 1, 2, 101),
        new Case(1, 5, 4, 0));

void main() {
    String firstFailure = null;
    for (Case c : CASES) {
        String result;
        try {
            int got = threadsFor(c.tasks(), c.secondsEach(), c.deadline());
            result = got == c.expected() ? null : "got " + got + ", expected " + c.expected();
        } catch (RuntimeException e) {
            result = "got " + e + ", expected " + c.expected();
        }
        if (result == null) {
            IO.println("ok   " + c.name());
        } else {
            IO.println("FAIL " + c.name() + ": " + result);
            if (firstFailure == null) firstFailure = c.name();
        }
    }
    if (firstFailure != null) {
        IO.println("Not solved yet: " + firstFailure);
        IO.println("Hint: ./jbang check --hint timetable");
        System.exit(1);
    }

    IO.println();
    int tasks = 7, secondsEach = 2, threads = threadsFor(tasks, secondsEach, 6);
    var starts = new ArrayList<String>();
    for (int task = 0; task < tasks; task++) starts.add(String.valueOf(startOf(task, threads, secondsEach)));
    IO.println(tasks + " tasks, " + threads + " threads, " + secondsEach + " s each:");
    IO.println("  tasks start at (s): " + String.join(", ", starts));
    IO.println("  all done after " + secondsFor(tasks, threads, secondsEach) + " s");
    IO.println(total(10_000, threadsFor(10_000, 1, 50), 1));
    IO.println(total(10_000, threadsFor(10_000, 1, 1), 1));
    IO.println(total(201, threadsFor(201, 1, 2), 1) + "; 201 / 2 in plain integer division says " + 201 / 2 + " threads");
    IO.println("Solved.");
}

static String total(int tasks, int threads, int secondsEach) {
    return n(tasks) + " tasks, " + n(threads) + " threads, " + secondsEach + " s each: all done after "
            + secondsFor(tasks, threads, secondsEach) + " s";
}

static String n(int v) { return String.format(Locale.ROOT, "%,d", v); }
