// SPDX-License-Identifier: GPL-2.0+
/*
 * Tests of the public XArray API from userspace: the normal and advanced
 * API, each documented bad input, and the functions beyond 6.1.  Built
 * against lib/xarray.c with XA_DEBUG (internal consistency checks) under
 * ASan and UBSan.  Prints one line per test and "N passed, N failed".
 */
#include <linux/xarray.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

/* 1 << @bits where a long has 64 bits, a high index of a 32-bit long else. */
#define HIGH_INDEX(bits)	(1UL << (BITS_PER_LONG == 64 ? (bits) : (bits) * 3 / 5))

static int passed, failed;
static const char *current;
static bool current_failed;

#define CHECK(cond) do {						\
		if (!(cond)) {						\
			printf("FAIL %s: %s:%d: %s\n", current,		\
			       __FILE__, __LINE__, #cond);		\
			current_failed = true;				\
		}							\
	} while (0)

static void *ptr(unsigned long i)
{
	return (void *)(i * 4 + 4096);	/* aligned, never internal */
}

/* Tests named on the command line, or all of them. */
static char **only;
static int nr_only;

static bool chosen(const char *name)
{
	int i;

	for (i = 0; i < nr_only; i++)
		if (!strcmp(only[i], name))
			return true;
	return !nr_only;
}

/* Every test leaves its array empty; this checks no node was leaked. */
static void run(const char *name, void (*fn)(void))
{
	if (!chosen(name))
		return;
	current = name;
	current_failed = false;
	fn();
	rcu_barrier();
	if (xa_nodes_allocated) {
		printf("FAIL %s: %ld nodes still allocated\n", name,
		       xa_nodes_allocated);
		current_failed = true;
	}
	if (current_failed) {
		failed++;
	} else {
		passed++;
		printf("ok   %s\n", name);
	}
}

static void store_load_erase_round_trip(void)
{
	DEFINE_XARRAY(xa);
	unsigned long i;

	CHECK(xa_empty(&xa));
	for (i = 0; i < 10000; i += 7)
		CHECK(xa_store(&xa, i, ptr(i), GFP_KERNEL) == NULL);
	for (i = 0; i < 10000; i++)
		CHECK(xa_load(&xa, i) == (i % 7 ? NULL : ptr(i)));
	CHECK(xa_store(&xa, 7, ptr(8), GFP_KERNEL) == ptr(7));
	for (i = 0; i < 10000; i += 7)
		CHECK(xa_erase(&xa, i) == (i == 7 ? ptr(8) : ptr(i)));
	CHECK(xa_empty(&xa));
	CHECK(xa_erase(&xa, 12345) == NULL);
}

static void value_entries_round_trip(void)
{
	DEFINE_XARRAY(xa);

	CHECK(xa_is_value(xa_mk_value(0)));
	CHECK(xa_to_value(xa_mk_value(LONG_MAX)) == LONG_MAX);
	CHECK(xa_store(&xa, 3, xa_mk_value(42), GFP_KERNEL) == NULL);
	CHECK(xa_to_value(xa_load(&xa, 3)) == 42);
	CHECK(!xa_is_err(xa_load(&xa, 3)));
	xa_destroy(&xa);
}

static void storing_internal_entries_is_einval(void)
{
	DEFINE_XARRAY(xa);
	u32 id;

	CHECK(xa_err(xa_store(&xa, 1, xa_mk_internal(3), GFP_KERNEL)) == -EINVAL);
	CHECK(xa_err(xa_store(&xa, 1, XA_RETRY_ENTRY, GFP_KERNEL)) == -EINVAL);
	CHECK(xa_err(xa_cmpxchg(&xa, 1, NULL, xa_mk_internal(1), GFP_KERNEL))
	      == -EINVAL);
	CHECK(xa_insert(&xa, 1, xa_mk_internal(2), GFP_KERNEL) == -EINVAL);
	CHECK(xa_err(xa_store_range(&xa, 1, 5, xa_mk_internal(2), GFP_KERNEL))
	      == -EINVAL);
	CHECK(xa_alloc(&xa, &id, ptr(1), xa_limit_32b, GFP_KERNEL) == -EINVAL);
	CHECK(xa_empty(&xa));
}

/*
 * A char * at an address that is 2 mod 4 has the low bits of an internal
 * entry: above 4096 it would be read back as a node.  Every store of the
 * normal API refuses it, as it refuses the reserved internal entries.
 */
static void storing_pointer_with_low_bits_10_is_einval(void)
{
	static char text[] __attribute__((aligned(4))) = "..two";
	void *odd = text + 2;
	DEFINE_XARRAY(xa);
	DEFINE_XARRAY_ALLOC(ids);
	u32 id, next = 0;
	unsigned long index;
	void *entry;

	CHECK(xa_is_internal(odd));
	CHECK(xa_err(xa_store(&xa, 1, odd, GFP_KERNEL)) == -EINVAL);
	CHECK(xa_err(xa_store(&xa, 1, xa_mk_internal(300), GFP_KERNEL))
	      == -EINVAL);
	CHECK(xa_err(xa_cmpxchg(&xa, 1, NULL, odd, GFP_KERNEL)) == -EINVAL);
	CHECK(xa_insert(&xa, 1, odd, GFP_KERNEL) == -EINVAL);
	CHECK(xa_err(xa_store_range(&xa, 1, 5, odd, GFP_KERNEL)) == -EINVAL);
	CHECK(xa_alloc(&ids, &id, odd, xa_limit_32b, GFP_KERNEL) == -EINVAL);
	CHECK(xa_alloc_cyclic(&ids, &id, odd, xa_limit_32b, &next,
			      GFP_KERNEL) == -EINVAL);
	CHECK(xa_empty(&xa) && xa_empty(&ids));
	/* What a walk of such an array did: follow the "node". */
	xa_set_mark(&xa, 1, XA_MARK_0);
	xa_for_each_marked(&xa, index, entry, XA_MARK_0)
		CHECK(0);
}

static void store_range_with_last_below_first_is_einval(void)
{
	DEFINE_XARRAY(xa);

	CHECK(xa_err(xa_store_range(&xa, 10, 9, ptr(1), GFP_KERNEL)) == -EINVAL);
	CHECK(xa_empty(&xa));
}

static void index_ulong_max_works(void)
{
	DEFINE_XARRAY(xa);
	unsigned long index = 0;

	CHECK(xa_store(&xa, ULONG_MAX, ptr(1), GFP_KERNEL) == NULL);
	CHECK(xa_load(&xa, ULONG_MAX) == ptr(1));
	CHECK(xa_load(&xa, ULONG_MAX - 1) == NULL);
	CHECK(xa_find(&xa, &index, ULONG_MAX, XA_PRESENT) == ptr(1));
	CHECK(index == ULONG_MAX);
	CHECK(xa_find_after(&xa, &index, ULONG_MAX, XA_PRESENT) == NULL);
	xa_set_mark(&xa, ULONG_MAX, XA_MARK_2);
	CHECK(xa_get_mark(&xa, ULONG_MAX, XA_MARK_2));
	CHECK(xa_erase(&xa, ULONG_MAX) == ptr(1));
	CHECK(xa_empty(&xa));
}

static void insert_is_ebusy_when_occupied_or_reserved(void)
{
	DEFINE_XARRAY(xa);

	CHECK(xa_insert(&xa, 5, ptr(5), GFP_KERNEL) == 0);
	CHECK(xa_insert(&xa, 5, ptr(6), GFP_KERNEL) == -EBUSY);
	CHECK(xa_load(&xa, 5) == ptr(5));
	CHECK(xa_reserve(&xa, 6, GFP_KERNEL) == 0);
	CHECK(xa_insert(&xa, 6, ptr(6), GFP_KERNEL) == -EBUSY);
	xa_destroy(&xa);
}

