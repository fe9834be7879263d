#!/usr/bin/env python3
"""Import cycles between the modules of each crate (shared/src, functions/*/src).

    python3 infra/module_cycles.py

A module that names another (`crate::a::b`, `super::x`) depends on it;
reported: the pairs of modules (top level, then two levels deep) that depend
on each other, directly or through others. Comments and test modules are
left out. Issue 30 asks for none; exits 1 while any remain.
"""
import collections
import glob
import os
import re
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
def strip(src):
    src=src.split('\n#[cfg(test)]')[0]
    return '\n'.join(l.split('//')[0] for l in src.split('\n'))
def modules(root, crate_prefix):
    files=glob.glob(root+'/**/*.rs',recursive=True)
    def name(f):
        rel=os.path.relpath(f,root)[:-3].split('/')
        if rel[-1] in ('mod','lib','main'): rel=rel[:-1]
        return rel
    return {tuple(name(f)):strip(open(f).read()) for f in files}
def graph(root, depth):
    mods=modules(root,'')
    edges=collections.defaultdict(set)
    for path,src in mods.items():
        me=path[:depth]
        for m in re.finditer(r'crate::((?:[a-z_0-9]+::)*[a-z_0-9]+)', src):
            target=tuple(m.group(1).split('::'))
            # keep only the module part (drop item names): longest prefix that is a module
            t=target
            while t and t not in mods: t=t[:-1]
            t=t[:depth]
            if t and t!=me and me[:len(t)]!=t and t[:len(me)]!=me: edges[me].add(t)
        for m in re.finditer(r'\bsuper::([a-z_0-9]+)', src):
            parent=path[:-1]
            t=(parent+(m.group(1),))
            if t in mods:
                t=t[:depth]
                if t!=me and me[:len(t)]!=t and t[:len(me)]!=me: edges[me].add(t)
    return edges
def cycles(edges):
    found=set()
    def reach(a):
        seen=set(); st=[a]
        while st:
            x=st.pop()
            for y in edges.get(x,()):
                if y not in seen: seen.add(y); st.append(y)
        return seen
    for a in list(edges):
        for b in edges[a]:
            if a in reach(b): found.add(tuple(sorted(['::'.join(a),'::'.join(b)])))
    return sorted(found)
found_any=False
for root in ['shared/src']+sorted(glob.glob('functions/*/src')):
    for depth in (1,2):
        c=cycles(graph(root,depth))
        if c:
            found_any=True
            print(root, 'depth',depth, c)
sys.exit(1 if found_any else 0)
