// Little Wars: isolation and melee (LW.MEL.1-9, LW.MEL.15).
//
// lw_judge_melees runs at the end of the mover's move (LW.MEL.3, LW.MEL.9). It finds every
// contact between the mover's free men and enemy free men (LW.MEL.2: gap <= 1/8 in), gathers
// the participants (LW.MEL.4: the men in contact plus every other free man of either side
// within 6 in of a man in contact, one step only), merges contacts whose participant sets
// overlap into one melee (union-find over figures), and judges each melee on its own
// (LW.MEL.5-7). The mover chooses the casualties (LW.MEL.8): either explicitly in the END_MOVE
// order, or by the default policy described above lw_default_choice.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw.h"
#include "lw_big.h" // KS.GNL.2


// ---- LW.MEL.1: support and isolation ----

// lw_supporters' plain form (lw_melee_plain; bodies of more than 64 men, tables of more than
// 4096 figures).
static int lw_supporters_plain(const tw_state *s, int side, const int32_t *body, int n, const uint8_t *exclude)
{
	uint8_t *in_body = tw_calloc((size_t)(s->nfig > 0 ? s->nfig : 1), 1);
	if (in_body) {
		for (int i = 0; i < n; i++)
			if (body[i] >= 0 && body[i] < s->nfig)
				in_body[body[i]] = 1;
	}
	// The body's box and largest radius: a man farther from the box along x or y than his reach
	// and both radii cannot be within reach of a member (lw_may_be_within's test, for the box).
	// Off when a member is missing or not at a finite place.
	double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY, brmax = 0;
	bool boxed = true;
	for (int k = 0; k < n && boxed; k++) {
		const tw_figure *b = tw_state_figure_c(s, body[k]);
		boxed = b && isfinite(b->pos.x) && isfinite(b->pos.y) && isfinite(b->radius);
		if (boxed) {
			bx0 = fmin(bx0, b->pos.x);
			by0 = fmin(by0, b->pos.y);
			bx1 = fmax(bx1, b->pos.x);
			by1 = fmax(by1, b->pos.y);
			brmax = fmax(brmax, b->radius);
		}
	}
	int count = 0;
	const bool ks = LWG(s)->ks != 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		// Interpretation of LW.MEL.1 / LW.MEL.13: only free men support.
		if (f->side != side || !lw_is_free_man(f) || (ks && lw_ks_general_immune(s, f))) // KS.GNL.2
			continue;
		if (exclude && exclude[i])
			continue;
		if (boxed) {
			double w = f->radius + brmax + lw_move_allowance(f) + LW_EPS + 1e-3;
			if (f->pos.x < bx0 - w || f->pos.x > bx1 + w || f->pos.y < by0 - w || f->pos.y > by1 + w)
				continue; // not a member either (members lie in the box)
		}
		bool member = false;
		if (in_body) {
			member = in_body[i] != 0;
		} else {
			for (int k = 0; k < n && !member; k++)
				member = body[k] == f->id;
		}
		if (member)
			continue;
		double reach = lw_move_allowance(f) + LW_EPS; // his own move: 12 in or 24 in
		for (int k = 0; k < n; k++) {
			const tw_figure *b = tw_state_figure_c(s, body[k]);
			if (b && lw_may_be_within(f, b, reach) && lw_gap(f, b) <= reach) {
				count++;
				break;
			}
		}
	}
	tw_free(in_body);
	return count;
}

int lw_supporters(const tw_state *s, int side, const int32_t *body, int n, const uint8_t *exclude)
{
	if (n <= 0)
		return 0;
	// h10-melee (issue 18): the plain form's work without its allocation and its calls: the
	// body's figures looked up once (tw_state_figure_c's test, in place), its box by plain
	// comparisons (every value finite there: fmin and fmax then differ at most in the sign of a
	// zero, which bx0 - w, bx1 + w and radius + brmax + allowance cannot show, w and the
	// allowance being positive), the members marked in a bit set on the stack.
	enum { BODY_MAX = 64, FIGS_MAX = 4096 };
	if (lw_melee_plain || n > BODY_MAX || s->nfig > FIGS_MAX)
		return lw_supporters_plain(s, side, body, n, exclude);
	const tw_figure *bf[BODY_MAX];
	uint64_t in_body[FIGS_MAX / 64];
	memset(in_body, 0, (size_t)(s->nfig + 63) / 64 * sizeof in_body[0]);
	for (int i = 0; i < n; i++) {
		bool ok = body[i] >= 0 && body[i] < s->nfig;
		bf[i] = ok ? &s->fig[body[i]] : NULL;
		if (ok)
			in_body[body[i] >> 6] |= (uint64_t)1 << (body[i] & 63);
	}
	// The body's box and largest radius: a man farther from the box along x or y than his reach
	// and both radii cannot be within reach of a member (lw_may_be_within's test, for the box).
	// Off when a member is missing or not at a finite place.
	double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY, brmax = 0;
	bool boxed = true;
	for (int k = 0; k < n && boxed; k++) {
		const tw_figure *b = bf[k];
		boxed = b && isfinite(b->pos.x) && isfinite(b->pos.y) && isfinite(b->radius);
		if (boxed) {
			if (b->pos.x < bx0)
				bx0 = b->pos.x;
			if (b->pos.y < by0)
				by0 = b->pos.y;
			if (b->pos.x > bx1)
				bx1 = b->pos.x;
			if (b->pos.y > by1)
				by1 = b->pos.y;
			if (b->radius > brmax)
				brmax = b->radius;
		}
	}
	int count = 0;
	const bool ks = LWG(s)->ks != 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		// Interpretation of LW.MEL.1 / LW.MEL.13: only free men support.
		if (f->side != side || !lw_is_free_man(f) || (ks && lw_ks_general_immune(s, f))) // KS.GNL.2
			continue;
		if (exclude && exclude[i])
			continue;
		if (boxed) {
			double w = f->radius + brmax + lw_move_allowance(f) + LW_EPS + 1e-3;
			if (f->pos.x < bx0 - w || f->pos.x > bx1 + w || f->pos.y < by0 - w || f->pos.y > by1 + w)
				continue; // not a member either (members lie in the box)
		}
		if (in_body[i >> 6] >> (i & 63) & 1)
			continue;
		double reach = lw_move_allowance(f) + LW_EPS; // his own move: 12 in or 24 in
		for (int k = 0; k < n; k++) {
			const tw_figure *b = bf[k];
			if (b && lw_may_be_within(f, b, reach) && lw_gap(f, b) <= reach) {
				count++;
				break;
			}
		}
	}
	return count;
}

bool lw_is_isolated(const tw_state *s, int side, const int32_t *body, int n, const uint8_t *exclude)
{
	// LW.MEL.1: supported when supporters >= n/2, i.e. isolated when 2*supporters < n.
	return lw_supporters(s, side, body, n, exclude) * 2 < n;
}

// ---- LW.MEL.5-7: the arithmetic ----

