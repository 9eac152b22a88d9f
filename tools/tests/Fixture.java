package tests;

import course.*;
import java.io.IOException;
import java.nio.file.*;
import java.util.*;

/// A tiny course in a folder the test gives it (a JUnit `@TempDir`, which JUnit deletes even
/// when the test fails): one program, one exercise, one lesson with a run and its recording.
/// Tests break one thing at a time and build it in-process. A class whose every test wants
/// one makes it in its constructor, from a `@TempDir` parameter (`GeneratorTest`): JUnit makes
/// an instance of the class, and a folder, for each test.
public final class Fixture {
    public final Path root;

    static final String HELLO = """
            ///usr/bin/env jbang "$0" "$@" ; exit $?
            //JAVA 25+

            void main() {
                IO.println("took 1234 ms");
            }
            """;
    static final String SOLUTION = """
            ///usr/bin/env jbang "$0" "$@" ; exit $?
            //JAVA 25+

            int answer() {
                // exercise: return 0; // TODO
                return 42;
                // end exercise
            }

            void main() {
                IO.println(answer() == 42 ? "Solved." : "Not solved yet: answer");
            }
            """;

    public Fixture(Path root) throws IOException {
        this.root = root;
        write("build.sh", "#!/bin/sh\n");
        write("jbang-catalog.json", """
                {
                  "aliases": {
                    "hello": { "script-ref": "programs/Hello.java", "description": "says hello" },
                    "answer": { "script-ref": "exercises/Answer.java", "description": "exercise" },
                    "answer-solution": { "script-ref": "exercises/solutions/Answer.java", "description": "solution" }
                  }
                }
                """);
        write("programs/Hello.java", HELLO);
        write("exercises/solutions/Answer.java", SOLUTION);
        write("exercises/Answer.java", Exercises.derive(SOLUTION));
        write("exercises/HINTS.md", """
                # Hints

                ## answer

                - lesson: first
                - practises: Returning the answer.

                1. It is 42.
                """);
        write("lessons/01-first.md", """
                ---
                title: First
                program: hello
                runs:
                  - id: hello-run
                    alias: hello
                ---
                It took {{hello-run: took (\\d+) ms}} ms.

                ## Program

                {{program}}

                {{run hello-run}}

                See [the program](#program) and [the next lesson](second.html#more).
                """);
        write("lessons/02-second.md", """
                ---
                title: Second
                ---
                ## More

                Back to [the first](first.html).
                """);
        // The real fixed pieces (404 page, exercises page), and a page template of its own.
        kit.Trees.copy(Proc.ROOT.resolve("tools/templates"), root.resolve("tools/templates"));
        write("tools/templates/page.html", "<!DOCTYPE html><html lang=\"en\"><head><title>{{title}}</title></head>"
                + "<body><nav>{{nav}}</nav>{{toc}}<main>{{content}}</main>{{prevnext}}</body></html>");
        Files.createDirectories(root.resolve("tools/assets"));
        record("hello-run", "took 1234 ms\n");
    }

    public Path file(String rel) { return root.resolve(rel); }

    public void write(String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    public String read(String rel) throws IOException { return Files.readString(root.resolve(rel)); }

    /// Replaces the first occurrence of `from` in a file; fails if it is not there.
    public void replace(String rel, String from, String to) throws IOException {
        String text = read(rel);
        if (!text.contains(from)) throw new AssertionError(rel + " does not contain: " + from);
        write(rel, text.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to)));
    }

    /// Writes a recording as ./build.sh record does, with `output` as if run `id` printed it
    /// (from the program as it is now) on a machine called "JDK test".
    public void record(String id, String output) throws IOException {
        record(root, id, output);
    }

    /// Stores `output` as run `id`'s recording in the course at `root`, as if it had been recorded
    /// (exit 0, 0.1 s, on "JDK test"): for a test course, a Fixture's or live mode's.
    static void record(Path root, String id, String output) throws IOException {
        var course = Build.load(root);
        var run = course.runs().get(id);
        Recording.write(root, run, course.catalog().get(run.alias(), run.lesson(), run.line()), course.plan(id),
                new TerminalRun.Output(output, 0, 0.1, "JDK test"));
    }

    public Build.Result build(boolean strict) throws IOException {
        return Build.build(root, root.resolve("site"), strict, System.out);
    }

    /// Builds and expects a BuildError; returns it.
    public BuildError buildFails(boolean strict) throws IOException {
        try {
            build(strict);
        } catch (BuildError e) {
            return e;
        }
        throw new AssertionError("the build should have failed");
    }
}
