/*
 * A program that includes the installed <xarray/xarray.h>, system headers
 * with kernel names of their own, and its own definitions of names the
 * kernel also uses; built as C99, C11, C++11 and C++17.  It uses the API
 * and its own names, and checks that both work.
 */
#include <xarray/xarray.h>
#include <stdlib.h>
#include <sys/fanotify.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/quota.h>

#include "own-names.h"

struct item {
	struct list_head link;
	u32 id;
};

static DEFINE_XARRAY_ALLOC(ids);

int main(void)
{
	struct item item = { { NULL, NULL }, 0 };
	spinlock_t busy = 0;
	unsigned long index;
	void *entry;
	u32 id = 0;

	rcu_register_thread();
	BUG_ON(xa_alloc(&ids, &id, &item, XA_LIMIT(1, 100), GFP_KERNEL) != 0);
	item.id = id;
	if (!likely(xa_load(&ids, id) == &item) || id != 1)
		return 1;
	if (container_of(&item.link, struct item, link) != &item)
		return 1;
	xa_for_each(&ids, index, entry)
		busy = max(busy, (int)index) + min(0, busy);
	xa_destroy(&ids);
	rcu_unregister_thread();
	return busy == 1 ? 0 : 1;
}
