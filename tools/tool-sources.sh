# Sourced by build.sh and ./jbang: tool_sources FILE sets `sources` to the files a tool is built
# from, as JBang reads them: FILE, the files its //SOURCES lines name (globs, relative to the
# naming file's folder), what those name, and so on. build.sh keys a tool's classpath by them,
# ./jbang the checker's and the help's jar.
tool_sources() {
  sources=("$1")
  # no associative arrays (macOS has bash 3), and C collation: its matching is much quicker there
  local LC_ALL=C seen=$'\n'"$1"$'\n' todo=("$1") line file dir globs glob f
  while [ ${#todo[@]} -gt 0 ]; do
    local next=()
    while IFS= read -r line; do
      line="${line%$'\r'}"; file="${line%%:*}"; dir="${file%/*}"
      set -f; globs=(${line#*://SOURCES}); set +f   # each glob is relative to $dir, not to here
      for glob in ${globs[@]+"${globs[@]}"}; do
        for f in "$dir"/$glob; do
          [ -f "$f" ] || continue
          case "$seen" in *$'\n'"$f"$'\n'*) continue ;; esac
          seen+="$f"$'\n'; sources+=("$f"); next+=("$f")
        done
      done
    done < <(grep -H '^//SOURCES[[:space:]]' "${todo[@]}" 2>/dev/null)
    todo=(${next[@]+"${next[@]}"})
  done
}
