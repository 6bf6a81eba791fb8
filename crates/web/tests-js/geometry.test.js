// Unit tests of assets/js/geometry.js and marks.js: cell names, houses in
// the rules' order, box shapes for every standard size, jigsaw regions,
// diagonals, windows, extra regions, cages, peers, candidates, clashes,
// and what a hint step marks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { basicCandidates, candidatesAfter, cellName, clashes, makeGeo } from '../assets/js/geometry.js';
import { marksOfMistakes, marksOfStep } from '../assets/js/marks.js';
import { bit, charDigit, digitsOf } from '../assets/js/digits.js';
import { explains, parsed, parses } from './fixtures.js';

const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const cell = (n, r, c) => (r - 1) * n + (c - 1);

test('cell names are r<row>c<column>, from 1', () => {
  const g9 = makeGeo(parsed((r) => r.puzzle === CLASSIC));
  assert.equal(cellName(g9, 0), 'r1c1');
  assert.equal(cellName(g9, 8), 'r1c9');
  assert.equal(cellName(g9, 9), 'r2c1');
  assert.equal(cellName(g9, 80), 'r9c9');
  const g16 = makeGeo(parsed((r) => r.puzzle === '.'.repeat(256)));
  assert.equal(cellName(g16, cell(16, 10, 12)), 'r10c12');
  const g25 = makeGeo(parsed((r) => r.puzzle === '.'.repeat(625)));
  assert.equal(cellName(g25, 624), 'r25c25');
});

test('every standard size: rows, columns, then rows×cols boxes numbered row by row', () => {
  const sizes = [];
  for (const { answer: p } of parses.filter(({ answer }) => answer.variant === 'classic' && answer.box)) {
    const g = makeGeo(p);
    const n = p.size;
    const [rows, cols] = p.box;
    sizes.push(`${n}:${rows}x${cols}`);
    assert.equal(rows * cols, n);
    assert.equal(g.s, Math.ceil(Math.sqrt(n)));
    assert.equal(g.houses.length, 3 * n, `${n}×${n}: houses`);
    g.houses.forEach((h, k) => {
      const kind = ['row', 'column', 'box'][Math.floor(k / n)];
      assert.equal(h.name, `${kind} ${(k % n) + 1}`);
      assert.equal(new Set(h.cells).size, n, `${h.name} of ${n}×${n}`);
    });
    const bandBoxes = n / cols;
    for (let b = 0; b < n; b++) {
      const top = Math.floor(b / bandBoxes) * rows;
      const left = (b % bandBoxes) * cols;
      const expected = [];
      for (let r = top; r < top + rows; r++) for (let c = left; c < left + cols; c++) expected.push(r * n + c);
      assert.deepEqual(g.houses[2 * n + b].cells, expected, `${n}×${n} box ${b + 1}`);
      for (const c of expected) assert.equal(g.region[c], b);
    }
    // Peers: the row, the column and the box, less the overlaps.
    const peers = 3 * n - rows - cols - 1;
    g.peers.forEach((list, i) => {
      assert.equal(list.length, peers, `${n}×${n} r${Math.floor(i / n) + 1}c${(i % n) + 1}`);
      assert.ok(!list.includes(i));
    });
    assert.equal(g.jigsaw, false);
  }
  assert.deepEqual(sizes, ['4:2x2', '6:2x3', '8:2x4', '10:2x5', '12:3x4', '15:3x5', '16:4x4', '25:5x5', '9:3x3', '9:3x3']);
});

test('diagonals and windoku windows follow the boxes, in the rules order', () => {
  const p = parsed((r) => r.variant === 'diagonal+windoku');
  const g = makeGeo(p);
  assert.deepEqual(g.houses.slice(27).map((h) => h.name), ['diagonal ↘', 'diagonal ↙', 'window 1', 'window 2', 'window 3', 'window 4']);
  assert.deepEqual(g.houses[27].cells, [0, 10, 20, 30, 40, 50, 60, 70, 80]);
  assert.deepEqual(g.houses[28].cells, [8, 16, 24, 32, 40, 48, 56, 64, 72]);
  assert.deepEqual(g.houses[29].cells, [10, 11, 12, 19, 20, 21, 28, 29, 30]);
  assert.equal(g.inWindow.filter(Boolean).length, 36);
  assert.ok(g.peers[0].includes(80), 'r1c1 and r9c9 share the diagonal');
  assert.ok(g.peers[cell(9, 2, 2)].includes(cell(9, 4, 4)), 'r2c2 and r4c4 share window 1');
  assert.equal(g.diagonals, true);
  assert.equal(g.named.get('diagonal ↙'), g.houses[28].cells);
});