lw_melee_result lw_melee_math(int large, int small, bool small_isolated)
{
	lw_melee_result r = {0, 0, 0, 0};
	if (large < small) { // tolerate swapped arguments: the result names the real larger side
		int t = large;
		large = small;
		small = t;
	}
	if (small < 0)
		small = 0;
	if (large == small) {
		// LW.MEL.5: equal numbers, every participant dies.
		r.dead_large = large;
		r.dead_small = small;
		r.clause = 5;
	} else if (small_isolated) {
		// LW.MEL.6 Interpretation: prisoners = min(L-S, S), dead each side = max(2S-L, 0).
		r.prisoners = large - small < small ? large - small : small;
		int d = 2 * small - large;
		r.dead_large = r.dead_small = d > 0 ? d : 0;
		r.clause = 6;
	} else {
		// LW.MEL.7: the supported smaller side is wiped out man for man.
		r.dead_large = r.dead_small = small;
		r.clause = 7;
	}
	return r;
}

// ---- LW.MEL.3-9: judging ----

typedef struct lw_melee {
	int n[2];        // participants: [0] mover's side, [1] the other side
	int ncontact[2]; // of which in contact
	int small;       // 0 or 1 (index into n), -1 when the numbers are equal
	int supporters;  // supporters of the smaller side (LW.MEL.6: from the points of contact)
	bool isolated;   // smaller side isolated
	lw_melee_result r;
	int need_dead[2]; // dead required per side index
	int need_pris[2]; // prisoners required per side index
	int number;       // melee number for events (LWV_MELEES)
	tw_vec2 at;       // where the first contact was
} lw_melee;

enum { LW_FATE_LIVE = 0, LW_FATE_DEAD = 1, LW_FATE_PRISONER = 2 };

typedef struct lw_judge {
	tw_state *s;
	int mover, other;  // side indices
	int32_t *parent;   // union-find over figure ids
	int32_t *melee_of; // melee index of each participant, -1 otherwise
	uint8_t *contact;  // 1 = man in contact (LW.MEL.2)
	uint8_t *part;     // 1 = participant in some melee (excluded from support, LW.MEL.1)
	uint8_t *fate;     // LW_FATE_*
	int *crew;         // scratch: crew left per gun (lw_count_crews)
	double *dguns;     // s30: per man, lw_dist_to_guns(.., other) once worked out (NAN: not yet)
	int nmelee;
	lw_melee *m;
	// h10-melee (issue 18): exact shortcuts, each with its plain form (lw_melee_plain).
	int32_t *mem;   // each melee's participants in figure order, melee after melee (NULL: none)
	int *mstart;    // melee mi's participants: mem[mstart[mi] .. mstart[mi + 1])
	int32_t *every; // lw_melee_plain: 0 .. nfig-1, the figures a plain loop visits
	double *dcont;  // per man, lw_dist_to_contact(.., 0) once worked out (NAN: not yet)
	double *dsurv;  // per man, lw_dist_to_survivor(.., 0) in one lw_pick_prisoners (NAN: not yet)
	int *gbeg;      // per gun, its free men within 6 in: gmen[gbeg[g] .. gend[g]) (-1: not yet)
	int *gend;
	int32_t *gmen;
	int ngmen, capgmen;
	int32_t *list; // lw_judge_run's scratch: 4 nfig
} lw_judge;

// Tests only (h10-melee): true makes the judging loop over every figure, count gun crews by
// the plain loop and work every distance out each time it is asked (the plain forms).
bool lw_melee_plain = false;

// The figures a loop over melee mi's participants visits (in figure order; the loops still ask
// melee_of): its own participants, or every figure (lw_melee_plain).
static int lw_members(const lw_judge *j, int mi, const int32_t **v)
{
	if (lw_melee_plain || !j->mem) {
		*v = j->every;
		return j->every ? j->s->nfig : 0;
	}
	*v = j->mem + j->mstart[mi];
	return j->mstart[mi + 1] - j->mstart[mi];
}

static int32_t lw_find(int32_t *p, int32_t x)
{
	while (p[x] != x) {
		p[x] = p[p[x]];
		x = p[x];
	}
	return x;
}

static void lw_union(int32_t *p, int32_t a, int32_t b)
{
	a = lw_find(p, a);
	b = lw_find(p, b);
	if (a == b)
		return;
	if (a < b) // the smaller id is the root: deterministic melee order
		p[b] = a;
	else
		p[a] = b;
}

static int lw_side_ix(const lw_judge *j, const tw_figure *f)
{
	return f->side == j->mover ? 0 : 1;
}

static const char *lw_side_name(const tw_state *s, int side, char *buf, size_t n)
{
	const char *src = (side >= 0 && side < s->nsides && s->sides[side].name[0]) ? s->sides[side].name : "?";
	// h10-melee: snprintf(buf, n, "%s", src) by hand (n > 0): at most n - 1 bytes, then the NUL.
	size_t k = 0;
	for (; k + 1 < n && src[k]; k++)
		buf[k] = src[k];
	buf[k] = '\0';
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
	return buf;
}

// Free men of `side` within 6 in of gun g (LW.MOB.4), not counting men already chosen to go.
static int lw_crew_left(const lw_judge *j, const tw_gun *g, int side)
{
	int c = 0;
	for (int i = 0; i < j->s->nfig; i++) {
		const tw_figure *f = &j->s->fig[i];
		if (f->side == side && j->fate[i] == LW_FATE_LIVE && lw_free_man_near_gun(g, f))
			c++;
	}
	return c;
}

static bool lw_near_gun(const tw_gun *g, const tw_figure *f) { return lw_base_near_gun(g, f->pos, f->radius); }

// h10-melee: gun g's free men of its own side within 6 in (lw_free_man_near_gun), in figure
// order, worked out once a judging: no man or gun moves, and no status changes, while the
// melees are judged (only j->fate does). False when out of memory (the plain loop then).
static bool lw_gun_men(lw_judge *j, int g)
{
	if (j->gbeg[g] >= 0)
		return true;
	const tw_state *s = j->s;
	const tw_gun *gun = &s->gun[g];
	int beg = j->ngmen;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != gun->side || !lw_free_man_near_gun(gun, f))
			continue;
		if (j->ngmen == j->capgmen) {
			int cap = j->capgmen ? 2 * j->capgmen : 64;
			int32_t *v = tw_realloc(j->gmen, (size_t)cap * sizeof *v);
			if (!v) {
				j->ngmen = beg;
				return false;
			}
			j->gmen = v;
			j->capgmen = cap;
		}
		j->gmen[j->ngmen++] = i;
	}
	j->gbeg[g] = beg;
	j->gend[g] = j->ngmen;
	return true;
}

