package course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;

/// Reading the course's files, with a BuildError naming the file when it cannot; what a run
/// runs and a page shows is derived from them once, in {@link ProgramTexts}.
public final class Sources {
    private Sources() {}

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
