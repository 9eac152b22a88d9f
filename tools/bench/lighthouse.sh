#!/usr/bin/env bash
# Lighthouse (mobile, the default: a mid-range phone on a throttled network and CPU) over the
# built site, 3 runs a page; prints each page's median performance score and cumulative
# layout shift. A benchmark, not a test: the score depends on the machine and its load.
#   tools/bench/lighthouse.sh              index, every lesson, exercises (builds site/ first)
#   tools/bench/lighthouse.sh index.html   only the pages named
#   RUNS=5 tools/bench/lighthouse.sh       more runs a page
# Needs node/npm (Lighthouse goes into .cache/lighthouse) and Debian's chromium. The reports
# of the last run stay in .cache/lighthouse/reports/; a run with a layout shift names what moved.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
LIGHTHOUSE_VERSION=12.8.2   # 13 needs node 22; Debian 12 has node 18/20
RUNS="${RUNS:-3}"
lh="$root/.cache/lighthouse/node_modules/.bin/lighthouse"

command -v chromium >/dev/null 2>&1 || { echo "error: needs chromium (apt-get install chromium)" >&2; exit 1; }
command -v npm >/dev/null 2>&1 || { echo "error: needs node and npm (apt-get install npm)" >&2; exit 1; }
if [ ! -x "$lh" ] || ! grep -q "\"version\": \"$LIGHTHOUSE_VERSION\"" "$root/.cache/lighthouse/node_modules/lighthouse/package.json" 2>/dev/null; then
  echo "installing lighthouse@$LIGHTHOUSE_VERSION into .cache/lighthouse..." >&2
  mkdir -p "$root/.cache/lighthouse"
  npm install --prefix "$root/.cache/lighthouse" --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION" >&2
fi

./build.sh >&2

# The site over HTTP on the loopback (Lighthouse needs http:), missing paths get 404.html.
work="$(mktemp -d)"
reports="$root/.cache/lighthouse/reports"
rm -rf "$reports"; mkdir -p "$reports"
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
node -e '
const http = require("http"), fs = require("fs"), path = require("path");
const site = path.resolve(process.argv[1]);
const types = { ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml" };
http.createServer((req, res) => {
  let p = path.join(site, decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (p.endsWith("/")) p += "index.html";
  const found = p.startsWith(site) && fs.existsSync(p) && fs.statSync(p).isFile();
  if (!found) p = path.join(site, "404.html");
  res.writeHead(found ? 200 : 404, { "Content-Type": types[path.extname(p)] || "application/octet-stream" });
  fs.createReadStream(p).pipe(res);
}).listen(0, "127.0.0.1", function () { console.log(this.address().port); });
' "$root/site" > "$work/port" &
server_pid=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port="$(cat "$work/port")"

if [ $# -gt 0 ]; then pages=("$@")
else
  mapfile -t lessons < <(grep -o '<ol class="lessons">.*</ol>' site/index.html | grep -o 'href="[^"]*"' | cut -d'"' -f2)
  pages=(index.html "${lessons[@]}" exercises.html)
fi

printf '%-45s %12s %10s   %s\n' page performance CLS "runs (score/CLS)"
for page in "${pages[@]}"; do
  runs=()
  for i in $(seq "$RUNS"); do
    out="$reports/${page//\//_}-$i.json"
    "$lh" "http://127.0.0.1:$port/$page" --quiet --only-categories=performance --output=json --output-path="$out" \
      --chrome-path=/usr/bin/chromium --chrome-flags="--headless=new --no-sandbox --disable-gpu" >/dev/null 2>"$work/lh.err" \
      || { echo "lighthouse failed on $page:" >&2; tail -5 "$work/lh.err" >&2; exit 1; }
    runs+=("$(node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const cls = r.audits["cumulative-layout-shift"];
      console.log(Math.round(r.categories.performance.score * 100) + " " + cls.numericValue.toFixed(3));
      for (const s of (r.audits["layout-shifts"] || {details: {items: []}}).details.items || [])
        console.error("  " + process.argv[1] + ": moved " + (s.node && s.node.selector) + " (" + s.score.toFixed(4) + ")");' "$out")")
  done
  # median of the runs, score and CLS each on its own
  score=$(printf '%s\n' "${runs[@]}" | cut -d' ' -f1 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  cls=$(printf '%s\n' "${runs[@]}" | cut -d' ' -f2 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '%-45s %12s %10s   %s\n' "$page" "$score" "$cls" "$(IFS=,; echo "${runs[*]}" | sed 's/,/, /g')"
done
