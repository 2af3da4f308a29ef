// SPDX-License-Identifier: GPL-2.0+
/* Misuse: xa_store() inside xa_lock() on the same array, where
 * __xa_store() belongs.  Must abort with a message, not hang. */
#include <xarray/xarray.h>

static DEFINE_XARRAY(array);

int main(void)
{
	rcu_register_thread();
	xa_lock(&array);
	xa_store(&array, 1, xa_mk_value(1), GFP_KERNEL);
	xa_unlock(&array);
	rcu_unregister_thread();
	return 0;
}
