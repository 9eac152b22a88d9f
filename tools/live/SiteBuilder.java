package live;

import course.Build;
import course.BuildError;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Consumer;

/// Builds the site into site/ with the course's own generator, and remembers the outcome:
/// the id of the last good build, or the error of the last failed one. A failed build leaves
/// site/ as it was, so the last good site keeps being served.
final class SiteBuilder {
    private final Path root;
    private final PrintStream log;
    private final Consumer<Build.Loaded> onSuccess;
    private final Consumer<String> onFailure;
    private final Object lock = new Object();
    private boolean building;
    private volatile String buildId = "none";
    private volatile String error;

    SiteBuilder(Path root, PrintStream log, Consumer<Build.Loaded> onSuccess, Consumer<String> onFailure) {
        this.root = root;
        this.log = log;
        this.onSuccess = onSuccess;
        this.onFailure = onFailure;
    }

    /// The id of the site now in site/: changes with every good build.
    String buildId() { return buildId; }

    /// The last build's error, or null when it succeeded.
    String error() { return error; }

    boolean isBuilding() {
        synchronized (lock) { return building; }
    }

    void awaitIdle(long millis) {
        long end = System.currentTimeMillis() + millis;
        synchronized (lock) {
            try {
                for (long left; building && (left = end - System.currentTimeMillis()) > 0; ) lock.wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /// One build; `why` says what changed. Never throws: failures are reported.
    void build(String why) {
        synchronized (lock) { building = true; }
        long t0 = System.nanoTime();
        try {
            var result = Build.build(root, root.resolve("site"), false, log);
            for (String w : result.warnings()) log.println("warning: " + w);
            error = null;
            buildId = Long.toString(System.currentTimeMillis(), 36) + "-" + Long.toString(System.nanoTime() & 0xffff, 36);
            log.println("live: built " + result.pages() + " pages in " + (System.nanoTime() - t0) / 1_000_000 + " ms" + why);
            onSuccess.accept(result.loaded()); // the course this build read, not a later state of the files
        } catch (BuildError e) {
            fail("build failed: " + e);
        } catch (Exception | LinkageError e) {
            fail("build failed: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        } finally {
            synchronized (lock) { building = false; lock.notifyAll(); }
        }
    }

    private void fail(String text) {
        error = text + "\n(the last good site is still served; fix the file and save to rebuild)";
        log.println("live: " + text);
        onFailure.accept(error);
    }
}