// Fills j->crew[g] with lw_crew_left for the guns `side` controls (-1 for the others).
// h10-melee: lw_crew_left's men are gun g's men (lw_gun_men, g's side being `side`) still
// LW_FATE_LIVE: counted from that list, the same number.
static void lw_count_crews(lw_judge *j, int side)
{
	for (int g = 0; g < j->s->ngun; g++) {
		const tw_gun *gun = &j->s->gun[g];
		if (gun->side != side) {
			j->crew[g] = -1;
		} else if (!lw_melee_plain && j->gbeg && lw_gun_men(j, g)) {
			int c = 0;
			for (int q = j->gbeg[g]; q < j->gend[g]; q++)
				c += j->fate[j->gmen[q]] == LW_FATE_LIVE;
			j->crew[g] = c;
		} else {
			j->crew[g] = lw_crew_left(j, gun, side);
		}
	}
}

// Distance from f to the nearest gun controlled by `side` (large if none).
static double lw_dist_to_guns(const tw_state *s, const tw_figure *f, int side)
{
	double best = 1e18;
	for (int g = 0; g < s->ngun; g++)
		if (s->gun[g].side == side) {
			double d = tw_gun_distance(&s->gun[g], f->pos) - f->radius;
			if (d < best)
				best = d;
		}
	return best;
}

// Gap from f to the nearest man in contact of side index `six` in melee mi.
static double lw_dist_to_contact(const lw_judge *j, const tw_figure *f, int mi, int six)
{
	double best = 1e18;
	const int32_t *v;
	int n = lw_members(j, mi, &v);
	for (int q = 0; q < n; q++) {
		int i = v[q];
		const tw_figure *c = &j->s->fig[i];
		if (j->contact[i] && j->melee_of[i] == mi && lw_side_ix(j, c) == six) {
			double d = lw_gap(f, c);
			if (d < best)
				best = d;
		}
	}
	return best;
}

// h10-melee: lw_dist_to_contact(j, &fig[i], mi, 0) for i a participant of melee mi, once a
// judging (the men in contact do not change while the melees are judged: the same call, the
// same bits).
static double lw_dist_to_contact0(const lw_judge *j, int i, int mi)
{
	if (lw_melee_plain)
		return lw_dist_to_contact(j, &j->s->fig[i], mi, 0);
	if (isnan(j->dcont[i]))
		j->dcont[i] = lw_dist_to_contact(j, &j->s->fig[i], mi, 0);
	return j->dcont[i];
}

// Gap from f to the nearest surviving (LW_FATE_LIVE) participant of side index `six` in melee mi.
static double lw_dist_to_survivor(const lw_judge *j, const tw_figure *f, int mi, int six)
{
	double best = 1e18;
	const int32_t *v;
	int n = lw_members(j, mi, &v);
	for (int q = 0; q < n; q++) {
		int i = v[q];
		const tw_figure *c = &j->s->fig[i];
		if (j->melee_of[i] == mi && j->fate[i] == LW_FATE_LIVE && lw_side_ix(j, c) == six) {
			double d = lw_gap(f, c);
			if (d < best)
				best = d;
		}
	}
	return best;
}

// Lexicographic "a is a better pick than b" on (k0 asc, k1 asc, k2 asc, id asc).
static bool lw_better(const double *a, const double *b, int n)
{
	for (int i = 0; i < n; i++) {
		if (a[i] < b[i] - LW_EPS)
			return true;
		if (a[i] > b[i] + LW_EPS)
			return false;
	}
	return false;
}

// Mover's own dead (LW.MEL.8 default). Greedy, one man at a time; the next to die is the man
// whose loss (1) does not leave one of the mover's guns with fewer than 4 crew, (2) is infantry
// rather than cavalry, (3) stands furthest from the enemy's guns (men near enemy guns may yet
// capture them, LW.CAP.1), (4) lowest id.
static void lw_pick_own_dead(lw_judge *j, int mi, int k)
{
	tw_state *s = j->s;
	for (; k > 0; k--) {
		int best = -1;
		double bk[4] = {0};
		lw_count_crews(j, j->mover);
		const int32_t *v;
		int nv = lw_members(j, mi, &v);
		for (int q = 0; q < nv; q++) {
			int i = v[q];
			const tw_figure *f = &s->fig[i];
			if (j->melee_of[i] != mi || lw_side_ix(j, f) != 0 || j->fate[i] != LW_FATE_LIVE)
				continue;
			double breaks = 0;
			for (int g = 0; g < s->ngun; g++)
				if (j->crew[g] == LW_GUN_CREW && lw_near_gun(&s->gun[g], f))
					breaks = 1;
			// s30 (issue 18): a man's distance to the other side's guns, once a judging (no
			// man or gun moves while the melees are judged; the same call, so the same bits).
			if (isnan(j->dguns[i]))
				j->dguns[i] = lw_dist_to_guns(s, f, j->other);
			double key[4] = {breaks, f->kind == TW_FK_CAVALRY ? 1 : 0, -fmin(j->dguns[i], 1e9), (double)f->id};
			if (best < 0 || lw_better(key, bk, 4)) {
				best = i;
				memcpy(bk, key, sizeof bk);
			}
		}
		if (best < 0)
			return;
		j->fate[best] = LW_FATE_DEAD;
	}
}

// Enemy dead (LW.MEL.8 default, as Red did in LW.EX.6). First put enemy guns out of action:
// repeatedly take the enemy gun that needs the fewest deaths among this melee's enemy
// participants to fall below 4 free crew within 6 in (LW.MOB.4), if the remaining deaths can
// pay for it, and kill men near it (those near most other manned enemy guns, cavalry, nearest
// the contact first). Spend what is left on cavalry before infantry, nearest the contact first.
static void lw_pick_enemy_dead(lw_judge *j, int mi, int k)
{
	tw_state *s = j->s;
	const int32_t *v;
	int nv = lw_members(j, mi, &v);
	while (k > 0) {
		int gbest = -1, gneed = 0;
		lw_count_crews(j, j->other);
		for (int g = 0; g < s->ngun; g++) {
			const tw_gun *gun = &s->gun[g];
			int crew = j->crew[g];
			if (crew < LW_GUN_CREW)
				continue;
			int need = crew - (LW_GUN_CREW - 1), avail = 0;
			for (int q = 0; q < nv; q++) {
				int i = v[q];
				if (j->melee_of[i] == mi && lw_side_ix(j, &s->fig[i]) == 1 &&
				    j->fate[i] == LW_FATE_LIVE && lw_near_gun(gun, &s->fig[i]))
					avail++;
			}
			if (need <= avail && need <= k && (gbest < 0 || need < gneed)) {
				gbest = g;
				gneed = need;
			}
		}
		if (gbest < 0)
			break;
		const tw_gun *target = &s->gun[gbest];
		for (; gneed > 0; gneed--, k--) {
			int best = -1;
			double bk[4] = {0};
			lw_count_crews(j, j->other);
			for (int q = 0; q < nv; q++) {
				int i = v[q];
				const tw_figure *f = &s->fig[i];
				if (j->melee_of[i] != mi || lw_side_ix(j, f) != 1 ||
				    j->fate[i] != LW_FATE_LIVE || !lw_near_gun(target, f))
					continue;
				int others = 0;
				for (int g = 0; g < s->ngun; g++)
					if (g != gbest && j->crew[g] >= LW_GUN_CREW &&
					    lw_near_gun(&s->gun[g], f))
						others++;
				double key[4] = {-(double)others, f->kind == TW_FK_CAVALRY ? 0 : 1,
				                 lw_dist_to_contact0(j, i, mi), (double)f->id};
				if (best < 0 || lw_better(key, bk, 4)) {
					best = i;
					memcpy(bk, key, sizeof bk);
				}
			}
			if (best < 0)
				break;
			j->fate[best] = LW_FATE_DEAD;
		}
	}
	for (; k > 0; k--) {
		int best = -1;
		double bk[3] = {0};
		for (int q = 0; q < nv; q++) {
			int i = v[q];
			const tw_figure *f = &s->fig[i];
			if (j->melee_of[i] != mi || lw_side_ix(j, f) != 1 || j->fate[i] != LW_FATE_LIVE)
				continue;
			double key[3] = {f->kind == TW_FK_CAVALRY ? 0 : 1, lw_dist_to_contact0(j, i, mi),
			                 (double)f->id};
			if (best < 0 || lw_better(key, bk, 3)) {
				best = i;
				memcpy(bk, key, sizeof bk);
			}
		}
		if (best < 0)
			return;
		j->fate[best] = LW_FATE_DEAD;
	}
}

