package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/// The tools ./jbang compiles with javac alone (`run_jdk_tool NAME`: the checker, the help,
/// prepare, doctor) are built from the files their //SOURCES lines name, and their jar is kept
/// while those files are unchanged: the lines must name exactly the files `java tools/NAME.java`
/// compiles, or the jar goes stale (or does not compile at all, and ./jbang falls back to the
/// slow way).
@Quick
class JdkOnlyToolsTest {

    /// Every NAME that ./jbang hands to run_jdk_tool, read from ./jbang itself.
    static Stream<String> tools() throws IOException {
        var m = Pattern.compile("run_jdk_tool ([A-Z]\\w*)").matcher(Files.readString(Proc.ROOT.resolve("jbang")));
        var names = new TreeSet<String>();
        while (m.find()) names.add(m.group(1));
        return names.stream();
    }

    @ParameterizedTest(name = "tools/{0}.java: //SOURCES name exactly what the source launcher compiles with it")
    @MethodSource("tools")
    void sourcesLinesAreComplete(String tool, @TempDir Path into) throws IOException {
        Path file = Proc.ROOT.resolve("tools/" + tool + ".java");
        var said = new ByteArrayOutputStream();
        // -cp: only the sources, not the classes of this test run (javac would take those instead)
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, said, "-d", into.toString(), "-verbose", "-cp", into.toString(),
                "--source-path", Proc.ROOT.resolve("tools").toString(), file.toString());
        assertEquals(0, rc, said.toString(StandardCharsets.UTF_8));
        // javac -verbose says "[parsing started DirectoryFileObject[TOOLS:course/Course.java]]"
        var read = new TreeSet<String>();
        var m = Pattern.compile("\\[parsing started \\w+\\[[^\\]]*?:([\\w/]+\\.java)\\]\\]").matcher(said.toString(StandardCharsets.UTF_8));
        while (m.find()) read.add(m.group(1));
        var named = new TreeSet<String>();
        Files.readAllLines(file).stream().filter(l -> l.startsWith("//SOURCES "))
                .forEach(l -> named.addAll(List.of(l.substring(10).strip().split("\\s+"))));
        assertFalse(read.isEmpty(), "javac -verbose named no source file:\n" + said);
        assertEquals(read, named, "the //SOURCES lines of tools/" + tool + ".java");
    }
}
