// SPDX-License-Identifier: GPL-2.0
/*
 * A delayed-inode-heavy btrfs workload, run in the guest as
 *	btrfs-work DEVICE MOUNTPOINT
 *
 * Every inode btrfs creates, renames, links or unlinks passes through a
 * delayed node, so many small metadata operations in several subvolumes
 * exercise root->delayed_nodes hard.  Deleting a subvolume and waiting
 * for the cleaner reaches btrfs_kill_all_delayed_nodes().  All file
 * contents are a function of their name, so they are verified after a
 * remount.  Prints "btrfs-work: ok" on success; exits non-zero otherwise.
 */
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
#include <linux/btrfs_tree.h>

#define WORK_NAME "btrfs-work"
#include "lib/work.h"

#define SUBVOLS		4
#define DIRS		8
#define FILES_PER_DIR	1000		/* by default; argv[3] sets it */
#define DATA_LEN	3000

static int files_per_dir = FILES_PER_DIR;

static const char *dev, *mnt;

static void phase(const char *what)
{
	static double t0;

	if (!t0)
		t0 = now();
	printf("btrfs-work: %7.2f s %s\n", now() - t0, what);
	fflush(stdout);
}

/* The content of a file is derived from its path, so it can be checked. */
static void fill(char *buf, const char *path)
{
	unsigned int h = 2166136261u;
	int i;

	for (i = 0; path[i]; i++)
		h = (h ^ (unsigned char)path[i]) * 16777619u;
	for (i = 0; i < DATA_LEN; i++) {
		h = h * 1103515245u + 12345u;
		buf[i] = (char)(h >> 16);
	}
}

static void write_file(const char *path, const char *seed)
{
	char buf[DATA_LEN];
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);

	if (fd < 0)
		fail("create %s", path);
	fill(buf, seed);
	if (write(fd, buf, DATA_LEN) != DATA_LEN)
		fail("write %s", path);
	close(fd);
}

static void check_file(const char *path, const char *seed)
{
	char want[DATA_LEN], got[DATA_LEN + 1];
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		fail("open %s", path);
	fill(want, seed);
	if (read(fd, got, sizeof(got)) != DATA_LEN ||
	    memcmp(want, got, DATA_LEN)) {
		errno = 0;
		fail("content of %s differs from what was written", path);
	}
	close(fd);
}

static void subvol_ioctl(unsigned long cmd, const char *name, int src)
{
	struct btrfs_ioctl_vol_args_v2 v2 = { .fd = src };
	struct btrfs_ioctl_vol_args v1 = { 0 };
	int dirfd = open(mnt, O_RDONLY | O_DIRECTORY);
	int ret;

	if (dirfd < 0)
		fail("open %s", mnt);
	if (cmd == BTRFS_IOC_SNAP_CREATE_V2) {
		strncpy(v2.name, name, sizeof(v2.name) - 1);
		ret = ioctl(dirfd, cmd, &v2);
	} else {
		strncpy(v1.name, name, sizeof(v1.name) - 1);
		ret = ioctl(dirfd, cmd, &v1);
	}
	if (ret)
		fail("subvolume ioctl on %s", name);
	close(dirfd);
}

static unsigned long long subvol_id(const char *path)
{
	struct btrfs_ioctl_ino_lookup_args args = {
		.objectid = BTRFS_FIRST_FREE_OBJECTID,
	};
	int fd = open(path, O_RDONLY | O_DIRECTORY);

	if (fd < 0 || ioctl(fd, BTRFS_IOC_INO_LOOKUP, &args))
		fail("subvolume id of %s", path);
	close(fd);
	return args.treeid;
}

/* Does the root tree still hold a ROOT_ITEM for subvolume @id? */
static int root_item_exists(unsigned long long id)
{
	struct btrfs_ioctl_search_args args = { 0 };
	struct btrfs_ioctl_search_key *key = &args.key;
	int fd = open(mnt, O_RDONLY | O_DIRECTORY);

	key->tree_id = BTRFS_ROOT_TREE_OBJECTID;
	key->min_objectid = key->max_objectid = id;
	key->min_type = key->max_type = BTRFS_ROOT_ITEM_KEY;
	key->max_offset = (__u64)-1;
	key->max_transid = (__u64)-1;
	key->nr_items = 1;
	if (fd < 0 || ioctl(fd, BTRFS_IOC_TREE_SEARCH, &args))
		fail("tree search for root %llu", id);
	close(fd);
	return key->nr_items > 0;
}

/*
 * Commit, and wake the cleaner thread: BTRFS_IOC_SYNC (what "btrfs
 * filesystem sync" does) pokes the transaction thread, which wakes the
 * cleaner.  A plain sync() does not, and the cleaner would wait for the
 * transaction thread's next periodic run, up to 30 s later.
 */
static void sync_and_wake_cleaner(void)
{
	int fd = open(mnt, O_RDONLY | O_DIRECTORY);

	if (fd < 0 || ioctl(fd, BTRFS_IOC_SYNC))
		fail("BTRFS_IOC_SYNC on %s", mnt);
	close(fd);
}

/*
 * Wait for the cleaner thread to drop a deleted subvolume: wake it once a
 * second and look for the root item every 10 ms, so that the wait ends
 * soon after the work does.
 */
