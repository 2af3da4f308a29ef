// SPDX-License-Identifier: GPL-2.0
/*
 * A page-cache workload, run in the guest as
 *	pagecache-work DIR MEGABYTES
 *
 * Writes files of pseudo-random data totalling MEGABYTES into DIR, then
 * reads every one back and compares a checksum of what was read with one
 * of what was written.  On a disk file system with more data than the
 * guest has RAM, reading back evicts pages, so the page cache's XArrays
 * fill with shadow entries and lose nodes through xa_delete_node(); in
 * tmpfs the data lives in the shmem page cache.  Prints
 * "pagecache-work: ok" on success; exits non-zero otherwise.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FILE_MB		16
#define CHUNK		(1 << 16)

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return x;
}

/* Fill @buf with chunk @n of file @f; return its checksum. */
static uint64_t fill(uint64_t *buf, unsigned int f, unsigned int n)
{
	uint64_t seed = mix(((uint64_t)f << 32) | n), sum = 0;
	size_t i;

	for (i = 0; i < CHUNK / sizeof(*buf); i++) {
		seed = mix(seed + i);
		buf[i] = seed;
		sum += seed * (i + 1);
	}
	return sum;
}

static uint64_t checksum(const uint64_t *buf)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < CHUNK / sizeof(*buf); i++)
		sum += buf[i] * (i + 1);
	return sum;
}

static int fail(const char *what, const char *path)
{
	printf("pagecache-work: FAIL: %s %s\n", what, path);
	return 1;
}

int main(int argc, char **argv)
{
	static uint64_t buf[CHUNK / sizeof(uint64_t)];
	unsigned int files, f, n, chunks = FILE_MB * (1 << 20) / CHUNK;
	uint64_t *sums;
	char path[256];
	int fd;

	if (argc != 3 || atoi(argv[2]) < FILE_MB) {
		fprintf(stderr, "usage: %s DIR MEGABYTES (at least %d)\n",
			argv[0], FILE_MB);
		return 2;
	}
	files = atoi(argv[2]) / FILE_MB;
	sums = calloc((size_t)files * chunks, sizeof(*sums));
	if (!sums)
		return fail("calloc", "");
	setvbuf(stdout, NULL, _IOLBF, 0);

	for (f = 0; f < files; f++) {
		snprintf(path, sizeof(path), "%s/pc%u", argv[1], f);
		fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
		if (fd < 0)
			return fail("create", path);
		for (n = 0; n < chunks; n++) {
			sums[f * chunks + n] = fill(buf, f, n);
			if (write(fd, buf, CHUNK) != CHUNK)
				return fail("write", path);
		}
		if (fsync(fd) || close(fd))
			return fail("fsync", path);
	}
	printf("pagecache-work: wrote %u files of %d MiB in %s\n", files,
	       FILE_MB, argv[1]);

	/* Twice, so the second pass reads what the first pushed out. */
	for (int pass = 0; pass < 2; pass++) {
		for (f = 0; f < files; f++) {
			snprintf(path, sizeof(path), "%s/pc%u", argv[1], f);
			fd = open(path, O_RDONLY);
			if (fd < 0)
				return fail("open", path);
			for (n = 0; n < chunks; n++) {
				if (read(fd, buf, CHUNK) != CHUNK)
					return fail("read", path);
				if (checksum(buf) != sums[f * chunks + n])
					return fail("checksum of", path);
			}
			close(fd);
		}
	}
	for (f = 0; f < files; f++) {
		snprintf(path, sizeof(path), "%s/pc%u", argv[1], f);
		if (unlink(path))
			return fail("unlink", path);
	}
	printf("pagecache-work: verified %u MiB twice\n", files * FILE_MB);
	printf("pagecache-work: ok\n");
	return 0;
}
