///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES course/Offline.java course/Deps.java course/Sources.java course/Preview.java course/Guide.java course/Exercises.java course/HintsFile.java course/LessonFile.java course/Slug.java course/BuildError.java course/Course.java
//SOURCES kit/Nearest.java kit/Root.java

import course.BuildError;
import course.Course;
import course.Guide;
import course.Offline;
import course.Preview;
import java.net.*;
import java.nio.file.*;
import java.util.*;
import java.util.regex.*;

/// `./jbang doctor`: checks this machine against what the course needs, and says what to fix.
/// Each line is `ok`, `note` (runs, but differs from the recordings), or `FIX` (something
/// will fail); the exit status is 1 when there is anything to fix. It runs on the JDK
/// ./jbang found, with the JDK alone, so it answers before JBang or the network are there.
void main(String[] args) throws Exception {
    if (args.length > 0) {
        System.err.println("usage: ./jbang doctor   (no arguments)");
        System.exit(2);
    }
    Path root = Course.ROOT;
    Guide guide;
    Offline offline;
    try {
        guide = Guide.load(root);
        offline = Offline.of(root);
    } catch (BuildError e) {
        System.err.println("./jbang doctor: " + e);
        System.exit(2);
        return;
    }
    IO.println("./jbang doctor: this machine against what " + Course.NAME + " needs");
    jdk(guide, root);
    javaOnPath();
    system(guide, root);
    loopback();
    boolean haveJBang = jbang(root);
    if (haveJBang) offlineReadiness(root, offline);
    IO.println(fixes == 0 ? "Nothing to fix" + (notes == 0 ? "." : "; " + notes + (notes == 1 ? " note" : " notes") + " above.")
            : fixes + " to fix (FIX lines above), " + notes + " note" + (notes == 1 ? "" : "s") + ".");
    System.exit(fixes == 0 ? 0 : 1);
}

int fixes;
int notes;

void ok(String what) { IO.println("  ok    " + what); }
void note(String what) { notes++; IO.println("  note  " + what); }
void fix(String what, String todo) { fixes++; IO.println("  FIX   " + what + "\n          " + todo); }

/// The JDK ./jbang runs everything on (this one), and the programs that ask for one release exactly.
void jdk(Guide guide, Path root) {
    int feature = Runtime.version().feature();
    ok("JDK " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ") at " + System.getProperty("java.home"));
    Pattern exact = Pattern.compile("(?m)^//JAVA (\\d+)\\s*$");
    for (var a : guide.aliases().values()) {
        if (!a.ref().startsWith("programs/")) continue;
        String text = read(root.resolve(a.ref()));
        Matcher m = exact.matcher(text);
        if (Preview.uses(text) && m.find() && Integer.parseInt(m.group(1)) != feature)
            note(a.name() + " (" + a.ref() + ") uses a preview API of JDK " + m.group(1) + " only; on JDK " + feature
                    + " it does not compile. Install JDK " + m.group(1) + " beside this one for that lesson");
    }
}

/// `java` on the PATH is what `java programs/X.java` runs: lessons show both ways.
void javaOnPath() {
    Path found = null;
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
        Path p = Path.of(dir.isEmpty() ? "." : dir, "java");
        if (Files.isExecutable(p)) { found = p; break; }
    }
    if (found == null) {
        note("no `java` on your PATH: run programs with ./jbang NAME (it finds the JDK itself), or add JDK 25's bin/ to PATH for `java programs/X.java`");
        return;
    }
    int feature = featureOf(found);
    if (feature >= 25) ok("`java` on your PATH (" + found + ") is JDK " + feature + ": `java programs/X.java` works too");
    else note("`java` on your PATH (" + found + ") is " + (feature > 0 ? "JDK " + feature : "not a JDK the course can read")
            + ": `java programs/X.java` needs JDK 25 or newer. Use ./jbang NAME, or put JDK 25's bin/ first on PATH: export PATH="
            + System.getProperty("java.home") + "/bin:$PATH");
}

/// The release of the JDK whose launcher is `java`, from its home's `release` file, or 0.
int featureOf(Path java) {
    try {
        Path home = java.toRealPath().getParent().getParent();
        Matcher m = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)").matcher(Files.readString(home.resolve("release")));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    } catch (Exception e) {
        return 0;
    }
}

