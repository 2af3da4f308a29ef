// SPDX-License-Identifier: GPL-2.0
/*
 * A huge-page page-cache workload, run in the guest as
 *	hugepage-work files DIR MEGABYTES	(tmpfs mounted huge=always)
 *	hugepage-work evict DIR MEGABYTES	(XFS: large folios, shadows)
 *	hugepage-work swap DIR MEGABYTES SWAPFILE	(tmpfs under pressure)
 *
 * Each file has a model: a generation per 4 KiB page (0 for a hole) and
 * how much of the page is data before zeroes (a truncation to an odd size
 * leaves a partial page).  A page's data is a function of the file, the
 * page and its generation, so the model is small and every byte of every
 * file is checked against it after each round.
 *
 * files: writes aligned, unaligned, through mmap and sparsely; punches
 * holes inside and across 2 MiB pages; truncates to odd sizes and
 * regrows; fallocates; collapses with MADV_COLLAPSE and splits with
 * debugfs split_huge_pages while a child process keeps reading a file.
 * evict: reads a file through a MADV_HUGEPAGE mapping (PMD-sized folios),
 * pushes it out with MADV_PAGEOUT (multi-index shadow entries), then
 * rereads it 4 KiB at random, which splits those shadows.
 * swap: fills tmpfs beyond RAM with a swapfile on, checks, frees three
 * files in four, swaps off, checks again.
 *
 * Prints the largest ShmemHugePages and FileHugePages it saw and
 * "hugepage-work: ok" on success; exits non-zero on any mismatch.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE	25
#endif
#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT	21
#endif

#define PAGE		4096UL
#define HUGE		(512 * PAGE)
#define SPLIT_FILE	"/sys/kernel/debug/split_huge_pages"

struct model {
	char path[256];
	unsigned int id;
	unsigned long size;		/* bytes */
	unsigned long pages;		/* room in gen[] and data[] */
	unsigned char *gen;		/* 0: a hole, reads as zeroes */
	unsigned short *data;		/* bytes of the page before zeroes */
};

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static unsigned long shmem_huge_max, file_huge_max, collapsed, refused, splits;
static int refused_why;

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	return x ^ (x >> 33);
}

static unsigned long rnd(unsigned long n)
{
	rng = mix(rng + 0x9e3779b97f4a7c15ULL);
	return rng % n;
}

static void die(const char *what, const struct model *m)
{
	printf("hugepage-work: FAIL: %s %s\n", what, m ? m->path : "");
	exit(1);
}

/* What page @p of @m holds according to the model. */
static void expected_page(const struct model *m, unsigned long p, char *buf)
{
	uint64_t *w = (uint64_t *)buf, key;
	unsigned long i;

	memset(buf, 0, PAGE);
	if (p >= m->pages || !m->gen[p])
		return;
	key = (uint64_t)m->id << 48 ^ (uint64_t)p << 8 ^ m->gen[p];
	for (i = 0; i < PAGE / 8; i++)
		w[i] = mix(key + i);
	memset(buf + m->data[p], 0, PAGE - m->data[p]);
}

/* Keep the largest ShmemHugePages and FileHugePages seen so far. */
static void sample_meminfo(void)
{
	char line[128];
	unsigned long v;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "ShmemHugePages: %lu", &v) == 1 &&
		    v > shmem_huge_max)
			shmem_huge_max = v;
		if (sscanf(line, "FileHugePages: %lu", &v) == 1 &&
		    v > file_huge_max)
			file_huge_max = v;
	}
	fclose(f);
}

static void model_grow(struct model *m, unsigned long size)
{
	unsigned long pages = (size + PAGE - 1) / PAGE;

	if (pages > m->pages) {
		m->gen = realloc(m->gen, pages);
		m->data = realloc(m->data, pages * sizeof(*m->data));
		if (!m->gen || !m->data)
			die("realloc", m);
		memset(m->gen + m->pages, 0, pages - m->pages);
		memset(m->data + m->pages, 0, (pages - m->pages) * 2);
		m->pages = pages;
	}
	if (size > m->size)
		m->size = size;
}

static int open_model(struct model *m, const char *dir, unsigned int id)
{
	int fd;

	memset(m, 0, sizeof(*m));
	m->id = id;
	snprintf(m->path, sizeof(m->path), "%s/huge%u", dir, id);
	fd = open(m->path, O_CREAT | O_TRUNC | O_RDWR, 0644);
	if (fd < 0)
		die("create", m);
	return fd;
}

/* Compare @len bytes read from page @p of @m with the model. */
static void check_page(const struct model *m, unsigned long p,
		       const char *got, unsigned long len)
{
	static char want[PAGE];

	expected_page(m, p, want);
	if (memcmp(got, want, len))
		die("data differs from the model:", m);
}