static void reserved_entry_reads_null_and_can_be_stored_over(void)
{
	DEFINE_XARRAY(xa);
	unsigned long index;
	void *entry;
	int seen = 0;

	CHECK(xa_reserve(&xa, 12, GFP_KERNEL) == 0);
	CHECK(!xa_empty(&xa));
	CHECK(xa_load(&xa, 12) == NULL);
	xa_for_each(&xa, index, entry)
		seen++;
	CHECK(seen == 0);
	CHECK(xa_store(&xa, 12, ptr(12), GFP_KERNEL) == NULL);
	CHECK(xa_load(&xa, 12) == ptr(12));
	xa_release(&xa, 12);		/* not reserved any more: no effect */
	CHECK(xa_load(&xa, 12) == ptr(12));
	CHECK(xa_erase(&xa, 12) == ptr(12));
	CHECK(xa_reserve(&xa, 13, GFP_KERNEL) == 0);
	xa_release(&xa, 13);
	CHECK(xa_empty(&xa));
}

static void cmpxchg_stores_only_on_match(void)
{
	DEFINE_XARRAY(xa);

	CHECK(xa_cmpxchg(&xa, 4, NULL, ptr(1), GFP_KERNEL) == NULL);
	CHECK(xa_cmpxchg(&xa, 4, ptr(2), ptr(3), GFP_KERNEL) == ptr(1));
	CHECK(xa_load(&xa, 4) == ptr(1));
	CHECK(xa_cmpxchg(&xa, 4, ptr(1), NULL, GFP_KERNEL) == ptr(1));
	CHECK(xa_empty(&xa));
}

static void cmpxchg_null_does_not_match_a_reservation(void)
{
	DEFINE_XARRAY(xa);

	CHECK(xa_reserve(&xa, 9, GFP_KERNEL) == 0);
	CHECK(xa_cmpxchg(&xa, 9, NULL, ptr(9), GFP_KERNEL) == NULL);
	CHECK(xa_load(&xa, 9) == NULL);
	CHECK(xa_insert(&xa, 9, ptr(9), GFP_KERNEL) == -EBUSY);
	CHECK(xa_reserve(&xa, 9, GFP_KERNEL) == 0);	/* no change */
	CHECK(xa_cmpxchg(&xa, 9, XA_ZERO_ENTRY, ptr(9), GFP_KERNEL) == NULL);
	CHECK(xa_load(&xa, 9) == ptr(9));
	xa_destroy(&xa);
}

static void marks_on_absent_index_do_nothing(void)
{
	DEFINE_XARRAY(xa);

	xa_set_mark(&xa, 100, XA_MARK_0);
	CHECK(!xa_get_mark(&xa, 100, XA_MARK_0));
	CHECK(!xa_marked(&xa, XA_MARK_0));
	CHECK(xa_empty(&xa));
	xa_store(&xa, 101, ptr(1), GFP_KERNEL);
	xa_set_mark(&xa, 100, XA_MARK_1);
	CHECK(!xa_get_mark(&xa, 100, XA_MARK_1));
	CHECK(!xa_marked(&xa, XA_MARK_1));
	xa_clear_mark(&xa, 100, XA_MARK_1);
	xa_destroy(&xa);
}

static void marks_follow_entries_and_erase_clears_them(void)
{
	DEFINE_XARRAY(xa);
	unsigned long i, index;
	void *entry;
	int n = 0;

	for (i = 0; i < 1000; i++)
		xa_store(&xa, i, ptr(i), GFP_KERNEL);
	for (i = 0; i < 1000; i += 16)
		xa_set_mark(&xa, i, XA_MARK_1);
	CHECK(xa_marked(&xa, XA_MARK_1));
	xa_for_each_marked(&xa, index, entry, XA_MARK_1) {
		CHECK(index % 16 == 0 && entry == ptr(index));
		n++;
	}
	CHECK(n == 63);
	for (i = 0; i < 1000; i += 16)
		xa_erase(&xa, i);
	CHECK(!xa_marked(&xa, XA_MARK_1));
	xa_store(&xa, 0, ptr(0), GFP_KERNEL);
	CHECK(!xa_get_mark(&xa, 0, XA_MARK_1));
	xa_destroy(&xa);
}

static void alloc_hands_out_lowest_free_ids_then_ebusy(void)
{
	DEFINE_XARRAY_ALLOC(xa);
	u32 id, i;

	for (i = 0; i < 8; i++) {
		CHECK(xa_alloc(&xa, &id, ptr(i), XA_LIMIT(0, 7), GFP_KERNEL) == 0);
		CHECK(id == i);
	}
	id = 99;
	CHECK(xa_alloc(&xa, &id, ptr(9), XA_LIMIT(0, 7), GFP_KERNEL) == -EBUSY);
	CHECK(id == 99);
	xa_erase(&xa, 3);
	CHECK(xa_alloc(&xa, &id, ptr(3), XA_LIMIT(0, 7), GFP_KERNEL) == 0);
	CHECK(id == 3);
	/* Storing NULL keeps the ID allocated; xa_erase frees it. */
	xa_store(&xa, 4, NULL, GFP_KERNEL);
	CHECK(xa_alloc(&xa, &id, ptr(4), XA_LIMIT(0, 7), GFP_KERNEL) == -EBUSY);
	xa_erase(&xa, 4);
	CHECK(xa_alloc(&xa, &id, ptr(4), XA_LIMIT(0, 7), GFP_KERNEL) == 0);
	CHECK(id == 4);
	xa_destroy(&xa);
}

/*
 * Random allocations within random limits, erases and reservations over
 * three levels of nodes: each ID handed out must be the lowest one a
 * model says is free at or above the limit's minimum, and -EBUSY comes
 * exactly when the model has none up to the maximum.
 */
static void alloc_within_limits_agrees_with_a_model(void)
{
	enum { FREE, TAKEN, RESERVED };
	enum { IDS = 20000, OPS = 30000 };
	static unsigned char state[IDS];
	DEFINE_XARRAY_ALLOC(xa);
	uint64_t x = 88172645463325252ULL;	/* xorshift64: 64 bits on any machine */
	u32 i, id, min, max, want;
	int op, ret;

	memset(state, FREE, sizeof(state));
	for (op = 0; op < OPS; op++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		min = x % IDS;
		max = min + (x >> 20) % (IDS - min);
		if (x % 5 == 0) {	/* free an ID in use, or reserve one */
			if (state[min] != FREE) {
				xa_erase(&xa, min);
				state[min] = FREE;
			} else {
				CHECK(xa_reserve(&xa, min, GFP_KERNEL) == 0);
				state[min] = RESERVED;
			}
			continue;
		}
		if (x % 3 == 0)		/* many searches start at 0 */
			min = 0;
		for (want = min; want <= max && state[want] != FREE; want++)
			;
		ret = xa_alloc(&xa, &id, ptr(op), XA_LIMIT(min, max),
			       GFP_KERNEL);
		if (want > max) {
			CHECK(ret == -EBUSY);
			continue;
		}
		CHECK(ret == 0 && id == want);
		if (ret == 0)
			state[id] = TAKEN;
	}
	for (i = 0; i < IDS; i++)
		CHECK(!xa_load(&xa, i) == (state[i] != TAKEN));
	xa_destroy(&xa);
}

static void alloc1_never_hands_out_zero(void)
{
	DEFINE_XARRAY_ALLOC1(xa);
	u32 id;

	CHECK(xa_alloc(&xa, &id, ptr(1), xa_limit_32b, GFP_KERNEL) == 0);
	CHECK(id == 1);
	xa_destroy(&xa);
}

