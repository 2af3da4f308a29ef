// SPDX-License-Identifier: GPL-2.0+
/*
 * Memory per key: the XArray (libxarray), JudyL and glib's GHashTable,
 * each holding N keys that are dense (0 .. N-1) or hashed 32-bit values
 * (i * 2654435761 mod 2^32, spread over the whole 32-bit space).  Heap in
 * use (heap and mmap()ed blocks) is read with mallinfo2() before and
 * after; all three allocate with malloc.  Prints one line per table and key kind.
 * Usage: memory [N]
 */
#include <Judy.h>
#include <glib.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <xarray/xarray.h>

/* Bytes malloc has handed out, from the heap and in mmap()ed blocks. */
static size_t heap_in_use(void)
{
	struct mallinfo2 info = mallinfo2();

	return info.uordblks + info.hblkhd;
}

static unsigned long key(unsigned long i, int hashed)
{
	return hashed ? (unsigned long)(uint32_t)(i * 2654435761u) : i;
}

static size_t xarray_bytes(unsigned long n, int hashed)
{
	DEFINE_XARRAY(xa);
	size_t before = heap_in_use(), bytes;
	unsigned long i;

	for (i = 0; i < n; i++)
		if (xa_is_err(xa_store(&xa, key(i, hashed), xa_mk_value(i),
				       GFP_KERNEL)))
			abort();
	bytes = heap_in_use() - before;
	xa_destroy(&xa);
	rcu_barrier();
	return bytes;
}

static size_t judy_bytes(unsigned long n, int hashed)
{
	size_t before = heap_in_use(), bytes;
	Pvoid_t judy = NULL;
	unsigned long i;
	Word_t freed;
	PWord_t value;

	for (i = 0; i < n; i++) {
		JLI(value, judy, key(i, hashed));
		*value = i;
	}
	bytes = heap_in_use() - before;
	JLFA(freed, judy);
	(void)freed;
	return bytes;
}

static size_t ghash_bytes(unsigned long n, int hashed)
{
	size_t before = heap_in_use(), bytes;
	GHashTable *table = g_hash_table_new(g_direct_hash, g_direct_equal);
	unsigned long i;

	for (i = 0; i < n; i++)
		g_hash_table_insert(table, GSIZE_TO_POINTER(key(i, hashed)),
				    GSIZE_TO_POINTER(i + 1));
	bytes = heap_in_use() - before;
	g_hash_table_destroy(table);
	return bytes;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000000;
	static const char *const kinds[] = { "dense", "hashed" };
	int hashed;

	rcu_register_thread();
	for (hashed = 0; hashed < 2; hashed++) {
		const char *kind = kinds[hashed];
		size_t xa = xarray_bytes(n, hashed);
		size_t judy = judy_bytes(n, hashed);
		size_t gh = ghash_bytes(n, hashed);

		printf("%-6s %lu keys: XArray %.1f MiB (%.0f B/key), JudyL %.1f MiB (%.0f B/key), GHashTable %.1f MiB (%.0f B/key)\n",
		       kind, n, xa / 1048576.0, (double)xa / n,
		       judy / 1048576.0, (double)judy / n,
		       gh / 1048576.0, (double)gh / n);
	}
	rcu_unregister_thread();
	return 0;
}
