// SPDX-License-Identifier: GPL-2.0
/*
 * The guest half of the btrfs crash-consistency test:
 *
 *	crash-work write DIR ROUND [N]	until killed (or N files are written):
 *					churn metadata in a new subvolume and
 *					write files that are fsync'ed,
 *					printing each one's name
 *	crash-work verify DIR		after the crash and a fresh mount:
 *					check every file, read every directory
 *
 * A durable file's name fixes its length and contents, so verify needs no
 * record of what was written: it prints "XARRAY-CHECK NAME ok" for each
 * file that is whole and "XARRAY-CHECK NAME bad ..." otherwise.  The host
 * kills QEMU while "write" runs, then requires "ok" for every name that
 * "write" printed as "XARRAY-FSYNCED NAME", that is, every file whose
 * fsync() (and its directory's) had returned.  Files not yet fsync'ed may
 * be missing or partial.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/btrfs.h>

#define CHURN_FILES	24
#define MAX_LEN		(48 * 1024)
#define NAME_LEN	256	/* DIR, a round's directories */
#define PATH_LEN	640	/* a name under one of those, with room */

static char buf[MAX_LEN], want[MAX_LEN];

static void die(const char *fmt, ...)
{
	va_list ap;
	int err = errno;

	va_start(ap, fmt);
	printf("crash-work: FAIL: ");
	vprintf(fmt, ap);
	printf(" (errno %d: %s)\n", err, strerror(err));
	va_end(ap);
	exit(1);
}

static unsigned int hash(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* The length and contents a durable file called @name must have. */
static size_t expected(const char *name, char *out)
{
	unsigned int h = hash(name);
	size_t len = 1 + h % MAX_LEN, i;

	for (i = 0; i < len; i++) {
		h = h * 1103515245u + 12345u;
		out[i] = 'a' + (h >> 16) % 26;
	}
	return len;
}

static void fsync_path(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0 || fsync(fd) || close(fd))
		die("fsync %s", path);
}

static void write_durable(const char *dir, const char *rel)
{
	char path[PATH_LEN];
	size_t len = expected(rel, buf);
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, buf, len) != (ssize_t)len || fsync(fd) ||
	    close(fd))
		die("write %s", path);
	*strrchr(path, '/') = '\0';
	fsync_path(path, O_RDONLY | O_DIRECTORY);
	printf("XARRAY-FSYNCED %s\n", rel);
	fflush(stdout);
}

/* Creates, renames, hard links and unlinks: all through delayed nodes. */
static void churn(const char *sv, unsigned int n)
{
	char a[PATH_LEN], b[PATH_LEN];
	unsigned int i;
	int fd;

	for (i = 0; i < CHURN_FILES; i++) {
		snprintf(a, sizeof(a), "%s/t%u-%u", sv, n, i);
		fd = open(a, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, a, strlen(a)) < 0 || close(fd))
			die("create %s", a);
		snprintf(b, sizeof(b), "%s/k%u-%u", sv, n % 64, i);
		if (i % 2 == 0 && rename(a, b))
			die("rename %s", a);
		if (i % 3 == 0 && i % 2 && link(a, b) && errno != EEXIST)
			die("link %s", a);
		if (i % 4 == 1 && unlink(a))
			die("unlink %s", a);
	}
}

static int cmd_write(const char *dir, const char *round, unsigned int count)
{
	struct btrfs_ioctl_vol_args args = { 0 };
	char rdir[NAME_LEN], sv[NAME_LEN], rel[64];
	unsigned int n;
	int fd;

	snprintf(rdir, sizeof(rdir), "%s/r%s", dir, round);
	if (mkdir(dir, 0755) && errno != EEXIST)
		die("mkdir %s", dir);
	if (mkdir(rdir, 0755))
		die("mkdir %s", rdir);
	fsync_path(dir, O_RDONLY | O_DIRECTORY);
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	snprintf(args.name, sizeof(args.name), "sv%s", round);
	if (fd < 0 || ioctl(fd, BTRFS_IOC_SUBVOL_CREATE, &args) || close(fd))
		die("subvolume %s/sv%s", dir, round);
	snprintf(sv, sizeof(sv), "%s/sv%s", dir, round);
	printf("crash-work: round %s writing\n", round);
	fflush(stdout);
	for (n = 0; !count || n < count; n++) {
		churn(sv, n);
		snprintf(rel, sizeof(rel), "r%s/f%05u", round, n);
		write_durable(dir, rel);
		if (n % 50 == 49)
			sync();	/* some files reach a commit, the rest the log */
	}
	printf("crash-work: wrote %u files\n", n);
	return 0;
}

static void check(const char *dir, const char *rel, unsigned int *ok,
		  unsigned int *bad)
{
	char path[PATH_LEN];
	size_t len = expected(rel, want);
	ssize_t got;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		die("open %s", path);
	got = read(fd, buf, sizeof(buf));
	close(fd);
	if (got == (ssize_t)len && !memcmp(buf, want, len)) {
		printf("XARRAY-CHECK %s ok\n", rel);
		(*ok)++;
	} else {
		printf("XARRAY-CHECK %s bad (%zd of %zu bytes)\n", rel, got, len);
		(*bad)++;
	}
}

/* Read every entry of @path and stat it, recursively. */
static unsigned long walk(const char *path)
{
	unsigned long n = 0;
	struct dirent *d;
	char sub[PATH_LEN + NAME_LEN];
	struct stat st;
	DIR *dp = opendir(path);

	if (!dp)
		die("opendir %s", path);
	while ((d = readdir(dp))) {
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, d->d_name);
		if (lstat(sub, &st))
			die("stat %s", sub);
		n++;
		if (S_ISDIR(st.st_mode))
			n += walk(sub);
	}
	closedir(dp);
	return n;
}

static int cmd_verify(const char *dir)
{
	unsigned int ok = 0, bad = 0;
	struct dirent *r, *f;
	char rdir[PATH_LEN], rel[2 * NAME_LEN + 2];
	unsigned long entries;
	DIR *dp, *rp;

	dp = opendir(dir);
	if (!dp)
		die("opendir %s", dir);
	while ((r = readdir(dp))) {
		if (r->d_name[0] != 'r')
			continue;
		snprintf(rdir, sizeof(rdir), "%s/%s", dir, r->d_name);
		rp = opendir(rdir);
		if (!rp)
			die("opendir %s", rdir);
		while ((f = readdir(rp))) {
			if (f->d_name[0] != 'f')
				continue;
			snprintf(rel, sizeof(rel), "%s/%s", r->d_name, f->d_name);
			check(dir, rel, &ok, &bad);
		}
		closedir(rp);
	}
	closedir(dp);
	entries = walk(dir);
	printf("crash-work: %u whole, %u not whole, %lu entries read\n",
	       ok, bad, entries);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "write"))
		return cmd_write(argv[2], argv[3], argc == 5 ? atoi(argv[4]) : 0);
	if (argc == 3 && !strcmp(argv[1], "verify"))
		return cmd_verify(argv[2]);
	fprintf(stderr, "usage: crash-work write DIR ROUND [N] | verify DIR\n");
	return 2;
}