static void alloc_on_non_allocating_array_is_einval(void)
{
	DEFINE_XARRAY(xa);
	u32 id;

	CHECK(xa_alloc(&xa, &id, ptr(1), xa_limit_32b, GFP_KERNEL) == -EINVAL);
}

static void alloc_cyclic_wraps_and_says_so(void)
{
	DEFINE_XARRAY_ALLOC(xa);
	u32 id, next = 0;

	CHECK(xa_alloc_cyclic(&xa, &id, ptr(1), XA_LIMIT(0, 3), &next,
			      GFP_KERNEL) == 0 && id == 0);
	CHECK(xa_alloc_cyclic(&xa, &id, ptr(2), XA_LIMIT(0, 3), &next,
			      GFP_KERNEL) == 0 && id == 1);
	xa_erase(&xa, 0);
	next = 3;
	CHECK(xa_alloc_cyclic(&xa, &id, ptr(3), XA_LIMIT(0, 3), &next,
			      GFP_KERNEL) == 0 && id == 3);
	CHECK(xa_alloc_cyclic(&xa, &id, ptr(4), XA_LIMIT(0, 3), &next,
			      GFP_KERNEL) == 1 && id == 0);
	xa_destroy(&xa);
}

static void store_range_covers_every_index(void)
{
	DEFINE_XARRAY(xa);
	unsigned long i;

	CHECK(xa_store_range(&xa, 100, 1000, ptr(7), GFP_KERNEL) == NULL);
	for (i = 90; i < 1010; i++)
		CHECK(xa_load(&xa, i) == (i >= 100 && i <= 1000 ? ptr(7) : NULL));
	CHECK(xa_store_range(&xa, 100, 1000, NULL, GFP_KERNEL) == NULL);
	CHECK(xa_empty(&xa));
	CHECK(xa_store_range(&xa, 0, ULONG_MAX, ptr(1), GFP_KERNEL) == NULL);
	CHECK(xa_load(&xa, ULONG_MAX / 3) == ptr(1));
	xa_destroy(&xa);
}

/*
 * A node's slots as they were before its subtree was freed, for
 * freed_subtree_shows_readers_only_retry_entries().
 */
struct seen_node {
	struct xa_node *node;
	void *slot[XA_CHUNK_SIZE];
};

#define SEEN_MAX	128U

/* Record every node under @entry into @seen, up to @max; return how many. */
static unsigned int gather_nodes(void *entry, struct seen_node *seen,
				 unsigned int n, unsigned int max)
{
	struct xa_node *node;
	unsigned int i, k = n;

	if (!xa_is_node(entry) || n == max)
		return n;
	node = xa_to_node(entry);
	seen[k].node = node;
	for (i = 0; i < XA_CHUNK_SIZE; i++)
		seen[k].slot[i] = rcu_dereference_raw(node->slots[i]);
	n++;
	for (i = 0; node->shift && i < XA_CHUNK_SIZE; i++)
		n = gather_nodes(seen[k].slot[i], seen, n, max);
	return n;
}

/*
 * A reader still inside a freed node must find a retry entry wherever
 * an entry was (or the child node it can descend into, which is freed
 * the same way), and nothing where nothing was.
 */
static void check_retired(const struct seen_node *seen, unsigned int n)
{
	unsigned int k, i;

	for (k = 0; k < n; k++) {
		for (i = 0; i < XA_CHUNK_SIZE; i++) {
			void *was = seen[k].slot[i];
			void *now = rcu_dereference_raw(seen[k].node->slots[i]);

			if (!was)
				CHECK(!now);
			else if (seen[k].node->shift && xa_is_node(was))
				CHECK(now == was);
			else
				CHECK(now == XA_RETRY_ENTRY);
		}
	}
}

/*
 * Sparse, dense, value and multi-index entries below 4096, and one at
 * 2^20 to put the subtree below 4096 two levels down.
 */
static void fill_for_freeing(struct xarray *xa)
{
	unsigned long i;

	for (i = 0; i < 4096; i += 300)
		xa_store(xa, i, ptr(i), GFP_KERNEL);
	for (i = 1024; i < 1100; i++)
		xa_store(xa, i, xa_mk_value(i), GFP_KERNEL);
	xa_store_range(xa, 2048, 2048 + 63, ptr(2048), GFP_KERNEL);
	xa_store(xa, 1UL << 20, ptr(1), GFP_KERNEL);
}

/*
 * Both ways a subtree is freed, with a reader's view kept under the RCU
 * read lock: xa_destroy() of the whole tree, and a multi-index store that
 * replaces the subtree below index 4096 (two levels of nodes).
 */
static void freed_subtree_shows_readers_only_retry_entries(void)
{
	static struct seen_node seen[SEEN_MAX];
	DEFINE_XARRAY(xa);
	struct xa_node *node;
	unsigned int n;

	fill_for_freeing(&xa);
	rcu_read_lock();
	n = gather_nodes(xa_head(&xa), seen, 0, SEEN_MAX);
	CHECK(n > 4 && n < SEEN_MAX);
	xa_destroy(&xa);
	check_retired(seen, n);
	rcu_read_unlock();

	fill_for_freeing(&xa);
	rcu_read_lock();
	node = xa_to_node(xa_head(&xa));
	node = xa_to_node(xa_entry(&xa, node, 0));
	CHECK(node->shift == 12);
	n = gather_nodes(xa_entry(&xa, node, 0), seen, 0, SEEN_MAX);
	CHECK(n > 4 && n < SEEN_MAX && seen[0].node->shift == 6);
	CHECK(xa_store_range(&xa, 0, 4095, ptr(5), GFP_KERNEL) == NULL);
	check_retired(seen, n);
	rcu_read_unlock();
	CHECK(xa_load(&xa, 37) == ptr(5) && xa_load(&xa, 4096) == NULL);
	xa_destroy(&xa);
}

/*
 * xa_find_after() against a model, on an array of single, multi-index,
 * value and reserved entries with some marked: for random (index, max)
 * it must return the first entry that starts after index, no later than
 * max, marked if asked; xa_for_each() must visit exactly the entries.
 */
#define MIX_ITEMS	3000

struct mix_item {
	unsigned long start;
	unsigned int order;
	bool reserved, marked;
};

static uint64_t mix_rng = 0x853c49e6748fea9bULL;

static uint64_t mix_next(void)
{
	mix_rng ^= mix_rng << 13;
	mix_rng ^= mix_rng >> 7;
	mix_rng ^= mix_rng << 17;
	return mix_rng;
}

static void *mix_entry(const struct mix_item *it)
{
	return it->start % 3 ? ptr(it->start) : xa_mk_value(it->start);
}

static unsigned int mix_fill(struct xarray *xa, struct mix_item *items)
{
	unsigned long pos = 0;
	unsigned int n;

	for (n = 0; n < MIX_ITEMS; n++) {
		struct mix_item *it = &items[n];
		uint64_t r = mix_next();

		it->order = r % 10 == 0 ? 6 : r % 10 == 1 ? 2 : 0;
		pos += r >> 60 ? (r >> 40) % 40 : (r >> 40) % 5000;
		pos = (pos + (1UL << it->order) - 1) & ~((1UL << it->order) - 1);
		it->start = pos;
		it->reserved = r % 17 == 3;
		it->marked = !it->reserved && r % 3 == 0;
		pos += 1UL << it->order;
		if (it->reserved) {
			CHECK(xa_reserve(xa, it->start, GFP_KERNEL) == 0);
		} else {
			XA_STATE_ORDER(xas, xa, it->start, it->order);

			do {
				xas_lock(&xas);
				xas_store(&xas, mix_entry(it));
				xas_unlock(&xas);
			} while (xas_nomem(&xas, GFP_KERNEL));
			CHECK(!xas_error(&xas));
			if (it->marked)
				xa_set_mark(xa, it->start, XA_MARK_1);
		}
	}
	return n;
}

