// This installation's log key, and game logs signed with it (libsodium's crypto_auth,
// HMAC-SHA-512-256). A log that `tinwar play --log` writes is signed, so that `campaign
// record` can accept it even when its shots cannot be re-run here (a physics log from
// another build); any other log must verify (docs/campaign.md).
//
// The key is 32 random bytes in a file of its own, mode 0600, in the user's data directory:
// $TINWAR_LOG_KEY if set, else $XDG_DATA_HOME/tinwar/log.key, else
// $HOME/.local/share/tinwar/log.key. It is created on first use (a temporary file linked
// into place, so two first uses cannot both win) and refused if others may read it.
//
// What is signed is the log without its "signature" member, dumped canonically by jansson
// (compact, keys sorted, reals to 17 digits): a log read back from its file dumps to the same
// bytes, as every number in it reads back exactly.
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io_internal.h"

#define SIG_ALG "hmac-sha512-256"

_Static_assert(TW_LOG_KEY_BYTES == crypto_auth_KEYBYTES, "key size");

static tw_status sodium_ready(tw_error *err)
{
	if (sodium_init() < 0)
		return tw_error_set(err, TW_ERR_STATE, "", "libsodium cannot start");
	return TW_OK;
}

tw_status tw_log_key_path(char *out, size_t n, tw_error *err)
{
	const char *k = getenv("TINWAR_LOG_KEY"), *x = getenv("XDG_DATA_HOME"), *h = getenv("HOME");
	int w;
	if (k && *k)
		w = snprintf(out, n, "%s", k);
	else if (x && *x == '/')
		w = snprintf(out, n, "%s/tinwar/log.key", x);
	else if (h && *h)
		w = snprintf(out, n, "%s/.local/share/tinwar/log.key", h);
	else
		return tw_error_set(err, TW_ERR_IO, "", "no place for the log key: set TINWAR_LOG_KEY or HOME");
	if (w < 0 || (size_t)w >= n)
		return tw_error_set(err, TW_ERR_IO, "", "the log key's path is too long");
	return TW_OK;
}

/// Creates the directories above path (mode 0700), as `mkdir -p` would.
static void make_parents(const char *path)
{
	char *d = strdup(path);
	if (!d)
		return;
	for (char *s = strchr(d + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		(void)mkdir(d, 0700);
		*s = '/';
	}
	free(d);
}

static tw_status read_key(int fd, const char *path, unsigned char *key, tw_error *err)
{
	struct stat sb;
	if (fstat(fd, &sb) != 0)
		return tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, strerror(errno));
	if (!S_ISREG(sb.st_mode) || sb.st_size != TW_LOG_KEY_BYTES)
		return tw_error_set(err, TW_ERR_STATE, "", "%s: not a log key (a file of %d bytes)", path, TW_LOG_KEY_BYTES);
	if (sb.st_uid != geteuid() || (sb.st_mode & 077))
		return tw_error_set(err, TW_ERR_STATE, "",
				    "%s: the log key must belong to you and be private (chmod 600); refused", path);
	size_t got = 0;
	while (got < TW_LOG_KEY_BYTES) {
		ssize_t k = read(fd, key + got, TW_LOG_KEY_BYTES - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return tw_error_set(err, TW_ERR_IO, "", "%s: cannot read the log key", path);
		got += (size_t)k;
	}
	return TW_OK;
}

/// Writes a new key to a temporary file beside path and links it into place (fails with
/// EEXIST if another process was first).
static int create_key(const char *path, tw_error *err)
{
	size_t n = strlen(path);
	char *tmp = malloc(n + sizeof ".XXXXXX");
	if (!tmp) {
		tw_io_nomem(err);
		return -1;
	}
	memcpy(tmp, path, n);
	memcpy(tmp + n, ".XXXXXX", sizeof ".XXXXXX");
	int fd = mkstemp(tmp); // 0600
	if (fd < 0) {
		tw_error_set(err, TW_ERR_IO, "", "%s: cannot create the log key: %s", path, strerror(errno));
		free(tmp);
		return -1;
	}
	unsigned char key[TW_LOG_KEY_BYTES];
	crypto_auth_keygen(key);
	ssize_t w = write(fd, key, sizeof key);
	sodium_memzero(key, sizeof key);
	int rc = w == (ssize_t)sizeof key && fchmod(fd, 0600) == 0 && fsync(fd) == 0 ? 0 : -1;
	close(fd);
	if (rc == 0 && link(tmp, path) != 0)
		rc = errno == EEXIST ? 1 : -1;
	if (rc < 0)
		tw_error_set(err, TW_ERR_IO, "", "%s: cannot create the log key: %s", path, strerror(errno));
	unlink(tmp);
	free(tmp);
	return rc;
}

tw_status tw_log_key_load(const char *path, bool create, unsigned char key[TW_LOG_KEY_BYTES], tw_error *err)
{
	tw_error_clear(err);
	if (sodium_ready(err) != TW_OK)
		return err ? err->code : TW_ERR_STATE;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && create) {
		make_parents(path);
		if (create_key(path, err) < 0)
			return err ? err->code : TW_ERR_IO;
		fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	}
	if (fd < 0)
		return tw_error_set(err, errno == ENOENT ? TW_ERR_INPUT : TW_ERR_IO, "", "%s: %s", path, strerror(errno));
	tw_status st = read_key(fd, path, key, err);
	close(fd);
	if (st != TW_OK)
		sodium_memzero(key, TW_LOG_KEY_BYTES);
	return st;
}

