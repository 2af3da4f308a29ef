// SPDX-License-Identifier: GPL-2.0+
/*
 * In-kernel XArray stress, loaded only inside the QEMU guest: writer
 * kthreads store, range-store, erase, mark and allocate while reader
 * kthreads look entries up and iterate under RCU, for a bounded time.
 *
 * Every entry a reader sees must be one a writer stored over that index
 * and must not have been freed: objects record the indices they may be
 * seen at and are poisoned in the RCU callback that frees them (KASAN,
 * in the debug kernel, also catches any access after the free); range
 * entries are values that encode their first and last index.  Each
 * writer owns its own blocks of indices and keeps a model of them; at
 * the end the array, its marks and the allocating array must equal the
 * models.
 *
 * With CONFIG_XARRAY_MULTI a range store makes one multi-index entry,
 * and the model follows what the XArray documents for those: a store,
 * an erase or a mark at any index of the entry acts on all of its
 * indices.  Range stores are of naturally aligned power-of-two blocks,
 * as the page cache makes them, so two entries either nest or do not
 * meet; a block inside a larger entry is widened to that entry, so a
 * range store always replaces whole entries.  (What a range store over
 * part of an entry leaves behind is not documented, and differs between
 * the slot layouts.)  Without it, every index is an entry of its own.
 *
 * An internal entry (a sibling, say) must never reach a reader, nor an
 * entry at an index it was never stored over.  6.1's lockless loads and
 * walks do both when they race with multi-index stores and erases, so
 * with CONFIG_XARRAY_MULTI this fails on the stock kernel
 * (doc/xarray.rst); readers count the kinds apart and show the first
 * few bad entries.
 *
 * Module parameter seconds= (default 10).  Prints one summary line and
 * "xarray_stress: pass" or "xarray_stress: fail"; insmod fails too.
 */
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/xarray.h>

#define NR_WRITERS	2
#define NR_READERS	4
#define NR_INDICES	4096
#define BLOCK		64	/* indices per block; blocks alternate owners */
#define MAX_ORDER_RANGE	5	/* range stores of 1 to 32 indices */
#define READ_BATCH	64	/* loads per RCU read section */
#define ALLOC_LIMIT	1023
#define LIVE		0x1a7e1b0bUL
#define DEAD		0xdeadUL
#define STRESS_MARK	XA_MARK_1

static unsigned int seconds = 10;
module_param(seconds, uint, 0444);
MODULE_PARM_DESC(seconds, "how long the readers and writers run");

struct item {
	unsigned long first;	/* the indices it was stored over */
	unsigned long last;
	unsigned long magic;
	struct rcu_head rcu;
};

/*
 * What a writer believes its part of the arrays holds.  Index i is part
 * of the entry that spans first[i] to last[i]; the entry, its mark and
 * its span are kept at each of its indices.
 */
struct model {
	void *entry[NR_INDICES];	/* only this writer's blocks are used */
	bool marked[NR_INDICES];
	u16 first[NR_INDICES];
	u16 last[NR_INDICES];
	bool owns_id[ALLOC_LIMIT + 1];
	unsigned int nr_ids;
};

struct writer {
	unsigned int id;
	struct rnd_state rnd;
	struct model *model;
	unsigned long ops;
	unsigned long errors;
	struct completion done;
};

struct reader {
	unsigned int id;
	struct rnd_state rnd;
	unsigned long ops;
	unsigned long bad;		/* freed, torn or at the wrong index */
	unsigned long misordered;	/* a walk that did not move forward */
	unsigned long siblings;		/* sibling entries handed out */
	struct completion done;
};

static DEFINE_XARRAY(array);
static DEFINE_XARRAY_ALLOC(ids);
static unsigned long deadline;
static atomic_t writers_running;

/* A range entry: a value that says which indices it was stored over. */
static void *range_entry(unsigned long first, unsigned long last)
{
	return xa_mk_value(first << 8 | (last - first));
}

static bool range_covers(void *entry, unsigned long index)
{
	unsigned long v = xa_to_value(entry);
	unsigned long first = v >> 8, last = first + (v & 0xff);

	return (v & 0xff) < (1UL << MAX_ORDER_RANGE) && first <= index &&
		index <= last && last / BLOCK == first / BLOCK;
}

