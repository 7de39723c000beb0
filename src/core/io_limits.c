// Limits before memory: a JSON text is measured before jansson builds anything from it.
// One pass over the bytes, no recursion and no allocation: the nesting depth, the members
// of every array and object (the big arrays by name: figures, guns, units, terrain, orders,
// shots) and an estimate of the memory jansson's tree would take (docs/format.md "Limits").
// Syntax is the parser's business: on malformed text the scan stops quietly or counts what
// it saw, and the parser reports the error.
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "io_internal.h"

// What jansson 2.14 takes per value on a 64-bit glibc system, bytes (measured with
// mallinfo2: an empty object 224, a member 80 plus its value, an empty array 128, a number
// 32, a short string 80). Rounded up; the estimate only has to be of the right size.
enum {
	COST_OBJECT = 256,
	COST_MEMBER = 96, // plus the key's length
	COST_ARRAY = 128,
	COST_SLOT = 16,   // an array's pointer to an element
	COST_SCALAR = 32,
	COST_STRING = 64, // plus its length
};

/// The arrays whose size a document limits by name (anywhere in the document).
static const struct {
	const char *key;
	size_t max;
} named[] = {
	{"figures", TW_IO_MAX_FIGURES}, {"guns", TW_IO_MAX_GUNS},     {"units", TW_IO_MAX_UNITS},
	{"terrain", TW_IO_MAX_TERRAIN}, {"orders", TW_IO_MAX_ORDERS}, {"shots", TW_IO_MAX_SHOTS},
};

typedef struct frame {
	bool object;
	bool want_key;       // object: the next string is a key
	size_t count;        // members so far
	size_t max;          // members allowed
	const char *key;     // the last key read (object), naming the next member
	size_t keylen;
	const char *seg;     // how the parent names this container: a key, or NULL for an index
	size_t seglen, index;
} frame;

typedef struct scan {
	frame f[TW_IO_MAX_DEPTH + 1]; // f[0] is the document itself (an array of one value)
	int depth;
	size_t cost;
} scan;

static size_t max_for(const char *key, size_t len)
{
	for (size_t i = 0; key && i < TW_ARRAY_COUNT(named); i++)
		if (strlen(named[i].key) == len && memcmp(named[i].key, key, len) == 0)
			return named[i].max;
	return TW_IO_MAX_MEMBERS;
}

/// "$.a.b[3]" for the containers open down to depth d.
static void path_of(const scan *s, int d, char *out, size_t n)
{
	size_t k = (size_t)snprintf(out, n, "$");
	for (int i = 2; i <= d && k < n; i++) { // f[1] is the document's own value: "$"
		const frame *f = &s->f[i];
		int w = f->seg ? snprintf(out + k, n - k, ".%.*s", (int)(f->seglen > 40 ? 40 : f->seglen), f->seg)
			       : snprintf(out + k, n - k, "[%zu]", f->index);
		if (w < 0)
			break;
		k += (size_t)w;
	}
}

static tw_status fail(const scan *s, int d, const char *source, tw_error *err, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static tw_status fail(const scan *s, int d, const char *source, tw_error *err, const char *fmt, ...)
{
	if (!err)
		return TW_ERR_INPUT;
	tw_error_clear(err);
	err->code = TW_ERR_INPUT;
	path_of(s, d, err->path, sizeof err->path);
	char what[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	char msg[sizeof what + sizeof err->path + 256];
	snprintf(msg, sizeof msg, "%.250s: %s: %s", source ? source : "<input>", err->path, what);
	snprintf(err->message, sizeof err->message, "%.*s", (int)sizeof err->message - 1, msg);
	return TW_ERR_INPUT;
}

/// One more member in the innermost container; false when it has too many.
static bool count_member(scan *s)
{
	frame *f = &s->f[s->depth];
	return ++f->count <= f->max;
}

static bool is_delim(char c)
{
	return c == ',' || c == ']' || c == '}' || c == ':' || c == ' ' || c == '\t' || c == '\r' || c == '\n' ||
	       c == '"' || c == '[' || c == '{';
}

tw_status tw_io_prescan(const char *text, size_t len, const char *source, tw_error *err)
{
	static _Thread_local scan s; // ~3 KB: not on the caller's stack
	memset(&s, 0, sizeof s);
	s.f[0].max = SIZE_MAX; // the document's value (and anything after it, for the parser to refuse)
	if (len > TW_IO_MAX_FILE_BYTES)
		return fail(&s, 0, source, err, "a document of %zu bytes is larger than the %zu MiB allowed", len,
			    TW_IO_MAX_FILE_BYTES >> 20);
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		frame *top = &s.f[s.depth];
		switch (c) {
		case ' ': case '\t': case '\r': case '\n': case ':':
			continue;
		case ',':
			if (top->object)
				top->want_key = true;
			continue;
		case '{':
		case '[': {
			if (!top->object && !count_member(&s))
				return fail(&s, s.depth, source, err, "more than %zu entries", top->max);
			if (s.depth == TW_IO_MAX_DEPTH)
				return fail(&s, s.depth, source, err, "nested more than %d deep", TW_IO_MAX_DEPTH);
			frame *f = &s.f[++s.depth];
			memset(f, 0, sizeof *f);
			f->object = c == '{';
			f->want_key = f->object;
			if (top->object) {
				f->seg = top->key;
				f->seglen = top->keylen;
			} else {
				f->index = top->count - 1;
			}
			f->max = top->object ? max_for(top->key, top->keylen) : TW_IO_MAX_MEMBERS;
			s.cost += f->object ? COST_OBJECT : COST_ARRAY;
			if (!top->object)
				s.cost += COST_SLOT;
			break;
		}
		case '}':
		case ']':
			if (s.depth == 0)
				return TW_OK; // malformed: the parser says where
			s.depth--;
			continue;
		case '"': {
			size_t j = i + 1;
			while (j < len && text[j] != '"')
				j += text[j] == '\\' ? 2 : 1;
			if (j >= len)
				return TW_OK; // unterminated: the parser says where
			size_t n = j - i - 1;
			if (top->object && top->want_key) {
				top->want_key = false;
				top->key = text + i + 1;
				top->keylen = n;
				if (!count_member(&s))
					return fail(&s, s.depth, source, err, "more than %zu members", top->max);
				s.cost += COST_MEMBER + n;
			} else {
				if (!top->object && !count_member(&s))
					return fail(&s, s.depth, source, err, "more than %zu entries", top->max);
				s.cost += COST_STRING + n + (top->object ? 0 : COST_SLOT);
			}
			i = j;
			break;
		}
		default:
			// A number, true, false or null (or a syntax error).
			if (!top->object && !count_member(&s))
				return fail(&s, s.depth, source, err, "more than %zu entries", top->max);
			s.cost += COST_SCALAR + (top->object ? 0 : COST_SLOT);
			while (i + 1 < len && !is_delim(text[i + 1]))
				i++;
			break;
		}
		if (s.cost > TW_IO_MAX_TREE_BYTES)
			return fail(&s, 0, source, err, "the document would take more than %zu MiB to read (%zu bytes of text)",
				    TW_IO_MAX_TREE_BYTES >> 20, len);
	}
	return TW_OK;
}
