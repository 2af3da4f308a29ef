// SPDX-License-Identifier: GPL-2.0+
/*
 * Differential fuzzing of the XArray API: each input decodes into a
 * sequence of calls, run on our lib/xarray.c, on the 6.1 tree's and on a
 * model (tests/fuzz/model.c).  After every call the results are compared,
 * each array's contents (entries, ranges, marks) against the model, its
 * structure with tests/api/check.c, and its node count against the nodes
 * its own calls allocated and freed, so a leak shows at the call that
 * leaks.  Frees wait for no callback thread: the shim runs RCU callbacks
 * between calls (XA_SHIM_DEFER_RCU), when no reader can be left.
 *
 * Any difference of ours aborts with the call sequence printed.  A known
 * difference of the 6.1 code (doc/xarray.rst, "Where this XArray differs
 * from 6.1") stops only the tree's side for the rest of the input;
 * -report_known=1 names each one an input meets.  The seeds named
 * tests/fuzz/corpus/bug-* each meet one of those, or one of ours that is
 * fixed; the others are a coverage-minimised corpus.
 */
#include <stdint.h>
#include "fuzz.h"
#include "../api/check.h"

#define MAX_OPS		64
#define MAX_SNAP	MODEL_MAX

struct input {
	const uint8_t *p;
	size_t n;
};

struct side {
	const struct xa_impl *impl;
	struct xarray xa;
	long nodes;		/* allocated by its calls, less those freed */
	bool stopped;		/* the tree's side, after a known bug */
	bool failed;		/* a call has returned -ENOMEM */
	bool failed_advanced;	/* an xas_ call has: empty nodes may stay */
};

static struct model model;
static struct side ours = { .impl = &impl_ours };
static struct side tree = { .impl = &impl_tree };
static struct op ops[MAX_OPS];
static unsigned int nr_ops;
static char pool[4 * 256] __attribute__((aligned(4)));

static uint8_t get8(struct input *in)
{
	uint8_t b;

	if (!in->n)
		return 0;
	b = *in->p++;
	in->n--;
	return b;
}

static unsigned long get_long(struct input *in)
{
	unsigned long v = 0;
	unsigned int i;

	for (i = 0; i < sizeof(v); i++)
		v = (v << 8) | get8(in);
	return v;
}

/* An index from one of the classes where the tree's shape changes. */
static unsigned long pick_index(struct input *in)
{
	uint8_t c = get8(in), d = get8(in);
	long delta = (int)(d % 9) - 4;
	unsigned int k;

	switch (c % 8) {
	case 0:
		return d % 4;
	case 1:
		return d;
	case 2:			/* 64^k and its neighbours */
		k = (d >> 4) % (BITS_PER_LONG / XA_CHUNK_SHIFT + 1);
		return (1UL << (k * XA_CHUNK_SHIFT) % BITS_PER_LONG) + delta;
	case 3:			/* 2^k and its neighbours */
		return (1UL << (get8(in) % BITS_PER_LONG)) + delta;
	case 4:
		return ULONG_MAX - d % 80;
	case 5:
		return get_long(in);
	case 6:			/* next to an entry that is there */
		if (model.nr) {
			const struct model_range *r = &model.r[d % model.nr];

			return (get8(in) & 1 ? r->first : r->last) + delta;
		}
		return d;
	default:
		return (unsigned long)d << (get8(in) % 40);
	}
}

static void *pick_entry(struct input *in)
{
	uint8_t b = get8(in);

	if (b < 16)
		return NULL;
	if (b < 96)
		return xa_mk_value(b);
	return &pool[4 * b];
}

static xa_mark_t pick_mark(struct input *in, bool present)
{
	uint8_t b = get8(in);
	unsigned int lowest = model.alloc ? 1 : 0;	/* 0 is the free mark */

	if (present && b & 0x80)
		return XA_PRESENT;
	return (__force xa_mark_t)(lowest + b % (3 - lowest));
}

/* The aligned index of an order-@order range that holds @index. */
static unsigned long align_down(unsigned long index, unsigned int order)
{
	return order >= BITS_PER_LONG ? 0 : index & ~((1UL << order) - 1);
}

static void decode_range(struct input *in, struct op *op)
{
	op->index = pick_index(in);
	if (get8(in) & 1) {
		unsigned long n = get8(in);

		op->last = op->index + n * (get8(in) & 1 ? 1 : 65);
	} else {
		op->last = pick_index(in);
	}
	if (op->last < op->index)
		op->last = op->index;
}