static bool entry_fits(void *entry, unsigned long index)
{
	const struct item *item;

	if (!entry)
		return true;
	if (xa_is_internal(entry))
		return false;
	if (xa_is_value(entry))
		return range_covers(entry, index);
	item = entry;
	return READ_ONCE(item->magic) == LIVE && item->first <= index &&
		index <= item->last;
}

/* Whether @entry may be seen at @index; the first few that may not are shown. */
static bool entry_ok(void *entry, unsigned long index)
{
	static atomic_t shown = ATOMIC_INIT(0);
	const struct item *item = entry;

	if (entry_fits(entry, index))
		return true;
	if (atomic_inc_return(&shown) > 5)
		return false;
	if (xa_is_internal(entry) || xa_is_value(entry))
		pr_warn("xarray_stress: index %lu: entry %lx\n", index,
			(unsigned long)entry);
	else
		pr_warn("xarray_stress: index %lu: item for %lu-%lu, magic %lx\n",
			index, item->first, item->last, item->magic);
	return false;
}

static void item_free_rcu(struct rcu_head *head)
{
	struct item *item = container_of(head, struct item, rcu);

	WRITE_ONCE(item->magic, DEAD);
	kfree(item);
}

/* Give back what the model held at @index once readers are done with it. */
static void release(void *entry)
{
	struct item *item = entry;

	if (entry && !xa_is_value(entry))
		call_rcu(&item->rcu, item_free_rcu);
}

static unsigned long pick_index(struct writer *w)
{
	unsigned long block = prandom_u32_state(&w->rnd) %
				(NR_INDICES / BLOCK / NR_WRITERS);

	return (block * NR_WRITERS + w->id) * BLOCK +
		prandom_u32_state(&w->rnd) % BLOCK;
}

/* Set the model's entry at every index from @first to @last. */
static void model_set(struct model *m, unsigned long first,
		      unsigned long last, void *entry)
{
	unsigned long i;

	for (i = first; i <= last; i++) {
		m->entry[i] = entry;
		m->first[i] = entry ? first : i;
		m->last[i] = entry ? last : i;
		if (!entry)
			m->marked[i] = false;
	}
}

/* The span of the entry at @index: *@first to *@last. */
static void model_span(struct model *m, unsigned long index,
		       unsigned long *first, unsigned long *last)
{
	*first = *last = index;
	if (IS_ENABLED(CONFIG_XARRAY_MULTI) && m->entry[index]) {
		*first = m->first[index];
		*last = m->last[index];
	}
}

/* xa_store() at one index: the whole entry there becomes @item. */
static void write_one(struct writer *w, unsigned long index)
{
	struct item *item = kmalloc(sizeof(*item), GFP_KERNEL);
	struct model *m = w->model;
	unsigned long first, last;
	void *old;

	if (!item) {
		w->errors++;
		return;
	}
	model_span(m, index, &first, &last);
	item->first = first;
	item->last = last;
	item->magic = LIVE;
	old = xa_store(&array, index, item, GFP_KERNEL);
	if (xa_is_err(old) || old != m->entry[index]) {
		w->errors++;
		kfree(item);
		return;
	}
	release(old);
	model_set(m, first, last, item);
}

/* xa_erase() at one index: the whole entry there goes. */
static void erase_one(struct writer *w, unsigned long index)
{
	struct model *m = w->model;
	unsigned long first, last;
	void *old;

	model_span(m, index, &first, &last);
	old = xa_erase(&array, index);
	if (old != m->entry[index])
		w->errors++;
	release(old);
	model_set(m, first, last, NULL);
}

/* xa_store_range() needs CONFIG_XARRAY_MULTI; else one index at a time. */
static int store_range(unsigned long first, unsigned long last, void *entry)
{
	unsigned long i;

	if (IS_ENABLED(CONFIG_XARRAY_MULTI))
		return xa_err(xa_store_range(&array, first, last, entry,
					     GFP_KERNEL));
	for (i = first; i <= last; i++)
		if (xa_is_err(xa_store(&array, i, entry, GFP_KERNEL)))
			return -ENOMEM;
	return 0;
}

