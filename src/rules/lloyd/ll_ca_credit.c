// Nikolas Lloyd's campaign: CA.D2's VPs by commander in battle 4 played 2v2 (CA.D1). "A VP counts
// against the commander whose contingent or group suffered it. Holding-the-field VPs count against
// the losing commander with the most points present." Every VP of a battle with allies counts FOR
// one commander and AGAINST one (docs/lloyd.md, "CA.D2 by commander"):
// - a leader killed (CA.D2): for the commander of the man who killed him (ll_ca_note_kill: NQ
//   melee and shooting), else the enemy commander with the most points present; against the dead
//   leader's own commander;
// - a contingent broken (CA.D2): in 2v2 each commander's men are his contingent: against him; for
//   the enemy commander with the most points present;
// - holding the field (TF.D7): for the holding side's commander with the most points present,
//   against the losing commander with the most points present;
// - an off-table result (TF.D4): for the commander whose group fought there (the most points at
//   the location), against the loser's there.
// The side's vp and vp_against stay the side's totals (TF.D6); the ally's share is kept apart
// (vp_ally, vpa_ally), the lead commander's is the rest. CA.D3 (ll_owner.c, ll_series.c) takes
// each commander's own figures (ll_ca_share).
#include <string.h>

#include "ll.h"

bool ll_ca_allied(const tw_state *s, int side)
{
	return side >= 0 && side < s->nsides && LLS(s, side)->ally1 > 0;
}

int ll_ca_lead(const tw_state *s, int side)
{
	return side >= 0 && side < s->nsides ? LLS(s, side)->owner : -1;
}

const char *ll_ca_name(const tw_state *s, int side, int c)
{
	if (side < 0 || side >= s->nsides)
		return "nobody";
	const ll_side *sd = LLS(s, side);
	return sd->ally1 > 0 && c == sd->ally1 - 1 ? sd->ally_name : s->sides[side].name;
}

// The commander with the most of val(j) over side's men matching keep(j); ties to the lead.
static int most(const tw_state *s, int side, int l, int mode)
{
	int lead = ll_ca_lead(s, side);
	if (!ll_ca_allied(s, side))
		return lead;
	int al = LLS(s, side)->ally1 - 1, p[2] = {0, 0}, q[2] = {0, 0};
	for (int j = 0; j < s->nfig; j++) {
		if (s->fig[j].side != side)
			continue;
		const ll_frec *r = LLF(s, j);
		int c = r->owner == al ? 1 : 0;
		if (mode == 1) { // at location l (TF.D2's allocation)
			p[c] += r->loc == l ? r->pts : 0;
		} else if (ll_fights(s, j)) { // present: in good order first, then anyone on the table
			p[c] += r->wounded ? 0 : r->pts;
			q[c] += r->pts;
		}
	}
	return p[1] > p[0] || (p[1] == p[0] && q[1] > q[0]) ? al : lead;
}

int ll_ca_present(const tw_state *s, int side) { return most(s, side, 0, 0); }

int ll_ca_at(const tw_state *s, int side, int l) { return most(s, side, l, 1); }

void ll_ca_note_kill(tw_state *s, int victim, int by)
{
	if (victim < 0 || victim >= s->nfig || by < 0 || by >= s->nfig || s->fig[victim].status != TW_FS_DEAD)
		return;
	ll_frec *r = LLF(s, victim);
	if (!r->killer1 && LLF(s, by)->owner >= 0)
		r->killer1 = LLF(s, by)->owner + 1;
}

void ll_ca_credit(tw_state *s, int to, int cfor, int against, int cag, int vp)
{
	if (ll_ca_allied(s, to) && cfor == LLS(s, to)->ally1 - 1)
		LLS(s, to)->vp_ally += vp;
	if (ll_ca_allied(s, against) && cag == LLS(s, against)->ally1 - 1)
		LLS(s, against)->vpa_ally += vp;
}

void ll_ca_who(const tw_state *s, int to, int cfor, int against, int cag, char *buf, size_t n)
{
	if (!n)
		return;
	buf[0] = 0;
	if (!ll_ca_allied(s, to) && !ll_ca_allied(s, against))
		return;
	snprintf(buf, n, " (CA.D2: for %s, against %s)", to >= 0 ? ll_ca_name(s, to, cfor) : "nobody",
		 against >= 0 ? ll_ca_name(s, against, cag) : "nobody");
}

void ll_ca_share(const tw_state *s, int side, int c, int *scored, int *against)
{
	const ll_side *sd = LLS(s, side);
	if (sd->ally1 <= 0) {
		*scored = sd->vp;
		*against = sd->vp_against;
		return;
	}
	*scored = c ? sd->vp_ally : sd->vp - sd->vp_ally;
	*against = c ? sd->vpa_ally : sd->vp_against - sd->vpa_ally;
}
