package kit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/// CPU time from Linux's /proc/self/stat, in seconds (its clock ticks are 1/100 s).
public final class Cpu {
    private Cpu() {}

    /// User and system time of every process this one started and waited for, and of theirs
    /// (cutime and cstime). A process left to run on its own (a daemon that forked away) is not in it.
    public static double children() {
        String[] f = fields();
        return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / 100.0;   // fields 16 and 17, counted from 1 before ")"
    }

    /// This JVM's own user and system time (utime and stime) and `children()`.
    public static double selfAndChildren() {
        String[] f = fields();
        return (Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14])) / 100.0;
    }

    /// CPU time the whole machine spent busy, over all its cores: /proc/stat's first line, all
    /// but idle and iowait. What a class of tests costs when it runs alone, the processes it
    /// left to run on their own (Chromium's, PostgreSQL's) included.
    public static double machine() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).getFirst().trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < f.length && i <= 8; i++) if (i != 4 && i != 5) busy += Long.parseLong(f[i]);   // user nice system [idle iowait] irq softirq steal
            return busy / 100.0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/stat (Linux only): " + e.getMessage(), e);
        }
    }

    /// The fields after the command's name, so a ")" in the name cannot shift them.
    private static String[] fields() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/stat (Linux only): " + e.getMessage(), e);
        }
    }
}