/*
 * The aligned block of 2^order indices around @index, widened to the
 * entry it lies inside when that entry is larger.  Entries are aligned
 * power-of-two blocks too, so the result covers whole entries only.
 */
static void range_span(struct model *m, unsigned long index,
		       unsigned int order, unsigned long *first,
		       unsigned long *last)
{
	unsigned long i, f, l;

	*first = index & ~((1UL << order) - 1);
	*last = *first + (1UL << order) - 1;
	for (i = *first; i <= *last; i++) {
		model_span(m, i, &f, &l);
		if (f < *first || l > *last) {
			*first = f;
			*last = l;
			return;
		}
	}
}

/*
 * Store one value over a block of indices inside the writer's block.
 * Marks there are cleared first: whether a range store keeps them
 * depends on CONFIG_XARRAY_MULTI, and the model should not.  Each entry
 * replaced is given back once, at the first of its indices.
 */
static void write_range(struct writer *w, unsigned long index)
{
	unsigned int order = prandom_u32_state(&w->rnd) % (MAX_ORDER_RANGE + 1);
	struct model *m = w->model;
	unsigned long first, last, i, f, l;
	void *entry;

	range_span(m, index, order, &first, &last);
	for (i = first; i <= last; i++) {
		if (m->marked[i])
			xa_clear_mark(&array, i, STRESS_MARK);
		m->marked[i] = false;
	}
	entry = range_entry(first, last);
	if (store_range(first, last, entry)) {
		w->errors++;
		return;
	}
	for (i = first; i <= last; i++) {
		model_span(m, i, &f, &l);
		if (f == i && m->entry[i] != entry)
			release(m->entry[i]);
	}
	if (IS_ENABLED(CONFIG_XARRAY_MULTI))
		model_set(m, first, last, entry);
	else
		for (i = first; i <= last; i++)
			model_set(m, i, i, entry);
}

/* A mark set or cleared at one index is set or cleared on the whole entry. */
static void toggle_mark(struct writer *w, unsigned long index)
{
	struct model *m = w->model;
	unsigned long first, last, i;

	if (!m->entry[index])
		return;
	if (m->marked[index])
		xa_clear_mark(&array, index, STRESS_MARK);
	else
		xa_set_mark(&array, index, STRESS_MARK);
	model_span(m, index, &first, &last);
	for (i = first; i <= last; i++)
		m->marked[i] = !m->marked[i];
}

/* Allocate an ID, or free one of ours when the ID space is full. */
static void alloc_or_free_id(struct writer *w)
{
	struct model *m = w->model;
	u32 id;
	int err;

	if (m->nr_ids && prandom_u32_state(&w->rnd) % 3 == 0) {
		id = prandom_u32_state(&w->rnd) % (ALLOC_LIMIT + 1);
		if (!m->owns_id[id])
			return;
		if (xa_erase(&ids, id) != xa_mk_value(w->id))
			w->errors++;
		m->owns_id[id] = false;
		m->nr_ids--;
		return;
	}
	err = xa_alloc(&ids, &id, xa_mk_value(w->id),
		       XA_LIMIT(0, ALLOC_LIMIT), GFP_KERNEL);
	if (err == -EBUSY)
		return;
	if (err || m->owns_id[id]) {
		w->errors++;
		return;
	}
	m->owns_id[id] = true;
	m->nr_ids++;
}

static int writer_fn(void *data)
{
	struct writer *w = data;

	while (time_before(jiffies, deadline)) {
		unsigned long index = pick_index(w);

		switch (prandom_u32_state(&w->rnd) % 8) {
		case 0: case 1: case 2:
			write_one(w, index);
			break;
		case 3: case 4:
			erase_one(w, index);
			break;
		case 5:
			write_range(w, index);
			break;
		case 6:
			toggle_mark(w, index);
			break;
		default:
			alloc_or_free_id(w);
			break;
		}
		w->ops++;
		cond_resched();
	}
	atomic_dec(&writers_running);
	kthread_complete_and_exit(&w->done, 0);
}

