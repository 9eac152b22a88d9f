///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+

// Hard caps, so that no argument can exhaust the host.
static final int MAX_PLATFORM = 20_000;
static final int MAX_VIRTUAL = 100_000;

static final String USAGE = "usage: ceiling [count] [platform|virtual]   (count 1.."
        + n(MAX_VIRTUAL) + " virtual, 1.." + n(MAX_PLATFORM) + " platform; default 10000 platform)";

void main(String[] args) throws InterruptedException {
    int count = 10_000;
    boolean virtual = false;
    for (String arg : args) {
        if (arg.equals("platform")) virtual = false;
        else if (arg.equals("virtual")) virtual = true;
        else if (arg.matches("[0-9_,]{1,9}") && Integer.parseInt(arg.replaceAll("[_,]", "")) > 0)
            count = Integer.parseInt(arg.replaceAll("[_,]", ""));
        else usage();
    }
    String kind = virtual ? "virtual" : "platform";
    int cap = virtual ? MAX_VIRTUAL : MAX_PLATFORM;
    if (count > cap) {
        IO.println("capped: " + n(count) + " requested, the cap for " + kind + " threads is " + n(cap));
        count = cap;
    }

    long rssBefore = kbOf("VmRSS"), reservedBefore = kbOf("VmSize");
    IO.println("starting " + n(count) + " " + kind + " threads that sleep; RSS before: " + kb(rssBefore));

    // Each thread checks in once it is running, then sleeps until the JVM ends.
    // Platform threads are daemons, like virtual threads, so they never keep the JVM alive.
    var asleep = new Semaphore(0);
    Runnable sleeper = () -> {
        asleep.release();
        try { Thread.sleep(Long.MAX_VALUE); } catch (InterruptedException e) { }
    };
    Thread.Builder builder = virtual ? Thread.ofVirtual() : Thread.ofPlatform().daemon(true);

    long t0 = System.nanoTime();
    int started = 0;
    OutOfMemoryError failure = null;
    try {
        while (started < count) {
            builder.start(sleeper);
            started++;
            if (started % 500 == 0) IO.println("  ... " + n(started) + " started");
        }
    } catch (OutOfMemoryError e) {
        failure = e;
    }
    boolean allAsleep = asleep.tryAcquire(started, 60, TimeUnit.SECONDS);
    long ms = (System.nanoTime() - t0) / 1_000_000;
    long rssAfter = kbOf("VmRSS"), reservedAfter = kbOf("VmSize");

    if (failure != null) {
        IO.println("Thread.start failed after " + n(started) + " " + kind + " threads:");
        IO.println("  " + failure);
        var rt = Runtime.getRuntime();
        IO.println("  heap in use: " + n((rt.totalMemory() - rt.freeMemory()) >> 20)
                + " MB of " + n(rt.maxMemory() >> 20) + " MB max");
    }
    IO.println("started " + n(started) + " threads (" + kind + ") in " + n(ms) + " ms, "
            + n(ms * 1000 / Math.max(1, started)) + " us per thread"
            + (allAsleep ? "" : " (some had not started running after 60 s)"));
    if (rssBefore < 0) {
        IO.println("RSS: not available (no /proc/self/status: not Linux)");
    } else if (started > 0) {
        IO.println("RSS after: " + kb(rssAfter) + ", grew by " + kb(rssAfter - rssBefore));
        IO.println(String.format(Locale.ROOT, "RSS per thread: %.1f KB", (rssAfter - rssBefore) / (double) started));
        IO.println(String.format(Locale.ROOT, "reserved (VmSize) per thread: %.1f KB",
                (reservedAfter - reservedBefore) / (double) started));
    }
    printLimits();
    if (failure != null) System.exit(1); // the sleeping threads are daemons; exit code 1 = count not reached
}

void printLimits() {
    if (!Files.exists(Path.of("/proc/self/limits"))) {
        IO.println("limits: not readable (no /proc: not Linux)");
        return;
    }
    IO.println("limits (uid " + statusField("Uid").split("\\s+")[0] + "):");
    String nproc = read("/proc/self/limits").lines()
            .filter(l -> l.startsWith("Max processes"))
            .map(l -> l.substring("Max processes".length()).trim().split("\\s+"))
            .map(f -> "soft " + f[0] + ", hard " + f[1])
            .findFirst().orElse("not readable");
    IO.println("  Max processes (/proc/self/limits): " + nproc);
    IO.println("  threads-max (/proc/sys/kernel/threads-max): " + orNotReadable(read("/proc/sys/kernel/threads-max")));
    IO.println("  pids.max " + cgroupPidsMax());
}

// cgroup v2 lists "0::/path"; cgroup v1 has a line for the pids controller, "N:pids:/path".
String cgroupPidsMax() {
    var tried = new ArrayList<String>();
    for (String line : read("/proc/self/cgroup").lines().toList()) {
        String[] f = line.split(":", 3);
        if (f.length < 3) continue;
        String file = null;
        if (f[0].equals("0") && f[1].isEmpty()) file = "/sys/fs/cgroup" + f[2] + "/pids.max";
        else if (List.of(f[1].split(",")).contains("pids")) file = "/sys/fs/cgroup/pids" + f[2] + "/pids.max";
        if (file == null) continue;
        file = file.replace("//", "/");
        String value = read(file);
        if (!value.isEmpty()) return "(" + file + "): " + value;
        tried.add(file);
    }
    return "(cgroup): not readable" + (tried.isEmpty() ? "" : " (no " + String.join(", no ", tried) + ")");
}

String orNotReadable(String s) { return s.isEmpty() ? "not readable" : s; }

// A "VmXxx:  1234 kB" field of /proc/self/status in KB, or -1 where there is no /proc.
long kbOf(String field) {
    String v = statusField(field);
    return v.isEmpty() ? -1 : Long.parseLong(v.split("\\s+")[0]);
}

String statusField(String name) {
    return read("/proc/self/status").lines()
            .filter(l -> l.startsWith(name + ":"))
            .map(l -> l.substring(name.length() + 1).trim())
            .findFirst().orElse("");
}

// The trimmed content of a file, or "" when it cannot be read. Not Files.readString: on
// /proc/sys files it reads one byte first, and a second read at offset 1 returns nothing.
String read(String file) {
    try (var in = new FileInputStream(file)) {
        return new String(in.readAllBytes()).trim();
    } catch (IOException e) {
        return "";
    }
}

static String n(long v) { return String.format(Locale.ROOT, "%,d", v); }

static String kb(long v) { return n(v) + " KB"; }

static void usage() {
    System.err.println(USAGE);
    System.exit(2);
}
