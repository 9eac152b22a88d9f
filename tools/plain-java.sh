# Sourced by ./jbang when JBang is not there and cannot be fetched: runs an alias with plain
# java. Uses ./jbang's $here, $JAVA_HOME and $JBANG_VERSION.
#
# Without JBang, an alias can still run: every course program is a plain JDK 25 source file.
# The catalog is read as tools/catalog.sh reads it. A program that uses a preview API has a
# line that starts with //PREVIEW and a word break (course.Preview.MARK).
run_with_plain_java() {
  local alias="${1:-}" block ref
  block="$(catalog_alias "$alias")"
  ref="$(catalog_ref "$block")"
  if [ -n "$ref" ] && grep -q '^//DEPS' "$here/$ref" 2>/dev/null; then
    echo "error: '$alias' ($ref) needs libraries that only JBang fetches, and JBang is not here." >&2
    echo "  install JBang:  curl -Ls https://sh.jbang.dev | bash -s - app setup   (or install Maven: ./jbang fetches JBang itself)" >&2
    exit 1
  fi
  if [ -n "$alias" ] && [ -n "$ref" ] && ! printf '%s' "$block" | grep -q '"runtime-options"'; then
    # a preview program says so with a //PREVIEW line (see tools/course/Preview.java)
    local flags=(); grep -qE '^//PREVIEW([^[:alnum:]_]|$)' "$here/$ref" && flags=(--enable-preview)
    echo "./jbang: no JBang here, so running: java ${flags[*]:+${flags[*]} }$ref${2:+ ${*:2}}" >&2
    exec "$JAVA_HOME/bin/java" "${flags[@]}" "$here/$ref" "${@:2}"
  fi
  local why="Maven is not there to fetch it"
  [ -n "${COURSE_NO_FETCH:-}" ] && why="COURSE_NO_FETCH is set"
  [ -n "$alias" ] && [ -z "$ref" ] && why="$why, and '$alias' is no alias in jbang-catalog.json"
  cat >&2 <<MSG
error: JBang is not installed, and $why.
  install JBang:  curl -Ls https://sh.jbang.dev | bash -s - app setup
  (or install Maven, and ./jbang fetches JBang $JBANG_VERSION itself)
  Every program also runs without JBang: java programs/<Name>.java
MSG
  exit 1
}