/* The model's answer: the first item starting in (index, max]. */
static const struct mix_item *mix_expect(const struct mix_item *items,
					 unsigned int n, unsigned long index,
					 unsigned long max, bool marked)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct mix_item *it = &items[i];

		if (it->start <= index || it->reserved ||
		    (marked && !it->marked))
			continue;
		return it->start <= max ? it : NULL;
	}
	return NULL;
}

static void find_after_agrees_with_model_on_mixed_entries(void)
{
	static struct mix_item items[MIX_ITEMS];
	DEFINE_XARRAY(xa);
	unsigned int n = mix_fill(&xa, items), i, seen = 0, k;
	unsigned long last = items[n - 1].start + 64, index;
	void *entry;

	xa_for_each(&xa, index, entry) {
		while (seen < n && items[seen].reserved)
			seen++;
		CHECK(seen < n && index == items[seen].start &&
		      entry == mix_entry(&items[seen]));
		seen++;
	}
	while (seen < n && items[seen].reserved)
		seen++;
	CHECK(seen == n);
	for (k = 0; k < 20000; k++) {
		unsigned long from = mix_next() % last, max = from;
		bool marked = k % 2;
		const struct mix_item *want;

		max += k % 3 ? mix_next() % 10000 : ULONG_MAX - from;
		want = mix_expect(items, n, from, max, marked);
		index = from;
		entry = xa_find_after(&xa, &index, max,
				      marked ? XA_MARK_1 : XA_PRESENT);
		CHECK(entry == (want ? mix_entry(want) : NULL));
		CHECK(index == (want ? want->start : from));
		if (current_failed) {
			printf("     from %lu max %lu marked %d\n", from, max,
			       marked);
			printf("     got %p at %lu, want %p at %lu\n", entry,
			       index, want ? mix_entry(want) : NULL,
			       want ? want->start : 0);
			break;
		}
	}
	for (i = 0; i < n; i++)
		if (items[i].reserved)
			xa_release(&xa, items[i].start);
	xa_destroy(&xa);
}

/* The userspace find_next_bit() against a bit-by-bit scan. */
static void find_next_bit_matches_bit_by_bit_scan(void)
{
	unsigned long bits[3], size, offset, i, want;
	unsigned int k;

	for (k = 0; k < 200000; k++) {
		for (i = 0; i < 3; i++)
			bits[i] = k % 7 == 0 ? 0 :
				  mix_next() & mix_next() & mix_next();
		size = mix_next() % 193;
		offset = mix_next() % 200;
		for (want = offset; want < size; want++)
			if (test_bit(want, bits))
				break;
		if (want > size)
			want = size;
		CHECK(find_next_bit(bits, size, offset) == want);
		if (current_failed)
			break;
	}
}

static void multi_index_entry_order_and_find(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(xas, &xa, 64, 6);
	unsigned long index = 70;

	xas_lock(&xas);
	xas_store(&xas, ptr(64));
	xas_unlock(&xas);
	CHECK(xa_get_order(&xa, 100) == 6);
	CHECK(xa_load(&xa, 127) == ptr(64));
	CHECK(xa_load(&xa, 128) == NULL);
	CHECK(xa_find(&xa, &index, ULONG_MAX, XA_PRESENT) == ptr(64));
	CHECK(index == 70);
	CHECK(xa_find_after(&xa, &index, ULONG_MAX, XA_PRESENT) == NULL);
	xa_destroy(&xa);
}

static void split_entry_across_two_levels(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(big, &xa, 0, 12);
	XA_STATE(xas, &xa, 0);
	unsigned long i;

	xas_lock(&big);
	xas_store(&big, xa_mk_value(5));
	xas_set_mark(&big, XA_MARK_1);
	xas_unlock(&big);
	xas_split_alloc(&xas, xa_mk_value(5), 12, GFP_KERNEL);
	CHECK(!xas_error(&xas));
	xas_lock(&xas);
	xas_split(&xas, xa_mk_value(5), 12);
	xas_unlock(&xas);
	xas_destroy(&xas);
	for (i = 0; i < 4096; i += 37) {
		CHECK(xa_load(&xa, i) == xa_mk_value(5));
		CHECK(xa_get_order(&xa, i) == 0);
		CHECK(xa_get_mark(&xa, i, XA_MARK_1));
	}
	CHECK(xa_store(&xa, 4000, ptr(1), GFP_KERNEL) == xa_mk_value(5));
	CHECK(xa_load(&xa, 3999) == xa_mk_value(5));
	xa_destroy(&xa);
}

static void split_alloc_rejects_internal_entry(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, 0);

	xas_split_alloc(&xas, XA_RETRY_ENTRY, 6, GFP_KERNEL);
	CHECK(xas_error(&xas) == -EINVAL);
}

static void pause_in_multi_index_entry_goes_to_next_entry(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(xas, &xa, 0, 2);
	void *entry;

	xas_lock(&xas);
	xas_store(&xas, ptr(0));	/* indices 0-3 */
	xas_unlock(&xas);
	xa_store(&xa, 4, ptr(4), GFP_KERNEL);
	xas_set(&xas, 2);
	xas.xa_shift = 0;
	xas.xa_sibs = 0;
	rcu_read_lock();
	entry = xas_load(&xas);
	CHECK(entry == ptr(0));
	xas_pause(&xas);
	CHECK(xas.xa_index == 4);
	CHECK(xas_find(&xas, ULONG_MAX) == ptr(4));
	rcu_read_unlock();
	xa_destroy(&xa);
}

static void find_before_and_reverse_iteration(void)
{
	DEFINE_XARRAY(xa);
	unsigned long idx[] = { 0, 1, 63, 64, 4095, 70000, ULONG_MAX };
	unsigned long index;
	void *entry;
	int i, n;

	for (i = 0; i < 7; i++)
		xa_store(&xa, idx[i], ptr(i), GFP_KERNEL);
	xa_set_mark(&xa, 64, XA_MARK_0);
	n = 7;
	xa_for_each_reverse(&xa, index, entry) {
		n--;
		CHECK(n >= 0 && index == idx[n] && entry == ptr(n));
	}
	CHECK(n == 0);
	index = 4094;
	CHECK(xa_find_before(&xa, &index, 0, XA_PRESENT) == ptr(3));
	CHECK(index == 64);
	index = 4094;
	CHECK(xa_find_before(&xa, &index, 65, XA_PRESENT) == NULL);
	CHECK(index == 4094);
	index = ULONG_MAX;
	CHECK(xa_find_before(&xa, &index, 0, XA_MARK_0) == ptr(3));
	CHECK(index == 64);
	index = 63;
	CHECK(xa_find_before(&xa, &index, 0, XA_MARK_0) == NULL);
	xa_destroy(&xa);
	index = 5;
	CHECK(xa_find_before(&xa, &index, 0, XA_PRESENT) == NULL);
}

static void find_before_returns_start_of_multi_index_entry(void)
{
	DEFINE_XARRAY(xa);
	unsigned long index = 200;

	CHECK(xa_store_range(&xa, 128, 191, ptr(1), GFP_KERNEL) == NULL);
	CHECK(xa_find_before(&xa, &index, 0, XA_PRESENT) == ptr(1));
	CHECK(index == 128);
	index = 127;
	CHECK(xa_find_before(&xa, &index, 0, XA_PRESENT) == NULL);
	xa_destroy(&xa);
}

/*
 * Beyond 6.1: the cases below behave differently in the 6.1 tree's
 * lib/xarray.c (doc/xarray.rst, "Where this XArray differs from 6.1").
 */
