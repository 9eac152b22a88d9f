package tests;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.*;
import org.openqa.selenium.chrome.ChromeDriver;

/// axe-core as the browser tests run it. The script is the axe.min.js that axe-core-selenium
/// ships (what AxeBuilder would send), but Chromium puts it into every document it opens while
/// a test has it on, instead of the test sending its 550 KB again after each page load. Each
/// check is axe.run called in the page (the site has no frames) with a context and options,
/// several runs in one round trip, and only the violations come back, one line per element.
/// Each rule still runs on every element it applies to: resultTypes only trims the rules that
/// passed, were incomplete or did not apply to one node each.
final class Axe implements AutoCloseable {

    /// A theme changes colours only, so in the second theme the rules about colour are the
    /// ones whose answer can change; the rest were asked in the first.
    static final List<String> COLOUR_RULES = List.of("color-contrast", "link-in-text-block");

    /// What markCode sets on a span of code that looks like one asked about already.
    static final String ASKED = "data-axe-asked";

    static final String SOURCE;
    static {
        try (InputStream in = com.deque.html.axecore.selenium.AxeBuilder.class.getResourceAsStream("/axe.min.js")) {
            SOURCE = new String(Objects.requireNonNull(in, "axe.min.js is not in axe-core-selenium's jar").readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /// One axe.run: `context` (null: the whole document) and `options`; `markCode` first marks
    /// the code asked about already (see markCodeScript) and leaves it out.
    record Run(Map<String, Object> context, Map<String, Object> options, boolean markCode) {
        /// Every rule axe runs by default.
        static Run every() { return new Run(null, violationsOnly(Map.of()), false); }

        /// Every rule axe runs by default but `rules`.
        static Run allBut(List<String> rules) {
            var off = new LinkedHashMap<String, Object>();
            rules.forEach(r -> off.put(r, Map.of("enabled", false)));
            return new Run(null, violationsOnly(Map.of("rules", off)), false);
        }

        /// Only `rules` (asked as runOnly: the `rules` option only turns rules on, and every other rule would run too).
        static Run only(List<String> rules) {
            return new Run(null, violationsOnly(Map.of("runOnly", Map.of("type", "rule", "values", rules))), false);
        }

        /// The same, on the elements `selectors` match only.
        Run in(String... selectors) {
            var include = Arrays.stream(selectors).map(s -> (Object) List.of(s)).toList();
            return new Run(Map.of("include", include), options, markCode);
        }

        /// The same, asking about one span of code of each look (markCodeScript).
        Run onceForEachLookOfCode() { return new Run(context, options, true); }

        private static Map<String, Object> violationsOnly(Map<String, Object> more) {
            var options = new LinkedHashMap<String, Object>(more);
            options.put("resultTypes", List.of("violations"));
            return options;
        }
    }

    private final ChromeDriver driver;
    private final String identifier;

    /// From now until close, every document the browser opens has axe.
    Axe(ChromeDriver driver) {
        this.driver = driver;
        this.identifier = String.valueOf(driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument",
                Map.of("source", SOURCE)).get("identifier"));
    }

    @Override
    public void close() {
        driver.executeCdpCommand("Page.removeScriptToEvaluateOnNewDocument", Map.of("identifier", identifier));
    }

    /// The runs, one after the other, on the page as it is: "PAGE (THEME): RULE: HELP at
    /// [TARGET] SUMMARY" for each element that violates a rule, or "PAGE (THEME): axe failed: …".
    List<String> check(String page, String theme, Run... runs) {
        var args = new ArrayList<Object>();
        for (Run r : runs) {
            var run = new HashMap<String, Object>();
            if (r.context() != null) run.put("context", r.context());
            run.put("options", r.options());
            run.put("markCode", r.markCode());
            args.add(run);
        }
        Object found = driver.executeAsyncScript(RUN, args, ASKED);
        var out = new ArrayList<String>();
        for (Object line : (List<?>) found) out.add(page + " (" + theme + "): " + line);
        return out;
    }

    private static final String RUN = """
            var runs = arguments[0], asked = arguments[1], done = arguments[arguments.length - 1], out = [];
            if (!window.axe) { done(['axe failed: axe is not in the page']); return; }
            function next(i) {
              if (i === runs.length) { done(out); return; }
              var run = runs[i], context = run.context || document;
              if (run.markCode && markCode(asked, run.context ? run.context.include : null) > 0) {
                context = {exclude: [['[' + asked + ']']]};
                if (run.context) context.include = run.context.include;
              }
              axe.run(context, run.options).then(function (r) {
                r.violations.forEach(function (v) {
                  v.nodes.forEach(function (n) {
                    out.push(v.id + ': ' + v.help + ' at ' + JSON.stringify(n.target) + ' ' + String(n.failureSummary).replace(/\\n/g, ' '));
                  });
                });
                next(i + 1);
              }, function (e) { out.push('axe failed: ' + e); done(out); });
            }
            """ + markCodeScript() + """
            next(0);
            """;

    /// Most of a lesson page's text is code: a thousand and more highlighted tokens in a dozen
    /// looks. Contrast depends on the text's colour, size, weight, style, shadow and opacity,
    /// and on what is behind it (each enclosing element's background, opacity, filter and
    /// blend mode), so tokens alike in all of those get the same answer; axe's contrast rule,
    /// the costliest, is asked about one of each. markCode marks with ASKED every span of
    /// code whose look was seen already and whose spans inside are marked too (axe skips what
    /// is inside a skipped element), and returns how many. A span that is hidden, or scrolled
    /// out of its program's box, is neither marked nor taken as the one asked about: axe skips
    /// the first and cannot tell the contrast of the second. A run on part of the page (`in`)
    /// looks only at the code inside that part: axe asks nothing outside it.
    private static String markCodeScript() {
        return """
            function markCode(asked, include) {
              document.querySelectorAll('[' + asked + ']').forEach(function (e) { e.removeAttribute(asked); });
              var seen = new Set(), marked = 0, spans = Array.prototype.filter.call(document.querySelectorAll('pre code span'), function (el) {
                return !include || include.some(function (s) { return el.closest(s[0]); });
              });
              function look(el) {
                var parts = [];
                for (var e = el; e; e = e.parentElement) {
                  var s = getComputedStyle(e);
                  if (e === el) parts.push(s.color, s.fontSize, s.fontWeight, s.fontStyle, s.textShadow);
                  parts.push(s.backgroundColor, s.backgroundImage, s.opacity, s.filter, s.mixBlendMode);
                }
                return parts.join('|');
              }
              function clipped(el) {
                var r = el.getBoundingClientRect(), box = el.closest('pre').getBoundingClientRect();
                return !el.getClientRects().length || r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom;
              }
              for (var i = spans.length - 1; i >= 0; i--) {   // the spans inside an element come after it
                var el = spans[i];
                if (clipped(el)) continue;
                var key = look(el), inner = el.querySelectorAll('*');
                if (seen.has(key) && Array.prototype.every.call(inner, function (c) { return c.hasAttribute(asked); })) {
                  el.setAttribute(asked, ''); marked++;
                } else seen.add(key);
              }
              return marked;
            }
            """;
    }
}
