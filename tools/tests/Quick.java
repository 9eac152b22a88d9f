package tests;

import java.lang.annotation.*;
import org.junit.jupiter.api.Tag;

/// Marks a test class or method as part of the quick tier, `./build.sh test quick`: the tests
/// a contributor runs after every edit, in well under a minute.
///
/// The rule (Tests.java enforces it): a quick test starts no process at all, so no lesson
/// program, no JVM, no ./jbang or ./build.sh, no browser, no server. It builds and checks in
/// this JVM (the generator, the site, charts, highlighting, recordings, the catalog), on a
/// Fixture or on the real course. Tests.java runs the quick tier under a ProcessWatch and
/// fails the run, naming the test, if anything in it starts a process.
///
/// Put it on a class when every test in it is quick, on single methods otherwise. A test
/// without it runs in `./build.sh test` (everything) only.
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Tag(Quick.TAG)
public @interface Quick {
    String TAG = "quick";
}
