package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/// A //DEPS program started with the command ./jbang starts it with, without JBang's own JVM
/// on every run (about a CPU-second each, and the Spring and PostgreSQL lessons' tests start
/// their program two dozen times). JBang is asked once: with --verbose it prints the command
/// on a "run:" line before the program starts, which `of` asks for with arguments the program
/// refuses at once, so nothing runs. The line is split by bash, as ./jbang's `eval` splits it.
/// That each alias runs through ./jbang itself is CatalogTest's.
record JBangCommand(String alias, List<String> command) {

    static final Pattern RUN_LINE = Pattern.compile("(?m)^\\[jbang\\] \\[[^]]*\\] run: (.*)$");

    /// Builds `alias` if it must (fetching its dependencies), and reads the command it runs
    /// with `refused`, which the program must answer with its usage line and exit 2.
    static JBangCommand of(String alias, String... refused) {
        var ask = new ArrayList<>(List.of(Proc.ROOT.resolve("jbang").toString(), "--verbose", alias));
        ask.addAll(List.of(refused));
        var r = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(10), ask);
        assertEquals(2, r.exit(), String.join(" ", ask) + ": the program should refuse these arguments\n" + r.all());
        var line = RUN_LINE.matcher(r.err());
        assertTrue(line.find(), String.join(" ", ask) + " printed no '[jbang] … run:' line\n" + r.err());
        assertTrue(r.err().strip().lines().reduce((first, last) -> last).orElse("").startsWith("usage:"),
                "the program's usage line, last on stderr\n" + r.err());
        var split = Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(1),
                List.of("bash", "-c", "eval \"set -- $1\" && printf '%s\\0' \"$@\"", "split", line.group(1)));
        assertEquals(0, split.exit(), split.all());
        var words = List.of(split.out().split("\0"));
        int n = words.size() - refused.length;
        assertEquals(List.of(refused), words.subList(n, words.size()), "the run line ends with the arguments given: " + line.group(1));
        return new JBangCommand(alias, words.subList(0, n));
    }

    /// The command for the program with `args`; `javaOptions` go where ./jbang's `-R` options
    /// go, before the classpath.
    List<String> with(List<String> javaOptions, String... args) {
        var cmd = new ArrayList<String>();
        cmd.add(command.getFirst());
        cmd.addAll(javaOptions);
        cmd.addAll(command.subList(1, command.size()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /// The program with `args`, from the repository root.
    Proc.Result run(String... args) {
        return run(List.of(), args);
    }

    /// The same, with `javaOptions` as `with` places them.
    Proc.Result run(List<String> javaOptions, String... args) {
        return Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(5), with(javaOptions, args));
    }
}
