// Science versus Luck: the makers' descriptions as printed in the exhibition catalogue (SV.GUN.3),
// shown with the label cards (SV.GUN.2); text as the catalogue gives it.
#include "tinwar/svl.h"

const tw_sv_description tw_sv_descriptions[TW_SV_GUN_COUNT] = {
	[TW_SV_VUL] = {"Messrs Hargreaves & Tolley, by appointment gunfounders to three Admiralties, beg to present a "
		       "field piece of reach hitherto unknown. Its barrel, rifled by a process no rival house "
		       "possesses, hurls its shot a clear twelve feet; its lock is finished with such care that a crew "
		       "may expect scarcely one failure in a hundred discharges; and an ordinary detachment will serve "
		       "it six times in the minute. The gun for a Power that intends to be heeded.",
		     "a long, slender barrel of polished steel banded with brass, on a carriage painted scarlet."},
	[TW_SV_STA] = {"The brothers Stahlmann do not deal in superlatives. This gun is drawn from a single casting of "
		       "crucible steel and proved at the works before it leaves. It carries nine feet, fires three "
		       "rounds a minute when served without undue haste, and has been known to fail perhaps five times "
		       "in a hundred. Plain to look at; honest in the field.",
		     "a squat, dull grey barrel on a plain iron carriage; no ornament at all."},
	[TW_SV_TEM] = {"Gentlemen, behold the wonder of the age! The patent breech of Monsieur Duval the elder "
		       "recharges the piece almost before the smoke has cleared — TEN rounds in a minute, witnessed and"
		       " attested. Ten feet of range, a sight of the improved pattern, a lock as true as a Geneva "
		       "watch, and the grace of line for which our house is admired on two continents.",
		     "a short bronze barrel with an intricate hinged breech and a small brass leaf sight."},
	[TW_SV_ALP] = {"Made in the mountains for the mountains. A single stout fellow may carry it up a mule-path, yet"
		       " it throws its shot eight feet and may be served five times a minute. Commended to every state "
		       "whose borders are steep and whose Treasury is prudent.",
		     "a tiny gun on small wheels, with carrying handles and a leather muzzle cap."},
	[TW_SV_IMP] = {"Cast in the Royal Foundry under the gracious patronage of His Majesty, gilded with the arms of "
		       "the Royal House and borne upon a carriage of polished walnut. Fourteen feet of range — the "
		       "longest in the Exhibition; a great telescopic sight without equal; and in the Royal service a "
		       "misfire is a thing no man has witnessed. A gun for kings, offered to the nations at a price "
		       "befitting its dignity.",
		     "a large gilded barrel crowned with an eagle, a walnut carriage and an enormous brass telescope."},
	[TW_SV_ECO] = {"Why pay a prince's ransom? The Cheapside works supplies a complete and handsome piece — ten "
		       "feet of range, six rounds a minute, as dependable as the morning sun — for a sum any Minister "
		       "of Finance will smile upon. Light, handy and proven by the thousand. Discount for orders by the"
		       " dozen.",
		     "a brightly painted tinplate barrel on wheels that wobble slightly."},
	[TW_SV_LEN] = {"The fruit of eleven years' calculation by Professor Lenz of the Sylvanian Academy. An optical "
		       "sight ground to the finest tolerance lets the gunner lay his shot upon a single man at eleven "
		       "feet; four deliberate rounds in the minute; failure all but unknown. For the army that makes "
		       "war with the slide-rule.",
		     "a slim barrel carrying a brass telescopic sight, levelling screws and an engraved elevation arc."},
	[TW_SV_ARS] = {"(Arsenal issue docket.) Field gun, smoothbore, old pattern. Range seven feet. Three rounds per "
		       "minute. Expect one failure in ten.",
		     "old, chipped and many times repainted."},
};
