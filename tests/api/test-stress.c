// SPDX-License-Identifier: GPL-2.0+
/*
 * Concurrency stress: RCU readers against writers, for a bounded time
 * (XA_STRESS_SECONDS, default 5).
 *
 * Two writers each own every other block of 64 indices of one array and
 * store, erase, mark, unmark and store multi-index entries there, and
 * both allocate and free IDs in a second, allocating array.  Writer 0
 * also makes a third array grow a node and shrink back to a lone entry
 * at index 0, so that readers find fresh objects through the head after
 * a shrink.  Every entry
 * is an object that names the indices it was stored at; a replaced
 * object is freed only after a grace period.  Four readers load random
 * indices and walk the marked entries under rcu_read_lock() only, and
 * check that each entry they see is a live object stored at that index.
 * At the end each array must hold exactly what the writers' models say.
 * Built once with ThreadSanitizer and once with AddressSanitizer.
 */
#include <pthread.h>
#include <time.h>
#include "check.h"

#define READERS		4
#define WRITERS		2
#define BLOCKS		64		/* per writer */
#define SPAN		(2 * BLOCKS * 64UL)
#define LIVE		0x4c495645UL	/* "LIVE" */
#define DEAD		0x44454144UL	/* "DEAD" */
#define STRESS_MARK	XA_MARK_1

struct obj {
	unsigned long magic;
	unsigned long first, last;	/* the indices it was stored at */
	struct rcu_head rcu;
};

struct writer {
	unsigned int id;
	unsigned long rng;
	struct obj *model[SPAN];	/* this writer's blocks only */
	bool marked[SPAN];		/* by canonical index */
	u32 ids[256];			/* IDs it holds in id_xa */
	struct obj *at_zero;		/* writer 0: shrink_xa's index 0 */
	unsigned int nr_ids;
	unsigned long ops, wrong;
};

static DEFINE_XARRAY(xa);
static DEFINE_XARRAY_ALLOC(id_xa);
static DEFINE_XARRAY(shrink_xa);
#define SHRINK_FAR	100	/* needs a node beside index 0 */
static int stop;
#define stopping()	__atomic_load_n(&stop, __ATOMIC_RELAXED)
static unsigned long reader_ops[READERS], bad[READERS];

