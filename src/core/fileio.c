// Whole-file reads, atomic writes (temp file in the same directory, fsync, rename) and hex.
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io_internal.h"

char *tw_read_file(const char *path, size_t *len, tw_error *err)
{
	tw_error_clear(err);
	const size_t max = TW_IO_MAX_FILE_BYTES;
	FILE *f = fopen(path, "rb");
	if (!f) {
		tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, strerror(errno));
		return NULL;
	}
	// Refused by its size before it is read (a pipe or device is read up to the limit).
	struct stat sb;
	size_t cap = 4096;
	if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode)) {
		if ((uintmax_t)sb.st_size > max) {
			tw_error_set(err, TW_ERR_INPUT, "", "%s: a file of %jd bytes is larger than the %zu MiB a document may have",
				     path, (intmax_t)sb.st_size, max >> 20);
			fclose(f);
			return NULL;
		}
		cap = (size_t)sb.st_size + 2; // one read to the end, and one more to see it end
	}
	size_t n = 0;
	char *buf = malloc(cap);
	while (buf) {
		if (n + 1 >= cap) {
			if (cap > max) {
				tw_error_set(err, TW_ERR_INPUT, "", "%s: larger than the %zu MiB a document may have", path,
					     max >> 20);
				free(buf);
				fclose(f);
				return NULL;
			}
			char *b = realloc(buf, cap * 2);
			if (!b) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = b;
			cap *= 2;
		}
		size_t k = fread(buf + n, 1, cap - n - 1, f);
		n += k;
		if (k == 0)
			break;
	}
	if (!buf) {
		fclose(f);
		tw_io_nomem(err);
		return NULL;
	}
	if (ferror(f)) {
		tw_error_set(err, TW_ERR_IO, "", "%s: read error: %s", path, strerror(errno));
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	if (n > max) {
		tw_error_set(err, TW_ERR_INPUT, "", "%s: larger than the %zu MiB a document may have", path, max >> 20);
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

/// fsyncs the directory holding path so that the rename itself is durable (best effort).
static void sync_dir(const char *path)
{
	char *d = strdup(path);
	if (!d)
		return;
	char *slash = strrchr(d, '/');
	const char *dir = ".";
	if (slash == d)
		dir = "/";
	else if (slash) {
		*slash = '\0';
		dir = d;
	}
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(d);
}

tw_status tw_write_file_atomic(const char *path, const char *text, size_t len, tw_error *err)
{
	tw_error_clear(err);
	if (!path || !*path)
		return tw_error_set(err, TW_ERR_IO, "", "empty file name");
	size_t plen = strlen(path);
	char *tmp = malloc(plen + sizeof ".tmp.XXXXXX");
	if (!tmp)
		return tw_io_nomem(err);
	memcpy(tmp, path, plen);
	memcpy(tmp + plen, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
	int fd = mkstemp(tmp);
	if (fd < 0) {
		tw_status st = tw_error_set(err, TW_ERR_IO, "", "%s: cannot create a temporary file: %s", path,
					    strerror(errno));
		free(tmp);
		return st;
	}
	// mkstemp makes the file 0600; give it the old file's mode, or rw-r--r--.
	struct stat old;
	(void)fchmod(fd, stat(path, &old) == 0 && S_ISREG(old.st_mode) ? (old.st_mode & 07777) : 0644);
	const char *what = NULL;
	int e = 0;
	for (size_t off = 0; off < len && !what;) {
		ssize_t k = write(fd, text + off, len - off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			what = "write";
			e = k < 0 ? errno : ENOSPC;
		} else {
			off += (size_t)k;
		}
	}
	if (!what && fsync(fd) != 0) {
		what = "fsync";
		e = errno;
	}
	if (close(fd) != 0 && !what) {
		what = "close";
		e = errno;
	}
	if (!what && rename(tmp, path) != 0) {
		what = "rename";
		e = errno;
	}
	if (what) {
		unlink(tmp);
		free(tmp);
		return tw_error_set(err, TW_ERR_IO, "", "%s: %s failed: %s", path, what, strerror(e));
	}
	free(tmp);
	sync_dir(path);
	return TW_OK;
}

void tw_hash_hex(uint64_t h, char out[17])
{
	static const char digits[] = "0123456789abcdef";
	for (int i = 15; i >= 0; i--) {
		out[i] = digits[h & 15];
		h >>= 4;
	}
	out[16] = '\0';
}
