package tests;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;

/// Every process this JVM starts while it watches: ProcessBuilder, Runtime.exec and whatever
/// uses them (Proc, a WebDriver starting chromedriver) all commit the JDK's flight-recorder
/// event jdk.ProcessStart (JDK 23 and later), which this reads in-process. The quick tier runs
/// under one (Tests.java): that it starts no browser and no program is then a fact checked on
/// every run, not a hope about how long it takes.
public final class ProcessWatch implements AutoCloseable {
    private final RecordingStream stream = new RecordingStream();
    private final List<String> started = new CopyOnWriteArrayList<>();

    private ProcessWatch() {
        stream.enable("jdk.ProcessStart").withStackTrace();
        stream.onEvent("jdk.ProcessStart", e -> started.add(describe(e)));
        stream.startAsync();
    }

    /// Starts watching.
    public static ProcessWatch start() {
        return new ProcessWatch();
    }

    /// Stops watching once every event so far is read; returns each process started, as
    /// "command (pid N), started from Class.method".
    public List<String> stop() {
        stream.stop();
        stream.close();
        return new ArrayList<>(started);
    }

    @Override
    public void close() {
        stream.close();
    }

    /// The command, and the first frame of the test code (package tests, Proc aside) that
    /// started it, else the first frame outside the JDK.
    static String describe(RecordedEvent e) {
        String test = null, other = null;
        if (e.getStackTrace() != null)
            for (var f : e.getStackTrace().getFrames()) {
                String type = f.getMethod().getType().getName(), at = type + "." + f.getMethod().getName();
                if (test == null && type.startsWith("tests.") && !type.equals(Proc.class.getName())) test = at;
                if (other == null && !type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) other = at;
            }
        String from = test != null ? test : other != null ? other : "?";
        return e.getString("command") + " (pid " + e.getLong("pid") + "), started from " + from;
    }
}