static void find_before_finds_entry_through_sibling_slot_above_min(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(xas, &xa, 0, (XA_CHUNK_SHIFT + 1));
	unsigned long index;

	xas_lock(&xas);
	xas_store(&xas, ptr(1));	/* two slots of a node above the leaves */
	xas_unlock(&xas);
	CHECK(!xas_error(&xas));
	index = XA_CHUNK_SIZE + 36;
	CHECK(xa_find_before(&xa, &index, XA_CHUNK_SIZE, XA_PRESENT) == ptr(1));
	CHECK(index == 0);
	index = XA_CHUNK_SIZE + 36;
	CHECK(xa_find_before(&xa, &index, XA_CHUNK_SIZE + 6, XA_PRESENT)
	      == ptr(1));
	CHECK(index == 0);
	xa_set_mark(&xa, 0, XA_MARK_1);
	index = 2 * XA_CHUNK_SIZE - 1;
	CHECK(xa_find_before(&xa, &index, 2 * XA_CHUNK_SIZE - 1, XA_MARK_1)
	      == ptr(1));
	CHECK(index == 0);
	index = 2 * XA_CHUNK_SIZE - 1;
	CHECK(xa_find_before(&xa, &index, XA_CHUNK_SIZE, XA_MARK_2) == NULL);
	CHECK(index == 2 * XA_CHUNK_SIZE - 1);
	xa_destroy(&xa);
}

/* Walk @mark with a pause after every entry; how many entries it saw. */
static unsigned int paused_marked_walk(struct xarray *xa, xa_mark_t mark,
				       unsigned int limit)
{
	XA_STATE(xas, xa, 0);
	unsigned int seen = 0;
	void *entry;

	rcu_read_lock();
	xas_for_each_marked(&xas, entry, ULONG_MAX, mark) {
		if (++seen > limit)
			break;
		xas_pause(&xas);
		rcu_read_unlock();
		rcu_read_lock();
	}
	rcu_read_unlock();
	return seen;
}

static void paused_marked_walk_ends_after_entry_at_ulong_max(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(xas, &xa, ULONG_MAX, 4);

	xa_store(&xa, 3, ptr(3), GFP_KERNEL);
	xa_store(&xa, ULONG_MAX, ptr(4), GFP_KERNEL);
	xa_set_mark(&xa, 3, XA_MARK_0);
	xa_set_mark(&xa, ULONG_MAX, XA_MARK_0);
	CHECK(paused_marked_walk(&xa, XA_MARK_0, 10) == 2);
	xas_lock(&xas);
	xas_store(&xas, ptr(5));	/* the last 16 indices */
	xas_unlock(&xas);
	CHECK(xa_get_mark(&xa, ULONG_MAX - 3, XA_MARK_0));
	CHECK(paused_marked_walk(&xa, XA_MARK_0, 10) == 2);
	xa_destroy(&xa);
}

static void next_past_ulong_max_enters_bounds_state(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, ULONG_MAX);

	xa_store(&xa, 0, ptr(0), GFP_KERNEL);
	xa_store(&xa, ULONG_MAX, ptr(1), GFP_KERNEL);
	rcu_read_lock();
	CHECK(xas_load(&xas) == ptr(1));
	CHECK(xas_next(&xas) == NULL);
	CHECK(xas.xa_node == XAS_BOUNDS && xas.xa_index == 0);
	CHECK(xas_prev(&xas) == ptr(1) && xas.xa_index == ULONG_MAX);
	xas_set(&xas, 0);
	CHECK(xas_load(&xas) == ptr(0));
	CHECK(xas_prev(&xas) == NULL);
	CHECK(xas.xa_node == XAS_BOUNDS && xas.xa_index == ULONG_MAX);
	CHECK(xas_next(&xas) == ptr(0) && xas.xa_index == 0);
	rcu_read_unlock();
	xa_destroy(&xa);
}


static void conflict_search_from_inside_a_run_finds_later_entries(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(xas, &xa, 2 * XA_CHUNK_SIZE, (XA_CHUNK_SHIFT + 1));
	void *entry, *seen[4];
	int n = 0;

	/* Slots 1-2 of a node above the leaves: it starts before the range. */
	xa_store_range(&xa, XA_CHUNK_SIZE, 3 * XA_CHUNK_SIZE - 1, ptr(1),
		       GFP_KERNEL);
	CHECK(xa_get_order(&xa, XA_CHUNK_SIZE) == XA_CHUNK_SHIFT + 1);
	xa_store(&xa, 3 * XA_CHUNK_SIZE + 5, ptr(2), GFP_KERNEL);
	xas_lock(&xas);
	xas_for_each_conflict(&xas, entry) {
		/* The cursor is on the entry, for xas_get_order(). */
		CHECK(xas_get_order(&xas) ==
		      (entry == ptr(1) ? XA_CHUNK_SHIFT + 1 : 0));
		if (n < 4)
			seen[n++] = entry;
	}
	xas_unlock(&xas);
	CHECK(n == 2);
	CHECK(n >= 1 && seen[0] == ptr(1));
	CHECK(n >= 2 && seen[1] == ptr(2));
	xa_destroy(&xa);
}


/* Store @entry over 2^@order indices from @index with the advanced API. */
static void store_order(struct xarray *xa, unsigned long index,
			unsigned int order, void *entry)
{
	XA_STATE_ORDER(xas, xa, index, order);

	do {
		xas_lock(&xas);
		xas_store(&xas, entry);
		xas_unlock(&xas);
	} while (xas_nomem(&xas, GFP_KERNEL));
	CHECK(!xas_error(&xas));
}

/* Split the order-@order entry at @index into entries of @new_order. */
static void split_order(struct xarray *xa, unsigned long index,
			unsigned int order, unsigned int new_order, void *entry)
{
	XA_STATE_ORDER(xas, xa, index, new_order);

	xas_split_alloc(&xas, entry, order, GFP_KERNEL);
	CHECK(!xas_error(&xas));
	xas_lock(&xas);
	xas_split(&xas, entry, order);
	xas_unlock(&xas);
	xas_destroy(&xas);
}

static void store_over_multi_index_value_keeps_value_count(void)
{
	DEFINE_XARRAY(xa);

	xa_store(&xa, 100, ptr(100), GFP_KERNEL);
	store_order(&xa, 0, 3, xa_mk_value(7));	/* 8 slots of a leaf */
	CHECK(xa_check(&xa, false) == 0);
	/* Any index of the entry stands for all of it. */
	CHECK(xa_store(&xa, 5, ptr(1), GFP_KERNEL) == xa_mk_value(7));
	CHECK(xa_load(&xa, 0) == ptr(1) && xa_load(&xa, 7) == ptr(1));
	CHECK(xa_check(&xa, false) == 0);
	CHECK(xa_store(&xa, 2, xa_mk_value(8), GFP_KERNEL) == ptr(1));
	CHECK(xa_check(&xa, false) == 0);
	CHECK(xa_erase(&xa, 6) == xa_mk_value(8));
	CHECK(xa_check(&xa, false) == 0);
	xa_destroy(&xa);
}

static void split_two_levels_down_gives_entries_of_the_new_order(void)
{
	DEFINE_XARRAY(xa);
	unsigned int order = 2 * XA_CHUNK_SHIFT, new_order = 0;
	unsigned long i, wrong = 0;

	xa_store(&xa, 1UL << 30, ptr(2), GFP_KERNEL);
	store_order(&xa, 0, order, ptr(1));	/* one slot, two levels up */
	split_order(&xa, 0, order, new_order, ptr(1));
	for (i = 0; i < 1UL << order; i += 61)
		wrong += xa_load(&xa, i) != ptr(1) || xa_get_order(&xa, i);
	CHECK(wrong == 0);
	CHECK(xa_load(&xa, 1UL << order) == NULL);
	CHECK(xa_check(&xa, false) == 0);
	xa_destroy(&xa);
}

