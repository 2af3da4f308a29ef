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
 * guest's clock, which make bench runs on instruction counts), then
 * "inode-work: ok".  Usage: inode-work DEVICE MOUNTPOINT FILES
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
#define ROUNDS	4

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

static double timed_walks(const char *mnt, int files, int cold)
{
	double t0 = now();
	int r;

	for (r = 0; r < ROUNDS; r++) {
		if (cold)
			drop_caches();
		if (walk(mnt) != files)
			fail("a walk did not find the %d files", files);
	}
	return now() - t0;
}

int main(int argc, char **argv)
{
	int files;

	if (argc != 4 || (files = atoi(argv[3])) < DIRS) {
		fprintf(stderr, "usage: %s DEVICE MOUNTPOINT FILES (at least %d)\n",
			argv[0], DIRS);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (mount(argv[1], argv[2], "btrfs", 0, NULL))
		fail("mount %s", argv[1]);
	create(argv[2], files);
	printf("inode-work: %d files in %d directories of 2 subvolumes\n",
	       files, DIRS);
	printf("inode-work: %8.4f s cold walks\n", timed_walks(argv[2], files, 1));
	printf("inode-work: %8.4f s cached walks\n", timed_walks(argv[2], files, 0));
	if (umount(argv[2]))
		fail("umount");
	printf("inode-work: ok\n");
	return 0;
}