// The smaller side is wholly lost in every outcome (LW.MEL.5-7); the choice is only who is
// taken prisoner and who dies. Enemy prisoners: the men nearest the mover's survivors (so an
// escort is at hand, LW.MEL.11). The mover's own men taken: cavalry first, then the men nearest
// their own back line (soonest freed and rearmed, LW.MEL.12-13).
static void lw_pick_prisoners(lw_judge *j, int mi, int six, int k)
{
	tw_state *s = j->s;
	const int32_t *v;
	int nv = lw_members(j, mi, &v);
	// h10-melee: the mover's survivors (side index 0) are not chosen here, so a man's distance
	// to them stays the same through this call: worked out once (the same call, the same bits).
	if (six == 1 && !lw_melee_plain)
		for (int q = 0; q < nv; q++)
			j->dsurv[v[q]] = NAN;
	for (; k > 0; k--) {
		int best = -1;
		double bk[3] = {0};
		for (int q = 0; q < nv; q++) {
			int i = v[q];
			const tw_figure *f = &s->fig[i];
			if (j->melee_of[i] != mi || lw_side_ix(j, f) != six || j->fate[i] != LW_FATE_LIVE)
				continue;
			double key[3];
			if (six == 1) {
				if (lw_melee_plain) {
					key[0] = lw_dist_to_survivor(j, f, mi, 0);
				} else {
					if (isnan(j->dsurv[i]))
						j->dsurv[i] = lw_dist_to_survivor(j, f, mi, 0);
					key[0] = j->dsurv[i];
				}
				key[1] = 0;
			} else {
				const tw_side *sd = &s->sides[f->side];
				key[0] = f->kind == TW_FK_CAVALRY ? 0 : 1;
				key[1] = sd->forward * (f->pos.y - sd->back_y);
			}
			key[2] = (double)f->id;
			if (best < 0 || lw_better(key, bk, 3)) {
				best = i;
				memcpy(bk, key, sizeof bk);
			}
		}
		if (best < 0)
			return;
		j->fate[best] = LW_FATE_PRISONER;
	}
}

// LW.MEL.8 default policy for the mover, melee by melee in order (earlier melees' losses count
// when later melees look at gun crews):
//  - the larger side's dead are chosen first: the mover's own by lw_pick_own_dead (protect own
//    gun crews, lose infantry before cavalry, keep men near enemy guns), the enemy's by
//    lw_pick_enemy_dead (leave enemy guns with fewer than 4 crew where possible, as in LW.EX.6,
//    then cavalry, then nearest the contact);
//  - then the smaller side's prisoners (lw_pick_prisoners); the rest of the smaller side die.
static void lw_default_choice(lw_judge *j, int mi)
{
	lw_melee *m = &j->m[mi];
	tw_state *s = j->s;
	const int32_t *v;
	int nv = lw_members(j, mi, &v);
	if (m->small < 0) { // LW.MEL.5: no choice, all die
		for (int q = 0; q < nv; q++)
			if (j->melee_of[v[q]] == mi)
				j->fate[v[q]] = LW_FATE_DEAD;
		return;
	}
	int large = 1 - m->small;
	if (large == 0)
		lw_pick_own_dead(j, mi, m->need_dead[0]);
	else
		lw_pick_enemy_dead(j, mi, m->need_dead[1]);
	lw_pick_prisoners(j, mi, m->small, m->need_pris[m->small]);
	for (int q = 0; q < nv; q++) {
		int i = v[q];
		if (j->melee_of[i] == mi && lw_side_ix(j, &s->fig[i]) == m->small &&
		    j->fate[i] == LW_FATE_LIVE)
			j->fate[i] = LW_FATE_DEAD;
	}
}

// LW.MEL.8: the END_MOVE order's choices must match the arithmetic of every melee exactly.
static tw_status lw_check_choice(lw_judge *j, const tw_order *end, tw_error *err)
{
	tw_state *s = j->s;
	char n0[16], n1[16];
	const int32_t *lists[2] = {end->fig, end->fig2};
	const int counts[2] = {end->nfig, end->nfig2};
	for (int l = 0; l < 2; l++) {
		if (counts[l] < 0 || counts[l] > TW_ORDER_MAX_FIG)
			return tw_error_set(err, TW_ERR_INPUT, "LW.MEL.8",
			                    "bad number of chosen figures (%d)", counts[l]);
		for (int k = 0; k < counts[l]; k++) {
			int32_t id = lists[l][k];
			if (id < 0 || id >= s->nfig)
				return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.8",
				                    "figure %d does not exist", id);
			if (j->melee_of[id] < 0)
				return tw_error_set(
				    err, TW_ERR_ILLEGAL, "LW.MEL.8",
				    "figure %d is not a participant in any melee; only participants can be "
				    "chosen to die or be taken prisoner",
				    id);
			if (j->fate[id] != LW_FATE_LIVE)
				return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.8",
				                    "figure %d is chosen twice", id);
			j->fate[id] = l == 0 ? LW_FATE_DEAD : LW_FATE_PRISONER;
		}
	}
	for (int mi = 0; mi < j->nmelee; mi++) {
		lw_melee *m = &j->m[mi];
		int dead[2] = {0, 0}, pris[2] = {0, 0};
		const int32_t *v;
		int nv = lw_members(j, mi, &v);
		for (int q = 0; q < nv; q++) {
			int i = v[q];
			if (j->melee_of[i] != mi)
				continue;
			int six = lw_side_ix(j, &s->fig[i]);
			if (j->fate[i] == LW_FATE_DEAD)
				dead[six]++;
			else if (j->fate[i] == LW_FATE_PRISONER)
				pris[six]++;
		}
		const char *nm[2] = {lw_side_name(s, j->mover, n0, sizeof n0),
		                     lw_side_name(s, j->other, n1, sizeof n1)};
		for (int six = 0; six < 2; six++) {
			if (dead[six] != m->need_dead[six])
				return tw_error_set(
				    err, TW_ERR_ILLEGAL, "LW.MEL.8",
				    "melee %d (%d %s against %d %s): %d %s must die (LW.MEL.%d), %d chosen",
				    m->number, m->n[0], nm[0], m->n[1], nm[1], m->need_dead[six], nm[six],
				    m->r.clause, dead[six]);
			if (pris[six] != m->need_pris[six])
				return tw_error_set(
				    err, TW_ERR_ILLEGAL, "LW.MEL.8",
				    "melee %d (%d %s against %d %s): %d %s must be taken prisoner "
				    "(LW.MEL.%d), %d chosen",
				    m->number, m->n[0], nm[0], m->n[1], nm[1], m->need_pris[six], nm[six],
				    m->r.clause, pris[six]);
		}
	}
	return TW_OK;
}

