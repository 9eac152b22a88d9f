#!/usr/bin/env bash
# The course's one entry point.
#   ./build.sh              build the site into site/ (open site/index.html); unchanged: no work
#   ./build.sh test         run every test (installs what the tests need first)
#   ./build.sh test quick   the quick tier: no program, no browser, under a minute
#   ./build.sh test programs  the programs tier: every program, exercise and the checker, run fresh
#   ./build.sh record [id]  re-run the lessons' declared runs and store their output
#   ./build.sh runs         list the declared runs and the command each records
#   ./build.sh cited        list the figures the lessons cite from elsewhere, with their sources
#   ./build.sh words        words, asides and sentences per lesson, against the length budget
#   ./build.sh sync         write into jbang-catalog.json what follows from the course (exercise aliases)
#   ./build.sh new lesson SLUG EXERCISE  write the files of a new lesson and its exercise, to fill in
#   ./build.sh check ...    the exercise checker (same as ./jbang check ...)
#   ./build.sh compare ...  run a lesson's run here and compare it with the recording
#   ./build.sh serve        live mode for instructors
#   ./build.sh bench        time a build, the checker, watch mode and first output lines
#   ./build.sh help         this text
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
root="$(pwd)"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

# The names among $2... nearest to $1 (edit distance at most 2, or containing it), nearest first.
nearest() {
  local typed="$1"; shift
  printf '%s\n' "$@" | awk -v t="$typed" '
    function dist(a, b,   i, j, la, lb, d, c) {
      la = length(a); lb = length(b)
      for (i = 0; i <= la; i++) d[i, 0] = i
      for (j = 0; j <= lb; j++) d[0, j] = j
      for (i = 1; i <= la; i++) for (j = 1; j <= lb; j++) {
        c = d[i-1, j-1] + (substr(a, i, 1) != substr(b, j, 1))
        if (d[i-1, j] + 1 < c) c = d[i-1, j] + 1
        if (d[i, j-1] + 1 < c) c = d[i, j-1] + 1
        d[i, j] = c
      }
      return d[la, lb]
    }
    { n = dist(tolower(t), $0); if (length(t) >= 3 && index($0, tolower(t))) n = 0; if (n <= 2) print n, $0 }' \
    | sort -n | head -3 | awk '{ print $2 }' | paste -sd, - | sed 's/,/, /g'
}

# A JDK 25 for everything below: the ./jbang launcher finds it and exports JAVA_HOME.
jdk_home() {
  if [ -z "${COURSE_JAVA_HOME:-}" ]; then
    . tools/find-jdk.sh
    COURSE_JAVA_HOME="$(find_jdk25)"
    [ -n "$COURSE_JAVA_HOME" ] || { ./jbang --version >/dev/null; exit 1; }  # ./jbang explains what is missing
    export COURSE_JAVA_HOME JAVA_HOME="$COURSE_JAVA_HOME"
  fi
}

# shellcheck source=tools/tool-sources.sh
. tools/tool-sources.sh

