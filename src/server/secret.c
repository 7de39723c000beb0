// The installation's secret (libsodium): a 32-byte key in a file beside the store (mode 0600).
// The store keeps only a keyed hash of each seat's token (BLAKE2b, crypto_generichash), so a
// copy of the database lets nobody join a game. The computer generals, the suggestions and the
// options sampler are seeded by a keyed one-way hash of the game's seed: what they do shows
// nothing a seat could turn back into the game's seed or its generator.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "srv.h"

static bool in_memory(const srv_server *s) { return !s->opts.db || !*s->opts.db || strcmp(s->opts.db, ":memory:") == 0; }

static tw_status read_key(srv_server *s, int fd, const char *path, tw_error *err)
{
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return tw_error_set(err, TW_ERR_IO, "", "%s: not a regular file", path);
	if ((st.st_mode & 077) && fchmod(fd, 0600) != 0)
		return tw_error_set(err, TW_ERR_IO, "", "%s: readable by others and cannot be made private", path);
	size_t got = 0;
	while (got < SRV_KEY_LEN) {
		ssize_t k = read(fd, s->key + got, SRV_KEY_LEN - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	if (got != SRV_KEY_LEN || st.st_size != SRV_KEY_LEN)
		return tw_error_set(err, TW_ERR_IO, "", "%s: a key file holds exactly %d bytes", path, SRV_KEY_LEN);
	return TW_OK;
}

tw_status srv_secret_open(srv_server *s, tw_error *err)
{
	if (sodium_init() < 0)
		return tw_error_set(err, TW_ERR_IO, "", "libsodium cannot start");
	if (in_memory(s)) {
		randombytes_buf(s->key, sizeof s->key);
		return TW_OK;
	}
	char path[4096];
	if (snprintf(path, sizeof path, "%s.key", s->opts.db) >= (int)sizeof path)
		return tw_error_set(err, TW_ERR_IO, "", "the store's path is too long");
	for (int attempt = 0; attempt < 2; attempt++) {
		int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
		if (fd >= 0) {
			tw_status st = read_key(s, fd, path, err);
			close(fd);
			return st;
		}
		if (errno != ENOENT)
			return tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, strerror(errno));
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
		if (fd < 0) {
			if (errno == EEXIST)
				continue; // made at the same moment by another server: read that one
			return tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, strerror(errno));
		}
		randombytes_buf(s->key, sizeof s->key);
		bool ok = write(fd, s->key, sizeof s->key) == (ssize_t)sizeof s->key && fsync(fd) == 0;
		close(fd);
		if (!ok) {
			unlink(path);
			return tw_error_set(err, TW_ERR_IO, "", "%s: cannot write the key", path);
		}
		return TW_OK;
	}
	return tw_error_set(err, TW_ERR_IO, "", "%s: cannot open", path);
}

void srv_token_hash(const srv_server *s, const char *token, unsigned char out[SRV_HASH_LEN])
{
	crypto_generichash(out, SRV_HASH_LEN, (const unsigned char *)token, strlen(token), s->key, SRV_KEY_LEN);
}

bool srv_token_matches(const srv_server *s, const char *token, const unsigned char hash[SRV_HASH_LEN])
{
	unsigned char h[SRV_HASH_LEN];
	srv_token_hash(s, token, h);
	return sodium_memcmp(h, hash, SRV_HASH_LEN) == 0;
}

static void put_u64(unsigned char *b, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t hash_seed(const unsigned char *key, size_t klen, const char *purpose, uint64_t game_seed, uint64_t a,
			  uint64_t b)
{
	unsigned char in[24], out[8];
	put_u64(in, game_seed);
	put_u64(in + 8, a);
	put_u64(in + 16, b);
	crypto_generichash_state st;
	crypto_generichash_init(&st, key, klen, sizeof out);
	crypto_generichash_update(&st, (const unsigned char *)purpose, strlen(purpose) + 1);
	crypto_generichash_update(&st, in, sizeof in);
	crypto_generichash_final(&st, out, sizeof out);
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)out[i] << (8 * i);
	return v;
}

uint64_t srv_oneway_seed(const srv_server *s, const char *purpose, uint64_t game_seed, uint64_t a, uint64_t b)
{
	return hash_seed(s->key, SRV_KEY_LEN, purpose, game_seed, a, b);
}

uint64_t srv_public_seed(const char *purpose, uint64_t game_seed)
{
	return hash_seed(NULL, 0, purpose, game_seed, 0, 0);
}