// "LW.MEL.<c>" into buf (20 bytes), as snprintf(buf, 20, "LW.MEL.%d", c) writes it; h10-melee:
// by hand for the one-digit clauses (LW.MEL.5-7 are the only ones lw_melee_math gives).
static void lw_melee_clause(char *buf, size_t n, int c)
{
	if (c >= 0 && c <= 9 && n >= 9) {
		memcpy(buf, "LW.MEL.", 7);
		buf[7] = (char)('0' + c);
		buf[8] = '\0';
	} else {
		snprintf(buf, n, "LW.MEL.%d", c);
	}
}

static void lw_melee_event(lw_judge *j, int mi, tw_events *ev)
{
	tw_state *s = j->s;
	lw_melee *m = &j->m[mi];
	char n0[16], n1[16], clause[20], what[96];
	lw_melee_clause(clause, sizeof clause, m->r.clause);
	lw_side_name(s, j->mover, n0, sizeof n0);
	lw_side_name(s, j->other, n1, sizeof n1);
	if (m->small < 0) {
		snprintf(what, sizeof what, "equal numbers: all %d die", m->n[0] + m->n[1]);
	} else {
		const char *sn = m->small == 0 ? n0 : n1;
		int S = m->n[m->small];
		if (m->r.clause == 6)
			snprintf(what, sizeof what,
			         "%s isolated (%d supporter%s, needs %d): %d prisoner%s, %d dead each side", sn,
			         m->supporters, m->supporters == 1 ? "" : "s", (S + 1) / 2, m->r.prisoners,
			         m->r.prisoners == 1 ? "" : "s", m->r.dead_small);
		else
			snprintf(what, sizeof what,
			         "%s supported (%d supporter%s, needs %d): %d dead each side", sn,
			         m->supporters, m->supporters == 1 ? "" : "s", (S + 1) / 2, m->r.dead_small);
	}
	tw_event *e = tw_events_push(ev, TW_EV_MELEE, j->mover, clause);
	if (!e)
		return;
	e->move_no = s->move_no;
	e->a = m->number;
	e->b = m->n[0];
	e->c = m->n[1];
	e->d = m->r.clause;
	e->x = m->at.x;
	e->y = m->at.y;
	e->v = m->supporters;
	tw_event_text(e, "Melee %d: %d %s against %d %s; %s", m->number, m->n[0], n0, m->n[1], n1, what);
	// Its participants, one event each, by figure id: the men in contact (LW.MEL.2) and the men
	// drawn in by being within 6 in of one of them (LW.MEL.4). The table highlights them.
	const int32_t *v;
	int nv = lw_members(j, mi, &v);
	for (int q = 0; q < nv; q++) {
		int i = v[q];
		if (j->melee_of[i] != mi)
			continue;
		const tw_figure *f = &s->fig[i];
		bool contact = j->contact[i] != 0;
		char sn[16];
		tw_event *p = tw_events_push(ev, TW_EV_MELEE_MEMBER, f->side, contact ? "LW.MEL.2" : "LW.MEL.4");
		if (!p)
			return;
		p->move_no = s->move_no;
		p->a = f->id;
		p->b = m->number;
		p->c = contact ? 1 : 0;
		p->x = f->pos.x;
		p->y = f->pos.y;
		tw_event_text(p, "figure %d (%s) in melee %d: %s", f->id, lw_side_name(s, f->side, sn, sizeof sn),
		              m->number, contact ? "in contact" : "drawn in, within 6 in of a man in contact");
	}
}

// Figures by x for the pair sweeps below: (x, index), sorted by x.
typedef struct lw_xkey {
	double x;
	int i;
} lw_xkey;

static int lw_xkey_cmp(const void *a, const void *b)
{
	const lw_xkey *p = a, *q = b;
	int c = (p->x > q->x) - (p->x < q->x);
	return c ? c : (p->i > q->i) - (p->i < q->i);
}

