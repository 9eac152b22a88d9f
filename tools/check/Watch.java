package check;

import static check.CheckOne.indent;
import static kit.SourceRuns.readOrNull;

import course.Course;
import course.Exercises.Exercise;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/// `check --watch`: runs the first unsolved exercise, then again each time the student saves
/// it, and goes on to the next once it is solved. It reads the file every `pollMillis` ms and
/// compares the text, so it needs no file events and no time stamps (a container's bind mount,
/// WSL and network drives deliver neither reliably). `q` then Enter, or the end of input, stops it.
///
/// `one` says what `check NAME` says once an exercise is solved; `fresh`: --fresh, so no
/// verdict kept from the last check is used.
public record Watch(List<Exercise> exercises, ExerciseRuns runs, Lessons lessons, CheckOne one, long pollMillis, boolean fresh) {

    /// Exit code 0 when every exercise is solved or the student stopped it, 1 when interrupted.
    public int watch() {
        var stop = new CountDownLatch(1);
        Thread.ofPlatform().daemon().name("stdin").start(() -> {
            try (var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null)
                    if (line.strip().equalsIgnoreCase("q")) break;
            } catch (IOException ignored) {
                // treated as end of input
            }
            stop.countDown();
        });
        var solvedText = new HashMap<String, String>();   // exercise -> the text last seen solved
        try {
            while (true) {
                Exercise current = null;
                Outcome outcome = null;
                String checkedText = null;                    // the text that run saw
                int solved = 0;
                for (Exercise e : exercises) {
                    String text = readOrNull(e.file());
                    if (text != null && text.equals(solvedText.get(e.name()))) {
                        solved++;
                        continue;
                    }
                    Outcome o = fresh ? null : runs.kept(e);
                    if (o == null) o = runs.run(e);
                    if (o.solved()) {
                        solvedText.put(e.name(), text);
                        solved++;
                        IO.println("ok   " + e.name());
                    } else {
                        current = e;
                        outcome = o;
                        checkedText = text;
                        break;
                    }
                }
                if (current == null) {
                    IO.println(exercises.size() + " of " + exercises.size() + " solved. All exercises solved. Well done.");
                    return 0;
                }
                IO.println();
                IO.println(solved + " of " + exercises.size() + " solved. Now: " + current.name()
                        + " (lesson " + lessons.of(current) + ")");
                if (outcome.kept()) IO.println(CheckOne.fromCache(current));
                IO.println(indent(outcome.output()));
                CheckOne.warnOutsideYourPart(current);
                CheckOne.tellHowToGoOn(current, outcome);
                runs.warmUp();                                // javac loaded while the student edits
                String checked = checkedText;
                while (true) {
                    IO.println("Watching " + Course.relative(current.file()) + ": save it to check again (q then Enter to stop).");
                    String now = checked;
                    while (Objects.equals(now, checked)) {
                        if (stop.await(pollMillis, TimeUnit.MILLISECONDS)) {
                            IO.println("Stopped watching.");
                            return 0;
                        }
                        now = readOrNull(current.file());
                    }
                    stop.await(Math.min(200, pollMillis), TimeUnit.MILLISECONDS);   // let the editor finish writing
                    IO.println();
                    IO.println("Saved " + Course.relative(current.file()) + ", checking it again.");
                    checked = readOrNull(current.file());
                    String before = outcome.passed();
                    outcome = runs.run(current);
                    IO.println(indent(outcome.output()));
                    CheckOne.warnOutsideYourPart(current);
                    if (!outcome.solved() && !outcome.passed().isEmpty())
                        IO.println(outcome.passed() + " checks pass" + (before.isEmpty() ? "." : " (" + before + " before this save)."));
                    if (outcome.solved()) {
                        solvedText.put(current.name(), checked);
                        one.offerTheSolution(current);
                        break;
                    }
                    CheckOne.tellHowToGoOn(current, outcome);
                }
            }
        } catch (InterruptedException e) {
            return 1;
        }
    }
}
