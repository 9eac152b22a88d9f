package tests;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/// The headless Chromium a browser test drives (Debian's chromium and chromium-driver, which
/// tools/install-test-deps.sh installs): one set of options for every test, a profile folder
/// of its own, deleted on close, and the page-load and script time-outs as safety nets only
/// (Waits): axe-core takes many seconds on print.html, every lesson on one page.
final class Browser implements AutoCloseable {
    final ChromeDriver driver;
    private final Path profile;

    /// A window of `width` × `height` px; `logs` are the log types the test reads
    /// (LogType.BROWSER, LogType.PERFORMANCE), every level of each.
    Browser(int width, int height, String... logs) throws IOException {
        profile = Files.createTempDirectory("chromium-profile");
        var options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--disable-extensions", "--user-data-dir=" + profile,
                "--window-size=" + width + "," + height, "--hide-scrollbars");
        if (logs.length > 0) {
            var wanted = new LoggingPreferences();
            for (String type : logs) wanted.enable(type, Level.ALL);
            options.setCapability("goog:loggingPrefs", wanted);
        }
        var service = new ChromeDriverService.Builder().usingDriverExecutable(new File("/usr/bin/chromedriver")).build();
        try {
            driver = new ChromeDriver(service, options);
        } catch (RuntimeException e) {
            Temp.delete(profile);
            throw e;
        }
        driver.manage().timeouts().scriptTimeout(Waits.HUNG);
        driver.manage().timeouts().pageLoadTimeout(Waits.HUNG);
    }

    /// A wait for something in the page: at most Waits.HUNG (a safety net), asking every
    /// 20 ms. Selenium's default sleeps half a second after each "not yet", which, over the
    /// hundreds of waits of the browser tests, was time the tests spent asleep.
    WebDriverWait waiting() {
        return waiting(Waits.HUNG);
    }

    /// The same, for at most `limit`: for a wait whose running out is an answer, not a hang.
    WebDriverWait waiting(Duration limit) {
        return new WebDriverWait(driver, limit, Duration.ofMillis(20));
    }

    /// Closes `browser`, then `server` even when that fails: a browser test's @AfterAll, where
    /// either may be null (its @BeforeAll failed before making it).
    static void close(Browser browser, AutoCloseable server) throws Exception {
        try {
            if (browser != null) browser.close();
        } finally {
            if (server != null) server.close();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            Temp.delete(profile);
        }
    }
}
