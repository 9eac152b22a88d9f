///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 25+
//SOURCES course/*.java
//SOURCES live/*.java

/// `./build.sh serve [--port N] [--host H] ...`: live mode for instructors. Builds the site,
/// serves it, rebuilds and reloads open pages on every change, and gives each program block
/// Run and Stop buttons that stream the real output of the runs its lesson declares.
/// Flags: see live.ServeOptions (or --help).
void main(String[] args) throws Exception {
    live.ServeOptions options;
    try {
        options = live.ServeOptions.parse(java.util.List.of(args));
    } catch (live.ServeOptions.UsageException e) {
        if (e.getMessage() == null) {
            IO.println(live.ServeOptions.USAGE);
            System.exit(0);
        }
        System.err.println("error: " + e.getMessage());
        System.err.println(live.ServeOptions.USAGE);
        System.exit(2);
        return;
    }
    live.LiveServer.run(course.Course.ROOT, options, System.out);
}
