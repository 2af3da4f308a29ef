/*
 * Names a program may well define for itself, and that a library header
 * must therefore leave alone.  Included after <xarray/xarray.h>: any of
 * them defined there would be redefined or in conflict here.
 */
#include <stddef.h>

#define min(a, b)	((a) < (b) ? (a) : (b))
#define max(a, b)	((a) > (b) ? (a) : (b))
#define BUG_ON(cond)	do { if (cond) abort(); } while (0)
#define likely(x)	(x)
#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))

struct list_head {
	struct list_head *next, *prev;
};

typedef int spinlock_t;
typedef unsigned int u32;
