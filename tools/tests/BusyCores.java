package tests;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/// Platform threads that keep every core of this machine busy until closed (two per core), so
/// that a program run meanwhile is scheduled slowly and unevenly, as on a busy or one-core
/// machine: for tests of counts that a program must get exact however it is scheduled.
final class BusyCores implements AutoCloseable {
    private final AtomicBoolean stop = new AtomicBoolean();
    private final List<Thread> burners = new ArrayList<>();

    private BusyCores() {}

    static BusyCores start() {
        var busy = new BusyCores();
        for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
            busy.burners.add(Thread.ofPlatform().daemon().start(() -> {
                long x = 0;
                while (!busy.stop.get()) x += System.nanoTime() % 7;
                if (x == 42) System.out.print("");
            }));
        }
        return busy;
    }

    @Override
    public void close() throws InterruptedException {
        stop.set(true);
        for (Thread t : burners) t.join();
    }
}