/* Read the whole file and compare every byte with the model. */
static void verify(const struct model *m, int fd)
{
	static char got[HUGE];
	unsigned long off, i;
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) || (unsigned long)st.st_size != m->size)
		die("size differs from the model:", m);
	for (off = 0; off < m->size; off += HUGE) {
		n = pread(fd, got, HUGE, off);
		if (n < 0 || (unsigned long)n != (m->size - off < HUGE ?
						  m->size - off : HUGE))
			die("short read", m);
		for (i = 0; i < (unsigned long)n; i += PAGE)
			check_page(m, (off + i) / PAGE, got + i,
				   n - i < PAGE ? n - i : PAGE);
	}
}

/* The pages @first..@first+@n-1 get a new generation; their bytes in @buf. */
static void next_generation(struct model *m, unsigned long first,
			    unsigned long n, char *buf)
{
	unsigned long p;

	model_grow(m, (first + n) * PAGE);
	for (p = first; p < first + n; p++) {
		m->gen[p] = m->gen[p] % 255 + 1;
		m->data[p] = PAGE;
		expected_page(m, p, buf + (p - first) * PAGE);
	}
}

/*
 * A shared mapping of pages @first.. whose address is 2 MiB aligned
 * where the file offset is, so that huge pages can be mapped whole.
 */
static char *map_aligned(struct model *m, int fd, unsigned long first,
			 unsigned long n, int prot)
{
	char *area = mmap(NULL, n * PAGE + HUGE, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), *at;
	unsigned long skew = first * PAGE % HUGE;

	if (area == MAP_FAILED)
		die("mmap", m);
	at = (char *)(((unsigned long)area + HUGE - 1) & ~(HUGE - 1)) + skew;
	if (at >= area + HUGE)
		at -= HUGE;
	if (mmap(at, n * PAGE, prot, MAP_SHARED | MAP_FIXED, fd,
		 first * PAGE) == MAP_FAILED)
		die("mmap", m);
	if (at > area)
		munmap(area, at - area);
	munmap(at + n * PAGE, area + n * PAGE + HUGE - (at + n * PAGE));
	return at;
}

/* Read one byte of each page of a mapping, so that it is all mapped. */
static void touch_pages(volatile char *map, unsigned long len)
{
	unsigned long i;

	for (i = 0; i < len; i += PAGE)
		(void)map[i];
}

enum how { ALIGNED, UNALIGNED, MAPPED };

/* Write one chunk of pages already in @buf at byte @off, @how says how. */
static void write_chunk(struct model *m, int fd, char *map, const char *buf,
			unsigned long off, unsigned long len, enum how how)
{
	unsigned long done = 0, piece;

	if (how == MAPPED) {
		memcpy(map + off, buf, len);
		return;
	}
	while (done < len) {
		piece = how == ALIGNED ? len : 1 + rnd(3 * PAGE);
		if (piece > len - done)
			piece = len - done;
		if (pwrite(fd, buf + done, piece, off + done) != (ssize_t)piece)
			die("pwrite", m);
		done += piece;
	}
}

/* Write pages @first..@first+@n-1 with new data, 2 MiB at a time. */
static void write_pages(struct model *m, int fd, unsigned long first,
			unsigned long n, enum how how)
{
	static char buf[HUGE];
	unsigned long done, chunk;
	char *map = NULL;

	if (how == MAPPED) {
		model_grow(m, (first + n) * PAGE);
		if (ftruncate(fd, m->size))
			die("ftruncate", m);
		map = map_aligned(m, fd, first, n, PROT_READ | PROT_WRITE);
	}
	for (done = 0; done < n; done += chunk) {
		chunk = n - done < 512 ? n - done : 512;
		next_generation(m, first + done, chunk, buf);
		write_chunk(m, fd, map ? map - first * PAGE : NULL, buf,
			    (first + done) * PAGE, chunk * PAGE, how);
	}
	if (map && (msync(map, n * PAGE, MS_SYNC) || munmap(map, n * PAGE)))
		die("msync", m);
}

static void punch(struct model *m, int fd, unsigned long first, unsigned long n)
{
	unsigned long p;

	if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		      first * PAGE, n * PAGE))
		die("punch", m);
	for (p = first; p < first + n && p < m->pages; p++)
		m->gen[p] = 0;
}

static void truncate_to(struct model *m, int fd, unsigned long size)
{
	unsigned long p, last = size / PAGE;

	if (ftruncate(fd, size))
		die("ftruncate", m);
	model_grow(m, size);
	for (p = last; p < m->pages; p++) {
		if (p == last && size % PAGE && m->gen[p]) {
			if (m->data[p] > size % PAGE)
				m->data[p] = size % PAGE;
		} else {
			m->gen[p] = 0;
		}
	}
	m->size = size;
}

