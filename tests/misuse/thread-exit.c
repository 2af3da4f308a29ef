// SPDX-License-Identifier: GPL-2.0+
/* Misuse: a thread that reads the array ends without
 * rcu_unregister_thread().  Must abort with a message, not hang or
 * crash a later grace period. */
#include <xarray/xarray.h>
#include <pthread.h>

static DEFINE_XARRAY(array);

static void *reader(void *arg)
{
	rcu_register_thread();
	rcu_read_lock();
	xa_load(&array, 1);
	rcu_read_unlock();
	return arg;
}

int main(void)
{
	pthread_t thread;
	int i;

	rcu_register_thread();
	for (i = 0; i < 4; i++) {
		pthread_create(&thread, NULL, reader, NULL);
		pthread_join(thread, NULL);
	}
	xa_store(&array, 1, xa_mk_value(1), GFP_KERNEL);
	xa_erase(&array, 1);
	synchronize_rcu();
	rcu_unregister_thread();
	return 0;
}
