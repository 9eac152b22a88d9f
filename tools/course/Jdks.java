package course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/// The JDK a run names with `jdk: 21` in its lesson ({@link Lesson.DeclaredRun#jdk}). A run
/// without it runs on the JDK the tools run on (JDK 25, which build.sh finds). A run that names
/// another release gets that release's `java` from `tools/jdks.sh`, which finds an installed
/// one or, as root on Debian, makes one in `.cache/jdks/` (its header says how). Only a run that
/// starts asks: loading the course, building the site and the quick tests never look for a JDK.
public final class Jdks {
    private Jdks() {}

    /// The course's JDK: what a run is recorded on unless it names another.
    public static final int COURSE = 25;

    /// The oldest release a run may name: virtual threads are final since JDK 21 (JEP 444).
    public static final int OLDEST = 21;

    /// Each release's java, once looked up, for the life of this JVM.
    private static final Map<Integer, String> FOUND = new ConcurrentHashMap<>();
    private static final Map<String, String> ENVIRONMENTS = new ConcurrentHashMap<>();

    /// The value of a `jdk:` key: a feature release, 21 or later.
    static int parse(String value, Path file, int line) {
        String v = value.strip();
        if (!v.matches("\\d{2,3}") || Integer.parseInt(v) < OLDEST)
            throw new BuildError(file, line, "jdk takes a feature release, " + OLDEST + " or later (jdk: 21), not '" + v
                    + "'; leave it out to run on the course's JDK " + COURSE);
        return Integer.parseInt(v);
    }

    /// The release the tools run on.
    public static int running() {
        return Runtime.version().feature();
    }

    /// The tools' own java.
    public static String ownJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /// True when a run of release `jdk` (0: the course's) runs on a java other than the tools' own.
    public static boolean isOther(int jdk) {
        return jdk != 0 && jdk != running();
    }

    /// The java that runs release `feature`: the tools' own when they run on it, else the path
    /// the course's tools/jdks.sh prints (its cache is the course's, whichever folder a run is
    /// recorded in). A BuildError at `file`:`line` carries its message when there is none.
    public static String java(int feature, Path file, int line) {
        Path root = Course.ROOT;
        if (!isOther(feature)) return ownJava();
        String found = FOUND.get(feature);
        if (found != null) return found;
        synchronized (Jdks.class) {
            found = FOUND.get(feature);
            if (found != null) return found;
            var pb = new ProcessBuilder(root.resolve("tools/jdks.sh").toString(), Integer.toString(feature))
                    .directory(root.toFile()).redirectError(ProcessBuilder.Redirect.PIPE);
            try {
                Process p = pb.start();
                // Its progress lines (making the Debian root takes a minute) go to the tool's stderr as they come.
                var err = new StringBuilder();
                Thread copier = Thread.ofVirtual().start(() -> {
                    try (var in = p.errorReader(StandardCharsets.UTF_8)) {
                        for (String l; (l = in.readLine()) != null; ) {
                            System.err.println(l);
                            err.append(l).append('\n');
                        }
                    } catch (IOException e) {
                        err.append(e.getMessage());
                    }
                });
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                p.waitFor();
                copier.join();
                if (p.exitValue() != 0 || out.isEmpty())
                    throw new BuildError(file, line, "needs JDK " + feature + " (jdk: " + feature + "), which tools/jdks.sh did not find:\n"
                            + err.toString().stripTrailing());
                FOUND.put(feature, out);
                return out;
            } catch (IOException e) {
                throw new BuildError(file, line, "needs JDK " + feature + "; tools/jdks.sh could not start: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BuildError(file, line, "needs JDK " + feature + "; interrupted while looking for it");
            }
        }
    }

    /// JDK, OS, cores, memory and date, with the JDK's version and vendor (and the OS as that
    /// JVM sees it) read from the JVM at `java` itself, so that a recording's header names the
    /// JDK that ran it. The same machine, so cores and memory are the tools' figures.
    public static String environment(String java) {
        if (java.equals(ownJava())) return TerminalRun.environment();
        return ENVIRONMENTS.computeIfAbsent(java, j -> {
            var props = properties(Course.ROOT, j);
            String host = TerminalRun.environment();
            String rest = host.substring(host.indexOf(" · ", host.indexOf(" · ") + 3));   // cores, memory, date
            return "JDK " + props.get("java.runtime.version") + " (" + props.get("java.vendor") + ") · "
                    + props.get("os.name") + " " + props.get("os.version") + " " + props.get("os.arch") + rest;
        });
    }

    /// The release a run starts on: the one it names, else the tools' own.
    public static int runsOn(Lesson.DeclaredRun run) {
        return isOther(run.jdk()) ? run.jdk() : running();
    }

    /// How well run `r` suits a reader on the tools' JDK, lower first: recorded on that release,
    /// then a run that names none, then the others (`./jbang compare ALIAS` picks the first).
    public static int distance(Lesson.DeclaredRun r) {
        return r.jdk() == running() ? 0 : r.jdk() == 0 ? 1 : 2;
    }

    /// What `./jbang compare` says first when `run` starts on a release other than the one its
    /// recording names, with the run recorded on that release if the course has one; null when
    /// they agree.
    public static String note(Build.Loaded course, Lesson.DeclaredRun run) {
        int yours = runsOn(run);
        Recording rec = course.recordings().get(run.id(), run.lesson(), run.line());
        var m = java.util.regex.Pattern.compile("^JDK (\\d+)").matcher(rec.environment());
        if (!m.find() || Integer.parseInt(m.group(1)) == yours) return null;
        String recordedOn = rec.environment().split(" · ")[0];
        String sameJdk = course.runs().values().stream()
                .filter(r -> r.alias().equals(run.alias()) && r.args().equals(run.args()) && r.jdk() == yours)
                .map(Lesson.DeclaredRun::id).findFirst().orElse(null);
        return "Note: this runs on JDK " + yours + (yours == running() ? " (" + System.getProperty("java.runtime.version") + ", "
                + System.getProperty("java.vendor") + ")" : "") + ", and " + run.id() + " was recorded on " + recordedOn
                + ": a difference below may come from the JDK, not from your machine."
                + (sameJdk == null ? "" : " Its run recorded on JDK " + yours + ": ./jbang compare " + sameJdk);
    }

    /// The system properties of the JVM at `java`, from `java -XshowSettings:properties -version`.
    static Map<String, String> properties(Path root, String java) {
        try {
            Process p = new ProcessBuilder(java, "-XshowSettings:properties", "-version").directory(root.toFile())
                    .redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(2, TimeUnit.MINUTES)) p.destroyForcibly();
            var props = new HashMap<String, String>();
            for (String l : text.split("\n")) {
                int eq = l.indexOf(" = ");
                if (l.startsWith("    ") && !l.startsWith("     ") && eq > 0) props.put(l.substring(4, eq), l.substring(eq + 3).strip());
            }
            for (String k : List.of("java.runtime.version", "java.vendor", "os.name", "os.version", "os.arch"))
                if (!props.containsKey(k)) throw new BuildError(null, 0, java + " -XshowSettings:properties -version printed no " + k + ":\n" + text);
            return props;
        } catch (IOException e) {
            throw new BuildError(null, 0, java + " could not start: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BuildError(null, 0, "interrupted while asking " + java + " its version");
        }
    }
}
