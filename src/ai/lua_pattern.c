// Lua patterns for the sandbox: string.find, match, gmatch and gsub with the results of Lua
// 5.4's (manual §6.4.1), written here so that the matcher counts its steps. The standard
// matcher runs in C with no bound the count hook or the allocator can see: ".-b" over 10^5
// characters backtracks 10^10 times (80 s), and a pattern of 10^6 single classes is tried at
// every position of the subject. Here every step (a pattern item tried at a position, a
// character taken by a repetition or a balance) is counted, and each 1024 steps are charged
// to the call's budget (tw_lua_charge), which stops the doctrine on the instruction limit or
// at the deadline. The recursion limit (200) and the error messages are Lua's.
// A plain search (find with plain = true, or a pattern with no special character) uses
// glibc's memmem, which is linear, in windows of 1 MiB charged one unit per 64 bytes; Lua's
// own search is quadratic (2 M characters sought in 4 M never ended).
#define _GNU_SOURCE
#include <ctype.h>
#include <lauxlib.h>
#include <lualib.h>
#include <string.h>

#include "lua_doctrine.h"

enum {
	MAX_CAPTURES = 32,     // LUA_MAXCAPTURES
	MAX_DEPTH = 200,       // MAXCCALLS of lstrlib.c: "pattern too complex" beyond
	CAP_UNFINISHED = -1,
	CAP_POSITION = -2,
	STEP_BATCH = 1024,
	WINDOW = 1 << 20,
};

static const char SPECIALS[] = "^$*+?.([%-";

typedef struct pat_state {
	lua_State *L;
	const char *src, *src_end; // the subject; *src_end is its terminating NUL
	const char *pat, *pat_end; // the pattern (after a leading '^'); *pat_end is NUL
	int depth;                 // recursion left
	int level;                 // captures open or closed
	unsigned steps;            // steps not yet charged
	struct {
		const char *init;
		ptrdiff_t len; // length, CAP_UNFINISHED or CAP_POSITION
	} cap[MAX_CAPTURES];
} pat_state;

static void step(pat_state *ms)
{
	if (++ms->steps >= STEP_BATCH) {
		tw_lua_charge(ms->L, ms->steps);
		ms->steps = 0;
	}
}

static void settle(pat_state *ms)
{
	tw_lua_charge(ms->L, ms->steps + 1);
	ms->steps = 0;
}

static void prepare(pat_state *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp)
{
	ms->L = L;
	ms->src = s;
	ms->src_end = s + ls;
	ms->pat = p;
	ms->pat_end = p + lp;
	ms->depth = MAX_DEPTH;
	ms->level = 0;
	ms->steps = 0;
}

// ---- single characters and classes ----

// Whether c is in class %cl (a letter: %a, %d, ..., upper case for the complement) or is cl.
static bool in_class(int c, int cl)
{
	int r;
	switch (tolower(cl)) {
	case 'a': r = isalpha(c); break;
	case 'c': r = iscntrl(c); break;
	case 'd': r = isdigit(c); break;
	case 'g': r = isgraph(c); break;
	case 'l': r = islower(c); break;
	case 'p': r = ispunct(c); break;
	case 's': r = isspace(c); break;
	case 'u': r = isupper(c); break;
	case 'w': r = isalnum(c); break;
	case 'x': r = isxdigit(c); break;
	case 'z': r = c == 0; break; // deprecated, still in Lua 5.4
	default: return cl == c;
	}
	return isupper(cl) ? r == 0 : r != 0;
}

// Whether c is in the set [...] from `open` (at '[') to `close` (at its ']').
static bool in_set(int c, const char *open, const char *close)
{
	const char *p = open + 1;
	bool inside = true;
	if (*p == '^') {
		inside = false;
		p++;
	}
	for (; p < close; p++) {
		if (*p == '%') {
			p++;
			if (in_class(c, (unsigned char)*p))
				return inside;
		} else if (p[1] == '-' && p + 2 < close) {
			if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2])
				return inside;
			p += 2;
		} else if ((unsigned char)*p == c) {
			return inside;
		}
	}
	return !inside;
}

