#!/bin/sh
# doc/xarray.rst and the man page doc/man/xarray.3 name every exported
# function and the beyond-6.1 ones, the rst parses without a docutils
# warning and the man page formats without a groff warning.
set -eu
cd "$(dirname "$0")/.."
names="$(sed -n 's/^EXPORT_SYMBOL\(_GPL\)\{0,1\}(\(.*\));$/\2/p' lib/xarray.c)
xa_find_before xa_for_each_reverse xa_dump_dot"
missing=0
for doc in doc/xarray.rst doc/man/xarray.3; do
	for n in $names; do
		grep -q "$n\\b" "$doc" || { echo "$doc: no $n"; missing=$((missing + 1)); }
	done
done
[ "$missing" -eq 0 ] || { echo "error: $missing names undocumented"; exit 1; }
warn=$(groff -man -ww -z doc/man/xarray.3 2>&1)
[ -z "$warn" ] || { echo "$warn"; echo "error: groff warnings"; exit 1; }
/usr/bin/python3 - <<'PY'
import docutils.core
docutils.core.publish_string(open('doc/xarray.rst').read(),
                             writer_name='null',
                             settings_overrides={'halt_level': 2})
PY
echo "$(echo "$names" | wc -w) names in both docs; rst and man page lint clean"
