package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;

/// `./jbang ALIAS ARGS` keeps JBang's answer (tools/launch-cache.sh): the next run of the alias
/// starts the program without JBang's JVM, with its arguments exactly as given, and only while
/// nothing JBang read has changed. Run in a copy of the launcher with a catalog of one alias and
/// a JBang home of its own, so the real repository's is never touched.
@Programs
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LaunchCacheTest {

    static final String KEPT = "the command JBang gave before";

    @TempDir
    static Path copy;

    @BeforeAll
    static void aLauncherWithOneAlias() throws Exception {
        for (String p : List.of("jbang", "tools/find-jdk.sh", "tools/aot.sh", "tools/preview-jdk.sh", "tools/plain-java.sh", "tools/tool-sources.sh", "tools/catalog.sh", "tools/launch-cache.sh"))
            kit.Trees.copy(Proc.ROOT.resolve(p), copy.resolve(p));
        String jar = "jbang-cli-" + Files.readString(Proc.ROOT.resolve("jbang")).replaceAll("(?s).*\nJBANG_VERSION=([^\n]+)\n.*", "$1") + "-all.jar";
        // JBang's jar, and the AOT caches its JVM starts from when the real repo has them: linked, not copied
        Files.createDirectories(copy.resolve(".cache/jbang"));
        try (var files = Files.newDirectoryStream(Proc.ROOT.resolve(".cache/jbang"), "{" + jar + ",launcher-*.aot}")) {
            for (Path f : files) Files.createLink(copy.resolve(".cache/jbang/" + f.getFileName()), f);
        }
        Files.writeString(copy.resolve("jbang-catalog.json"), """
                {
                  "aliases": {
                    "args": {
                      "script-ref": "Args.java",
                      "description": "prints its arguments"
                    }
                  }
                }
                """);
        program("one");
    }

    static void program(String version) throws Exception {
        Files.writeString(copy.resolve("Args.java"), """
                void main(String[] args) {
                    IO.println("%s");
                    for (String a : args) IO.println("[" + a + "]");
                }
                """.formatted(version));
    }

    static Proc.Result jbang(String... args) {
        var cmd = new ArrayList<>(List.of(copy.resolve("jbang").toString()));
        cmd.addAll(List.of(args));
        return Proc.run(copy, Map.of("COURSE_VERBOSE", "1"), Proc.HangLimit.ofMinutes(5), cmd);
    }

    static final String[] AWKWARD = {"a b", "'q'", "$HOME", "*", "x\"y", "tab\tend"};

    static List<String> printed(Proc.Result r) {
        return r.out().lines().toList();
    }

    @Test
    @Order(1)
    @DisplayName("./jbang: the second run of an alias starts without JBang, with the same arguments and output; a build then has nothing to do")
    void theSecondRunUsesTheKeptCommand() {
        var first = jbang(concat("args", AWKWARD));
        assertEquals(0, first.exit(), first.all());
        assertFalse(first.err().contains(KEPT), first.all());
        var expected = new ArrayList<>(List.of("one"));
        for (String a : AWKWARD) expected.add("[" + a + "]");
        assertEquals(expected, printed(first), first.all());

        var second = jbang(concat("args", AWKWARD));
        assertEquals(0, second.exit(), second.all());
        assertTrue(second.err().contains("./jbang: args: " + KEPT), second.all());
        assertFalse(second.err().contains("[jbang]"), "JBang did not run: " + second.all());
        assertEquals(expected, printed(second), second.all());

        var none = jbang("args");
        assertTrue(none.err().contains(KEPT), none.all());
        assertEquals(List.of("one"), printed(none), none.all());

        var build = jbang("build", "args");
        assertEquals(0, build.exit(), build.all());
        assertTrue(build.err().contains("./jbang: args: built already"), build.all());
    }

    @Test
    @Order(2)
    @DisplayName("./jbang: an edited program, or JBang's jars deleted, goes through JBang again, which builds and runs what is there now")
    void aChangeGoesThroughJbangAgain() throws Exception {
        jbang("args");
        program("two");
        var edited = jbang("args", "x");
        assertEquals(0, edited.exit(), edited.all());
        assertFalse(edited.err().contains(KEPT), edited.all());
        assertEquals(List.of("two", "[x]"), printed(edited), edited.all());
        assertTrue(jbang("args", "y").err().contains(KEPT), "kept again after JBang's run");

        Temp.delete(copy.resolve(".cache/jbang-home/cache/jars"));
        var gone = jbang("args", "z");
        assertEquals(0, gone.exit(), gone.all());
        assertFalse(gone.err().contains(KEPT), gone.all());
        assertEquals(List.of("two", "[z]"), printed(gone), gone.all());
    }

    static String[] concat(String first, String... rest) {
        var all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }
}
