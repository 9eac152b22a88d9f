package kit;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/// Ending a process and every process it started.
public final class Processes {
    private Processes() {}

    /// Asks `p` and its descendants to end (SIGTERM), waits up to `grace` for `p`, then ends
    /// forcibly whatever still runs. Duration.ZERO ends them all forcibly at once. The
    /// descendants are listed first: once `p` is gone, its children are no longer its own.
    public static void stop(Process p, Duration grace) {
        List<ProcessHandle> tree = p.descendants().toList();
        try {
            if (grace.isPositive()) {
                p.destroy();
                tree.forEach(ProcessHandle::destroy);
                p.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            p.destroyForcibly();
            tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
    }
}