static void decode_multi(struct input *in, struct op *op)
{
	op->order = get8(in) % BITS_PER_LONG;
	op->index = align_down(pick_index(in), op->order);
}

static bool decode_split(struct input *in, struct op *op)
{
	const struct model_range *r;
	unsigned int i, order;

	for (i = 0; i < model.nr; i++) {
		r = &model.r[(i + get8(in)) % model.nr];
		/* The whole index space has no order XA_STATE_ORDER() takes. */
		if (r->first == r->last || xa_is_zero(r->entry) ||
		    r->last - r->first == ULONG_MAX)
			continue;
		/* An entry of 2^order indices, aligned to its size. */
		order = __builtin_ctzl(r->last - r->first + 1);
		if (r->last - r->first + 1 != 1UL << order ||
		    r->first & ((1UL << order) - 1))
			continue;
		op->index = r->first;
		op->order = order;
		/* 6.1 splits one level down at most. */
		op->new_order = order - 1 - get8(in) % order;
		while (op->new_order - op->new_order % XA_CHUNK_SHIFT +
		       2 * XA_CHUNK_SHIFT < order)
			op->new_order++;
		op->entry = pick_entry(in);
		if (!op->entry)
			op->entry = &pool[4];
		return true;
	}
	return false;
}

static enum op_kind pick_kind(struct input *in)
{
	enum op_kind kind = get8(in) % OP_NR;

	/* Allocating arrays take single-index stores only. */
	if (model.alloc && (kind == OP_STORE_RANGE || kind == OP_XAS_STORE ||
			    kind == OP_SPLIT || kind == OP_CONFLICT))
		return OP_ALLOC;
	if (!model.alloc && (kind == OP_ALLOC || kind == OP_ALLOC_CYCLIC))
		return OP_STORE;
	/* Rarely: it empties the array. */
	if (kind == OP_DESTROY && get8(in) % 8)
		return OP_LOAD;
	return kind;
}

static bool decode_op(struct input *in, struct op *op)
{
	memset(op, 0, sizeof(*op));
	if (in->n < 2)
		return false;
	op->kind = pick_kind(in);
	op->form = get8(in) % FORM_NR;
	op->index = pick_index(in);
	op->entry = pick_entry(in);
	op->mark = pick_mark(in, op->kind == OP_FIND ||
			     op->kind == OP_FIND_AFTER ||
			     op->kind == OP_FIND_BEFORE ||
			     op->kind == OP_EXTRACT || op->kind == OP_WALK);
	switch (op->kind) {
	case OP_STORE_RANGE:
	case OP_FIND:
	case OP_FIND_AFTER:
	case OP_EXTRACT:
	case OP_WALK:
		decode_range(in, op);
		op->n = get8(in) % 5;
		if (op->kind == OP_EXTRACT)
			op->n = get8(in) % (FUZZ_TRACE + 1);
		op->mutate_index = pick_index(in);
		op->mutate_entry = pick_entry(in);
		break;
	case OP_FIND_BEFORE:
		op->last = get8(in) & 1 ? pick_index(in) : 0;
		break;
	case OP_CMPXCHG:
		op->old = get8(in) & 1 ? NULL : pick_entry(in);
		if (!op->old && model.nr)
			op->old = model.r[get8(in) % model.nr].entry;
		if (xa_is_zero(op->old))
			op->old = NULL;
		break;
	case OP_ALLOC:
	case OP_ALLOC_CYCLIC:
		op->index = get8(in) & 1 ? get8(in) : (u32)get_long(in);
		op->last = get8(in) & 1 ? op->index + get8(in) % 70 : UINT32_MAX;
		op->last = min(op->last, (unsigned long)UINT32_MAX);
		op->next = get8(in) & 1 ? (u32)pick_index(in) : get8(in);
		break;
	case OP_XAS_STORE:
	case OP_CONFLICT:
		decode_multi(in, op);
		break;
	case OP_SPLIT:
		if (!decode_split(in, op))
			op->kind = OP_LOAD;
		break;
	case OP_STEP:
		op->n = get8(in) % 12;
		op->steps = get8(in);
		op->steps |= (unsigned long)get8(in) << 8;
		break;
	default:
		break;
	}
	/* Index 0 of an array that allocates from 1 is its own. */
	if (model.alloc1 && !op->index && op->kind != OP_ALLOC &&
	    op->kind != OP_ALLOC_CYCLIC)
		op->index = 1;
	if (model.alloc1 && !op->mutate_index)
		op->mutate_index = 1;
	return true;
}