// The end of the single-character class at p (a character, '.', %x or a set).
static const char *item_end(pat_state *ms, const char *p)
{
	char c = *p++;
	if (c == '%') {
		if (p == ms->pat_end)
			luaL_error(ms->L, "malformed pattern (ends with '%%')");
		return p + 1;
	}
	if (c == '[') {
		if (*p == '^')
			p++;
		// The first character is in the set even if it is ']'.
		do {
			if (p == ms->pat_end)
				luaL_error(ms->L, "malformed pattern (missing ']')");
			c = *p++;
			if (c == '%' && p < ms->pat_end)
				p++;
		} while (*p != ']');
		return p + 1;
	}
	return p;
}

// Whether the character at s (not past the end) is matched by the class p..ep.
static bool item_match(const pat_state *ms, const char *s, const char *p, const char *ep)
{
	if (s >= ms->src_end)
		return false;
	int c = (unsigned char)*s;
	switch (*p) {
	case '.': return true;
	case '%': return in_class(c, (unsigned char)p[1]);
	case '[': return in_set(c, p, ep - 1);
	default: return (unsigned char)*p == c;
	}
}

// ---- the matcher ----

static const char *match(pat_state *ms, const char *s, const char *p);

// %bxy at s: the balanced run from x to its y.
static const char *balance(pat_state *ms, const char *s, const char *p)
{
	if (p >= ms->pat_end - 1)
		luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
	if (*s != *p)
		return NULL;
	char open = p[0], close = p[1];
	int depth = 1;
	while (++s < ms->src_end) {
		step(ms);
		if (*s == close) {
			if (--depth == 0)
				return s + 1;
		} else if (*s == open) {
			depth++;
		}
	}
	return NULL;
}

// %1-%9 at s: the text of capture l again.
static const char *back_reference(pat_state *ms, const char *s, int l)
{
	l -= '1';
	if (l < 0 || l >= ms->level || ms->cap[l].len == CAP_UNFINISHED)
		luaL_error(ms->L, "invalid capture index %%%d", l + 1);
	size_t len = (size_t)ms->cap[l].len; // a position capture is never equal to text
	ms->steps += (unsigned)(len / 64 < STEP_BATCH ? len / 64 : STEP_BATCH);
	step(ms);
	if ((size_t)(ms->src_end - s) >= len && memcmp(ms->cap[l].init, s, len) == 0)
		return s + len;
	return NULL;
}

static const char *greedy(pat_state *ms, const char *s, const char *p, const char *ep)
{
	ptrdiff_t n = 0;
	while (item_match(ms, s + n, p, ep)) {
		step(ms);
		n++;
	}
	for (; n >= 0; n--) {
		const char *r = match(ms, s + n, ep + 1);
		if (r)
			return r;
	}
	return NULL;
}

static const char *lazy(pat_state *ms, const char *s, const char *p, const char *ep)
{
	for (;;) {
		const char *r = match(ms, s, ep + 1);
		if (r)
			return r;
		if (!item_match(ms, s, p, ep))
			return NULL;
		s++;
	}
}

static const char *open_capture(pat_state *ms, const char *s, const char *p, ptrdiff_t what)
{
	if (ms->level >= MAX_CAPTURES)
		luaL_error(ms->L, "too many captures");
	ms->cap[ms->level].init = s;
	ms->cap[ms->level].len = what;
	ms->level++;
	const char *r = match(ms, s, p);
	if (!r)
		ms->level--;
	return r;
}

static const char *close_capture(pat_state *ms, const char *s, const char *p)
{
	int l = ms->level - 1;
	while (l >= 0 && ms->cap[l].len != CAP_UNFINISHED)
		l--;
	if (l < 0)
		luaL_error(ms->L, "invalid pattern capture");
	ms->cap[l].len = s - ms->cap[l].init;
	const char *r = match(ms, s, p);
	if (!r)
		ms->cap[l].len = CAP_UNFINISHED;
	return r;
}

