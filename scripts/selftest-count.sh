#!/bin/sh
# Check a guest's self-test line against the stock kernel's count at its
# geometry (kernel/config/stock-counts).
# Usage: selftest-count.sh NAME LABEL [GEOMETRY]   (GEOMETRY: dist, small)
set -eu
. "$(dirname "$0")/common.sh"
name=$1 label=$2 geometry=${3:-dist}
want=$(sed -n "s/^$geometry $label \([0-9]*\)$/\1/p" "$REPO/kernel/config/stock-counts")
[ -n "$want" ] || die "no $geometry $label count in kernel/config/stock-counts"
mode=$(echo "$label" | tr '[:upper:]' '[:lower:]')
sh "$REPO/scripts/parse-log.sh" "$mode" "$CACHE/logs/guest-$name.console" "$want"