/*
 * Random loads under one RCU read section.  Every entry loaded must still
 * be intact when the section ends, not only when it was loaded: an entry
 * freed without waiting for the readers shows up in the second check.
 */
static void read_some(struct reader *r)
{
	unsigned long at[READ_BATCH];
	void *seen[READ_BATCH];
	int i;

	rcu_read_lock();
	for (i = 0; i < READ_BATCH; i++) {
		at[i] = prandom_u32_state(&r->rnd) % NR_INDICES;
		seen[i] = xa_load(&array, at[i]);
		if (xa_is_sibling(seen[i])) {
			r->siblings++;
			seen[i] = NULL;
		}
		if (!entry_ok(seen[i], at[i]))
			r->bad++;
		r->ops++;
	}
	for (i = 0; i < READ_BATCH; i++)
		if (!entry_ok(seen[i], at[i]))
			r->bad++;
	rcu_read_unlock();
}

/*
 * An iteration of one block, all entries or the marked ones.  A walk
 * that returns more entries than the block has indices is going round
 * in circles: it counts as misordered and stops.
 */
static void iterate_some(struct reader *r, bool marked)
{
	unsigned long first = prandom_u32_state(&r->rnd) % (NR_INDICES / BLOCK);
	unsigned long index, prev = 0, steps = 0;
	bool seen = false;
	void *entry;
	XA_STATE(xas, &array, first * BLOCK);

	rcu_read_lock();
	first *= BLOCK;
	if (marked)
		entry = xas_find_marked(&xas, first + BLOCK - 1, STRESS_MARK);
	else
		entry = xas_find(&xas, first + BLOCK - 1);
	for (; entry; entry = marked ?
	     xas_find_marked(&xas, first + BLOCK - 1, STRESS_MARK) :
	     xas_find(&xas, first + BLOCK - 1)) {
		if (++steps > 2 * BLOCK) {
			r->misordered++;
			break;
		}
		if (xas_retry(&xas, entry))
			continue;
		if (xa_is_sibling(entry)) {
			r->siblings++;
			continue;
		}
		index = xas.xa_index;
		if (!entry_ok(entry, index))
			r->bad++;
		if (seen && index <= prev)
			r->misordered++;
		prev = index;
		seen = true;
		r->ops++;
	}
	rcu_read_unlock();
}

static void load_ids(struct reader *r)
{
	unsigned long id = prandom_u32_state(&r->rnd) % (ALLOC_LIMIT + 1);
	void *entry = xa_load(&ids, id);

	if (entry && (!xa_is_value(entry) || xa_to_value(entry) >= NR_WRITERS))
		r->bad++;
	r->ops++;
}

static int reader_fn(void *data)
{
	struct reader *r = data;

	while (atomic_read(&writers_running)) {
		switch (prandom_u32_state(&r->rnd) % 4) {
		case 0:
			iterate_some(r, false);
			break;
		case 1:
			iterate_some(r, true);
			break;
		case 2:
			load_ids(r);
			break;
		default:
			read_some(r);
			break;
		}
		cond_resched();
	}
	kthread_complete_and_exit(&r->done, 0);
}

/* Differences between the arrays and the writers' models. */
static unsigned long compare_with_models(struct writer *writers)
{
	unsigned long index, diffs = 0;

	for (index = 0; index < NR_INDICES; index++) {
		struct model *m = writers[index / BLOCK % NR_WRITERS].model;

		if (xa_load(&array, index) != m->entry[index] ||
		    xa_get_mark(&array, index, STRESS_MARK) != m->marked[index])
			diffs++;
	}
	for (index = 0; index <= ALLOC_LIMIT; index++) {
		void *entry = xa_load(&ids, index);
		int w;

		for (w = 0; w < NR_WRITERS; w++)
			if (writers[w].model->owns_id[index] !=
			    (entry == xa_mk_value(w)))
				diffs++;
	}
	return diffs;
}