test('jigsaw regions replace the boxes', () => {
  const p = parsed((r) => r.description && r.description.regions);
  const g = makeGeo(p, p.description);
  assert.equal(g.jigsaw, true);
  assert.deepEqual(g.region, p.regions);
  const boxes = g.houses.filter((h) => h.name.startsWith('box'));
  assert.equal(boxes.length, 6);
  assert.deepEqual(boxes[0].cells, [0, 1, 2, 3, 6, 7]);
  assert.deepEqual(boxes[1].cells, [4, 5, 8, 9, 10, 11]);
  for (const b of boxes) assert.equal(b.cells.length, 6);
});

test('killer cages are named groups: their cells are peers', () => {
  const p = parsed((r) => r.description && r.description.cages);
  const g = makeGeo(p, p.description);
  assert.equal(g.cages.length, 7);
  assert.equal(g.cageOf[cell(4, 3, 2)], 4);
  assert.deepEqual(g.named.get('cage 5'), g.named.get('cage 5 sum'));
  // r3c2 and r4c3 share no row, column or box: only cage 5 makes them peers.
  assert.ok(g.peers[cell(4, 3, 2)].includes(cell(4, 4, 3)));
  assert.ok(!g.peers[cell(4, 3, 2)].includes(cell(4, 4, 4)));
  assert.equal(g.houses.length, 12, 'cages are not houses');
});

test('extra regions come after the boxes', () => {
  const p = parsed((r) => r.description && r.description.extra);
  const g = makeGeo(p, p.description);
  assert.equal(g.houses[27].name, 'region 1');
  assert.deepEqual(g.houses[27].cells, [10, 13, 16, 37, 40, 43, 64, 67, 70]);
  assert.ok(g.peers[10].includes(70));
});

test('candidates follow the rules; clashes name both cells', () => {
  const p = parsed((r) => r.puzzle === CLASSIC);
  const g = makeGeo(p);
  const cands = basicCandidates(g, p.givens);
  assert.deepEqual(digitsOf(cands[2], 9), [1, 2, 4]);
  assert.equal(cands[0], 0, 'a given has none');
  assert.deepEqual(digitsOf(cands[cell(9, 5, 5)], 9), [5]);
  assert.equal(clashes(g, p.givens).size, 0);
  const twice = parsed((r) => r.puzzle && r.puzzle.startsWith('11'));
  assert.match(twice.clash, /r1c1 and r1c2/);
  assert.deepEqual([...clashes(makeGeo(twice), twice.givens)].sort(), [0, 1]);
  const killer = parsed((r) => r.description && r.description.cages);
  const kg = makeGeo(killer, killer.description);
  const grid = new Array(16).fill(0);
  grid[cell(4, 3, 2)] = 2;
  grid[cell(4, 4, 3)] = 2;
  assert.deepEqual([...clashes(kg, grid)].sort((a, b) => a - b), [9, 14], 'a repeat inside a cage');
});

test('candidates after steps: placements first clear their peers, then eliminations', () => {
  const p = parsed((r) => r.puzzle === CLASSIC);
  const g = makeGeo(p);
  const steps = [
    { placements: [{ cell: cell(9, 5, 5), digit: 5 }], eliminations: [] },
    { placements: [], eliminations: [{ cell: 2, digit: 4 }] },
  ];
  const { values, cands } = candidatesAfter(g, p.givens, steps);
  assert.equal(values[cell(9, 5, 5)], 5);
  assert.equal(cands[cell(9, 5, 5)], 0);
  assert.deepEqual(digitsOf(cands[2], 9), [1, 2]);
  assert.equal(cands[cell(9, 5, 1)] & bit(5), 0, 'r5c1 loses 5 from the placement');
  assert.equal(p.givens[cell(9, 5, 5)], 0, 'the givens are untouched');
});