static void wait_dropped(unsigned long long id)
{
	int i;

	for (i = 0; i < 6000; i++) {
		if (i % 100 == 0)
			sync_and_wake_cleaner();
		if (!root_item_exists(id))
			return;
		usleep(10000);
	}
	errno = ETIMEDOUT;
	fail("subvolume %llu never dropped", id);
}

static void path_of(char *buf, const char *sv, int d, int f, const char *tag)
{
	snprintf(buf, 256, "%s/%s/d%d/%s%d", mnt, sv, d, tag, f);
}

/* Create every file of a subvolume, then rename, link and unlink some. */
static void churn(const char *sv)
{
	char a[256], b[256];
	int d, f;

	snprintf(a, sizeof(a), "%s/%s", mnt, sv);
	for (d = 0; d < DIRS; d++) {
		snprintf(a, sizeof(a), "%s/%s/d%d", mnt, sv, d);
		if (mkdir(a, 0755))
			fail("mkdir %s", a);
		for (f = 0; f < files_per_dir; f++) {
			path_of(a, sv, d, f, "f");
			write_file(a, a + strlen(mnt));
		}
	}
	for (d = 0; d < DIRS; d++) {
		for (f = 0; f < files_per_dir; f++) {
			path_of(a, sv, d, f, "f");
			if (f % 4 == 1) {
				path_of(b, sv, d, f, "r");
				if (rename(a, b))
					fail("rename %s", a);
			} else if (f % 4 == 2) {
				path_of(b, sv, d, f, "l");
				if (link(a, b))
					fail("link %s", a);
			} else if (f % 4 == 3 && unlink(a)) {
				fail("unlink %s", a);
			}
		}
	}
}

/*
 * Check what churn() left in @sv: f0 kept, f1 renamed, f2 linked, f3 gone.
 * @origin is the subvolume the files were written in (a snapshot's source),
 * whose paths seeded their contents.
 */
static void verify(const char *sv, const char *origin)
{
	char a[256], b[256], seed[256];
	struct stat st;
	int d, f;

	for (d = 0; d < DIRS; d++) {
		for (f = 0; f < files_per_dir; f++) {
			path_of(a, sv, d, f, "f");
			path_of(b, sv, d, f, f % 4 == 1 ? "r" : "l");
			snprintf(seed, sizeof(seed), "/%s/d%d/f%d", origin, d, f);
			switch (f % 4) {
			case 0:
				check_file(a, seed);
				break;
			case 1:
				check_file(b, seed);
				break;
			case 2:
				check_file(a, seed);
				check_file(b, seed);
				break;
			default:
				if (!lstat(a, &st)) {
					errno = 0;
					fail("%s survived unlink", a);
				}
			}
		}
	}
}

static void do_mount(void)
{
	if (mount(dev, mnt, "btrfs", 0, NULL))
		fail("mount %s", dev);
}

static void drop_caches(void)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

	sync();
	if (fd < 0 || write(fd, "3\n", 2) != 2)
		fail("drop_caches");
	close(fd);
}

int main(int argc, char **argv)
{
	char name[32], path[256];
	unsigned long long doomed;
	int i;

	if (argc < 3 || argc > 4 || (argc == 4 && atoi(argv[3]) < 1)) {
		fprintf(stderr, "usage: %s DEVICE MOUNTPOINT [FILES_PER_DIR]\n",
			argv[0]);
		return 2;
	}
	if (argc == 4)
		files_per_dir = atoi(argv[3]);
	dev = argv[1];
	mnt = argv[2];
	setvbuf(stdout, NULL, _IOLBF, 0);
	phase("mount");
	do_mount();
	for (i = 0; i < SUBVOLS; i++) {
		snprintf(name, sizeof(name), "sv%d", i);
		subvol_ioctl(BTRFS_IOC_SUBVOL_CREATE, name, -1);
		churn(name);
		snprintf(path, sizeof(path), "churned %s (%d files)", name,
			 DIRS * files_per_dir);
		phase(path);
	}
	snprintf(path, sizeof(path), "%s/sv0", mnt);
	i = open(path, O_RDONLY | O_DIRECTORY);
	if (i < 0)
		fail("open %s", path);
	subvol_ioctl(BTRFS_IOC_SNAP_CREATE_V2, "snap0", i);
	close(i);
	phase("snapshot snap0 of sv0");
	drop_caches();
	phase("sync and drop caches");
	if (umount(mnt))
		fail("umount");
	do_mount();
	phase("umount and mount again");
	for (i = 0; i < SUBVOLS; i++) {
		snprintf(name, sizeof(name), "sv%d", i);
		verify(name, name);
	}
	verify("snap0", "sv0");
	phase("verified every file");
	snprintf(path, sizeof(path), "%s/sv1", mnt);
	doomed = subvol_id(path);
	subvol_ioctl(BTRFS_IOC_SNAP_DESTROY, "sv1", -1);
	wait_dropped(doomed);
	phase("deleted sv1 and waited for the cleaner");
	if (umount(mnt))
		fail("final umount");
	phase("umount");
	printf("btrfs-work: ok\n");
	return 0;
}
