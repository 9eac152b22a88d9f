# Sourced by ./jbang: JBang's answer for `./jbang ALIAS ARGS...`, kept. JBang's own JVM only
# resolves and builds, then prints the command that runs the program (its launcher protocol);
# that JVM costs about 0.6 CPU-s and 0.4 s of waiting on every run, here. So the first run of
# an alias keeps the command, less its arguments, and the next runs start it directly, as long
# as nothing JBang read to make it has changed. The key covers JBang's version, the JDK, the
# JBang home, its config files (jbang.properties) and cache, every JBANG_ variable, the folder
# it runs in, the catalog and the alias's file (its //DEPS, //JAVA, //PREVIEW lines and code);
# a file with //SOURCES or //FILES is never kept, and a kept command whose jars are gone
# (`jbang cache clear`) is dropped. Only `./jbang ALIAS ARGS` is kept: anything with a JBang
# option (`./jbang --fresh ALIAS`) goes to JBang, as does every run that finds no kept command.
# COURSE_VERBOSE=1 says when a kept command is used.

# The file that keeps ALIAS's answer, or nothing when ALIAS is not a catalog alias of a file here.
launch_entry() {
  local alias="$1" ref key
  [[ "$alias" =~ ^[A-Za-z][A-Za-z0-9_-]*$ ]] || return 0
  ref="$(catalog_ref "$(catalog_alias "$alias")")"   # tools/catalog.sh
  [ -n "$ref" ] && [ -f "$here/$ref" ] || return 0
  grep -qE '^//(SOURCES|FILES)[[:space:]]' "$here/$ref" && return 0
  key="$({ printf '%s\n' "$JBANG_VERSION" "$jar" "$JAVA_HOME" "$JBANG_DIR" "${JBANG_CACHE_DIR:-}" "$PWD" "$alias" "$ref"
           env | grep '^JBANG_' | LC_ALL=C sort
           cat "$JAVA_HOME/release" "$JBANG_DIR/jbang.properties" "$PWD/jbang.properties" "$here/jbang.properties" \
               "$here/jbang-catalog.json" "$here/$ref" 2>/dev/null
           true
         } | sha256sum | cut -c1-32)"
  printf '%s\n' "$JBANG_DIR/launch/$alias-$key"
}

# launch_kept_words ENTRY: reads the kept command into `words` when every jar and folder it
# names under JBang's home or ~/.m2 is still there; else drops it and fails.
launch_kept_words() {
  local entry="$1" word part
  words=()
  [ -n "$entry" ] && [ -s "$entry" ] || return 1
  while IFS= read -r -d '' word; do words+=("$word"); done <"$entry"
  [ ${#words[@]} -gt 0 ] && [ -x "${words[0]}" ] || { rm -f "$entry"; return 1; }
  for word in "${words[@]}"; do
    local IFS=:
    for part in $word; do
      case "$part" in
        "$JBANG_DIR"/*|"${JBANG_CACHE_DIR:-$JBANG_DIR}"/*|"$HOME/.m2/"*) [ -e "$part" ] || { rm -f "$entry"; return 1; } ;;
      esac
    done
  done
}

# launch_kept ALIAS ARGS...: runs ALIAS's kept command with ARGS (never returns) when there is
# one; else returns.
launch_kept() {
  local entry words
  entry="$(launch_entry "$1")"; shift
  launch_kept_words "$entry" || return 0
  [ -n "${COURSE_VERBOSE:-}" ] && echo "./jbang: $(basename "${entry%-*}"): the command JBang gave before ($entry)" >&2
  exec "${words[@]}" "$@"
}

# launch_built ALIAS: true when ALIAS has a kept command, which JBang gave after building it
# (so `./jbang build ALIAS` has nothing to do).
launch_built() {
  local words
  launch_kept_words "$(launch_entry "$1")"
}

# launch_keep ALIAS OUT ARGS...: keeps the command OUT (JBang's answer) when it is a plain
# command that ends with ARGS exactly, as JBang appends them.
launch_keep() {
  local alias="$1" out="$2" entry tmp n
  shift 2
  entry="$(launch_entry "$alias")"
  [ -n "$entry" ] || return 0
  [[ "$out" != *$'\n'* ]] || return 0   # one line: a command, nothing else mixed in
  local words=()
  # the words `eval "exec $out"` would run: bash splits them, as ./jbang runs them
  eval "words=($out)" 2>/dev/null || return 0
  n=$(( ${#words[@]} - $# ))
  [ "$n" -gt 0 ] || return 0
  local i=$n arg
  for arg in "$@"; do [ "${words[$i]}" = "$arg" ] || return 0; i=$((i + 1)); done
  mkdir -p "$JBANG_DIR/launch" || return 0
  rm -f "$JBANG_DIR/launch/$alias"-????????????????????????????????   # its older keys
  tmp="$entry.$$"
  { printf '%s\0' "${words[@]:0:$n}" >"$tmp" && mv -f "$tmp" "$entry"; } 2>/dev/null || rm -f "$tmp"
}
