#!/bin/sh
# Install (or with --uninstall remove) the manual pages of doc/man in DIR,
# with a one-line ".so" page for every other name in a page's NAME
# section, so that "man xa_load" finds xa_store(3).
# Usage: install-man.sh [--uninstall] DIR
set -eu
remove=false
[ "${1:-}" = --uninstall ] && { remove=true; shift; }
[ $# -eq 1 ] || { echo "usage: $0 [--uninstall] DIR" >&2; exit 1; }
dir=$1
man=$(cd "$(dirname "$0")/../doc/man" && pwd)

# The names before "\-" in the NAME section of page $1.
names() {
	sed -n '/^\.SH NAME/,/\\-/p' "$1" | sed '1d' | tr '\n' ' ' |
		sed 's/\\-.*//; s/,/ /g'
}

$remove || install -d "$dir"
for page in "$man"/*.3; do
	file=${page##*/}
	if $remove; then
		rm -f "$dir/$file"
	else
		install -m 644 "$page" "$dir/$file"
	fi
	for name in $(names "$page"); do
		[ "$name.3" = "$file" ] && continue
		if $remove; then
			rm -f "$dir/$name.3"
		else
			echo ".so man3/$file" >"$dir/$name.3"
		fi
	done
done