/** The parse answer of an explained puzzle's request. */
const layoutOf = (request) => parsed((r) => r.description && JSON.stringify(r.description) === JSON.stringify(request.description));

test("the houses' order is the server's: each explanation step's house numbers name its cells", () => {
  const names = new Set();
  for (const { request, answer } of explains) {
    const g = makeGeo(layoutOf(request));
    for (const step of answer.steps) {
      step.houses.forEach((h, k) => {
        assert.equal(g.houses[h].name, step.house_names[k]);
        assert.deepEqual(g.houses[h].cells, [...step.house_cells[k]].sort((a, b) => a - b));
        names.add(step.house_names[k].split(' ')[0]);
      });
    }
  }
  assert.deepEqual([...names].sort(), ['box', 'column', 'diagonal', 'row', 'window']);
});

test('candidates after every step of an explanation: the solution', () => {
  for (const { request, answer } of explains) {
    assert.equal(answer.solved, true);
    const p = layoutOf(request);
    const g = makeGeo(p);
    const solution = [...answer.solution].map(charDigit);
    for (let k = 0; k <= answer.steps.length; k++) {
      const { values, cands } = candidatesAfter(g, p.givens, answer.steps.slice(0, k));
      values.forEach((d, i) => {
        if (d) assert.equal(d, solution[i], `after ${k} steps, cell ${i}`);
        else assert.ok(cands[i] & bit(solution[i]), `after ${k} steps, cell ${i} keeps its digit`);
      });
    }
    assert.deepEqual(candidatesAfter(g, p.givens, answer.steps).values, solution);
  }
});

test('a step marks its candidates, houses and placements; mistakes mark cells', () => {
  const g = makeGeo(parsed((r) => r.puzzle === CLASSIC));
  const step = {
    pattern: [{ cell: 2, digit: 1 }],
    extra: [{ cell: 3, digit: 2 }],
    eliminations: [{ cell: 4, digit: 1 }, { cell: 2, digit: 4 }],
    placements: [{ cell: 40, digit: 5 }],
    houses: [0, 9, 18],
    links: [{ from: { cells: [2], digit: 1 }, to: { cells: [4], digit: 1 }, kind: 'strong' }],
  };
  const m = marksOfStep(g, step);
  assert.deepEqual([...m.cells.get(2)], [[1, 'c-pattern'], [4, 'c-elim']]);
  assert.equal(m.cells.get(3).get(2), 'c-extra');
  assert.equal(m.cells.get(40).get(5), 'c-place');
  assert.deepEqual([...m.placeCells], [40]);
  const houses = new Set([...g.houses[0].cells, ...g.houses[9].cells, ...g.houses[18].cells]);
  assert.deepEqual([...m.houseCells].sort((a, b) => a - b), [...houses].sort((a, b) => a - b));
  assert.equal(m.links.length, 1);
  const explicit = marksOfStep(g, { ...step, house_cells: [[5, 6]] });
  assert.deepEqual([...explicit.houseCells], [5, 6], 'house_cells win over house numbers');
  const wrong = marksOfMistakes([7, 9]);
  assert.deepEqual([...wrong.wrongCells], [7, 9]);
  assert.equal(wrong.cells.size, 0);
});

test("a constraint's own step lights the elements behind it and their cells", () => {
  const kinds = new Set();
  for (const { request, answer } of explains) {
    const g = makeGeo(layoutOf(request));
    for (const step of answer.steps) {
      const m = marksOfStep(g, step);
      if (!step.elements) {
        assert.deepEqual(m.elements, [], step.text);
        continue;
      }
      assert.equal(m.elements.length, step.elements.length, step.text);
      for (const name of m.elements) {
        assert.ok(step.text.includes(`${name} (`), `${step.text} names ${name}`);
        kinds.add(name.replace(/ \d+$/, ''));
      }
      // A partner check or a thermometer bound removes candidates from its own cells only.
      for (const { cell } of step.eliminations) assert.ok(m.houseCells.has(cell), `${step.text}: cell ${cell} lit`);
    }
  }
  assert.deepEqual([...kinds].sort(), ['thermometer', 'white dot', 'xv']);
});