// The end of the match of p at s, or NULL. Tail positions loop instead of recursing; the
// recursion depth, like Lua's, counts one level a call.
static const char *match(pat_state *ms, const char *s, const char *p)
{
	if (ms->depth-- == 0)
		luaL_error(ms->L, "pattern too complex");
	const char *r = NULL;
	for (;;) {
		step(ms);
		if (p == ms->pat_end) {
			r = s;
			break;
		}
		if (*p == '(') {
			r = p[1] == ')' ? open_capture(ms, s, p + 2, CAP_POSITION) : open_capture(ms, s, p + 1, CAP_UNFINISHED);
			break;
		}
		if (*p == ')') {
			r = close_capture(ms, s, p + 1);
			break;
		}
		if (*p == '$' && p + 1 == ms->pat_end) {
			r = s == ms->src_end ? s : NULL;
			break;
		}
		if (*p == '%' && p[1] == 'b') {
			s = balance(ms, s, p + 2);
			if (!s)
				break;
			p += 4;
			continue;
		}
		if (*p == '%' && p[1] == 'f') {
			p += 2;
			if (*p != '[')
				luaL_error(ms->L, "missing '[' after '%%f' in pattern");
			const char *ep = item_end(ms, p);
			int before = s == ms->src ? 0 : (unsigned char)s[-1];
			if (!in_set(before, p, ep - 1) && in_set((unsigned char)*s, p, ep - 1)) {
				p = ep;
				continue;
			}
			break;
		}
		if (*p == '%' && p[1] >= '0' && p[1] <= '9') {
			s = back_reference(ms, s, (unsigned char)p[1]);
			if (!s)
				break;
			p += 2;
			continue;
		}
		// A single-character class, maybe with a repetition after it.
		const char *ep = item_end(ms, p);
		if (!item_match(ms, s, p, ep)) {
			if (*ep == '*' || *ep == '?' || *ep == '-') { // zero times will do
				p = ep + 1;
				continue;
			}
			break;
		}
		if (*ep == '?') {
			r = match(ms, s + 1, ep + 1);
			if (r)
				break;
			p = ep + 1;
			continue;
		}
		if (*ep == '+' || *ep == '*') {
			r = greedy(ms, *ep == '+' ? s + 1 : s, p, ep);
			break;
		}
		if (*ep == '-') {
			r = lazy(ms, s, p, ep);
			break;
		}
		s++;
		p = ep;
	}
	ms->depth++;
	return r;
}

// ---- results ----

// Pushes capture i (or the whole match s..e if there are no captures and i is 0); returns
// its length, or CAP_POSITION after pushing the position. `text` gets the capture's text.
static ptrdiff_t get_capture(pat_state *ms, int i, const char *s, const char *e, const char **text)
{
	if (i >= ms->level) {
		if (i != 0)
			luaL_error(ms->L, "invalid capture index %%%d", i + 1);
		*text = s;
		return e - s;
	}
	ptrdiff_t len = ms->cap[i].len;
	*text = ms->cap[i].init;
	if (len == CAP_UNFINISHED)
		luaL_error(ms->L, "unfinished capture");
	else if (len == CAP_POSITION)
		lua_pushinteger(ms->L, (ms->cap[i].init - ms->src) + 1);
	return len;
}

static void push_capture(pat_state *ms, int i, const char *s, const char *e)
{
	const char *text;
	ptrdiff_t len = get_capture(ms, i, s, e, &text);
	if (len != CAP_POSITION)
		lua_pushlstring(ms->L, text, (size_t)len);
}

// Pushes every capture (the whole match s..e if none and s is given); returns how many.
static int push_captures(pat_state *ms, const char *s, const char *e)
{
	int n = ms->level == 0 && s ? 1 : ms->level;
	luaL_checkstack(ms->L, n, "too many captures");
	for (int i = 0; i < n; i++)
		push_capture(ms, i, s, e);
	return n;
}