/* Allocation failures: none, some non-blocking ones, or all of them. */
static int fail_nowait, allow_first;
static bool fail_all;

static bool fail_hook(gfp_t gfp)
{
	if (fail_all) {
		if (allow_first <= 0)
			return true;
		allow_first--;
		return false;
	}
	if (fail_nowait > 0 && !gfpflags_allow_blocking(gfp)) {
		fail_nowait--;
		return true;
	}
	return false;
}

static bool may_fail(enum op_kind kind)
{
	return kind <= OP_RESERVE || kind == OP_ALLOC ||
	       kind == OP_ALLOC_CYCLIC || kind == OP_XAS_STORE ||
	       kind == OP_SPLIT;
}

struct failure {
	uint8_t mode;		/* 0: none, 1: non-blocking, 2: all */
	uint8_t count;
};

static void arm_failure(const struct failure *f)
{
	fail_all = f->mode == 2;
	allow_first = f->mode == 2 ? f->count : 0;
	fail_nowait = f->mode == 1 ? f->count + 1 : 0;
}

/* Describing what went wrong. */
static const char *const kind_names[OP_NR] = {
	"store", "erase", "store_range", "insert", "cmpxchg", "reserve",
	"set_mark", "clear_mark", "get_mark", "load", "find", "find_after",
	"find_before", "extract", "get_order", "alloc", "alloc_cyclic",
	"xas_store", "split", "walk", "step", "conflict", "reverse",
	"destroy",
};

static void print_op(unsigned int i, const struct op *op)
{
	fprintf(stderr,
		"  %2u %-12s form %u index %#lx last %#lx entry %p old %p order %u/%u mark %u n %u steps %#lx next %u mutate %#lx=%p\n",
		i, kind_names[op->kind], op->form, op->index, op->last,
		op->entry, op->old, op->order, op->new_order,
		(__force unsigned int)op->mark, op->n, op->steps, op->next,
		op->mutate_index, op->mutate_entry);
}

static void print_trace(const char *who, const struct res *res)
{
	unsigned int i;

	fprintf(stderr, "  %s: %u%s:", who, res->nr,
		res->unended ? " and more" : "");
	for (i = 0; i < res->nr && i < 12; i++)
		fprintf(stderr, " %#lx=%p%s", res->trace_index[i],
			res->trace_entry[i], res->trace_bounds[i] ? "!" : "");
	fprintf(stderr, "\n");
}

static __attribute__((noreturn)) void diverged(const struct side *s,
					       const char *what,
					       const struct res *got,
					       const struct res *want)
{
	unsigned int i;

	fflush(stdout);
	fprintf(stderr, "DIVERGENCE (%s) at call %u: %s\n", s->impl->name,
		nr_ops, what);
	if (got && (got->nr || want->nr)) {
		print_trace("got ", got);
		print_trace("want", want);
	}
	fprintf(stderr, "calls:\n");
	for (i = 0; i <= nr_ops && i < MAX_OPS; i++)
		print_op(i, &ops[i]);
	abort();
}

/* -report_known=1: name each known 6.1 difference an input meets. */
static bool report_known;

/* A known 6.1 difference: stop running the tree's side. */
static void stock_known(struct side *s, const char *what)
{
	if (report_known)
		fprintf(stderr, "KNOWN 6.1 difference at call %u: %s\n", nr_ops,
			what);
	s->stopped = true;
}

/* Entries as compared: node pointers differ from one array to the other. */
static void *shown(void *entry)
{
	return xa_is_node(entry) ? (void *)1 : entry;
}

struct snap {
	unsigned int nr;
	long nodes;
	struct model_range r[MAX_SNAP];
};

static struct snap snap;

static void snap_add(struct xarray *xa, unsigned long first,
		     unsigned long last, void *entry, unsigned int marks)
{
	if (xa_own_entry(xa, first, entry))
		return;
	if (snap.nr < MAX_SNAP)
		snap.r[snap.nr] = (struct model_range){ first, last, entry,
							marks };
	snap.nr++;
}

static unsigned int slot_marks(const struct xa_node *node, unsigned int i)
{
	unsigned int m, marks = 0;

	for (m = 0; m < 3; m++)
		if (test_bit(i, node->marks[m]))
			marks |= 1u << m;
	return marks;
}

