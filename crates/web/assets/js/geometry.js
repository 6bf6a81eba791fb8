// The board's geometry, built from an /api/parse answer: cell names, the
// houses in the rules' order (rows, columns, boxes or jigsaw regions,
// diagonals, windows, extra regions — a hint step's `houses` index into
// this list), cages, each cell's peers, and what follows from them: the
// candidates the rules leave and the clashes of a grid; the variant
// elements to draw, each named as the trace names it. Pure: no DOM.

import { bit, fullMask } from './digits.js';
import { diagonalLines, elementMarks, isOutside, rulesLegend } from './elements.js';

const range = (n, f) => Array.from({ length: n }, (_, i) => f(i));
const sorted = (cells) => cells.slice().sort((a, b) => a - b);

/** Each cell's region number: the jigsaw regions, the boxes numbered row by row, or null. */
function regionsOf(p) {
  const n = p.size;
  if (Array.isArray(p.regions) && p.regions.length === n * n) return p.regions.slice();
  if (Array.isArray(p.box) && p.box.length === 2) {
    const [rows, cols] = p.box;
    const perBand = n / cols;
    return range(n * n, (i) => Math.floor(Math.floor(i / n) / rows) * perBand + Math.floor((i % n) / cols));
  }
  return null;
}

/**
 * The geometry of a parsed puzzle (`p`, the /api/parse answer); `desc` is
 * the JSON description that travels with the puzzle when a line cannot
 * carry it (null otherwise).
 */
export function makeGeo(p, desc) {
  const n = p.size;
  const cells = n * n;
  const region = regionsOf(p);
  const named = new Map();
  const houses = [];
  const add = (name, list) => { houses.push({ name, cells: list }); named.set(name, list); };
  for (let r = 0; r < n; r++) add(`row ${r + 1}`, range(n, (c) => r * n + c));
  for (let c = 0; c < n; c++) add(`column ${c + 1}`, range(n, (r) => r * n + c));
  if (region) {
    const count = Math.max(...region) + 1;
    for (let b = 0; b < count; b++) add(`box ${b + 1}`, range(cells, (i) => i).filter((i) => region[i] === b));
  }
  const main = p.main_diagonal ?? !!p.diagonals;
  const anti = p.anti_diagonal ?? !!p.diagonals;
  if (main) add('diagonal ↘', range(n, (i) => i * n + i));
  if (anti) add('diagonal ↙', range(n, (i) => i * n + n - 1 - i));
  const windows = Array.isArray(p.windows) ? p.windows : [];
  windows.forEach((w, i) => add(`window ${i + 1}`, sorted(w)));
  const extra = Array.isArray(p.extra) ? p.extra : [];
  extra.forEach((r, i) => add(`region ${i + 1}`, sorted(r)));
  const cages = Array.isArray(p.cages) ? p.cages : [];
  const cageOf = new Array(cells).fill(-1);
  cages.forEach((cage, k) => {
    cage.cells.forEach((c) => { cageOf[c] = k; });
    named.set(`cage ${k + 1}`, cage.cells);
    named.set(`cage ${k + 1} sum`, cage.cells);
  });
  // The trace names a disjoint group after its place in a box, counted row by row.
  if (region && (p.global || []).includes('disjoint')) {
    const place = range(cells, () => 0);
    const seen = new Map();
    for (let i = 0; i < cells; i++) {
      place[i] = seen.get(region[i]) || 0;
      seen.set(region[i], place[i] + 1);
    }
    for (let k = 0; k < n; k++) named.set(`disjoint group ${k + 1}`, range(cells, (i) => i).filter((i) => place[i] === k));
  }
  const marks = elementMarks(p);
  const markTitles = range(cells, () => []);
  for (const m of marks) {
    if (m.name) named.set(m.name, m.cells);
    for (const c of m.labelled) markTitles[c].push(m.title);
  }
  const groups = houses.map((h) => h.cells).concat(cages.map((c) => c.cells));
  const peerSets = range(cells, () => new Set());
  for (const g of groups) for (const a of g) for (const b of g) if (a !== b) peerSets[a].add(b);
  const inWindow = new Array(cells).fill(false);
  windows.forEach((w) => w.forEach((c) => { inWindow[c] = true; }));
  return {
    n,
    s: Math.ceil(Math.sqrt(n)),
    box: p.box || null,
    region: region || new Array(cells).fill(0),
    diagonals: main && anti,
    diagonalLines: diagonalLines(n, main, anti),
    marks,
    markTitles,
    outside: (p.elements || []).some(isOutside),
    legend: rulesLegend(p),
    windows,
    inWindow,
    cages,
    cageOf,
    houses,
    groups,
    named,
    peers: peerSets.map((s) => [...s]),
    variant: p.variant || 'classic',
    desc: desc || null,
    jigsaw: Array.isArray(p.regions) && !(Array.isArray(p.box) && p.box.length === 2),
  };
}

/** The name of cell i: r1c1, r10c12. */
export const cellName = (geo, i) => `r${Math.floor(i / geo.n) + 1}c${(i % geo.n) + 1}`;

/** The candidates the rules leave each open cell of `values` (0 for a filled cell). */
export function basicCandidates(geo, values) {
  const full = fullMask(geo.n);
  return values.map((v, i) => {
    if (v) return 0;
    let m = full;
    for (const p of geo.peers[i]) if (values[p]) m &= ~bit(values[p]);
    return m;
  });
}

/** The cells of `values` whose digit repeats in one of their houses or cages. */
export function clashes(geo, values) {
  const bad = new Set();
  for (const group of geo.groups) {
    const seen = new Map();
    for (const c of group) {
      const d = values[c];
      if (!d) continue;
      if (seen.has(d)) { bad.add(c); bad.add(seen.get(d)); } else seen.set(d, c);
    }
  }
  return bad;
}

/** The candidates of `values` after the placements of `steps`, then their eliminations. */
export function candidatesAfter(geo, values, steps) {
  const grid = values.slice();
  const cands = basicCandidates(geo, grid);
  for (const step of steps) {
    for (const { cell, digit } of step.placements || []) {
      grid[cell] = digit;
      cands[cell] = 0;
      for (const p of geo.peers[cell]) cands[p] &= ~bit(digit);
    }
    for (const { cell, digit } of step.eliminations || []) cands[cell] &= ~bit(digit);
  }
  return { values: grid, cands };
}
