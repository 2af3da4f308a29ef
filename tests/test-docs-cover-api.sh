#!/bin/sh
# doc/xarray.rst names every exported function and the beyond-6.1 ones;
# every function the installed header declares, and the API's macros,
# has a manual page ("man xa_load" finds one); every page formats with
# no groff or man warning and its SEE ALSO names only pages we install
# or that Debian ships; the rst parses without a docutils warning.
set -eu
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"
install_to_tmp
cd "$repo"
man3=$tmp/prefix/share/man/man3

names="$(sed -n 's/^EXPORT_SYMBOL\(_GPL\)\{0,1\}(\(.*\));.*$/\2/p' lib/xarray.c)
xa_find_before xa_for_each_reverse xa_dump_dot"
missing=0
for n in $names; do
	grep -q "$n\\b" doc/xarray.rst || { echo "doc/xarray.rst: no $n"; missing=$((missing + 1)); }
done
# The private xa_shim_*() functions the header's inline code calls are
# not API: they may change in any release, and have no page.
nm -D --defined-only build/libxarray.so |
	awk '$2 == "T" && $3 !~ /^xa_shim_/ { sub(/@.*/, "", $3); print $3 }' >"$tmp/functions"
for n in $(cat "$tmp/functions") DEFINE_XARRAY DEFINE_XARRAY_ALLOC XA_STATE \
		xa_for_each xa_for_each_marked xas_for_each xa_lock xa_mk_value \
		xa_err XA_LIMIT; do
	[ -f "$man3/$n.3" ] || { echo "no manual page for $n"; missing=$((missing + 1)); }
done
[ "$missing" -eq 0 ] || { echo "error: $missing names undocumented"; exit 1; }

pages=0
for page in doc/man/*.3; do
	warn=$(groff -man -ww -z "$page" 2>&1; man --warnings -l -Tutf8 -Z "$page" 2>&1 >/dev/null)
	[ -z "$warn" ] || { echo "$page: $warn"; exit 1; }
	sed -n '/^\.SH SEE ALSO/,/^\.SH/p' "$page" | sed -n 's/^\.BR \([a-z_]*\) (\([0-9]\)).*/\1 \2/p' |
		while read -r ref sec; do
			[ -f "$man3/$ref.$sec" ] || [ -n "$(man -w "$sec" "$ref" 2>/dev/null)" ] ||
				{ echo "$page: SEE ALSO $ref($sec) is not a page"; exit 1; }
		done
	pages=$((pages + 1))
done
/usr/bin/python3 - <<'PY'
import docutils.core
docutils.core.publish_string(open('doc/xarray.rst').read(),
                             writer_name='null',
                             settings_overrides={'halt_level': 2})
PY
echo "$(echo "$names" | wc -w) names in xarray.rst; $(find "$man3" -name "*.3" | wc -l) manual page names over $pages pages, each lint clean"