/* The array's contents read from its nodes, with no API call. */
static void snap_node(struct xarray *xa, struct xa_node *node,
		      unsigned long base)
{
	unsigned int i, j;

	snap.nodes++;
	for (i = 0; i < XA_CHUNK_SIZE; i++) {
		void *entry = xa_entry_locked(xa, node, i);
		unsigned long first = base + ((unsigned long)i << node->shift);

		if (!entry || xa_is_sibling(entry))
			continue;
		if (xa_is_node(entry) && node->shift) {
			snap_node(xa, xa_to_node(entry), first);
			continue;
		}
		for (j = i + 1; j < XA_CHUNK_SIZE; j++)
			if (!xa_is_sibling(xa_entry_locked(xa, node, j)))
				break;
		snap_add(xa, first,
			 first + ((unsigned long)(j - i) << node->shift) - 1,
			 entry, slot_marks(node, i));
	}
}

static void take_snap(struct xarray *xa)
{
	void *head = xa_head_locked(xa);
	unsigned int m, marks = 0;

	snap.nr = 0;
	snap.nodes = 0;
	if (xa_is_node(head)) {
		snap_node(xa, xa_to_node(head), 0);
		return;
	}
	for (m = 0; m < 3; m++)
		if (xa_marked(xa, (__force xa_mark_t)m))
			marks |= 1u << m;
	if (head)
		snap_add(xa, 0, 0, head, marks);
}

/* Compare @s's array with the model; false if it differs. */
static bool same_contents(struct side *s, char *why, size_t len)
{
	unsigned int mask = model.alloc ? 6 : 7, i;

	take_snap(&s->xa);
	if (snap.nodes != s->nodes) {
		snprintf(why, len, "%ld nodes in the tree, %ld allocated",
			 snap.nodes, s->nodes);
		return false;
	}
	if (snap.nr != model.nr) {
		snprintf(why, len, "%u entries, the model has %u", snap.nr,
			 model.nr);
		return false;
	}
	for (i = 0; i < snap.nr; i++) {
		const struct model_range *a = &snap.r[i], *b = &model.r[i];

		if (a->first != b->first || a->last != b->last ||
		    a->entry != b->entry ||
		    (a->marks & mask) != (b->marks & mask)) {
			snprintf(why, len,
				 "range %u: %#lx-%#lx %p marks %x, the model %#lx-%#lx %p marks %x",
				 i, a->first, a->last, a->entry, a->marks & mask,
				 b->first, b->last, b->entry, b->marks & mask);
			return false;
		}
	}
	/* A failed xas_store() may leave empty nodes (doc/xarray.rst). */
	if (!s->failed_advanced && xa_empty(&s->xa) != !model.nr) {
		snprintf(why, len, "xa_empty() says %d", xa_empty(&s->xa));
		return false;
	}
	return true;
}

static bool same_trace(const struct res *a, const struct res *b, bool raw)
{
	unsigned int i;

	if (a->nr != b->nr || a->unended != b->unended)
		return false;
	for (i = 0; i < a->nr; i++) {
		void *x = a->trace_entry[i], *y = b->trace_entry[i];

		if (a->trace_index[i] != b->trace_index[i])
			return false;
		if (raw) {
			if (shown(x) != shown(y) ||
			    a->trace_bounds[i] != b->trace_bounds[i])
				return false;
			continue;
		}
		/* Index 0 of an array that allocates from 1 is its own. */
		if (model.alloc1 && !a->trace_index[i] && xa_is_zero(x))
			x = NULL;
		/* A step past the end, from inside the tree, leaves it. */
		if (b->trace_bounds[i] && i && !a->trace_bounds[i - 1]) {
			if (!a->trace_bounds[i] || x)
				return false;
			continue;
		}
		/* A step can read a sibling; the model knows no slots. */
		if (xa_is_sibling(x) || xa_is_sibling(y))
			continue;
		if (x != (a->trace_bounds[i] ? NULL : y))
			return false;
	}
	return true;
}

/* Does @got agree with @want, the model's (@raw: another side's)? */
static bool same_res(const struct op *op, const struct res *got,
		     const struct res *want, bool raw)
{
	if (got->ret != want->ret)
		return false;
	switch (op->kind) {
	case OP_XAS_STORE:
		return !raw || shown(got->entry) == shown(want->entry);
	case OP_FIND:
	case OP_FIND_AFTER:
	case OP_FIND_BEFORE:
	case OP_ALLOC:
		return got->entry == want->entry && got->index == want->index;
	case OP_ALLOC_CYCLIC:
		return got->index == want->index && got->next == want->next;
	case OP_WALK:
	case OP_CONFLICT:
	case OP_REVERSE:
	case OP_EXTRACT:
		return same_trace(got, want, true);
	case OP_STEP:
		return same_trace(got, want, raw);
	case OP_STORE:
	case OP_ERASE:
	case OP_CMPXCHG:
	case OP_LOAD:
		return got->entry == want->entry;
	default:
		return true;	/* the return value says it all */
	}
}