/// The OS, the cores against the recordings', the heap and the open-files limit.
void system(Guide guide, Path root) {
    String os = System.getProperty("os.name") + " " + System.getProperty("os.arch");
    if (os.startsWith("Linux")) ok(os + ": every program runs as its lesson shows");
    else {
        var proc = guide.aliases().values().stream().filter(a -> a.ref().startsWith("programs/"))
                .filter(a -> read(root.resolve(a.ref())).contains("/proc/")).map(Guide.Alias::name).toList();
        note(os + ": " + String.join(", ", proc) + " read Linux's /proc and print less here; their lessons say what differs");
    }
    int cores = Runtime.getRuntime().availableProcessors();
    var recorded = recordedCores(root);
    String on = recorded.size() == 1 ? recorded.iterator().next() + " cores" : recorded + " cores";
    if (recorded.equals(Set.of(cores))) ok(cores + " cores, as the recordings (" + on + ")");
    else note(cores + (cores == 1 ? " core" : " cores") + "; the recordings ran on " + on
            + ": figures that depend on cores will differ (./jbang compare NAME sets yours beside them)");
    ok("max heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB (million checks it against its threads and says what to run)");
    openFiles().ifPresent(n -> ok("open files: soft limit " + n + " (echo checks it against its clients and says what to raise)"));
}

/// The core counts in the recordings' `# java:` headers ("... · 2 cores · ...").
Set<Integer> recordedCores(Path root) {
    var out = new TreeSet<Integer>();
    Pattern cores = Pattern.compile("^# java: .* · (\\d+) cores? · ");
    try (var s = Files.list(root.resolve("recordings"))) {
        for (Path r : s.filter(p -> p.toString().endsWith(".txt")).toList())
            read(r).lines().limit(8).map(cores::matcher).filter(Matcher::find).findFirst().ifPresent(m -> out.add(Integer.parseInt(m.group(1))));
    } catch (java.io.IOException e) {
        // no recordings folder: nothing to compare with
    }
    return out;
}

Optional<String> openFiles() {
    try {
        return Files.readAllLines(Path.of("/proc/self/limits")).stream().filter(l -> l.startsWith("Max open files"))
                .map(l -> l.substring("Max open files".length()).trim().split("\\s+")[0]).findFirst();
    } catch (Exception e) {
        return Optional.empty();
    }
}

/// The servers of Part 2 listen on 127.0.0.1 and their clients connect to it.
void loopback() {
    try (var server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
         var client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
         var accepted = server.accept()) {
        ok("loopback: a server on " + server.getInetAddress().getHostAddress() + " accepts a connection");
    } catch (Exception e) {
        fix("loopback: a server on 127.0.0.1 could not be reached (" + e + ")",
                "the server lessons need it: allow connections to 127.0.0.1 (a firewall or a sandbox blocks them)");
    }
}

/// JBang: a `jbang` 0.132+ on PATH, or the jar ./jbang fetched into .cache/jbang.
boolean jbang(Path root) {
    try (var s = Files.list(root.resolve(".cache/jbang"))) {
        var jar = s.filter(p -> p.getFileName().toString().matches("jbang-cli-.*-all\\.jar")).findFirst();
        if (jar.isPresent()) {
            ok("JBang: " + root.relativize(jar.get()));
            return true;
        }
    } catch (java.io.IOException e) {
        // not fetched yet
    }
    fix("JBang is not here yet: ./jbang fetches it on its first run",
            "run ./jbang prepare while the network is there (it fetches JBang and every library the course needs)");
    return false;
}

/// Whether JBang can build each program and tool that needs libraries without the network.
void offlineReadiness(Path root, Offline offline) throws Exception {
    var missing = new ArrayList<String>();
    for (var need : offline.needs()) {
        if (offline.build(need.target(), true).exit() != 0) missing.add(need.target());
    }
    var names = offline.needs().stream().map(Offline.Need::target).toList();
    if (missing.isEmpty()) ok("ready offline: " + String.join(", ", names) + " (their libraries are in JBang's cache)");
    else fix("not ready offline: " + String.join(", ", missing) + " would fetch libraries on their first run",
            "run ./jbang prepare while the network is there" + (missing.size() < names.size() ? " (or ./jbang prepare " + String.join(" ", missing) + ")" : ""));
}

String read(Path file) {
    try {
        return Files.readString(file);
    } catch (java.io.IOException e) {
        return "";
    }
}
