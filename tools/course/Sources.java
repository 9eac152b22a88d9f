package course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;

/// The text a reader sees and a run runs. For an exercise that is the text as shipped
/// (derived from its solution), never the student's working copy.
public final class Sources {
    private Sources() {}

    /// The shipped text behind an alias.
    public static String shipped(Catalog.Alias alias) {
        if (alias.isExercise()) {
            Path solution = solutionOf(alias.script());
            return Exercises.derive(read(solution));
        }
        return read(alias.script());
    }

    /// What the page shows: the shipped text, with exercise markers removed from solutions.
    public static String shown(Catalog.Alias alias) {
        String text = shipped(alias);
        return alias.kind() == Catalog.Alias.Kind.SOLUTION ? Exercises.strip(text) : text;
    }

    public static Path solutionOf(Path exercise) {
        Path s = exercise.getParent().resolve("solutions").resolve(exercise.getFileName());
        if (!Files.exists(s)) throw new BuildError(exercise, 0, "has no solution at " + Course.relative(s)
                + ": the shipped exercise is derived from it");
        return s;
    }

    public static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BuildError(file, 0, "does not exist");
        } catch (IOException e) {
            throw new BuildError(file, 0, "cannot be read: " + e.getMessage());
        }
    }
}
