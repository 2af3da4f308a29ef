#!/bin/sh
# A program that includes only <xarray/xarray.h> can compare the API's
# return values with the errno names the documentation gives them.
set -eu
# shellcheck source=tests/installed.sh
. "$(dirname "$0")/installed.sh"
install_to_tmp
cat >"$tmp/errno.c" <<'PROGRAM'
#include <xarray/xarray.h>

static DEFINE_XARRAY(array);

int main(void)
{
	int busy, inval, nomem = -ENOMEM;

	rcu_register_thread();
	xa_store(&array, 1, xa_mk_value(1), GFP_KERNEL);
	busy = xa_insert(&array, 1, xa_mk_value(2), GFP_KERNEL);
	inval = xa_err(xa_store(&array, 2, (void *)2UL, GFP_KERNEL));
	xa_destroy(&array);
	rcu_unregister_thread();
	return !(busy == -EBUSY && inval == -EINVAL && nomem < 0);
}
PROGRAM
for cc in gcc g++; do
	lang=c
	[ "$cc" = gcc ] || lang=c++
	# shellcheck disable=SC2046 # pkg-config's words
	$cc -x "$lang" -Wall -Wextra -Werror -o "$tmp/errno-$cc" "$tmp/errno.c" \
		$(pkg-config --cflags --libs xarray)
	LD_LIBRARY_PATH=$tmp/prefix/lib "$tmp/errno-$cc"
done
echo "errno names from <xarray/xarray.h> alone: EBUSY, EINVAL, ENOMEM compare equal (C, C++)"
