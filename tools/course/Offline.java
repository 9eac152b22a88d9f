package course;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;

/// What a classroom needs fetched before the network goes: the course's JBang itself, every
/// alias whose file has `//DEPS` (Deps.in), and every JBang tool (tools/NAME.java with JBang's
/// first line) whose file or `//SOURCES` have `//DEPS` (Site, Serve, Compare: the generator's
/// libraries), except the test runner, which is the developers' (Selenium, JUnit) and no part
/// of a class. Read with the JDK alone, as
/// ./jbang prepare and ./jbang doctor run before JBang is there.
public record Offline(Path root, List<Need> needs) {

    /// One thing to fetch: `target` is what `./jbang build` takes (an alias, or tools/NAME.java).
    public record Need(String target, String why) {}

    static final String JBANG_FIRST_LINE = "///usr/bin/env jbang";
    static final Set<String> NOT_FOR_A_CLASS = Set.of("Tests.java");

    public static Offline of(Path root) {
        var needs = new ArrayList<Need>();
        for (Guide.Alias a : Guide.load(root).aliases().values()) {
            Path file = root.resolve(a.ref());
            if (a.ref().endsWith(".java") && Deps.in(Sources.read(file))) needs.add(new Need(a.name(), a.ref() + " has //DEPS"));
        }
        try (var s = Files.list(root.resolve("tools"))) {
            for (Path t : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String name = t.getFileName().toString(), text = Sources.read(t);
                if (!NOT_FOR_A_CLASS.contains(name) && text.startsWith(JBANG_FIRST_LINE) && fetches(t, text))
                    needs.add(new Need("tools/" + name, "a tool whose //SOURCES have //DEPS"));
            }
        } catch (IOException e) {
            throw new BuildError(root.resolve("tools"), 0, "cannot list the tools: " + e.getMessage());
        }
        return new Offline(root, List.copyOf(needs));
    }

    /// True when `text` (the file `file`) or a file its `//SOURCES` lines name has `//DEPS`:
    /// JBang reads the //DEPS of every source it compiles. A //SOURCES entry may end in `*.java`.
    static boolean fetches(Path file, String text) {
        if (Deps.in(text)) return true;
        for (String line : text.lines().filter(l -> l.startsWith("//SOURCES ")).toList())
            for (String entry : line.substring("//SOURCES ".length()).trim().split("\\s+")) {
                Path p = file.getParent().resolve(entry).normalize();
                if (!entry.endsWith("*.java")) {
                    if (Files.isRegularFile(p) && Deps.in(Sources.read(p))) return true;
                    continue;
                }
                try (var s = Files.list(p.getParent())) {
                    if (s.filter(f -> f.toString().endsWith(".java")).anyMatch(f -> Deps.in(Sources.read(f)))) return true;
                } catch (IOException e) {
                    throw new BuildError(file, 0, "cannot list " + p.getParent() + " for its //SOURCES: " + e.getMessage());
                }
            }
        return false;
    }

    /// What `./jbang build TARGET` did: its exit status and its output, stdout and stderr together.
    public record Built(int exit, String output) {}

    /// `./jbang build TARGET`: JBang resolves the //DEPS into its Maven repository and compiles,
    /// fetching JBang first if it is not there yet. `offline`: from JBang's cache alone, so the
    /// exit status says whether the target is ready without the network.
    public Built build(String target, boolean offline) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(root.resolve("jbang").toString()));
        if (offline) command.add("--offline");
        command.addAll(List.of("build", "--quiet", target));
        var p = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes());
        return new Built(p.waitFor(), out.strip());
    }
}
