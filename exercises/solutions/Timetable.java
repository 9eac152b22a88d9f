///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// A pool of `threads` threads runs `tasks` tasks that each take `secondsEach` seconds.
// A thread that finishes a task takes the next one, so the tasks run in rounds.
// How many seconds until the last task is done?
static int secondsFor(int tasks, int threads, int secondsEach) {
    // ---- your part: change only from here to its end ----
    // exercise: return 0; // TODO: how many rounds, times seconds per round?
    int rounds = (tasks + threads - 1) / threads;
    return rounds * secondsEach;
    // end exercise
    // ---- end of your part ----
}

// When task number `task` (counting from 0) starts: it waits for the rounds before its own.
static int startOf(int task, int threads, int secondsEach) {
    return (task / threads) * secondsEach;
}

record Case(int tasks, int threads, int secondsEach, int expected) {
    String name() {
        return "secondsFor(" + n(tasks) + (tasks == 1 ? " task, " : " tasks, ") + n(threads) + " threads, "
                + secondsEach + " s)";
    }
}

static final List<Case> CASES = List.of(
        new Case(7, 3, 2, 6),
        new Case(6, 3, 2, 4),
        new Case(1, 200, 5, 5),
        new Case(10_000, 200, 1, 50),
        new Case(10_000, 10_000, 1, 1),
        new Case(201, 200, 1, 2));

void main() {
    String firstFailure = null;
    for (Case c : CASES) {
        String result;
        try {
            int got = secondsFor(c.tasks(), c.threads(), c.secondsEach());
            result = got == c.expected() ? null : "got " + got + " s, expected " + c.expected() + " s";
        } catch (RuntimeException e) {
            result = "threw " + e + ", expected " + c.expected() + " s";
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
    int tasks = 7, threads = 3, secondsEach = 2;
    var starts = new ArrayList<String>();
    for (int task = 0; task < tasks; task++) starts.add(String.valueOf(startOf(task, threads, secondsEach)));
    IO.println(tasks + " tasks, " + threads + " threads, " + secondsEach + " s each:");
    IO.println("  tasks start at (s): " + String.join(", ", starts));
    IO.println("  all done after " + secondsFor(tasks, threads, secondsEach) + " s");
    IO.println(total(10_000, 200, 1));
    IO.println(total(10_000, 10_000, 1));
    IO.println(total(201, 200, 1) + "; plain integer division, 201 / 200 * 1, says " + 201 / 200 * 1 + " s");
    IO.println("Solved.");
}

static String total(int tasks, int threads, int secondsEach) {
    return n(tasks) + " tasks, " + n(threads) + " threads, " + secondsEach + " s each: all done after "
            + secondsFor(tasks, threads, secondsEach) + " s";
}

static String n(int v) { return String.format(Locale.ROOT, "%,d", v); }