static void split_into_multi_slot_entries_marks_canonical_slots_only(void)
{
	DEFINE_XARRAY(xa);
	unsigned int order = XA_CHUNK_SHIFT + 2, new_order = 2;
	unsigned long i, unmarked = 0;

	xa_store(&xa, 1UL << 20, ptr(2), GFP_KERNEL);
	store_order(&xa, 0, order, ptr(1));	/* 4 slots above the leaves */
	xa_set_mark(&xa, 0, XA_MARK_1);
	split_order(&xa, 0, order, new_order, ptr(1));
	CHECK(xa_check(&xa, false) == 0);
	for (i = 0; i < 1UL << order; i += 4)
		unmarked += !xa_get_mark(&xa, i, XA_MARK_1) ||
			    xa_get_order(&xa, i) != 2;
	CHECK(unmarked == 0);
	xa_destroy(&xa);
}

static void step_from_inside_multi_index_entry_reads_each_index(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, 7);
	unsigned long big = 2 * XA_CHUNK_SIZE;	/* slots 2-3 above leaves */

	store_order(&xa, 0, 3, ptr(1));
	xa_store(&xa, 8, ptr(2), GFP_KERNEL);
	store_order(&xa, big, XA_CHUNK_SHIFT + 1, ptr(3));
	xa_store(&xa, 2 * big, ptr(4), GFP_KERNEL);
	rcu_read_lock();
	CHECK(xas_load(&xas) == ptr(1));
	CHECK(xas_next(&xas) == ptr(2) && xas.xa_index == 8);
	xas_set(&xas, 1);
	CHECK(xas_load(&xas) == ptr(1));
	CHECK(xas_prev(&xas) == ptr(1) && xas.xa_index == 0);
	xas_set(&xas, 2 * big - 1);
	CHECK(xas_load(&xas) == ptr(3));
	CHECK(xas_next(&xas) == ptr(4) && xas.xa_index == 2 * big);
	xas_set(&xas, big + 1);
	CHECK(xas_load(&xas) == ptr(3));
	CHECK(xas_prev(&xas) == ptr(3) && xas.xa_index == big);
	CHECK(xas_prev(&xas) == NULL && xas.xa_index == big - 1);
	rcu_read_unlock();
	xa_destroy(&xa);
}


static void store_range_up_to_ulong_max_returns(void)
{
	DEFINE_XARRAY(xa);

	CHECK(xa_store_range(&xa, 0xd6, ULONG_MAX, ptr(1), GFP_KERNEL) == NULL);
	CHECK(xa_load(&xa, 0xd5) == NULL);
	CHECK(xa_load(&xa, 0xd6) == ptr(1) && xa_load(&xa, ULONG_MAX) == ptr(1));
	CHECK(xa_store_range(&xa, 0, ULONG_MAX, ptr(2), GFP_KERNEL) == NULL);
	CHECK(xa_load(&xa, 0) == ptr(2) &&
	      xa_load(&xa, 1UL << (BITS_PER_LONG - 1)) == ptr(2));
	/* The range overlaps that one entry: it goes as a whole. */
	CHECK(xa_store_range(&xa, 5, ULONG_MAX, NULL, GFP_KERNEL) == NULL);
	CHECK(xa_empty(&xa));
}

static void get_order_stops_where_the_next_run_begins(void)
{
	DEFINE_XARRAY(xa);

	/* Slots 2-4 and 5-63 of the node above the leaves: two runs. */
	xa_store_range(&xa, 2 * XA_CHUNK_SIZE, 5 * XA_CHUNK_SIZE - 1, ptr(1),
		       GFP_KERNEL);
	xa_store_range(&xa, 5 * XA_CHUNK_SIZE, XA_CHUNK_SIZE * XA_CHUNK_SIZE - 1,
		       ptr(2), GFP_KERNEL);
	CHECK(xa_get_order(&xa, 2 * XA_CHUNK_SIZE) == XA_CHUNK_SHIFT + 2);
	CHECK(xa_get_order(&xa, 3 * XA_CHUNK_SIZE) == XA_CHUNK_SHIFT + 2);
	CHECK(xa_get_order(&xa, 5 * XA_CHUNK_SIZE) == 2 * XA_CHUNK_SHIFT);
	xa_destroy(&xa);
}


static void extract_copies_in_order_and_respects_n(void)
{
	DEFINE_XARRAY(xa);
	void *dst[10];
	unsigned long i;

	for (i = 0; i < 20; i++)
		xa_store(&xa, i * 10, ptr(i), GFP_KERNEL);
	CHECK(xa_extract(&xa, dst, 15, 95, 10, XA_PRESENT) == 8);
	CHECK(dst[0] == ptr(2) && dst[7] == ptr(9));
	CHECK(xa_extract(&xa, dst, 0, ULONG_MAX, 3, XA_PRESENT) == 3);
	CHECK(xa_extract(&xa, dst, 0, ULONG_MAX, 0, XA_PRESENT) == 0);
	xa_destroy(&xa);
}

static void advanced_next_prev_walk(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, 63);

	xa_store(&xa, 63, ptr(63), GFP_KERNEL);
	xa_store(&xa, 64, ptr(64), GFP_KERNEL);
	rcu_read_lock();
	CHECK(xas_load(&xas) == ptr(63));
	CHECK(xas_next(&xas) == ptr(64) && xas.xa_index == 64);
	CHECK(xas_prev(&xas) == ptr(63) && xas.xa_index == 63);
	CHECK(xas_prev(&xas) == NULL && xas.xa_index == 62);
	rcu_read_unlock();
	xa_destroy(&xa);
}

/* Run @dump on @xa with stdout going to a buffer, and return it. */
static char *capture(void (*dump)(const struct xarray *), struct xarray *xa)
{
	static char buf[65536];
	FILE *tmp = tmpfile();
	int saved = dup(STDOUT_FILENO);
	size_t len;

	fflush(stdout);
	dup2(fileno(tmp), STDOUT_FILENO);
	dump(xa);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	rewind(tmp);
	len = fread(buf, 1, sizeof(buf) - 1, tmp);
	buf[len] = '\0';
	fclose(tmp);
	return buf;
}

static void dumps_print_the_tree(void)
{
	DEFINE_XARRAY(xa);
	char *out;

	xa_store(&xa, 1, ptr(1), GFP_KERNEL);
	xa_store(&xa, 100, xa_mk_value(3), GFP_KERNEL);
	out = capture(xa_dump_dot, &xa);
	CHECK(!strncmp(out, "digraph xarray {\n", 17));
	CHECK(strstr(out, "label=\"1: ptr\"") != NULL);
	CHECK(strstr(out, "label=\"36: v3\"") != NULL);	/* 100 = 64 + 36 */
	CHECK(strstr(out, "[label=\"1\"]") != NULL);	/* edge to slot 1 */
	CHECK(!strcmp(out + strlen(out) - 2, "}\n"));
	out = capture(xa_dump, &xa);
	CHECK(strstr(out, "[100]\n  value 3 (0x3)\n") != NULL);
	CHECK(strstr(out, "[1]\n  pointer ") != NULL);
	CHECK(strstr(out, ", 2 used, 0 values,") != NULL);	/* the root */
	xa_destroy(&xa);
}

/*
 * Readers load the last index of a leaf while a writer stores and erases
 * multi-index entries of changing order that end there, so the slot the
 * reader lands on may name a canonical slot that has since become a sibling
 * of a larger entry.  xa_load() must never return an internal entry.
 */