static void allocate(struct model *m, int fd, unsigned long off,
		     unsigned long len)
{
	if (fallocate(fd, 0, off, len))
		die("fallocate", m);
	model_grow(m, off + len);
}

/*
 * MADV_COLLAPSE over a mapping of pages @first.., one 2 MiB page at a
 * time; counts the ones collapsed and the ones refused (under
 * shmem_enabled=deny, or when memory is short), with the last reason.
 * The pages are touched first: 6.1 refuses to collapse a range it
 * finds huge already but not mapped (EINVAL), rather than calling it
 * done.
 */
static void collapse(struct model *m, int fd, unsigned long first,
		     unsigned long n)
{
	volatile char *map = map_aligned(m, fd, first, n, PROT_READ);
	unsigned long i;

	touch_pages(map, n * PAGE);
	for (i = 0; i < n * PAGE; i += HUGE) {
		if (!madvise((void *)(map + i), HUGE, MADV_COLLAPSE)) {
			collapsed++;
		} else {
			refused++;
			refused_why = errno;
		}
	}
	sample_meminfo();
	munmap((void *)map, n * PAGE);
}

/*
 * Read the file's 2 MiB pages through a MADV_HUGEPAGE mapping, which
 * reads ahead in PMD-sized folios and maps them whole, then push them
 * out with MADV_PAGEOUT: each leaves one multi-index shadow entry.
 */
static void read_huge_then_pageout(struct model *m, int fd)
{
	unsigned long len = m->size & ~(HUGE - 1);
	volatile char *map = map_aligned(m, fd, 0, len / PAGE, PROT_READ);

	madvise((void *)map, len, MADV_HUGEPAGE);
	touch_pages(map, len);
	sample_meminfo();
	if (madvise((void *)map, len, MADV_PAGEOUT))
		die("MADV_PAGEOUT", m);
	munmap((void *)map, len);
}

static void split_file(struct model *m, unsigned long first, unsigned long n)
{
	char cmd[512];
	int fd = open(SPLIT_FILE, O_WRONLY);

	if (fd < 0)
		die("open " SPLIT_FILE, m);
	snprintf(cmd, sizeof(cmd), "%s,0x%lx,0x%lx", m->path, first, first + n);
	if (write(fd, cmd, strlen(cmd)) < 0)
		die("split_huge_pages", m);
	close(fd);
	splits++;
}

/*
 * A child reads @m continuously while the parent splits and collapses
 * its huge pages @rounds times; the child's verify() exits 1 on the
 * first difference.
 */
static void read_while_splitting(struct model *m, int fd, int rounds)
{
	unsigned long huge = m->size / HUGE, h;
	int status;
	pid_t child = fork();

	if (child < 0)
		die("fork", m);
	if (!child) {
		for (;;)
			verify(m, fd);
	}
	while (rounds--) {
		h = rnd(huge);
		split_file(m, h * 512, 512);
		collapse(m, fd, h * 512, 512);
	}
	if (waitpid(child, &status, WNOHANG))
		die("the reader stopped while pages split:", m);
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
}

/* Rounds of every kind of change to one tmpfs file, checked after each. */
static void files_mode(const char *dir, unsigned long mib)
{
	unsigned long huge = mib * (1UL << 20) / HUGE, h, round;
	struct model m;
	int fd = open_model(&m, dir, 0);

	write_pages(&m, fd, 0, huge * 512, ALIGNED);
	sample_meminfo();
	verify(&m, fd);
	for (round = 0; round < 4; round++) {
		h = rnd(huge - 1);
		write_pages(&m, fd, h * 512 + rnd(512), 1 + rnd(700), UNALIGNED);
		write_pages(&m, fd, rnd(huge) * 512, 512, MAPPED);
		punch(&m, fd, rnd(huge) * 512 + 16 + rnd(400), 1 + rnd(64));
		punch(&m, fd, h * 512 + 256, 512);	/* across two */
		truncate_to(&m, fd, m.size - HUGE - 1 - rnd(3 * PAGE));
		write_pages(&m, fd, m.size / PAGE + 1 + rnd(8), 600, ALIGNED);
		write_pages(&m, fd, m.pages + 512 + rnd(512), 3, UNALIGNED);
		allocate(&m, fd, m.size - PAGE, 2 * HUGE);
		collapse(&m, fd, h * 512, 1024);
		split_file(&m, rnd(huge) * 512, 1024);
		truncate_to(&m, fd, huge * HUGE);	/* regrown, aligned */
		collapse(&m, fd, 0, huge * 512);
		verify(&m, fd);
	}
	read_while_splitting(&m, fd, 16);
	verify(&m, fd);
	printf("hugepage-work: files: %lu MiB, %lu rounds, %lu splits, ",
	       mib, round, splits);
	printf("%lu collapsed, %lu refused (%s)\n", collapsed, refused,
	       refused ? strerror(refused_why) : "none");
	close(fd);
	unlink(m.path);
}