// The first key with x >= v (n when none).
static int lw_xkey_lower(const lw_xkey *k, int n, double v)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (k[mid].x < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

// Tables of at least this many figures look for contacts by a sweep in x (below: the plain
// double loops). Either finds the same pairs, and the melees depend on the set of pairs only
// (union-find components, numbered by their lowest member). Tests set it to compare the two.
// h5-hook (issue 18): 64, down from 512: Hook's Farm's 150 figures sweep too (-1.7% of its
// instructions, `perf_check work`).
int lw_melee_sweep_min_figs = 64;

// Runs a statement for every figure a listed in as[] and b in bs[] with |x_a - x_b| <= r_a +
// rmax_b + lim + 1e-3 (at least every pair lw_may_be_within(a, b, lim) passes, all positions
// finite): bs sorted by x in keys. The statement (a block using a and b) is the last argument.
#define LW_SWEEP_PAIRS(s, as, na, keys, nk, rmax, lim, ...)                                         \
	for (int sa_ = 0; sa_ < (na); sa_++) {                                                      \
		int a = (as)[sa_];                                                                     \
		const tw_figure *fa_ = &(s)->fig[a];                                                   \
		double w_ = fa_->radius + (rmax) + (lim) + 1e-3;                                       \
		for (int k_ = lw_xkey_lower(keys, nk, fa_->pos.x - w_); k_ < (nk) && (keys)[k_].x <= fa_->pos.x + w_; \
		     k_++) {                                                                           \
			int b = (keys)[k_].i;                                                          \
			__VA_ARGS__                                                                    \
		}                                                                                      \
	}

// h10-melee (issue 18): the figures of a list in cells along x instead of sorted by x, for
// the same sweeps: every figure whose x lies in [lo, hi] is in a cell from lw_xcell(lo) to
// lw_xcell(hi) (x - x0, the product by 1/c > 0, the clamping and the truncation each keep the
// order of their arguments), so the pairs visited through the cells are at least the pairs the
// sorted sweep visits (x within [x_a - w, x_a + w]), and so at least every pair
// lw_may_be_within passes. The statements run on those pairs test them in full and only set
// flags and join sets (the melees depend on the set of pairs only), so the same melees come
// out. Counting the figures into cells is cheaper than sorting them; no more cells than
// figures, each about as wide as the widest window.
typedef struct lw_xgrid {
	int nb;     // cells (0: no figures)
	double x0;  // the least x
	double inv; // 1 / a cell's width (> 0 when nb > 1)
	int32_t *start; // cell k's figures: idx[start[k] .. start[k + 1])
	int32_t *idx;
} lw_xgrid;

static inline int lw_xcell(const lw_xgrid *g, double x)
{
	if (g->nb <= 1)
		return 0;
	double t = (x - g->x0) * g->inv;
	if (!(t > 0))
		return 0;
	if (t >= (double)g->nb)
		return g->nb - 1;
	return (int)t;
}

// The cells of the n figures bs[] (finite places), each window at most W wide either side; mem:
// 3 n + 2 ints. False when their span is not a finite number (the sorted sweep then).
static bool lw_xgrid_make(lw_xgrid *g, const tw_state *s, const int32_t *bs, int n, double W, int32_t *mem)
{
	g->nb = 0;
	g->start = mem;
	g->idx = mem + n + 2;
	g->start[0] = g->start[1] = 0;
	if (n <= 0)
		return true;
	double x0 = s->fig[bs[0]].pos.x, x1 = x0;
	for (int k = 1; k < n; k++) {
		double x = s->fig[bs[k]].pos.x;
		if (x < x0)
			x0 = x;
		if (x > x1)
			x1 = x;
	}
	double span = x1 - x0, q = 2 * span / W; // cells half a window wide
	if (!isfinite(span) || !isfinite(q) || !(W > 0))
		return false;
	int nb = q < (double)n ? (int)q + 1 : n;
	double inv = nb > 1 ? nb / span : 0;
	if (!(inv > 0 && isfinite(inv)))
		nb = 1;
	g->nb = nb;
	g->x0 = x0;
	g->inv = inv;
	int32_t *start = g->start, *cell = mem + 2 * n + 2;
	for (int k = 0; k <= nb; k++)
		start[k] = 0;
	for (int k = 0; k < n; k++) {
		cell[k] = lw_xcell(g, s->fig[bs[k]].pos.x);
		start[cell[k] + 1]++;
	}
	for (int k = 0; k < nb; k++)
		start[k + 1] += start[k];
	for (int k = 0; k < n; k++) // in list order within a cell; start[k] moves to start[k + 1]
		g->idx[start[cell[k]]++] = bs[k];
	for (int k = nb; k > 0; k--)
		start[k] = start[k - 1];
	start[0] = 0;
	return true;
}

// Runs a statement for every figure a listed in as[] and every b in the cells of g from
// lw_xcell(x_a - w) to lw_xcell(x_a + w), w = r_a + rmax + lim + 1e-3 (LW_SWEEP_PAIRS' window).
#define LW_GRID_PAIRS(s, as, na, g, rmax, lim, ...)                                                \
	for (int sa_ = 0; sa_ < (na); sa_++) {                                                      \
		int a = (as)[sa_];                                                                     \
		const tw_figure *fa_ = &(s)->fig[a];                                                   \
		double w_ = fa_->radius + (rmax) + (lim) + 1e-3;                                       \
		int c0_ = lw_xcell(g, fa_->pos.x - w_), c1_ = lw_xcell(g, fa_->pos.x + w_);            \
		for (int k_ = (g)->start[c0_]; k_ < (g)->start[c1_ + 1]; k_++) {                      \
			int b = (g)->idx[k_];                                                          \
			__VA_ARGS__                                                                    \
		}                                                                                      \
	}

static tw_status lw_judge_run(lw_judge *j, const tw_order *end, bool validate_only, tw_events *ev,
                              tw_error *err)
{
	tw_state *s = j->s;
	int nf = s->nfig;
	for (int i = 0; i < nf; i++) {
		j->parent[i] = i;
		j->melee_of[i] = -1;
	}
	// The enemy's free men, the mover's, every free man, then the men in contact, listed in
	// figure order: the loops below visit exactly the pairs the plain double loops over every
	// figure would, in their order. (j->list, on the heap: the rules also run on the browser
	// table's threads, whose stacks are small.) h10-melee: the three lists, the largest free
	// man's radius and whether every free man stands at a finite place, in one pass.
	int32_t *enemy = j->list, *mine = j->list + nf, *freem = j->list + 2 * nf, *cont = j->list + 3 * nf;
	int ne = 0, nmine = 0, nfree = 0, nc = 0;
	double rmax = 0;
	bool finite = true;
	const bool ks = LWG(s)->ks != 0;
	for (int b = 0; b < nf; b++) {
		const tw_figure *f = &s->fig[b];
		if (!lw_is_free_man(f) || (ks && lw_ks_general_immune(s, f))) // KS.GNL.2: invulnerable, in no melee
			continue;
		freem[nfree++] = b;
		if (f->side != j->mover)
			enemy[ne++] = b;
		else
			mine[nmine++] = b;
		if (finite) {
			finite = isfinite(f->pos.x) && isfinite(f->pos.y) && isfinite(f->radius) && f->radius >= 0;
			// fmax(rmax, radius) for radii >= 0 but for the sign of a zero, which no sum with
			// rmax below can show (a + 0.0 and a + -0.0 differ only for a = -0.0, then + lim).
			if (f->radius > rmax)
				rmax = f->radius;
		}
	}
	// A large table with every free man at a finite place: sweeps in x (the same pairs).
	lw_xkey *keys = NULL;
	bool sweep = nf >= lw_melee_sweep_min_figs && finite;
	if (sweep) {
		// The sorted sweep's keys, then (h10-melee) the cells' 3 nf + 2 ints.
		keys = tw_malloc((size_t)nf * sizeof *keys + ((size_t)nf * 3 + 2) * sizeof(int32_t));
		sweep = keys != NULL;
	}
	int32_t *gmem = sweep ? (int32_t *)(void *)(keys + nf) : NULL;
	lw_xgrid grid;
	// LW.MEL.2/3: contacts between the mover's free men and enemy free men.
	bool any = false;
	if (sweep && !lw_melee_plain && lw_xgrid_make(&grid, s, enemy, ne, 2 * rmax + LW_CONTACT + LW_EPS + 1e-3, gmem)) {
		LW_GRID_PAIRS(s, mine, nmine, &grid, rmax, LW_CONTACT + LW_EPS, {
			const tw_figure *fa = &s->fig[a], *fb = &s->fig[b];
			if (lw_may_be_within(fa, fb, LW_CONTACT + LW_EPS) && lw_gap(fa, fb) <= LW_CONTACT + LW_EPS) {
				j->contact[a] = j->contact[b] = 1;
				j->part[a] = j->part[b] = 1;
				lw_union(j->parent, a, b);
				any = true;
			}
		})
	} else if (sweep) {
		for (int k = 0; k < ne; k++)
			keys[k] = (lw_xkey){s->fig[enemy[k]].pos.x, enemy[k]};
		qsort(keys, (size_t)ne, sizeof *keys, lw_xkey_cmp);
		LW_SWEEP_PAIRS(s, mine, nmine, keys, ne, rmax, LW_CONTACT + LW_EPS, {
			const tw_figure *fa = &s->fig[a], *fb = &s->fig[b];
			if (lw_may_be_within(fa, fb, LW_CONTACT + LW_EPS) && lw_gap(fa, fb) <= LW_CONTACT + LW_EPS) {
				j->contact[a] = j->contact[b] = 1;
				j->part[a] = j->part[b] = 1;
				lw_union(j->parent, a, b);
				any = true;
			}
		})
	} else
		for (int sa = 0; sa < nmine; sa++) {
			int a = mine[sa];
			const tw_figure *fa = &s->fig[a];
			for (int k = 0; k < ne; k++) {
				int b = enemy[k];
				const tw_figure *fb = &s->fig[b];
				if (lw_may_be_within(fa, fb, LW_CONTACT + LW_EPS) && lw_gap(fa, fb) <= LW_CONTACT + LW_EPS) {
					j->contact[a] = j->contact[b] = 1;
					j->part[a] = j->part[b] = 1;
					lw_union(j->parent, a, b);
					any = true;
				}
			}
		}
	bool chosen = end && (end->nfig > 0 || end->nfig2 > 0);
	if (!any) {
		tw_free(keys);
		if (chosen)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.8",
			                    "no melee has formed, so there are no casualties to choose");
		return TW_OK;
	}
	for (int x = 0; x < nf; x++)
		if (j->contact[x])
			cont[nc++] = x;
	// LW.MEL.4: one step from the men in contact; prisoners and unrearmed men are not free
	// (LW.MEL.15) and so never take part. A man in contact within 6 in of another contact's man
	// is a participant of both, so the two contacts make one melee.
	if (sweep && !lw_melee_plain && lw_xgrid_make(&grid, s, cont, nc, 2 * rmax + LW_REACH + LW_EPS + 1e-3, gmem)) {
		LW_GRID_PAIRS(s, freem, nfree, &grid, rmax, LW_REACH + LW_EPS, {
			const tw_figure *fm = &s->fig[a];
			if (b != a && lw_may_be_within(fm, &s->fig[b], LW_REACH + LW_EPS) &&
			    lw_gap(fm, &s->fig[b]) <= LW_REACH + LW_EPS) {
				j->part[a] = 1;
				lw_union(j->parent, a, b);
			}
		})
	} else if (sweep) {
		for (int k = 0; k < nc; k++)
			keys[k] = (lw_xkey){s->fig[cont[k]].pos.x, cont[k]};
		qsort(keys, (size_t)nc, sizeof *keys, lw_xkey_cmp);
		LW_SWEEP_PAIRS(s, freem, nfree, keys, nc, rmax, LW_REACH + LW_EPS, {
			const tw_figure *fm = &s->fig[a];
			if (b != a && lw_may_be_within(fm, &s->fig[b], LW_REACH + LW_EPS) &&
			    lw_gap(fm, &s->fig[b]) <= LW_REACH + LW_EPS) {
				j->part[a] = 1;
				lw_union(j->parent, a, b);
			}
		})
	} else
		for (int sm = 0; sm < nfree; sm++) {
			int m = freem[sm];
			const tw_figure *fm = &s->fig[m];
			for (int k = 0; k < nc; k++) {
				int x = cont[k];
				if (x == m)
					continue;
				if (lw_may_be_within(fm, &s->fig[x], LW_REACH + LW_EPS) &&
				    lw_gap(fm, &s->fig[x]) <= LW_REACH + LW_EPS) {
					j->part[m] = 1;
					lw_union(j->parent, m, x);
				}
			}
		}
	tw_free(keys);
	// Number the melees by their lowest figure id (the union-find root).
	int32_t *root_melee = j->melee_of; // reuse: first pass maps roots, second pass members
	int32_t *rootix = j->list; // the lists above are done with
	for (int i = 0; i < nf; i++)
		rootix[i] = -1;
	j->nmelee = 0;
	for (int i = 0; i < nf; i++) {
		if (!j->part[i])
			continue;
		int32_t r = lw_find(j->parent, i);
		if (rootix[r] < 0)
			rootix[r] = j->nmelee++;
	}
	for (int i = 0; i < nf; i++)
		root_melee[i] = j->part[i] ? rootix[lw_find(j->parent, i)] : -1;
	// h10-melee: each melee's participants, in figure order (lw_members), and the distances
	// worked out once a judging, none yet.
	for (int mi = 0; mi <= j->nmelee; mi++)
		j->mstart[mi] = 0;
	for (int i = 0; i < nf; i++)
		if (j->melee_of[i] >= 0)
			j->mstart[j->melee_of[i] + 1]++;
	for (int mi = 0; mi < j->nmelee; mi++) {
		j->mstart[mi + 1] += j->mstart[mi];
		rootix[mi] = j->mstart[mi]; // the next place in melee mi's list
	}
	for (int i = 0; i < nf; i++)
		if (j->melee_of[i] >= 0)
			j->mem[rootix[j->melee_of[i]]++] = i;
	for (int i = 0; i < nf; i++) {
		j->dguns[i] = NAN;
		j->dcont[i] = NAN;
		j->every[i] = i;
	}
	for (int g = 0; g < s->ngun; g++)
		j->gbeg[g] = j->gend[g] = -1;
	j->m = tw_calloc((size_t)j->nmelee, sizeof *j->m);
	if (!j->m)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	for (int mi = 0; mi < j->nmelee; mi++)
		j->m[mi].number = LWG(s)->melees + 1 + mi;
	// Count participants; the first contact (lowest mover id, lowest enemy id) locates the melee.
	for (int i = 0; i < nf; i++) {
		int mi = j->melee_of[i];
		if (mi < 0)
			continue;
		int six = lw_side_ix(j, &s->fig[i]);
		j->m[mi].n[six]++;
		if (j->contact[i])
			j->m[mi].ncontact[six]++;
	}
	uint8_t *located = tw_calloc((size_t)j->nmelee, 1);
	if (!located)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	for (int a = 0; a < nf; a++) {
		const tw_figure *fa = &s->fig[a];
		if (!j->contact[a] || fa->side != j->mover || located[j->melee_of[a]])
			continue;
		for (int b = 0; b < nf; b++) {
			const tw_figure *fb = &s->fig[b];
			if (j->contact[b] && fb->side != j->mover && lw_gap(fa, fb) <= LW_CONTACT + LW_EPS) {
				j->m[j->melee_of[a]].at = tw_scale(tw_add(fa->pos, fb->pos), 0.5);
				located[j->melee_of[a]] = 1;
				break;
			}
		}
	}
	tw_free(located);
	// LW.MEL.5-7 for each melee; the smaller side's support is counted from its men in contact
	// (LW.MEL.6) and excludes every participant of every melee (LW.MEL.1 Interpretation).
	int32_t *body = j->list;
	for (int mi = 0; mi < j->nmelee; mi++) {
		lw_melee *m = &j->m[mi];
		if (m->n[0] == m->n[1]) {
			m->small = -1;
			m->r = lw_melee_math(m->n[0], m->n[1], false);
			m->need_dead[0] = m->need_dead[1] = m->n[0];
			continue;
		}
		m->small = m->n[0] < m->n[1] ? 0 : 1;
		int side = m->small == 0 ? j->mover : j->other;
		int nb = 0;
		const int32_t *v;
		int nv = lw_members(j, mi, &v);
		for (int q = 0; q < nv; q++) {
			int i = v[q];
			if (j->melee_of[i] == mi && j->contact[i] && lw_side_ix(j, &s->fig[i]) == m->small)
				body[nb++] = i;
		}
		int S = m->n[m->small], L = m->n[1 - m->small];
		m->supporters = lw_supporters(s, side, body, nb, j->part);
		m->isolated = m->supporters * 2 < S;
		m->r = lw_melee_math(L, S, m->isolated);
		m->need_dead[m->small] = m->r.dead_small;
		m->need_dead[1 - m->small] = m->r.dead_large;
		m->need_pris[m->small] = m->r.prisoners;
	}
	// LW.MEL.8: the mover's choice, or the default policy.
	if (chosen) {
		tw_status st = lw_check_choice(j, end, err);
		if (st != TW_OK)
			return st;
	} else {
		for (int mi = 0; mi < j->nmelee; mi++)
			lw_default_choice(j, mi);
	}
	if (validate_only)
		return TW_OK;
	// Apply, melee by melee: the melee, its dead, its prisoners.
	LWG(s)->melees += j->nmelee;
	for (int mi = 0; mi < j->nmelee; mi++) {
		lw_melee *m = &j->m[mi];
		char clause[20];
		lw_melee_clause(clause, sizeof clause, m->r.clause);
		if (ev)
			lw_melee_event(j, mi, ev);
		const int32_t *v;
		int nv = lw_members(j, mi, &v);
		for (int pass = 0; pass < 2; pass++) {
			for (int q = 0; q < nv; q++) {
				int i = v[q];
				tw_figure *f = &s->fig[i];
				if (j->melee_of[i] != mi)
					continue;
				LWF(s, f)->marks &= ~(uint32_t)LW_MARK_CONTACT;
				if (pass == 0 && j->fate[i] == LW_FATE_DEAD) {
					f->status = TW_FS_DEAD;
					f->flags &= ~(uint32_t)TW_FF_LYING;
					LWF(s, f)->marks &= ~(uint32_t)LW_MARK_TRAIL;
					tw_event *e =
					    ev ? tw_events_push(ev, TW_EV_KILL, f->side, clause) : NULL;
					if (e) {
						e->move_no = s->move_no;
						e->a = f->id;
						e->b = 4;
						e->x = f->pos.x;
						e->y = f->pos.y;
						tw_event_text(e, "figure %d killed in melee %d", f->id,
						              m->number);
					}
				} else if (pass == 1 && j->fate[i] == LW_FATE_PRISONER) {
					int captor = f->side == j->mover ? j->other : j->mover;
					f->status = LW_FS_PRISONER;
					LWF(s, f)->captor = (int8_t)captor;
					LWF(s, f)->escort = -1;
					f->flags &= ~(uint32_t)TW_FF_LYING;
					LWF(s, f)->marks &= ~(uint32_t)(LW_MARK_TRAIL | LW_MARK_SURRENDERED);
					tw_event *e =
					    ev ? tw_events_push(ev, TW_EV_PRISONER, f->side, clause) : NULL;
					if (e) {
						e->move_no = s->move_no;
						e->a = f->id;
						e->b = captor;
						e->x = f->pos.x;
						e->y = f->pos.y;
						tw_event_text(e, "figure %d taken prisoner in melee %d",
						              f->id, m->number);
					}
				}
			}
		}
	}
	// LW.MEL.11: escorts, once every melee's dead are known (an escort must be a free man).
	int32_t *pris = j->list;
	for (int mi = 0; mi < j->nmelee; mi++) {
		const lw_melee *m = &j->m[mi];
		if (m->small < 0 || m->r.prisoners == 0)
			continue;
		int np = 0;
		const int32_t *v;
		int nv = lw_members(j, mi, &v);
		for (int q = 0; q < nv; q++) {
			int i = v[q];
			if (j->melee_of[i] == mi && j->fate[i] == LW_FATE_PRISONER)
				pris[np++] = i;
		}
		int captor = m->small == 0 ? j->other : j->mover;
		lw_assign_escorts(s, captor, pris, np, ev);
	}
	return TW_OK;
}