# Runs a tools/ script in one JVM. JBang resolves and compiles it only when its sources
# change; the resolved classpath is cached, so a warm run starts a single JVM.
run_tool() {
  local script="$1"; shift
  jdk_home
  local key cache="$root/.cache/tools"
  local sources; tool_sources "tools/$script"
  key="$({ cat "${sources[@]}" "$JAVA_HOME/release" 2>/dev/null; printf '%s' "$JAVA_HOME"; } | sha256sum)"
  key="${key:0:16}"
  [ -d "$cache" ] || mkdir -p "$cache"
  local cp_file="$cache/${script%.java}-$key.classpath"
  # Rebuild when the sources changed, or when JBang's cache lost the compiled jar.
  # (bash reads files and cuts strings itself here: each program started costs a warm build time)
  local classpath=""
  [ -s "$cp_file" ] && classpath="$(<"$cp_file")"
  if [ -z "$classpath" ] || [ ! -f "${classpath%%:*}" ]; then
    rm -f "$cache/${script%.java}"-*.classpath "$cache/${script%.java}"-*.jsa "$cache/${script%.java}"-*.aot
    local try tmp="$cp_file.$$.tmp"   # this run's own: two runs at once must not share it
    for try in 1 2; do
      ./jbang build --quiet "tools/$script" >&2
      ./jbang info classpath "tools/$script" > "$tmp"
      # the sources may have changed between the two calls (an editor saving): build again
      [ -f "$(cut -d: -f1 "$tmp")" ] && break
    done
    # read before the move: another run's clean-up above may delete the file right after it
    classpath="$(<"$tmp")"
    mv "$tmp" "$cp_file"
  fi
  # An AOT cache (tools/aot.sh; JEP 483) made after the first run loads and links the tool's
  # classes ahead of time: measured against the CDS archive used before (-XX:+AutoCreate-
  # SharedArchive), it cut a warm build's CPU time by about a fifth (docs/speed.md).
  # Every tool runs on the C1 compiler alone: each runs a great deal of code a few times
  # (the generator, javac, JUnit, Selenium), which C2 has no time to pay back. On C1 alone the
  # quick tier took 13.0 CPU-s instead of 18.3, and live mode's tests (ServeTest, ServeRunTest)
  # 15.6 instead of 20.3 (/usr/bin/time, 2 cores). Programs the tools and tests start get no
  # such flag.
  local jvm=(-XX:TieredStopAtLevel=1)
  # The test run and the live server run for minutes: start-up is nothing to them, and a
  # recording run (then a cache made in the background) would only add work beside the tests.
  # exec: nothing follows, and a signal sent to ./build.sh (kill PID) reaches the JVM.
  if [ "$script" = Tests.java ] || [ "$script" = Serve.java ]; then
    COURSE_ROOT="$root" exec "$JAVA_HOME/bin/java" ${jvm[@]+"${jvm[@]}"} -cp "$classpath" "${script%.java}" "$@"
  fi
  # shellcheck source=tools/aot.sh
  . tools/aot.sh
  COURSE_ROOT="$root" java_aot "$cache/${script%.java}-$key.aot" "$classpath" "${script%.java}" "$@"
}

cmd="${1:-build}"
[ $# -gt 0 ] && shift
case "$cmd" in
  build)
    run_tool Site.java build "$@"
    echo "open: file://$root/site/index.html"
    ;;
  record)
    run_tool Site.java record "$@"
    ;;
  runs)
    run_tool Site.java runs
    ;;
  cited)
    run_tool Site.java cited
    ;;
  words)
    run_tool Site.java words
    ;;
  sync)
    run_tool Site.java sync
    ;;
  new)
    run_tool Site.java new "$@"
    ;;
  check)
    exec ./jbang check "$@"   # compiled with javac alone, no JBang: see run_checker in ./jbang
    ;;
  serve)
    run_tool Serve.java "$@"
    ;;
  compare)
    run_tool Compare.java "$@"
    ;;
  test)
    tools/install-test-deps.sh
    run_tool Tests.java "$@"
    ;;
  bench)
    jdk_home
    COURSE_ROOT="$root" "$JAVA_HOME/bin/java" tools/Bench.java "$@"
    ;;
  help|-h|--help)
    usage
    ;;
  *)
    # The commands are the words after ./build.sh in the usage text above: one list, not two.
    commands="$(usage | awk '$1 == "./build.sh" && $2 ~ /^[a-z]+$/ { print $2 }' | sort -u)"
    echo "./build.sh: there is no command '$cmd'." >&2
    near="$(nearest "$cmd" $commands)"
    [ -n "$near" ] && echo "  nearest: $near" >&2
    echo "Its commands:" >&2
    usage | tail -n +2 >&2
    exit 2
    ;;
esac
