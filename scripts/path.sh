#!/bin/sh
# Print where KIND lives in the cache (path, in scripts/lib/common.sh),
# for make and for a person at a shell: scripts/path.sh console guest-patched
# Usage: scripts/path.sh KIND [NAME [NAME2]]
set -eu
. "$(dirname "$0")/lib/common.sh"
[ $# -ge 1 ] || die "usage: $0 KIND [NAME [NAME2]]"
path "$@"