static unsigned long next_rng(unsigned long *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static struct obj *new_obj(unsigned long first, unsigned long last)
{
	struct obj *o = malloc(sizeof(*o));

	if (!o)
		abort();
	o->first = first;
	o->last = last;
	o->magic = LIVE;
	return o;
}

static void free_obj_rcu(struct rcu_head *head)
{
	struct obj *o = caa_container_of(head, struct obj, rcu);

	rcu_callback_begin();
	o->magic = DEAD;
	free(o);
}

static void retire(struct obj *o)
{
	if (o)
		call_rcu(&o->rcu, free_obj_rcu);
}

static bool obj_ok(const struct obj *o, unsigned long index)
{
	static int reported;

	if (o->magic == LIVE && o->first <= index && index <= o->last)
		return true;
	if (__atomic_fetch_add(&reported, 1, __ATOMIC_RELAXED) < 5)
		printf("     index %lu: object %lx for %lu-%lu\n", index,
		       o->magic, o->first, o->last);
	return false;
}

/* A random index in one of @w's blocks, aligned to @order. */
static unsigned long own_index(struct writer *w, unsigned int order)
{
	unsigned long block = 2 * (next_rng(&w->rng) % BLOCKS) + w->id;
	unsigned long index = block * 64 + next_rng(&w->rng) % 64;

	return index & ~((1UL << order) - 1);
}

/* The canonical index of the entry covering @index in @w's model. */
static unsigned long model_head(struct writer *w, unsigned long index)
{
	struct obj *o = w->model[index];

	return o ? o->first : index;
}

/*
 * Put @o over [@first, @last] in @w's model.  Marks belong to indices,
 * not entries: the new entry has a mark if any entry it replaced had.
 */
static void model_set(struct writer *w, unsigned long first,
		      unsigned long last, struct obj *o)
{
	bool marked = false;
	unsigned long i;

	for (i = first; i <= last; i++) {
		marked |= w->marked[i];
		w->marked[i] = false;
		w->model[i] = o;
	}
	w->marked[first] = o && marked;
}

/* Replace whatever covers [@first, @last] with @o, as xas_store() does. */
static void writer_store(struct writer *w, unsigned int order)
{
	unsigned long first = own_index(w, order);
	unsigned long last = first + (1UL << order) - 1;
	struct obj *old = w->model[first], *o = new_obj(first, last);
	XA_STATE_ORDER(xas, &xa, first, order);

	/* An old entry that contains the range goes as a whole. */
	if (old && (old->first < first || old->last > last)) {
		first = old->first;
		last = old->last;
		o->first = first;
		o->last = last;
		xas_set_order(&xas, first, __builtin_ctzl(last - first + 1));
	}
	do {
		xas_lock(&xas);
		xas_store(&xas, o);
		xas_unlock(&xas);
	} while (xas_nomem(&xas, GFP_KERNEL));
	if (xas_error(&xas))
		abort();
	/*
	 * Everything under the range is replaced; retire each object once
	 * (an object covers adjacent indices, and may be freed as soon as
	 * it is retired, so compare pointers only).
	 */
	for (unsigned long i = first; i <= last; i++) {
		struct obj *prev = w->model[i];

		if (prev && (i == first || prev != w->model[i - 1]))
			retire(prev);
	}
	model_set(w, first, last, o);
}

static void writer_erase(struct writer *w)
{
	unsigned long index = own_index(w, 0);
	struct obj *old = w->model[index];

	if (xa_erase(&xa, index) != old)
		w->wrong++;
	if (!old)
		return;
	model_set(w, old->first, old->last, NULL);
	retire(old);
}

static void writer_mark(struct writer *w, bool set)
{
	unsigned long index = model_head(w, own_index(w, 0));

	if (!w->model[index])
		return;
	if (set)
		xa_set_mark(&xa, index, STRESS_MARK);
	else
		xa_clear_mark(&xa, index, STRESS_MARK);
	w->marked[index] = set;
}

static void writer_ids(struct writer *w)
{
	u32 id;

	if (w->nr_ids < 256 && next_rng(&w->rng) % 2) {
		struct obj *o;

		/* Take the ID first: the object must name it when seen. */
		if (xa_alloc(&id_xa, &id, NULL, XA_LIMIT(0, 1023), GFP_KERNEL))
			return;
		o = new_obj(id, id);
		if (xa_store(&id_xa, id, o, GFP_KERNEL))
			w->wrong++;
		w->ids[w->nr_ids++] = id;
	} else if (w->nr_ids) {
		unsigned int i = next_rng(&w->rng) % w->nr_ids;

		retire(xa_erase(&id_xa, w->ids[i]));
		w->ids[i] = w->ids[--w->nr_ids];
	}
}

/*
 * Store a new object at index 0 while a far entry keeps a node in the
 * tree, then erase the far entry: the tree shrinks and the object moves
 * up to the head, where readers must find it whole.
 */
static void writer_shrink(struct writer *w)
{
	struct obj *o, *old;

	if (xa_is_err(xa_store(&shrink_xa, SHRINK_FAR,
			       xa_mk_value(SHRINK_FAR), GFP_KERNEL)))
		abort();
	o = new_obj(0, 0);
	old = xa_store(&shrink_xa, 0, o, GFP_KERNEL);
	if (xa_is_err(old) || old != w->at_zero)
		abort();
	retire(old);
	w->at_zero = o;
	if (xa_erase(&shrink_xa, SHRINK_FAR) != xa_mk_value(SHRINK_FAR))
		w->wrong++;
}

static void *writer_fn(void *arg)
{
	struct writer *w = arg;

	rcu_register_thread();
	while (!stopping()) {
		switch (next_rng(&w->rng) % 8) {
		case 0:
		case 1:
			writer_store(w, 0);
			break;
		case 2:
			writer_store(w, next_rng(&w->rng) % 7);
			break;
		case 3:
		case 4:
			writer_erase(w);
			break;
		case 5:
			writer_mark(w, next_rng(&w->rng) % 2);
			break;
		case 6:
			if (w->id == 0)
				writer_shrink(w);
			else
				writer_ids(w);
			break;
		default:
			writer_ids(w);
		}
		w->ops++;
	}
	rcu_unregister_thread();
	return NULL;
}

static void reader_walk_marked(unsigned int r)
{
	XA_STATE(xas, &xa, 0);
	struct obj *o;

	rcu_read_lock();
	xas_for_each_marked(&xas, o, ULONG_MAX, STRESS_MARK) {
		if (xas_retry(&xas, o))
			continue;
		if (xa_is_internal(o)) {
			printf("     index %lu: internal entry %p in a marked walk\n",
			       xas.xa_index, o);
			bad[r]++;
		} else if (!obj_ok(o, xas.xa_index)) {
			printf("     (seen in a marked walk)\n");
			bad[r]++;
		}
		reader_ops[r]++;
	}
	rcu_read_unlock();
}

static void *reader_fn(void *arg)
{
	unsigned int r = (unsigned long)arg;
	unsigned long rng = 0x2545f4914f6cdd1dUL * (r + 1);

	rcu_register_thread();
	while (!stopping()) {
		unsigned long index = next_rng(&rng) % SPAN;
		struct obj *o;

		rcu_read_lock();
		o = xa_load(&xa, index);
		if (o && (xa_is_internal(o) || !obj_ok(o, index)))
			bad[r]++;
		index = next_rng(&rng) % 1024;
		o = xa_load(&id_xa, index);
		if (o && (xa_is_internal(o) || !obj_ok(o, index)))
			bad[r]++;
		o = xa_load(&shrink_xa, 0);
		if (o && (xa_is_internal(o) || !obj_ok(o, 0)))
			bad[r]++;
		rcu_read_unlock();
		reader_ops[r] += 3;
		if (next_rng(&rng) % 512 == 0)
			reader_walk_marked(r);
	}
	rcu_unregister_thread();
	return NULL;
}

/* Does the array hold exactly what the writers' models say? */
static unsigned long compare_with_models(struct writer *w)
{
	unsigned long i, wrong = 0, entries = 0, expected = 0;
	struct obj *o;

	for (i = 0; i < SPAN; i++) {
		struct writer *owner = &w[(i / 64) % WRITERS];

		o = owner->model[i];
		if (xa_load(&xa, i) != o && wrong++ < 5)
			printf("     index %lu: %p, model %p (%lu-%lu)\n", i,
			       xa_load(&xa, i), (void *)o, o ? o->first : 0,
			       o ? o->last : 0);
		if (o && o->first == i) {
			expected++;
			if (xa_get_mark(&xa, i, STRESS_MARK) !=
			    owner->marked[i] && wrong++ < 5)
				printf("     index %lu: mark is %d\n", i,
				       !owner->marked[i]);
		}
	}
	xa_for_each(&xa, i, o)
		entries++;
	if (entries != expected && wrong++ < 5)
		printf("     %lu entries, models have %lu\n", entries, expected);
	for (i = 0, expected = 0; i < WRITERS; i++) {
		unsigned int j;

		for (j = 0; j < w[i].nr_ids; j++)
			wrong += xa_load(&id_xa, w[i].ids[j]) == NULL;
		expected += w[i].nr_ids;
	}
	entries = 0;
	xa_for_each(&id_xa, i, o)
		entries++;
	wrong += entries != expected;
	entries = 0;
	xa_for_each(&shrink_xa, i, o)
		entries++;
	wrong += entries != !!w[0].at_zero;
	wrong += xa_load(&shrink_xa, 0) != w[0].at_zero;
	return wrong + xa_check(&xa, false) + xa_check(&id_xa, false) +
	       xa_check(&shrink_xa, false);
}

static void free_all(void)
{
	unsigned long i;
	struct obj *o;

	xa_for_each(&xa, i, o)
		retire(xa_erase(&xa, i));
	xa_for_each(&id_xa, i, o)
		retire(xa_erase(&id_xa, i));
	retire(xa_erase(&shrink_xa, 0));
	xa_destroy(&xa);
	xa_destroy(&id_xa);
	xa_destroy(&shrink_xa);
	rcu_barrier();
}

int main(void)
{
	const char *env = getenv("XA_STRESS_SECONDS");
	unsigned int seconds = env ? atoi(env) : 5, i;
	static struct writer w[WRITERS];
	pthread_t rt[READERS], wt[WRITERS];
	unsigned long rops = 0, wops = 0, torn = 0, wrong;

	setvbuf(stdout, NULL, _IOLBF, 0);
	rcu_register_thread();
	for (i = 0; i < WRITERS; i++) {
		w[i].id = i;
		w[i].rng = 0x9e3779b97f4a7c15UL + i;
		pthread_create(&wt[i], NULL, writer_fn, &w[i]);
	}
	for (i = 0; i < READERS; i++)
		pthread_create(&rt[i], NULL, reader_fn, (void *)(unsigned long)i);
	sleep(seconds);
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < WRITERS; i++) {
		pthread_join(wt[i], NULL);
		wops += w[i].ops;
		torn += w[i].wrong;
	}
	for (i = 0; i < READERS; i++) {
		pthread_join(rt[i], NULL);
		rops += reader_ops[i];
		torn += bad[i];
	}
	wrong = compare_with_models(w);
	free_all();
	printf("%s stress: %u s, %d readers, %d writers, %lu writer ops, "
	       "%lu reader ops, %lu bad entries seen, %lu differences from "
	       "the models, %ld nodes left\n",
	       torn || wrong || xa_nodes_allocated ? "FAIL" : "ok  ",
	       seconds, READERS, WRITERS, wops, rops, torn, wrong,
	       xa_nodes_allocated);
	rcu_unregister_thread();
	return torn || wrong || xa_nodes_allocated || !wops || !rops;
}