tw_status lw_judge_melees(tw_state *s, const tw_order *end, bool validate_only, tw_events *ev, tw_error *err)
{
	if (s->mover < 0 || s->mover >= s->nsides)
		return TW_OK;
	lw_judge j;
	memset(&j, 0, sizeof j);
	j.s = s;
	j.mover = s->mover;
	j.other = lw_enemy(s->mover);
	// h10-melee: every array of a judging in one block (it was twelve), by their alignment:
	// doubles, then 32-bit ints, then bytes.
	size_t nf = (size_t)(s->nfig > 0 ? s->nfig : 1), ng = (size_t)(s->ngun > 0 ? s->ngun : 1);
	size_t nd = 3 * nf, ni = 4 * nf + 1 + 4 * nf + nf + 3 * ng, nb = 3 * nf;
	char *block = tw_malloc(nd * sizeof(double) + ni * sizeof(int32_t) + nb);
	tw_status st;
	if (!block) {
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	} else {
		double *d = (double *)(void *)block;
		j.dguns = d;
		j.dcont = d + nf;
		j.dsurv = d + 2 * nf;
		int32_t *w = (int32_t *)(void *)(d + nd);
		j.parent = w;
		j.melee_of = w + nf;
		j.mem = w + 2 * nf;
		j.every = w + 3 * nf;
		j.mstart = w + 4 * nf;          // nf + 1: a melee has two men at least, so nmelee < nf
		j.list = w + 5 * nf + 1;        // 4 nf: the lists of lw_judge_run
		j.crew = w + 9 * nf + 1;        // ng each
		j.gbeg = j.crew + ng;
		j.gend = j.gbeg + ng;
		uint8_t *u = (uint8_t *)(w + ni);
		memset(u, 0, nb);
		j.contact = u;
		j.part = u + nf;
		j.fate = u + 2 * nf;
		st = lw_judge_run(&j, end, validate_only, ev, err);
	}
	tw_free(block);
	tw_free(j.gmen);
	tw_free(j.m);
	return st;
}
