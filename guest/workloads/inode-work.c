// SPDX-License-Identifier: GPL-2.0+
/*
 * An inode-heavy btrfs workload (make bench): FILES empty files in 32
 * directories of two subvolumes, then timed walks over all of them,
 * each file stat()ed, opened and closed:
 *
 *   cold   after each drop of the dentry and inode caches: every lookup
 *          reads the inode from the btree (extent buffers found in the
 *          buffer array) and adds it to its root's array of open
 *          inodes, and every eviction takes it out again;
 *   cached with the inodes in memory: what the page cache, the dcache
 *          and the VFS do for a file that is already open somewhere.
 *
 * Prints "inode-work: SECONDS s cold walks" and "... cached walks" (the
 * guest's clock, which make bench runs on instruction counts), each
 * followed by "inode-work: SECONDS s on the CPU": the part of it this
 * process ran, in the kernel or out (the rest is the disk's time and the
 * kernel's threads'), then "inode-work: ok".
 * Usage: inode-work DEVICE MOUNTPOINT FILES [ROUNDS]
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/btrfs.h>

#define WORK_NAME "inode-work"
#include "lib/work.h"

#define DIRS	32
#define ROUNDS	4	/* walks of each kind, unless the command line says */

static void subvolume(const char *mnt, const char *name)
{
	struct btrfs_ioctl_vol_args args = { 0 };
	int fd = open(mnt, O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		fail("open %s", mnt);
	snprintf(args.name, sizeof(args.name), "%s", name);
	if (ioctl(fd, BTRFS_IOC_SUBVOL_CREATE, &args))
		fail("create subvolume %s", name);
	close(fd);
}

static void create(const char *mnt, int files)
{
	char path[256];
	int d, f, fd;

	subvolume(mnt, "a");
	subvolume(mnt, "b");
	for (d = 0; d < DIRS; d++) {
		snprintf(path, sizeof(path), "%s/%c/d%d", mnt, "ab"[d % 2], d);
		if (mkdir(path, 0755))
			fail("mkdir %s", path);
	}
	for (f = 0; f < files; f++) {
		d = f % DIRS;
		snprintf(path, sizeof(path), "%s/%c/d%d/f%d", mnt, "ab"[d % 2], d, f);
		fd = open(path, O_CREAT | O_WRONLY, 0644);
		if (fd < 0)
			fail("create %s", path);
		close(fd);
	}
	sync();
}

static void drop_caches(void)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

	if (fd < 0 || write(fd, "2", 1) != 1)
		fail("drop_caches");
	close(fd);
}

/* stat(), open() and close() every file; returns how many. */
static int walk(const char *mnt)
{
	char path[256];
	struct dirent *e;
	struct stat st;
	int d, fd, n = 0;
	DIR *dir;

	for (d = 0; d < DIRS; d++) {
		snprintf(path, sizeof(path), "%s/%c/d%d", mnt, "ab"[d % 2], d);
		dir = opendir(path);
		if (!dir)
			fail("opendir %s", path);
		while ((e = readdir(dir))) {
			if (e->d_name[0] == '.')
				continue;
			if (fstatat(dirfd(dir), e->d_name, &st, 0))
				fail("stat %s/%s", path, e->d_name);
			fd = openat(dirfd(dir), e->d_name, O_RDONLY);
			if (fd < 0)
				fail("open %s/%s", path, e->d_name);
			close(fd);
			n++;
		}
		closedir(dir);
	}
	return n;
}

/* The CPU time this process has used, in seconds. */
static double cpu_time(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Walk @rounds times, dropping the caches first if @cold; print the times. */
static void timed_walks(const char *mnt, int files, int rounds, int cold)
{
	double t0 = now(), c0 = cpu_time();
	int r;

	for (r = 0; r < rounds; r++) {
		if (cold)
			drop_caches();
		if (walk(mnt) != files)
			fail("a walk did not find the %d files", files);
	}
	printf("inode-work: %8.4f s %s walks\n", now() - t0,
	       cold ? "cold" : "cached");
	printf("inode-work: %8.4f s on the CPU\n", cpu_time() - c0);
}

int main(int argc, char **argv)
{
	int files, rounds = ROUNDS;

	if (argc == 5)
		rounds = atoi(argv[4]);
	if (argc < 4 || argc > 5 || (files = atoi(argv[3])) < DIRS ||
	    rounds < 1) {
		fprintf(stderr,
			"usage: %s DEVICE MOUNTPOINT FILES (at least %d) [ROUNDS]\n",
			argv[0], DIRS);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (mount(argv[1], argv[2], "btrfs", 0, NULL))
		fail("mount %s", argv[1]);
	create(argv[2], files);
	printf("inode-work: %d files in %d directories of 2 subvolumes\n",
	       files, DIRS);
	timed_walks(argv[2], files, rounds, 1);
	timed_walks(argv[2], files, rounds, 0);
	if (umount(argv[2]))
		fail("umount");
	printf("inode-work: ok\n");
	return 0;
}
