# shellcheck shell=sh disable=SC2034 # cflags and libs are for the tests that source it
# Sourced by the tests of the library as users get it; not run on its own.
# Sets $repo and a scratch $tmp (removed on exit), and gives:
#   install_to_tmp     make install into $tmp/prefix, pkg-config and the
#                      loader pointed at it, its flags in $cflags and $libs
#   readme_example     the README's example program, on stdout
#   man_example        the EXAMPLES program of xarray(3), on stdout
#   readme_output_ok F whether F is what README says the example prints
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

install_to_tmp() {
	make -s -C "$repo" install PREFIX="$tmp/prefix" >/dev/null
	export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
	export LD_LIBRARY_PATH="$tmp/prefix/lib"
	cflags=$(pkg-config --cflags xarray)
	libs=$(pkg-config --libs xarray)
}

readme_example() {
	sed -n '/<!-- example begin -->/,/<!-- example end -->/p' \
		"$repo/README.md" | sed '1,2d;$d' | sed '$d'
}

man_example() {
	sed -n '/^\.SH EXAMPLES/,/^\.EE/p' "$repo/doc/man/xarray.3" |
		sed '1,2d;$d' | sed 's/\\e/\\/g; s/\\-/-/g'
}

readme_output_ok() {
	[ "$(grep -c -x 'sum 499500, 500 marked' "$1")" -eq 2 ]
}