static void empty_array(struct writer *writers)
{
	unsigned long index;
	void *entry;

	xa_for_each(&array, index, entry)
		if (writers[index / BLOCK % NR_WRITERS].model->entry[index] == entry)
			release(xa_erase(&array, index));
	xa_destroy(&array);
	xa_destroy(&ids);
	rcu_barrier();	/* the callbacks are this module's code */
}

/*
 * Start the readers, then the writers.  Returns how many of each started
 * in *@nr_readers and *@nr_writers; on failure the deadline is pulled in
 * and the writers that never started are not waited for, so the ones
 * that did stop soon and the caller waits for exactly those.
 */
static int start_threads(struct writer *writers, struct reader *readers,
			 int *nr_readers, int *nr_writers)
{
	struct task_struct *t;

	*nr_readers = *nr_writers = 0;
	atomic_set(&writers_running, NR_WRITERS);
	deadline = jiffies + seconds * HZ;
	for (; *nr_readers < NR_READERS; (*nr_readers)++) {
		struct reader *r = &readers[*nr_readers];

		r->id = *nr_readers;
		prandom_seed_state(&r->rnd, 1000 + r->id);
		init_completion(&r->done);
		t = kthread_run(reader_fn, r, "xa_reader/%u", r->id);
		if (IS_ERR(t))
			goto fail;
	}
	for (; *nr_writers < NR_WRITERS; (*nr_writers)++) {
		struct writer *w = &writers[*nr_writers];

		w->id = *nr_writers;
		prandom_seed_state(&w->rnd, 1 + w->id);
		init_completion(&w->done);
		t = kthread_run(writer_fn, w, "xa_writer/%u", w->id);
		if (IS_ERR(t))
			goto fail;
	}
	return 0;
fail:
	deadline = jiffies;
	atomic_sub(NR_WRITERS - *nr_writers, &writers_running);
	return PTR_ERR(t);
}

static int __init xarray_stress_init(void)
{
	struct writer writers[NR_WRITERS] = {};
	struct reader readers[NR_READERS] = {};
	unsigned long wops = 0, rops = 0, bad = 0, errors = 0, diffs;
	unsigned long misordered = 0, siblings = 0;
	int i, err, nr_readers, nr_writers;

	for (i = 0; i < NR_WRITERS; i++) {
		writers[i].model = vzalloc(sizeof(struct model));
		if (!writers[i].model)
			goto nomem;
	}
	err = start_threads(writers, readers, &nr_readers, &nr_writers);
	for (i = 0; i < nr_writers; i++) {
		wait_for_completion(&writers[i].done);
		wops += writers[i].ops;
		errors += writers[i].errors;
	}
	for (i = 0; i < nr_readers; i++) {
		wait_for_completion(&readers[i].done);
		rops += readers[i].ops;
		bad += readers[i].bad;
		misordered += readers[i].misordered;
		siblings += readers[i].siblings;
	}
	if (err) {
		pr_err("xarray_stress: could not start threads: %d\n", err);
		errors++;
	}
	diffs = compare_with_models(writers);
	empty_array(writers);
	if (!xa_empty(&array) || !xa_empty(&ids))
		diffs++;
	for (i = 0; i < NR_WRITERS; i++)
		vfree(writers[i].model);
	pr_info("xarray_stress: %u s, %d writers %lu ops, %d readers %lu ops, %lu bad entries, %lu misordered, %lu siblings, %lu writer errors, %lu model differences\n",
		seconds, NR_WRITERS, wops, NR_READERS, rops, bad, misordered,
		siblings, errors, diffs);
	if (bad || misordered || siblings || errors || diffs || !wops || !rops) {
		pr_err("xarray_stress: fail\n");
		return -EIO;
	}
	pr_info("xarray_stress: pass\n");
	return 0;
nomem:
	for (i = 0; i < NR_WRITERS; i++)
		vfree(writers[i].model);
	return -ENOMEM;
}

static void __exit xarray_stress_exit(void)
{
}

module_init(xarray_stress_init);
module_exit(xarray_stress_exit);
MODULE_DESCRIPTION("XArray stress: RCU readers against writers, checked against models");
MODULE_LICENSE("GPL");
