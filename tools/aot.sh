# Sourced by ./jbang and build.sh: start-up from JDK 25's AOT cache (JEP 483, JEP 514, JEP 515).
# java_aot CACHE CLASSPATH MAIN [ARGS...] runs "$JAVA_HOME/bin/java" "${jvm[@]}" -cp CLASSPATH
# MAIN ARGS with the AOT cache CACHE when it exists. Without one, this run records which
# classes it loads and links, and the cache is made afterwards in the background, so no
# command waits for it. A cache the JVM cannot use (cut short, another JDK) is ignored by the
# JVM; callers key CACHE by their sources and JDK, so a changed one gets a new file. Quiet,
# unless COURSE_VERBOSE is set.
java_aot() {
  local cache="$1" cp="$2"; shift 2
  # never on stdout, which is the tool's (JBang's answer, which ./jbang runs); with COURSE_VERBOSE, on stderr
  local quiet=(-Xlog:aot=off -Xlog:cds=off)
  [ -n "${COURSE_VERBOSE:-}" ] && quiet+=(-Xlog:aot=info:stderr -Xlog:cds=info:stderr)
  if [ -s "$cache" ]; then
    "$JAVA_HOME/bin/java" ${jvm[@]+"${jvm[@]}"} "${quiet[@]}" "-XX:AOTCache=$cache" -cp "$cp" "$@"
    return
  fi
  # One recording at a time: while another run's cache is being made (its configuration file
  # younger than ten minutes; an older one was left by a killed run), run without. Else the
  # last to finish wins, perhaps a run that did less: a build that found nothing to do, after
  # the build that rendered the site.
  if [ -n "$(find "$cache".*.conf -mmin -10 2>/dev/null | head -1)" ]; then
    "$JAVA_HOME/bin/java" ${jvm[@]+"${jvm[@]}"} "${quiet[@]}" -cp "$cp" "$@"
    return
  fi
  local conf="$cache.$$.conf" rc=0
  # recording ends with a line ("AOTConfiguration recorded"): keep it off the screen, and off
  # stdout even when shown, as stdout is the tool's (JBang's answer, which ./jbang runs)
  if [ -z "${COURSE_VERBOSE:-}" ]; then quiet+=(-XX:+UnlockDiagnosticVMOptions -XX:-DisplayVMOutput); else quiet+=(-XX:+DisplayVMOutputToStderr); fi
  "$JAVA_HOME/bin/java" ${jvm[@]+"${jvm[@]}"} "${quiet[@]}" -XX:AOTMode=record "-XX:AOTConfiguration=$conf" \
    -cp "$cp" "$@" || rc=$?
  if [ -s "$conf" ]; then
    local make=("$JAVA_HOME/bin/java" ${jvm[@]+"${jvm[@]}"} "${quiet[@]}" -XX:AOTMode=create
                "-XX:AOTConfiguration=$conf" "-XX:AOTCache=$cache.$$" -cp "$cp")
    if [ -n "${COURSE_VERBOSE:-}" ]; then
      "${make[@]}" >&2 && mv -f "$cache.$$" "$cache"
      rm -f "$conf" "$cache.$$"
    else
      ( "${make[@]}" && mv -f "$cache.$$" "$cache"; rm -f "$conf" "$cache.$$" ) </dev/null >/dev/null 2>&1 &
    fi
  else
    rm -f "$conf"
  fi
  return "$rc"
}
