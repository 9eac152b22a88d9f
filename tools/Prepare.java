///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES course/Offline.java course/Deps.java course/Sources.java course/Guide.java course/Exercises.java course/HintsFile.java course/LessonFile.java course/Slug.java course/BuildError.java course/Course.java
//SOURCES kit/Nearest.java kit/Root.java

import course.BuildError;
import course.Course;
import course.Offline;
import java.nio.file.*;
import java.util.*;

/// `./jbang prepare`: fetches, while the network is there, everything the course's programs,
/// exercises and tools need later, so that a classroom works offline: JBang itself, every
/// program's //DEPS (Spring Boot, HikariCP, embedded PostgreSQL and its binaries) and the
/// generator's libraries, into the caches ./jbang and build.sh read (`.cache/`, and JBang's
/// Maven repository, ~/.m2/repository unless JBANG_REPO says otherwise). Exercises and the
/// checker need only the JDK. `./jbang doctor` says afterwards whether each one is ready.
///   ./jbang prepare            everything
///   ./jbang prepare NAME...    only these (aliases, or tools/NAME.java)
void main(String[] args) throws Exception {
    Path root = Course.ROOT;
    Offline offline;
    List<Offline.Need> needs;
    try {
        offline = Offline.of(root);
        needs = offline.needs();
    } catch (BuildError e) {
        System.err.println("./jbang prepare: " + e);
        System.exit(2);
        return;
    }
    if (args.length > 0) needs = picked(needs, args);
    IO.println("./jbang prepare: fetching what " + needs.size() + " programs and tools need, so the course runs offline afterwards");
    var failed = new ArrayList<String>();
    long start = System.nanoTime();
    for (var need : needs) {
        long t = System.nanoTime();
        var run = offline.build(need.target(), false);
        String took = String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - t) / 1e9);
        if (run.exit() == 0) {
            IO.println("  ready  " + need.target() + "  (" + need.why() + "; " + took + ")");
        } else {
            IO.println("  FAILED " + need.target() + "  (" + took + "):");
            run.output().lines().skip(Math.max(0, run.output().lines().count() - 6)).forEach(l -> IO.println("         " + l));
            failed.add(need.target());
        }
    }
    IO.println(String.format(Locale.ROOT, "took %.0f s", (System.nanoTime() - start) / 1e9));
    if (!failed.isEmpty()) {
        System.err.println("./jbang prepare: " + failed.size() + " could not be fetched: " + String.join(", ", failed)
                + ". Check the network (Maven Central must answer), then run ./jbang prepare " + String.join(" ", failed) + " again.");
        System.exit(1);
    }
    IO.println("Done: the course now runs without the network. ./jbang doctor checks this machine, offline readiness included.");
}

/// The needs named in `args`, in their order; an unknown name stops with the ones there are.
List<Offline.Need> picked(List<Offline.Need> needs, String[] args) {
    var byTarget = new LinkedHashMap<String, Offline.Need>();
    needs.forEach(n -> byTarget.put(n.target(), n));
    var out = new ArrayList<Offline.Need>();
    for (String a : args) {
        var n = byTarget.get(a);
        if (n == null) {
            System.err.println("./jbang prepare: nothing to fetch for '" + a + "'. These need the network once: " + String.join(", ", byTarget.keySet()));
            System.exit(2);
        }
        out.add(n);
    }
    return out;
}
