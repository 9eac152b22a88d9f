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