/* XFS: PMD folios from readahead, pushed out, reread 4 KiB at random. */
static void evict_mode(const char *dir, unsigned long mib)
{
	unsigned long pages = mib * (1UL << 20) / PAGE, i, p;
	static char got[PAGE];
	struct model m;
	int fd = open_model(&m, dir, 1);

	write_pages(&m, fd, 0, pages, ALIGNED);
	if (fsync(fd) || posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED))
		die("fsync", &m);
	for (i = 0; i < 3; i++) {
		read_huge_then_pageout(&m, fd);
		posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
		for (p = 0; p < pages / 4; p++) {
			unsigned long at = rnd(pages);

			if (pread(fd, got, PAGE, at * PAGE) != PAGE)
				die("pread", &m);
			check_page(&m, at, got, PAGE);
		}
		posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL);
		write_pages(&m, fd, rnd(pages - 1024), 1024, UNALIGNED);
		verify(&m, fd);
	}
	printf("hugepage-work: evict: %lu MiB, 3 rounds\n", mib);
	close(fd);
	unlink(m.path);
}

/* A swap file of @mib MiB: zeroes, then the header swapon(2) reads. */
static void make_swapfile(const char *path, unsigned long mib)
{
	static char page[PAGE];
	unsigned long i, pages = mib * (1UL << 20) / PAGE;
	uint32_t *hdr = (uint32_t *)(page + 1024);
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);

	if (fd < 0)
		die("create swapfile", NULL);
	for (i = 0; i < pages; i++)
		if (write(fd, page, PAGE) != PAGE)
			die("write swapfile", NULL);
	hdr[0] = 1;			/* version */
	hdr[1] = pages - 1;		/* last page */
	memcpy(page + PAGE - 10, "SWAPSPACE2", 10);
	if (pwrite(fd, page, PAGE, 0) != PAGE || fsync(fd) || close(fd))
		die("write swapfile", NULL);
}

/*
 * tmpfs beyond RAM with swap on: check, free three files in four (what
 * is left must fit in RAM again, on the debug kernel too), swapoff,
 * check what is left.
 */
static void swap_mode(const char *dir, unsigned long mib, const char *swapfile)
{
	unsigned long i, n = mib / 64;
	struct model *m = calloc(n, sizeof(*m));
	int *fd = calloc(n, sizeof(*fd));

	if (!m || !fd)
		die("calloc", NULL);
	make_swapfile(swapfile, mib);
	if (swapon(swapfile, 0))
		die("swapon", NULL);
	for (i = 0; i < n; i++) {
		fd[i] = open_model(&m[i], dir, 10 + i);
		write_pages(&m[i], fd[i], 0, 64 * 256, i % 2 ? UNALIGNED : ALIGNED);
		sample_meminfo();
	}
	for (i = 0; i < n; i++)
		verify(&m[i], fd[i]);
	for (i = 0; i < n; i++) {
		if (i % 4 == 3)
			continue;
		close(fd[i]);
		unlink(m[i].path);
	}
	if (swapoff(swapfile))
		die("swapoff", NULL);
	for (i = 3; i < n; i += 4)
		verify(&m[i], fd[i]);
	printf("hugepage-work: swap: %lu MiB in %lu files, swapped off\n", mib, n);
}

int main(int argc, char **argv)
{
	unsigned long mib = argc > 3 ? strtoul(argv[3], NULL, 10) : 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && !strcmp(argv[1], "files") && mib >= 8) {
		files_mode(argv[2], mib);
	} else if (argc == 4 && !strcmp(argv[1], "evict") && mib >= 8) {
		evict_mode(argv[2], mib);
	} else if (argc == 5 && !strcmp(argv[1], "swap") && mib >= 256) {
		swap_mode(argv[2], mib, argv[4]);
	} else {
		fprintf(stderr, "usage: %s files|evict DIR MIB (at least 8)\n"
			"       %s swap DIR MIB SWAPFILE (at least 256)\n",
			argv[0], argv[0]);
		return 2;
	}
	printf("hugepage-work: ShmemHugePages max %lu kB, FileHugePages max %lu kB\n",
	       shmem_huge_max, file_huge_max);
	printf("hugepage-work: ok\n");
	return 0;
}
