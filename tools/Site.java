///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES course/*.java

import course.*;

/// The course's build tool, called by build.sh:
///   build [--strict] [--full]  render lessons/ into site/ (strict: a stale recording is an error),
///                      unless nothing changed since the last build (full: build anyway)
///   record [id...]     run the lessons' declared runs and write recordings/ (all when no id)
///   runs               list every declared run: id, lesson, command
///   cited              list every figure the pages cite from elsewhere: where, figure, source
///   words              per lesson: main-path words, aside words, sentences, words per sentence
///   sync               write into jbang-catalog.json what follows from the course (exercise aliases, lesson titles)
///   new lesson SLUG EXERCISE  write the files of a new lesson and its exercise, each a working start to fill in
void main(String[] args) throws Exception {
    String command = args.length == 0 ? "build" : args[0];
    Path root = course.Course.ROOT;
    try {
        switch (command) {
            case "build" -> {
                var options = java.util.Arrays.asList(args);
                boolean strict = options.contains("--strict");
                long t0 = System.nanoTime();
                var result = Build.buildIfChanged(root, root.resolve("site"), strict, options.contains("--full"), System.out);
                for (String w : result.warnings()) System.err.println("warning: " + w);
                if (result.loaded() == null) IO.println("site/ is up to date: nothing changed since the last build (" + result.pages()
                        + " pages; --full builds anyway)");
                else IO.println("built " + result.pages() + " pages into site/ in " + (System.nanoTime() - t0) / 1_000_000 + " ms"
                        + (System.getenv("COURSE_TIMINGS") != null ? " " + result.renderMillis() : ""));
            }
            case "record" -> {
                var failures = RecordCommand.record(Build.load(root), java.util.Arrays.asList(args).subList(1, args.length), System.out);
                for (var f : failures) System.err.println("error: " + f);
                if (!failures.isEmpty()) {
                    System.err.println("error: " + failures.size() + " claim(s) no longer hold; the new recordings are kept");
                    System.exit(1);
                }
            }
            case "runs" -> {
                var c = Build.load(root);
                for (var run : c.runs().values())
                    IO.println(run.id() + "\t" + course.Course.relative(run.lesson()) + "\t" + c.plan(run.id()).described());
            }
            case "cited" -> {
                for (var c : CitedFigure.all(Build.load(root))) IO.println(c);
            }
            case "words" -> IO.print(ProseCount.table(Build.load(root)));
            case "sync" -> {
                var changed = CatalogSync.write(root);
                IO.println(changed.isEmpty() ? "jbang-catalog.json is in sync: nothing to write"
                        : "jbang-catalog.json: wrote " + String.join(", ", changed));
            }
            case "new" -> {
                if (args.length != 4 || !args[1].equals("lesson")) {
                    System.err.println("usage: ./build.sh new lesson SLUG EXERCISE   (e.g. ./build.sh new lesson request-context tag-along)");
                    System.exit(2);
                }
                IO.println("wrote (the first six are yours to fill in, and the program alias's description; the rest follows from them):");
                for (String f : Scaffold.lesson(root, args[2], args[3])) IO.println("  " + f);
                IO.println("next: edit them; ./jbang check --reset " + args[3] + " --yes (the shipped exercise, from your solution); "
                        + "./build.sh record " + args[2] + "; ./build.sh; ./build.sh test quick; commit them (ExercisesTest reads the "
                        + "exercise as committed); then ./build.sh test " + Scaffold.camel(args[2]) + "Test and ONLY_EXERCISES=" + args[3]
                        + " ./build.sh test ExercisesTest");
            }
            default -> {
                System.err.println("unknown command '" + command + "': use build, record [id...], runs, cited, words, sync or new");
                System.exit(2);
            }
        }
    } catch (BuildError e) {
        System.err.println("error: " + e);
        System.exit(1);
    }
}
