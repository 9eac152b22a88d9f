package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/// The Nu HTML Checker (vnu.jar, installed by tools/install-test-deps.sh) over the whole
/// site and its stylesheet, in one call: no errors.
class SiteHtmlTest {

    static final Path VNU = Proc.ROOT.resolve(".cache/npm/node_modules/vnu-jar/build/dist/vnu.jar");

    @Test
    @DisplayName("html: the Nu HTML Checker finds no error in any page or stylesheet")
    void validates() {
        assertTrue(Files.isRegularFile(VNU), VNU + " is missing: run tools/install-test-deps.sh (./build.sh test does)");
        Path site = SiteTest.site();
        var r = Proc.run(site, Map.of(), Proc.HangLimit.ofMinutes(3), List.of(Proc.JAVA.toString(), "-Xss4m", "-jar", VNU.toString(),
                "--errors-only", "--also-check-css", "--skip-non-html", "--format", "gnu", site.toString()));
        String report = r.all().strip().replace("\"file:" + site + "/", "\"");
        assertEquals("", report, "Nu HTML Checker errors (exit " + r.exit() + ")");
        assertEquals(0, r.exit(), r.all());
        long pages = SiteTest.pages().size();
        assertTrue(pages >= SiteTest.lessonPages().size() + 3, "checked " + pages + " pages");
    }
}