/* Does some node of @xa count its value entries wrongly? */
static bool nr_values_wrong(struct xarray *xa, struct xa_node *node)
{
	unsigned int i, values = 0;

	for (i = 0; i < XA_CHUNK_SIZE; i++) {
		void *entry = xa_entry_locked(xa, node, i);

		if (xa_is_sibling(entry))
			entry = xa_entry_locked(xa, node, xa_to_sibling(entry));
		if (xa_is_node(entry) && node->shift &&
		    nr_values_wrong(xa, xa_to_node(entry)))
			return true;
		values += xa_is_value(entry);
	}
	return values != node->nr_values;
}

/* The same entries, but some said to be of a larger order than they are. */
static bool orders_above(const struct res *got, const struct res *want)
{
	unsigned int i;

	if (got->nr != want->nr)
		return false;
	for (i = 0; i < got->nr; i++)
		if (got->trace_entry[i] != want->trace_entry[i] ||
		    got->trace_index[i] < want->trace_index[i])
			return false;
	return true;
}

/*
 * Is this difference of the 6.1 code's one of those we know of?  Each
 * is a test in tests/api/test-api.c and a line in doc/xarray.rst.
 */
static const char *stock_bug(const struct op *op, const struct res *got,
			     const struct res *want)
{
	unsigned int i;

	if (tree.failed)
		return "leftovers of a failed call";
	if (xa_is_node(tree.xa.xa_head) &&
	    nr_values_wrong(&tree.xa, xa_to_node(tree.xa.xa_head)))
		return "multi-index store miscounts value entries";
	if (op->kind == OP_WALK && op->n && op->mark != XA_PRESENT &&
	    got->unended && !want->unended)
		return "paused marked walk past ULONG_MAX restarts";
	if (op->kind == OP_FIND_AFTER && got->entry && got->index <= op->index)
		return "find_after with a mark finds the entry it is in again";
	if (op->kind == OP_WALK && op->n && want->mid_entry)
		return "pause inside a multi-index entry keeps the offset";
	if (op->kind == OP_STEP)
		for (i = 0; i < want->nr; i++) {
			const struct model_range *r;

			if (want->trace_bounds[i])
				return "step past ULONG_MAX keeps the node";
			r = model_find(&model, want->trace_index[i]);
			if (r && r->first != r->last)
				return "step from a multi-index entry's canonical slot";
		}
	if (op->kind == OP_CONFLICT && want->nr) {
		const struct model_range *r = model_find(&model, op->index);

		if (r && r->first < op->index)
			return "conflict search from inside an entry";
	}
	if (op->kind == OP_SPLIT && op->order >= op->new_order -
	    op->new_order % XA_CHUNK_SHIFT + 2 * XA_CHUNK_SHIFT)
		return "split two levels down makes entries a level too big";
	if (op->kind == OP_SPLIT && op->new_order % XA_CHUNK_SHIFT &&
	    model_find(&model, op->index)->marks)
		return "split into multi-slot entries marks their siblings";
	if (op->kind == OP_GET_ORDER && got->ret > want->ret)
		return "get_order counts the next run's siblings";
	if (op->kind == OP_CONFLICT && orders_above(got, want))
		return "get_order counts the next run's siblings";
	if (op->kind == OP_ALLOC_CYCLIC && want->ret == -ENOMEM)
		return "alloc_cyclic retries from the bottom after -ENOMEM";
	return NULL;
}

/* Run @op on one side; its node count follows its own calls. */
static void run_side(struct side *s, const struct op *op,
		     const struct failure *f, struct res *res)
{
	long before = xa_nodes_allocated;

	memset(res, 0, sizeof(*res));
	if (f->mode)
		arm_failure(f);
	s->impl->run(&s->xa, op, res);
	fail_all = false;
	fail_nowait = 0;
	xa_shim_grace_period();
	s->nodes += xa_nodes_allocated - before;
	if (res->ret == -ENOMEM) {
		s->failed = true;
		if (op->kind == OP_XAS_STORE || op->kind == OP_SPLIT)
			s->failed_advanced = true;
	}
}