// ---- string.find and string.match ----

// Lua's translation of a start position: negative counts from the end; 0 is 1; too far back is 1.
static size_t start_position(lua_Integer pos, size_t len)
{
	if (pos > 0)
		return (size_t)pos;
	if (pos == 0 || pos < -(lua_Integer)len)
		return 1;
	return len + (size_t)pos + 1;
}

static bool has_specials(const char *p, size_t lp)
{
	for (size_t i = 0; i < lp; i++)
		if (p[i] && strchr(SPECIALS, p[i]))
			return true;
	return false;
}

// The first occurrence of n in h, in windows of WINDOW start positions, each charged first.
static const char *plain_find(lua_State *L, const char *h, size_t hl, const char *n, size_t nl)
{
	if (nl == 0)
		return h;
	if (nl > hl)
		return NULL;
	size_t window = nl > WINDOW ? nl : WINDOW;
	for (size_t at = 0; at + nl <= hl; at += window) {
		size_t span = hl - at;
		if (span > window + nl - 1)
			span = window + nl - 1;
		tw_lua_charge(L, (span + nl) / 64 + 1);
		const char *f = memmem(h + at, span, n, nl);
		if (f)
			return f;
	}
	return NULL;
}

static int find_or_match(lua_State *L, bool find)
{
	size_t ls, lp;
	const char *s = luaL_checklstring(L, 1, &ls);
	const char *p = luaL_checklstring(L, 2, &lp);
	size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
	if (init > ls) {
		lua_pushnil(L);
		return 1;
	}
	if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
		const char *f = plain_find(L, s + init, ls - init, p, lp);
		if (f) {
			lua_pushinteger(L, (f - s) + 1);
			lua_pushinteger(L, (lua_Integer)((size_t)(f - s) + lp));
			return 2;
		}
	} else {
		bool anchor = *p == '^';
		if (anchor) {
			p++;
			lp--;
		}
		pat_state ms;
		prepare(&ms, L, s, ls, p, lp);
		const char *s1 = s + init;
		do {
			ms.level = 0;
			const char *e = match(&ms, s1, p);
			if (e) {
				settle(&ms);
				if (find) {
					lua_pushinteger(L, (s1 - s) + 1);
					lua_pushinteger(L, e - s);
					return push_captures(&ms, NULL, NULL) + 2;
				}
				return push_captures(&ms, s1, e);
			}
		} while (s1++ < ms.src_end && !anchor);
		settle(&ms);
	}
	lua_pushnil(L);
	return 1;
}

static int bounded_find(lua_State *L) { return find_or_match(L, true); }
static int bounded_match(lua_State *L) { return find_or_match(L, false); }

// ---- string.gmatch ----

typedef struct gmatch_state {
	size_t next;     // where the next search starts
	size_t last;     // end of the last match (an empty match there is skipped)
	bool has_last;
} gmatch_state;

static int gmatch_next(lua_State *L)
{
	size_t ls, lp;
	const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
	const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
	gmatch_state *g = lua_touserdata(L, lua_upvalueindex(3));
	pat_state ms;
	prepare(&ms, L, s, ls, p, lp);
	for (const char *src = s + g->next; src <= ms.src_end; src++) {
		ms.level = 0;
		const char *e = match(&ms, src, p);
		if (e && !(g->has_last && e == s + g->last)) {
			g->next = g->last = (size_t)(e - s);
			g->has_last = true;
			settle(&ms);
			return push_captures(&ms, src, e);
		}
	}
	settle(&ms);
	return 0;
}

static int bounded_gmatch(lua_State *L)
{
	size_t ls;
	luaL_checklstring(L, 1, &ls);
	luaL_checkstring(L, 2);
	size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
	if (init > ls)
		init = ls + 1; // past the end: no match
	lua_settop(L, 2);
	gmatch_state *g = lua_newuserdatauv(L, sizeof *g, 0);
	g->next = init;
	g->last = 0;
	g->has_last = false;
	lua_pushcclosure(L, gmatch_next, 3);
	return 1;
}

