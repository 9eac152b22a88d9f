# Sourced by ./jbang: jbang-catalog.json as bash reads it, by one rule, which CatalogTest holds
# the catalog to (CatalogSync writes it so): an alias opens on a line of its own,
# `    "NAME": {` (four spaces), and closes with `    }`; its "script-ref" is on one line
# inside. Uses ./jbang's $here.

# catalog_alias NAME: the lines of alias NAME, or nothing when there is no such alias.
catalog_alias() {
  sed -n "/^    \"$1\": {/,/^    }/p" "$here/jbang-catalog.json" 2>/dev/null
}

# catalog_ref LINES: the script-ref in an alias's lines (from catalog_alias), or nothing.
catalog_ref() {
  printf '%s\n' "$1" | sed -n 's/.*"script-ref": *"\([^"]*\)".*/\1/p'
}
