#!/usr/bin/env python3
"""Writes the bundled large Country and Kriegspiel (issue 18, lw-box):
scenarios/littlewars/large-country.json and kriegspiel.json, from `tinwar new littlewars --large`
and `--kriegspiel` with seed 1913, as scenario files written a piece a line (numbers to 4
decimals), keeping each file's name, title, description and params.

usage: tools/lw_big_scenarios.py [build/debug/tinwar]
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
SEED = 1913


def rnd(v):
    if isinstance(v, float):
        r = round(v, 4)
        return int(r) if r == int(r) else r
    if isinstance(v, list):
        return [rnd(x) for x in v]
    if isinstance(v, dict):
        return {k: rnd(x) for k, x in v.items()}
    return v


def dump(v):
    return json.dumps(v, ensure_ascii=False, separators=(', ', ': '))


def write(path, d):
    out = ['{']
    keys = list(d.keys())
    for n, k in enumerate(keys):
        tail = ',' if n + 1 < len(keys) else ''
        v = d[k]
        if isinstance(v, list) and v and isinstance(v[0], dict):
            out.append(' %s: [' % dump(k))
            for i, item in enumerate(v):
                out.append('  %s%s' % (dump(item), ',' if i + 1 < len(v) else ''))
            out.append(' ]%s' % tail)
        else:
            out.append(' %s: %s%s' % (dump(k), dump(v), tail))
    out.append('}')
    with open(path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(out) + '\n')


def main():
    tinwar = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'build/debug/tinwar')
    for name, flag in (('large-country', '--large'), ('kriegspiel', '--kriegspiel')):
        path = os.path.join(ROOT, 'scenarios/littlewars/%s.json' % name)
        old = json.load(open(path, encoding='utf-8'))
        with tempfile.TemporaryDirectory() as tmp:
            gen = os.path.join(tmp, 'gen.json')
            subprocess.run([tinwar, 'new', 'littlewars', flag, '--seed', str(SEED), '-o', gen], check=True,
                           stdout=subprocess.DEVNULL)
            new = json.load(open(gen, encoding='utf-8'))
        d = {'format': 'tinwar-scenario', 'version': old['version'], 'name': old['name'], 'title': old['title'],
             'description': old['description'], 'ruleset': new['ruleset'], 'params': old['params']}
        for k in ('table', 'sides', 'terrain', 'figures', 'guns', 'units', 'data'):
            if k in new:
                d[k] = rnd(new[k])
        write(path, d)
        print('wrote', path)


if __name__ == '__main__':
    main()