// ---- string.gsub ----

// Appends the replacement string (argument 3) for the match s..e, with %0-%9 and %%.
static void add_string(pat_state *ms, luaL_Buffer *b, const char *s, const char *e)
{
	lua_State *L = ms->L;
	size_t l;
	const char *r = lua_tolstring(L, 3, &l);
	const char *pc;
	while ((pc = memchr(r, '%', l)) != NULL) {
		luaL_addlstring(b, r, (size_t)(pc - r));
		pc++;
		if (*pc == '%') {
			luaL_addchar(b, '%');
		} else if (*pc == '0') {
			luaL_addlstring(b, s, (size_t)(e - s));
		} else if (isdigit((unsigned char)*pc)) {
			const char *text;
			ptrdiff_t len = get_capture(ms, *pc - '1', s, e, &text);
			if (len == CAP_POSITION)
				luaL_addvalue(b);
			else
				luaL_addlstring(b, text, (size_t)len);
		} else {
			luaL_error(L, "invalid use of '%c' in replacement string", '%');
		}
		l -= (size_t)(pc + 1 - r);
		r = pc + 1;
	}
	luaL_addlstring(b, r, l);
}

// Appends the replacement of the match s..e; returns whether the text changed.
static bool add_value(pat_state *ms, luaL_Buffer *b, const char *s, const char *e, int type)
{
	lua_State *L = ms->L;
	if (type == LUA_TFUNCTION) {
		lua_pushvalue(L, 3);
		int n = push_captures(ms, s, e);
		lua_call(L, n, 1);
	} else if (type == LUA_TTABLE) {
		push_capture(ms, 0, s, e);
		lua_gettable(L, 3);
	} else {
		add_string(ms, b, s, e);
		return true;
	}
	if (!lua_toboolean(L, -1)) { // nil or false: keep the match
		lua_pop(L, 1);
		luaL_addlstring(b, s, (size_t)(e - s));
		return false;
	}
	if (!lua_isstring(L, -1))
		luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
	luaL_addvalue(b);
	return true;
}

static int bounded_gsub(lua_State *L)
{
	size_t ls, lp;
	const char *src = luaL_checklstring(L, 1, &ls);
	const char *p = luaL_checklstring(L, 2, &lp);
	const char *last = NULL;
	int type = lua_type(L, 3);
	lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
	bool anchor = *p == '^';
	lua_Integer n = 0;
	bool changed = false;
	luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE, 3,
			 "string/function/table");
	luaL_Buffer b;
	luaL_buffinit(L, &b);
	if (anchor) {
		p++;
		lp--;
	}
	pat_state ms;
	prepare(&ms, L, src, ls, p, lp);
	while (n < max) {
		ms.level = 0;
		const char *e = match(&ms, src, p);
		if (e && e != last) {
			n++;
			changed = add_value(&ms, &b, src, e, type) || changed;
			src = last = e;
		} else if (src < ms.src_end) {
			luaL_addchar(&b, *src++);
		} else {
			break;
		}
		if (anchor)
			break;
	}
	settle(&ms);
	if (!changed) {
		lua_pushvalue(L, 1);
	} else {
		luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
		luaL_pushresult(&b);
	}
	lua_pushinteger(L, n);
	return 2;
}

void tw_lua_pattern_open(lua_State *L)
{
	static const luaL_Reg fns[] = {
		{"find", bounded_find},
		{"match", bounded_match},
		{"gmatch", bounded_gmatch},
		{"gsub", bounded_gsub},
	};
	lua_getglobal(L, LUA_STRLIBNAME);
	for (size_t i = 0; i < TW_ARRAY_COUNT(fns); i++) {
		lua_pushcfunction(L, fns[i].func);
		lua_setfield(L, -2, fns[i].name);
	}
	lua_pop(L, 1);
}