static DEFINE_XARRAY(race_xa);
static volatile bool race_stop;
static volatile unsigned long race_bad;

static void *race_reader(void *arg)
{
	rcu_register_thread();
	while (!race_stop) {
		void *entry = xa_load(&race_xa, 3 * XA_CHUNK_SIZE - 1);

		if (xa_is_internal(entry))
			race_bad++;
	}
	rcu_unregister_thread();
	return arg;
}

static void race_store_order(unsigned long index, unsigned int order)
{
	XA_STATE_ORDER(xas, &race_xa, index, order);

	do {
		xas_lock(&xas);
		xas_store(&xas, ptr(order));
		xas_unlock(&xas);
	} while (xas_nomem(&xas, GFP_KERNEL));
}

/*
 * Stop the race's @n threads, check that none of them saw an internal
 * entry (saying which walk did, if one did), and empty the array.
 */
static void race_finish(pthread_t *threads, int n, const char *walk)
{
	int i;

	race_stop = true;
	for (i = 0; i < n; i++)
		pthread_join(threads[i], NULL);
	CHECK(race_bad == 0);
	if (race_bad)
		printf("     %s returned an internal entry %lu times\n", walk,
		       race_bad);
	xa_destroy(&race_xa);
}

static void load_never_returns_sibling_during_multi_index_stores(void)
{
	pthread_t readers[3];
	unsigned int order;
	int i, round;

	race_stop = false;
	race_bad = 0;
	xa_store(&race_xa, 2 * XA_CHUNK_SIZE, ptr(1), GFP_KERNEL);
	for (i = 0; i < 3; i++)
		pthread_create(&readers[i], NULL, race_reader, NULL);
	for (round = 0; round < 20000; round++) {
		for (order = 1; order < XA_CHUNK_SHIFT; order++) {
			unsigned long index = 3 * XA_CHUNK_SIZE - (1UL << order);

			race_store_order(index, order);
			xa_erase(&race_xa, index);
		}
	}
	race_finish(readers, 3, "xa_load");
}

static void *race_marked_walker(void *arg)
{
	rcu_register_thread();
	while (!race_stop) {
		XA_STATE(xas, &race_xa, 0);
		void *entry;

		rcu_read_lock();
		xas_for_each_marked(&xas, entry, ULONG_MAX, XA_MARK_1) {
			if (xas_retry(&xas, entry))
				continue;
			if (xa_is_internal(entry))
				race_bad++;
		}
		rcu_read_unlock();
	}
	rcu_unregister_thread();
	return arg;
}

/*
 * A multi-index store over marked entries moves their marks to its first
 * slot before it turns the others into siblings; a walker that read a
 * mark just before must not hand out the sibling it then finds.
 */
static void marked_walk_never_returns_sibling_during_multi_index_stores(void)
{
	pthread_t walkers[2];
	unsigned long base, i;
	int round;

	race_stop = false;
	race_bad = 0;
	xa_store(&race_xa, 1000, ptr(1), GFP_KERNEL);	/* two levels */
	for (i = 0; i < 2; i++)
		pthread_create(&walkers[i], NULL, race_marked_walker, NULL);
	for (round = 0; round < 100000; round++) {
		base = (round % 8) * 8;
		for (i = base; i < base + 8; i++) {
			xa_store(&race_xa, i, ptr(i), GFP_KERNEL);
			xa_set_mark(&race_xa, i, XA_MARK_1);
		}
		race_store_order(base, 3);
		xa_store_range(&race_xa, base, base + 7, NULL, GFP_KERNEL);
	}
	race_finish(walkers, 2, "a marked walk");
}

static int fail_nowait;		/* fail this many non-blocking allocations */
static bool fail_all;		/* fail every allocation */

static int allow_first;		/* with fail_all: let this many through */

static bool fail_allocations(gfp_t gfp)
{
	if (fail_all && allow_first > 0) {
		allow_first--;
		return false;
	}
	if (fail_all)
		return true;
	if (fail_nowait > 0 && !gfpflags_allow_blocking(gfp)) {
		fail_nowait--;
		return true;
	}
	return false;
}

static void nomem_retry_loop_succeeds_after_failures(void)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, 1UL << 20);
	int tries = 0;

	xa_alloc_fail_hook = fail_allocations;
	fail_nowait = 2;
	do {
		tries++;
		xas_lock(&xas);
		xas_store(&xas, ptr(1));
		xas_unlock(&xas);
	} while (xas_nomem(&xas, GFP_KERNEL));
	CHECK(!xas_error(&xas));
	CHECK(tries == 3);
	CHECK(xa_load(&xa, 1UL << 20) == ptr(1));
	fail_nowait = 1000;
	CHECK(xa_store(&xa, HIGH_INDEX(40), ptr(2), GFP_KERNEL) == NULL);
	CHECK(xa_load(&xa, HIGH_INDEX(40)) == ptr(2));
	fail_all = true;
	CHECK(xa_err(xa_store(&xa, HIGH_INDEX(50), ptr(3), GFP_KERNEL)) == -ENOMEM);
	CHECK(xa_load(&xa, HIGH_INDEX(50)) == NULL);
	CHECK(xa_load(&xa, HIGH_INDEX(40)) == ptr(2));
	fail_all = false;
	fail_nowait = 0;
	xa_alloc_fail_hook = NULL;
	xa_destroy(&xa);
}

static void failed_store_leaves_empty_alloc1_array_empty(void)
{
	DEFINE_XARRAY_ALLOC1(xa);
	u32 id;
	int k;

	xa_alloc_fail_hook = fail_allocations;
	fail_all = true;
	/* Some nodes of the path had, then no more. */
	for (k = 0; k < 4; k++) {
		allow_first = k;
		CHECK(xa_err(xa_store(&xa, 1UL << 20, ptr(5), GFP_KERNEL))
		      == -ENOMEM);
		CHECK(xa_empty(&xa));
		allow_first = k;
		CHECK(xa_alloc(&xa, &id, ptr(2), XA_LIMIT(1UL << 20, 1UL << 21),
			       GFP_KERNEL) == -ENOMEM);
		CHECK(xa_empty(&xa));
	}
	allow_first = 0;
	CHECK(xa_err(xa_store(&xa, 5, ptr(5), GFP_KERNEL)) == -ENOMEM);
	CHECK(xa_empty(&xa));
	CHECK(xa_insert(&xa, 70, ptr(70), GFP_KERNEL) == -ENOMEM);
	CHECK(xa_empty(&xa));
	CHECK(xa_reserve(&xa, 9, GFP_KERNEL) == -ENOMEM);
	CHECK(xa_empty(&xa));
	CHECK(xa_err(xa_store_range(&xa, 64, 200, ptr(1), GFP_KERNEL))
	      == -ENOMEM);
	CHECK(xa_empty(&xa));
	CHECK(xa_alloc(&xa, &id, ptr(2), XA_LIMIT(300, 400), GFP_KERNEL)
	      == -ENOMEM);
	CHECK(xa_empty(&xa));
	fail_all = false;
	xa_alloc_fail_hook = NULL;
	CHECK(xa_alloc(&xa, &id, ptr(3), xa_limit_32b, GFP_KERNEL) == 0);
	CHECK(id == 1);
	xa_destroy(&xa);
}

