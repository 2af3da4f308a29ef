#!/bin/sh
# Check that the committed patches/ is exactly what make-patches.sh makes
# from the current sources.
set -eu
. "$(dirname "$0")/../lib/common.sh"
fresh=$(path patches-regenerated)
sh "$REPO/scripts/series/make-patches.sh" "$fresh"
diff -ru "$REPO/patches" "$fresh" || die "patches/ is stale: run make patches"
echo "patches/ matches a regeneration ($(wc -l <"$fresh/series") patches)"