/// The canonical bytes of a log without its signature: malloc'd, NULL on failure.
static char *canonical(const json_t *log)
{
	json_t *copy = json_copy((json_t *)log); // shallow: the members are shared, not copied
	if (!copy)
		return NULL;
	json_object_del(copy, "signature");
	char *text = json_dumps(copy, JSON_COMPACT | JSON_SORT_KEYS | JSON_REAL_PRECISION(17) | JSON_ENCODE_ANY);
	json_decref(copy);
	return text;
}

tw_status tw_log_sign(json_t *log, const unsigned char key[TW_LOG_KEY_BYTES], tw_error *err)
{
	tw_error_clear(err);
	if (sodium_ready(err) != TW_OK)
		return err ? err->code : TW_ERR_STATE;
	if (!json_is_object(log))
		return tw_error_set(err, TW_ERR_INPUT, "", "a game log is an object");
	char *text = canonical(log);
	if (!text)
		return tw_io_nomem(err);
	unsigned char mac[crypto_auth_BYTES];
	crypto_auth(mac, (const unsigned char *)text, strlen(text), key);
	free(text);
	char hex[2 * crypto_auth_BYTES + 1];
	sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
	json_t *sig = json_pack("{s:s, s:s}", "alg", SIG_ALG, "mac", hex);
	if (!tw_io_set(log, "signature", sig))
		return tw_io_nomem(err);
	return TW_OK;
}

tw_status tw_io_signature_read(const json_t *sig, tw_io_path *p, tw_error *err)
{
	static const char *const keys[] = {"alg", "mac", NULL};
	tw_status st = tw_io_object(sig, keys, p, err);
	const char *alg = NULL, *mac = NULL;
	if (st == TW_OK)
		st = tw_io_get_str(sig, "alg", true, 32, &alg, p, err);
	if (st == TW_OK && strcmp(alg, SIG_ALG) != 0) {
		size_t n = tw_io_push_key(p, "alg");
		st = tw_io_fail(err, p, "expected \"%s\"", SIG_ALG);
		tw_io_pop(p, n);
	}
	if (st == TW_OK)
		st = tw_io_get_str(sig, "mac", true, 2 * crypto_auth_BYTES, &mac, p, err);
	if (st == TW_OK && strspn(mac, "0123456789abcdef") != 2 * crypto_auth_BYTES) {
		size_t n = tw_io_push_key(p, "mac");
		st = tw_io_fail(err, p, "expected %d lowercase hex digits", 2 * crypto_auth_BYTES);
		tw_io_pop(p, n);
	}
	return st;
}

int tw_log_signature_check(const json_t *log, const unsigned char key[TW_LOG_KEY_BYTES])
{
	const json_t *sig = json_object_get(log, "signature");
	const char *hex = json_string_value(json_object_get(sig, "mac"));
	if (!sig)
		return 0;
	unsigned char mac[crypto_auth_BYTES];
	if (!hex || !key || sodium_init() < 0 ||
	    sodium_hex2bin(mac, sizeof mac, hex, strlen(hex), NULL, NULL, NULL) != 0 || strlen(hex) != 2 * sizeof mac)
		return -1;
	char *text = canonical(log);
	if (!text)
		return -1;
	int ok = crypto_auth_verify(mac, (const unsigned char *)text, strlen(text), key) == 0;
	free(text);
	return ok ? 1 : -1;
}