static void alloc_cyclic_returns_enomem_rather_than_wrapping(void)
{
	DEFINE_XARRAY_ALLOC(xa);
	u32 id, next = 0, i;

	for (i = 0; i < 10; i++)
		CHECK(xa_alloc_cyclic(&xa, &id, ptr(i), xa_limit_32b, &next,
				      GFP_KERNEL) == 0 && id == i);
	/* The next ID is far away: a new node, which cannot be had. */
	next = 1U << 20;
	xa_alloc_fail_hook = fail_allocations;
	fail_all = true;
	CHECK(xa_alloc_cyclic(&xa, &id, ptr(10), xa_limit_32b, &next,
			      GFP_KERNEL) == -ENOMEM);
	CHECK(next == 1U << 20);
	CHECK(xa_load(&xa, 10) == NULL);
	fail_all = false;
	xa_alloc_fail_hook = NULL;
	CHECK(xa_alloc_cyclic(&xa, &id, ptr(10), xa_limit_32b, &next,
			      GFP_KERNEL) == 0 && id == 1U << 20);
	xa_destroy(&xa);
}

/*
 * Run @fn in a new thread of a child process, a thread that never called
 * rcu_register_thread(): the child must abort with one line on stderr
 * that names rcu_register_thread().
 */
static void check_unregistered_thread_aborts(void *(*fn)(void *))
{
	char out[512] = "";
	int fds[2], status;
	ssize_t len;
	pid_t pid;

	CHECK(pipe(fds) == 0);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		pthread_t thread;

		dup2(fds[1], STDERR_FILENO);
		pthread_create(&thread, NULL, fn, NULL);
		pthread_join(thread, NULL);
		_exit(0);
	}
	close(fds[1]);
	len = read(fds[0], out, sizeof(out) - 1);
	close(fds[0]);
	out[len > 0 ? len : 0] = '\0';
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CHECK(strstr(out, "rcu_register_thread()") != NULL);
	CHECK(strchr(out, '\n') == out + strlen(out) - 1);
}

static DEFINE_XARRAY(shared);

static void *load_without_registering(void *arg)
{
	(void)arg;
	xa_load(&shared, 1);
	return NULL;
}

/* Erasing the only entry above 0 frees nodes: call_rcu(). */
static void *free_nodes_without_registering(void *arg)
{
	(void)arg;
	xa_erase(&shared, 1000);
	return NULL;
}

static void unregistered_reader_aborts_naming_rcu_register_thread(void)
{
	check_unregistered_thread_aborts(load_without_registering);
}

static void unregistered_writer_aborts_naming_rcu_register_thread(void)
{
	CHECK(!xa_err(xa_store(&shared, 0, ptr(0), GFP_KERNEL)));
	CHECK(!xa_err(xa_store(&shared, 1000, ptr(1), GFP_KERNEL)));
	check_unregistered_thread_aborts(free_nodes_without_registering);
	xa_destroy(&shared);
}

int main(int argc, char **argv)
{
	only = argv + 1;
	nr_only = argc - 1;
	rcu_register_thread();
	run("store_load_erase_round_trip", store_load_erase_round_trip);
	run("value_entries_round_trip", value_entries_round_trip);
	run("storing_internal_entries_is_einval",
	    storing_internal_entries_is_einval);
	run("storing_pointer_with_low_bits_10_is_einval",
	    storing_pointer_with_low_bits_10_is_einval);
	run("unregistered_reader_aborts_naming_rcu_register_thread",
	    unregistered_reader_aborts_naming_rcu_register_thread);
	run("unregistered_writer_aborts_naming_rcu_register_thread",
	    unregistered_writer_aborts_naming_rcu_register_thread);
	run("store_range_with_last_below_first_is_einval",
	    store_range_with_last_below_first_is_einval);
	run("index_ulong_max_works", index_ulong_max_works);
	run("insert_is_ebusy_when_occupied_or_reserved",
	    insert_is_ebusy_when_occupied_or_reserved);
	run("reserved_entry_reads_null_and_can_be_stored_over",
	    reserved_entry_reads_null_and_can_be_stored_over);
	run("cmpxchg_stores_only_on_match", cmpxchg_stores_only_on_match);
	run("cmpxchg_null_does_not_match_a_reservation",
	    cmpxchg_null_does_not_match_a_reservation);
	run("marks_on_absent_index_do_nothing",
	    marks_on_absent_index_do_nothing);
	run("marks_follow_entries_and_erase_clears_them",
	    marks_follow_entries_and_erase_clears_them);
	run("alloc_hands_out_lowest_free_ids_then_ebusy",
	    alloc_hands_out_lowest_free_ids_then_ebusy);
	run("alloc_within_limits_agrees_with_a_model",
	    alloc_within_limits_agrees_with_a_model);
	run("alloc1_never_hands_out_zero", alloc1_never_hands_out_zero);
	run("alloc_on_non_allocating_array_is_einval",
	    alloc_on_non_allocating_array_is_einval);
	run("alloc_cyclic_wraps_and_says_so", alloc_cyclic_wraps_and_says_so);
	run("store_range_covers_every_index", store_range_covers_every_index);
	run("freed_subtree_shows_readers_only_retry_entries",
	    freed_subtree_shows_readers_only_retry_entries);
	run("multi_index_entry_order_and_find",
	    multi_index_entry_order_and_find);
	run("find_after_agrees_with_model_on_mixed_entries",
	    find_after_agrees_with_model_on_mixed_entries);
	run("find_next_bit_matches_bit_by_bit_scan",
	    find_next_bit_matches_bit_by_bit_scan);
	run("split_entry_across_two_levels", split_entry_across_two_levels);
	run("split_alloc_rejects_internal_entry",
	    split_alloc_rejects_internal_entry);
	run("pause_in_multi_index_entry_goes_to_next_entry",
	    pause_in_multi_index_entry_goes_to_next_entry);
	run("find_before_and_reverse_iteration",
	    find_before_and_reverse_iteration);
	run("find_before_returns_start_of_multi_index_entry",
	    find_before_returns_start_of_multi_index_entry);
	run("find_before_finds_entry_through_sibling_slot_above_min",
	    find_before_finds_entry_through_sibling_slot_above_min);
	run("paused_marked_walk_ends_after_entry_at_ulong_max",
	    paused_marked_walk_ends_after_entry_at_ulong_max);
	run("next_past_ulong_max_enters_bounds_state",
	    next_past_ulong_max_enters_bounds_state);
	run("conflict_search_from_inside_a_run_finds_later_entries",
	    conflict_search_from_inside_a_run_finds_later_entries);
	run("store_over_multi_index_value_keeps_value_count",
	    store_over_multi_index_value_keeps_value_count);
	run("split_two_levels_down_gives_entries_of_the_new_order",
	    split_two_levels_down_gives_entries_of_the_new_order);
	run("split_into_multi_slot_entries_marks_canonical_slots_only",
	    split_into_multi_slot_entries_marks_canonical_slots_only);
	run("step_from_inside_multi_index_entry_reads_each_index",
	    step_from_inside_multi_index_entry_reads_each_index);
	run("store_range_up_to_ulong_max_returns",
	    store_range_up_to_ulong_max_returns);
	run("get_order_stops_where_the_next_run_begins",
	    get_order_stops_where_the_next_run_begins);
	run("extract_copies_in_order_and_respects_n",
	    extract_copies_in_order_and_respects_n);
	run("advanced_next_prev_walk", advanced_next_prev_walk);
	run("nomem_retry_loop_succeeds_after_failures",
	    nomem_retry_loop_succeeds_after_failures);
	run("failed_store_leaves_empty_alloc1_array_empty",
	    failed_store_leaves_empty_alloc1_array_empty);
	run("alloc_cyclic_returns_enomem_rather_than_wrapping",
	    alloc_cyclic_returns_enomem_rather_than_wrapping);
	run("dumps_print_the_tree", dumps_print_the_tree);
	run("load_never_returns_sibling_during_multi_index_stores",
	    load_never_returns_sibling_during_multi_index_stores);
	run("marked_walk_never_returns_sibling_during_multi_index_stores",
	    marked_walk_never_returns_sibling_during_multi_index_stores);
	rcu_unregister_thread();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
