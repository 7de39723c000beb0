#!/usr/bin/env python3
"""Lists the clause ids of the Little Wars, Grant, Rattle, Science versus Luck and Lloyd catalogues, one a line, in catalogue order.

The catalogues (../shared/rules/*-clauses.md) are not part of the project, so the list is
generated once and committed as docs/rules/clause-ids.txt; test_rules_text checks that
docs/rules/*-clauses.md gives every id on it a text. Run again when a catalogue gains clauses:

    tools/clause_ids.py ../shared/rules > docs/rules/clause-ids.txt
"""
import re
import sys

CATALOGUES = ["little-wars-clauses.md", "grant-clauses.md", "rattle-clauses.md", "svl-clauses.md", "lloyd-clauses.md"]
# A clause is defined where its id opens a list item or a paragraph in bold: "- **LW.MEL.7**"
# or "**GR.MELEE.7**", or a heading: "### RD.MELEE.7 — title" (Rattle's and Science versus
# Luck's catalogues: "### SV.MOR.6 — title"); ids cited inside other clauses' text are not definitions.
# Lloyd's catalogue: "- **NQ.GEN.1**", "- **FP.D4**", "- **LL.EX.1 Eric vs Sven ...**" (ll-reg).
DEFINITION = re.compile(r"^\s*(?:(?:- )?\*\*((?:LW|KS|GR)\.[A-Z]+\.[0-9]+)\*\*"
                        r"|### ((?:RD|SV)\.[A-Z]+\.[0-9]+) \u2014 "
                        r"|- \*\*((?:NQ|FP|LT|DU|MS|IN|TF|SP|CA|LL)(?:\.[A-Z]+)?\.D?[0-9]+)[* ])")


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: tools/clause_ids.py SHARED_RULES_DIR\n")
        return 2
    seen = set()
    for name in CATALOGUES:
        with open(f"{argv[1]}/{name}", encoding="utf-8") as f:
            for line in f:
                m = DEFINITION.match(line)
                cid = m and (m.group(1) or m.group(2) or m.group(3))
                if cid and cid not in seen:
                    seen.add(cid)
                    print(cid)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