static void check_side(struct side *s, const struct op *op,
		       const struct res *got, const struct res *want)
{
	const char *known;
	char why[256];

	if (!same_res(op, got, want, false)) {
		snprintf(why, sizeof(why),
			 "call returned %ld %p index %#lx, the model %ld %p index %#lx",
			 got->ret, got->entry, got->index, want->ret,
			 want->entry, want->index);
		goto differs;
	}
	if (xa_check(&s->xa, s->failed_advanced || s == &tree)) {
		snprintf(why, sizeof(why), "structure check failed");
		goto differs;
	}
	if (!same_contents(s, why, sizeof(why)))
		goto differs;
	return;
differs:
	known = s == &tree ? stock_bug(op, got, want) : NULL;
	if (known) {
		stock_known(s, known);
		return;
	}
	diverged(s, why, got, want);
}

static bool ours_only(enum op_kind kind)
{
	return kind == OP_FIND_BEFORE || kind == OP_REVERSE;
}

static void run_op(const struct op *op, const struct failure *f)
{
	static struct model saved;
	static struct res want, got_ours, got_tree;
	long ours_nodes_before = ours.nodes, tree_nodes_before;
	bool tree_failed_before;

	if (f->mode == 2)
		saved = model;
	memset(&want, 0, sizeof(want));
	model_run(&model, op, &want);

	run_side(&ours, op, f, &got_ours);
	if (got_ours.ret == -ENOMEM) {
		/* Nothing may have changed; the model stays as it was. */
		model = saved;
		want = got_ours;
	}
	check_side(&ours, op, &got_ours, &want);

	if (tree.stopped || ours_only(op->kind))
		return;
	if (op->kind == OP_STORE_RANGE && op->last == ULONG_MAX) {
		/* 6.1's loop wraps past ULONG_MAX to 0 and never ends. */
		stock_known(&tree, "store_range to ULONG_MAX never returns");
		return;
	}
	tree_failed_before = tree.failed;
	tree_nodes_before = tree.nodes;
	run_side(&tree, op, f, &got_tree);
	if (got_tree.ret != got_ours.ret && f->mode == 2) {
		/*
		 * Nodes that 6.1's failed calls left in the tree serve its
		 * next call, so it may need fewer new ones than ours.
		 */
		const char *why = stock_bug(op, &got_tree, &want);

		if (tree_failed_before)
			why = "leftovers of a failed call";
		/* 6.1's xa_store_range() can leave the tree a level taller. */
		if (!why && tree_nodes_before != ours_nodes_before)
			why = "trees of other shapes need other nodes";
		if (!why)
			diverged(&tree, "the two need different numbers of nodes",
				 &got_tree, &want);
		stock_known(&tree, why);
		return;
	}
	check_side(&tree, op, &got_tree, &want);
}

static void reset(struct input *in)
{
	static const unsigned int flags[] = {
		0, XA_FLAGS_ALLOC, XA_FLAGS_ALLOC1, XA_FLAGS_LOCK_IRQ,
	};
	unsigned int f = flags[get8(in) % 4];

	model_init(&model, f);
	xa_init_flags(&ours.xa, f);
	xa_init_flags(&tree.xa, f);
	ours.nodes = tree.nodes = 0;
	ours.stopped = tree.stopped = false;
	ours.failed = tree.failed = false;
	ours.failed_advanced = tree.failed_advanced = false;
}

static void finish(struct side *s)
{
	long before = xa_nodes_allocated;

	xa_destroy(&s->xa);
	xa_shim_grace_period();
	s->nodes += xa_nodes_allocated - before;
	if (s->nodes && !s->stopped)
		diverged(s, "nodes left after xa_destroy()", NULL, NULL);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int i;

	for (i = 1; i < *argc; i++)
		if (!strcmp((*argv)[i], "-report_known=1"))
			report_known = true;
	rcu_register_thread();
	xa_alloc_fail_hook = fail_hook;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size };
	struct failure f;

	reset(&in);
	for (nr_ops = 0; nr_ops < MAX_OPS; nr_ops++) {
		struct op *op = &ops[nr_ops];
		uint8_t b;

		if (!decode_op(&in, op))
			break;
		b = get8(&in);
		f.mode = !may_fail(op->kind) || b % 16 < 12 ? 0 :
			 b % 16 < 14 ? 1 : 2;
		f.count = (b >> 4) % 4;
		if (!model_allows(&model, op)) {
			op->kind = OP_LOAD;
			f.mode = 0;
		}
		run_op(op, &f);
	}
	finish(&ours);
	finish(&tree);
	return 0;
}
