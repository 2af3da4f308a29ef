// SPDX-License-Identifier: GPL-2.0
/*
 * Page-cache timings for make bench, run in the guest as
 *	pagecache-bench DIR_4K [DIR_HUGE]
 * where DIR_4K is tmpfs mounted without huge pages and DIR_HUGE, on
 * kernels with transparent huge pages, tmpfs mounted huge=always.
 * Three repetitions of: cached reads of a 64 MiB file with 4 KiB pages
 * and with huge pages (pread in 64 KiB pieces, eight passes), and
 * creating then deleting 4096 small files.  Prints lines in the
 * benchmark module's format, with "pagecache" for the size:
 *	XARRAY-BENCH pagecache WORKLOAD REP OPS NANOSECONDS
 * The guest's clock counts instructions (QEMU -icount), so these are
 * instruction counts, comparable between the stock and patched kernels.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define FILE_BYTES	(64UL << 20)
#define PIECE		(64UL << 10)
#define PASSES		8
#define SMALL_FILES	4096
#define REPS		3

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void fail(const char *what, const char *path)
{
	printf("pagecache-bench: FAIL: %s %s\n", what, path);
	exit(1);
}

static void make_file(const char *path)
{
	static char buf[PIECE];
	unsigned long off;
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);

	if (fd < 0)
		fail("create", path);
	memset(buf, 0x5a, sizeof(buf));
	for (off = 0; off < FILE_BYTES; off += PIECE)
		if (write(fd, buf, PIECE) != (ssize_t)PIECE)
			fail("write", path);
	close(fd);
}

/* Read the cached file PASSES times; report pages read. */
static void time_reads(const char *dir, const char *workload, int rep)
{
	static char buf[PIECE];
	unsigned long off;
	char path[256];
	uint64_t t0;
	int fd, pass;

	snprintf(path, sizeof(path), "%s/bench", dir);
	make_file(path);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		fail("open", path);
	t0 = now_ns();
	for (pass = 0; pass < PASSES; pass++)
		for (off = 0; off < FILE_BYTES; off += PIECE)
			if (pread(fd, buf, PIECE, off) != (ssize_t)PIECE)
				fail("read", path);
	printf("XARRAY-BENCH pagecache %s %d %lu %llu\n", workload, rep,
	       PASSES * FILE_BYTES / 4096, (unsigned long long)(now_ns() - t0));
	close(fd);
	unlink(path);
}

/* Create SMALL_FILES files of 1 KiB, then delete them; report both. */
static void time_small_files(const char *dir, int rep)
{
	static char buf[1024];
	char path[256];
	uint64_t t0 = now_ns();
	int i, fd;

	for (i = 0; i < SMALL_FILES; i++) {
		snprintf(path, sizeof(path), "%s/s%d", dir, i);
		fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
		if (fd < 0 || write(fd, buf, sizeof(buf)) != sizeof(buf))
			fail("create", path);
		close(fd);
	}
	for (i = 0; i < SMALL_FILES; i++) {
		snprintf(path, sizeof(path), "%s/s%d", dir, i);
		if (unlink(path))
			fail("unlink", path);
	}
	printf("XARRAY-BENCH pagecache small_files %d %d %llu\n", rep,
	       2 * SMALL_FILES, (unsigned long long)(now_ns() - t0));
}

int main(int argc, char **argv)
{
	int rep;

	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: %s DIR_4K [DIR_HUGE]\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (rep = 0; rep < REPS; rep++) {
		time_reads(argv[1], "read_4k", rep);
		if (argc == 3)
			time_reads(argv[2], "read_huge", rep);
		time_small_files(argv[1], rep);
	}
	return 0;
}
