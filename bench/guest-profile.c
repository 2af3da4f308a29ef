// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin that counts the guest kernel instructions executed in
 * each translated block, for scripts/guest/profile-guest.sh:
 *	qemu-system-x86_64 -plugin guest-profile.so,out=FILE ...
 * On exit it writes one line per block that ran, "ADDRESS INSNS TIMES"
 * (hex address; the block's instruction count; how often it ran).
 *
 * Debian ships QEMU with plugin support but without qemu-plugin.h, so the
 * few entry points used here (QEMU 7.2, plugin API version 1) are
 * declared below.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
	enum qemu_plugin_op op, void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, void *data), void *data);

#define EXPORTED __attribute__((visibility("default")))

EXPORTED int qemu_plugin_version = 1;

/* Kernel text on x86-64 (no KASLR in the test config). */
#define KERNEL_TEXT	0xffffffff80000000ULL

struct block {
	uint64_t address;
	uint64_t insns;
	uint64_t times;		/* bumped by the translated code itself */
	struct block *next;
};

static struct block *blocks;
static char out_path[256] = "guest-profile.out";

/* A block is being translated: count its runs from now on. */
static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t address = qemu_plugin_tb_vaddr(tb);
	struct block *b;

	(void)id;
	if (address < KERNEL_TEXT)
		return;
	b = calloc(1, sizeof(*b));
	if (!b)
		abort();
	b->address = address;
	b->insns = qemu_plugin_tb_n_insns(tb);
	b->next = blocks;
	blocks = b;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->times, 1);
}

static void write_counts(qemu_plugin_id_t id, void *data)
{
	FILE *f = fopen(out_path, "w");
	struct block *b;

	(void)id;
	(void)data;
	if (!f) {
		perror(out_path);
		return;
	}
	for (b = blocks; b; b = b->next)
		if (b->times)
			fprintf(f, "%016llx %llu %llu\n",
				(unsigned long long)b->address,
				(unsigned long long)b->insns,
				(unsigned long long)b->times);
	fclose(f);
}

EXPORTED int qemu_plugin_install(qemu_plugin_id_t id,
				 const struct qemu_info_t *info,
				 int argc, char **argv)
{
	int i;

	(void)info;
	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			snprintf(out_path, sizeof(out_path), "%s", argv[i] + 4);
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, write_counts, NULL);
	return 0;
}
