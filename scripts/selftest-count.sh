#!/bin/sh
# Check a guest's self-test line against the stock kernel's count for our
# config (kernel/config/stock-counts).  Usage: selftest-count.sh NAME LABEL
set -eu
. "$(dirname "$0")/common.sh"
name=$1 label=$2
want=$(sed -n "s/^$label \([0-9]*\)$/\1/p" "$REPO/kernel/config/stock-counts")
[ -n "$want" ] || die "no $label count in kernel/config/stock-counts"
mode=$(echo "$label" | tr 'A-Z' 'a-z')
sh "$REPO/scripts/parse-log.sh" "$mode" "$CACHE/logs/guest-$name.console" "$want"
