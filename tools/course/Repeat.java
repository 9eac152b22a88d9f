package course;

import java.nio.file.Path;
import java.util.*;
import java.util.regex.*;

/// A timing run recorded as the median of several, declared on a run as
///
/// ```yaml
/// repeat: 5                       # how many times ./build.sh record runs it (odd, 3 to 9)
/// median: 'took (\d+) ms'         # the figure whose median run is stored
/// ```
///
/// One run on a shared machine can be an outlier either way; the recording stores the run
/// whose figure is the median, whole and unedited, and its header lists every run's figure
/// (`# repeat: median of 5 runs by /took (\d+) ms/: 1111, 1115, 1121, 1256, 1260`), which the
/// page shows under the output.
public record Repeat(int times, String figure, Pattern pattern) {

    static final String HEADER = "repeat";

    /// Reads a run's `repeat:` and `median:`; null when it has neither.
    static Repeat parse(Yaml.Located times, Yaml.Located median, Path file, int runLine) {
        if (times == null && median == null) return null;
        if (times == null || median == null) throw new BuildError(file, times != null ? times.line() : median.line(),
                "repeat: and median: go together: repeat: 5 runs it five times, median: 'took (\\d+) ms' names the figure whose median run is stored");
        String n = Yaml.scalar(times, "repeat").strip();
        if (!n.matches("[3579]")) throw new BuildError(file, times.line(), "repeat: takes an odd number from 3 to 9 (a median needs a middle run), not '" + n + "'");
        String regex = Yaml.scalar(median, "median");
        Pattern p = BuildError.regex(file, median.line(), regex, "median: has");
        if (p.matcher("").groupCount() != 1) throw new BuildError(file, median.line(), "median: needs exactly one (group), the number to take the median of");
        return new Repeat(Integer.parseInt(n), regex, p);
    }

    /// The median run of `outputs` by the figure, and the header line listing every run's
    /// figure in the order they ran. A run that failed (exit not 0) is stored instead, as it is:
    /// a failure is never hidden behind a median.
    record Chosen(TerminalRun.Output output, String header) {}

    Chosen choose(List<TerminalRun.Output> outputs, String runId) {
        for (var o : outputs) if (o.exit() != 0) return new Chosen(o, "failed in run " + (outputs.indexOf(o) + 1) + " of " + times + "; stored as it is");
        var values = new ArrayList<Double>();
        var shown = new ArrayList<String>();
        for (var o : outputs) {
            Matcher m = pattern.matcher(o.text());
            if (!m.find()) throw new BuildError(null, 0, "run '" + runId + "': median: /" + figure + "/ matches nothing in its output. Fix the pattern");
            shown.add(m.group(1));
            values.add(Double.parseDouble(m.group(1).replace(",", "").replace("_", "")));
        }
        var order = new ArrayList<Integer>();
        for (int i = 0; i < outputs.size(); i++) order.add(i);
        order.sort(Comparator.comparing(values::get));
        int median = order.get(order.size() / 2);
        return new Chosen(outputs.get(median), "median of " + times + " runs by /" + figure + "/: " + String.join(", ", shown)
                + "; stored: run " + (median + 1));
    }

    /// What the page says under an output recorded this way, the figure's pattern read as
    /// words: `the median of 5 runs, which printed "took 1120 to 1157 ms"`.
    static String caption(String header) {
        Matcher m = Pattern.compile("^median of (\\d+) runs by /(.*)/: (.*); stored: run \\d+$").matcher(header);
        if (!m.matches()) return header;
        var sorted = Arrays.stream(m.group(3).split(", ")).sorted(Comparator.comparingDouble(v -> Double.parseDouble(v.replace(",", "").replace("_", "")))).toList();
        String range = sorted.getFirst() + " to " + sorted.getLast();
        String words = m.group(2).replaceFirst("\\((?:[^()\\\\]|\\\\.)*\\)", Matcher.quoteReplacement(range)).replaceAll("\\\\(.)", "$1").replaceAll("[\\^$]", "").strip();
        return "the median of " + m.group(1) + " runs, which printed \"" + words + "\"";
    }
}
