// Unit tests of assets/js/multigrid.js (grids of several overlapping
// Sudokus: the canvas kept as typed, the drawing from the server's parse
// answer, the solve sentence, the layouts the Generate menu offers) and
// of formats.js and plan.js where they hand a multigrid on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LAYOUT_PLAN, canvasText, layoutOf, looksLikeCanvas, multigridDrawing, multigridNotes, multigridTitle, offeredLayouts, solveSentence } from '../assets/js/multigrid.js';
import { sourceOfText } from '../assets/js/formats.js';
import { generateRequest, offeredLevels, offeredVariants } from '../assets/js/plan.js';
import { multigridParses, multigridSolves } from './fixtures.js';

const parsedText = (start) => multigridParses.find(({ request }) => request.puzzle.startsWith(start)).answer;
const samurai = () => parsedText('# A samurai');
const twodoku = () => parsedText('1...\n');

/** The unit edges of an SVG path of `M x y H x2` and `M x y V y2` moves, as 'x,y-x2,y2' strings. */
function edges(d) {
  const out = [];
  for (const [, x, y, dir, to] of d.matchAll(/M(\d+) (\d+)([HV])(\d+)/g)) {
    const [a, b] = [Number(x), Number(y)];
    out.push(dir === 'H' ? `${a},${b}-${to},${b}` : `${a},${b}-${a},${to}`);
  }
  return out;
}

test('a canvas is kept as typed; blocks of one grid are still joined into a line', () => {
  const canvas = '\n      123456\n      ......\n123456......\n';
  assert.equal(looksLikeCanvas(canvas), true);
  assert.equal(canvasText(canvas), '      123456\n      ......\n123456......');
  assert.deepEqual(sourceOfText(canvas, 'classic'), { puzzle: '      123456\n      ......\n123456......', variant: 'classic' });
  assert.equal(looksLikeCanvas('layout: samurai'), true);
  assert.equal(looksLikeCanvas('# a comment\nlayout : twodoku\n....'), true);
  assert.equal(looksLikeCanvas('1...\n..2.\n.3.4..\n4.....\n  ....\n  ...1'), true);
  assert.equal(looksLikeCanvas('12.   ...\n...   ..3'), true, 'a gap of empty canvas');
  // One grid's rows line up, framed or not, spaced or not.
  for (const block of ['53..7....\n6..195...', '5 3 . | . 7 .\n6 . . | 1 9 5', ' 1 2 | 3 4\n 3 4 | 1 2\n-----+-----\n 2 1 | 4 3', '1.3.\n....']) {
    assert.equal(looksLikeCanvas(block), false, block);
  }
  assert.deepEqual(sourceOfText('12..\n..34\n3...\n...1', 'classic'), { puzzle: '12....343......1', variant: 'classic' });
});

test('the samurai draws box lines inside each sub-grid and borders around the empty canvas', () => {
  const p = samurai();
  const d = multigridDrawing(p);
  assert.equal(d.width, 21);
  assert.equal(d.height, 21);
  assert.equal(d.cells.length, 369);
  assert.deepEqual(d.scattered, []);
  const [thin, box, border] = [d.thin, d.box, d.border].map((path) => new Set(edges(path)));
  // Inside a box: thin; between boxes: a box line; the canvas's edge: a border.
  assert.ok(thin.has('1,0-1,1'), 'r1c1 | r1c2');
  assert.ok(box.has('3,0-3,1'), 'r1c3 | r1c4');
  assert.ok(border.has('0,0-1,0'), 'the top edge');
  // The empty canvas between the top grids: a border where the cells end.
  assert.ok(border.has('9,0-9,1'), 'r1c9 | nothing');
  assert.ok(border.has('12,0-12,1'), 'nothing | r1c13');
  assert.ok(![thin, box, border].some((set) => set.has('10,0-10,1')), 'no line inside the empty canvas');
  assert.ok(border.has('9,6-10,6'), 'above r7c10, the centre grid below the gap');
  // A box the centre grid shares with a corner grid: thin inside it; the
  // centre grid's cells beside it: a box line (one sub-grid holds both).
  assert.ok(thin.has('7,6-7,7'), 'r7c7 | r7c8');
  assert.ok(box.has('9,6-9,7'), 'r7c9 | r7c10');
  // Every cell edge is drawn once, as one kind of line.
  const all = new Set();
  for (const [r, c] of d.cells) for (const e of [`${c},${r}-${c + 1},${r}`, `${c},${r + 1}-${c + 1},${r + 1}`, `${c},${r}-${c},${r + 1}`, `${c + 1},${r}-${c + 1},${r + 1}`]) all.add(e);
  const drawn = [d.thin, d.box, d.border].flatMap(edges);
  assert.equal(drawn.length, all.size, 'no edge twice');
  assert.equal(new Set(drawn).size, all.size);
  assert.equal(multigridTitle(p), 'samurai: five 9×9 grids, 369 cells');
});

test('sub-grids side by side are parted by a border, not a box line', () => {
  // Two 4×4 grids sharing no cell, the second right of the first: a
  // canvas twins and clueless puzzles have.
  const cells = [];
  for (let r = 0; r < 4; r++) for (let c = 0; c < 8; c++) cells.push([r, c]);
  const grid = (left) => {
    const at = (r, c) => r * 8 + left + c;
    return {
      cells: Array.from({ length: 16 }, (_, k) => at(Math.floor(k / 4), k % 4)),
      boxes: [0, 1, 2, 3].map((b) => [0, 1, 2, 3].map((k) => at(2 * Math.floor(b / 2) + Math.floor(k / 2), 2 * (b % 2) + (k % 2)))),
    };
  };
  const d = multigridDrawing({ width: 8, height: 4, size: 4, cells, grids: [grid(0), grid(4)] });
  const [thin, box, border] = [d.thin, d.box, d.border].map((path) => new Set(edges(path)));
  assert.ok(border.has('4,0-4,1'), 'r1c4 | r1c5, two grids');
  assert.ok(box.has('2,0-2,1') && box.has('6,0-6,1'), 'box lines in each grid');
  assert.ok(thin.has('1,0-1,1'));
});

test('a sub-grid that is not a square on the canvas is shaded, and its boxes draw no lines', () => {
  const p = structuredClone(twodoku());
  // A third grid of cells spread over the others (as a clueless puzzle's
  // tenth grid is): the first 16 cells, not a square; its "box" of r1c2,
  // r1c3, r2c2, r2c3 would join cells of two boxes.
  const at = (r, c) => p.cells.findIndex(([y, x]) => y === r && x === c);
  const cells = Array.from({ length: 16 }, (_, k) => k);
  p.grids.push({ cells, boxes: [[at(0, 1), at(0, 2), at(1, 1), at(1, 2)]] });
  const d = multigridDrawing(p);
  assert.equal(d.scattered.length, 1);
  assert.equal(d.scattered[0].grid, 3);
  assert.ok(new Set(edges(d.box)).has('2,0-2,1'), 'r1c2 | r1c3 stays a box line');
  assert.equal(multigridDrawing(twodoku()).scattered.length, 0);
});

test('twins: two grids a column apart, bordered, and the relabelling said in words', () => {
  const p = parsedText('layout: twins');
  assert.deepEqual(p.relabelled, [[0, 1]]);
  const d = multigridDrawing(p);
  assert.equal(d.width, 19);
  assert.equal(d.cells.length, 162);
  const border = new Set(edges(d.border));
  assert.ok(border.has('9,0-9,1') && border.has('10,0-10,1'), 'the empty column between them');
  assert.deepEqual(multigridNotes(p, d), ['Grids 1 and 2 are twins: one relabelling of the digits (each digit always swapped for the same one) turns grid 1 into grid 2, place by place.']);
  assert.deepEqual(multigridNotes(samurai(), multigridDrawing(samurai())), []);
});

test('the solve sentence says the count', () => {
  const found = multigridSolves.find(({ request }) => request.puzzle.startsWith('# A samurai'));
  assert.ok(found, 'a samurai solve fixture');
  assert.equal(found.answer.status, 'unique');
  assert.equal(found.answer.count, 1);
  assert.equal(found.answer.solution.length, 369);
  assert.equal(solveSentence({ ...found.answer, stats: { nodes: 3 } }), 'Solved: exactly one solution (3 search nodes).');
  assert.match(solveSentence({ status: 'multiple', count: 2, stats: { nodes: 5 } }), /found two/);
  assert.equal(solveSentence({ status: 'none', clash: 'r1c1 and r1c4 both hold 1 in row 1 of grid 1', stats: { nodes: 1 } }),
    'No solution: r1c1 and r1c4 both hold 1 in row 1 of grid 1 (1 search node).');
});

test('the Generate menu offers each layout at its measured sizes; the body names the layout only', () => {
  for (const [name, sizes] of Object.entries(LAYOUT_PLAN)) {
    for (const size of sizes) assert.ok(offeredVariants(size).includes(`layout:${name}`), `${name} ${size}`);
  }
  assert.deepEqual(offeredLayouts(16), ['layout:twodoku']);
  assert.deepEqual(offeredLayouts(25), []);
  assert.equal(layoutOf('layout:sumo'), 'sumo');
  assert.equal(layoutOf('classic'), null);
  assert.deepEqual(offeredLevels(9, 'layout:samurai'), ['any']);
  assert.deepEqual(generateRequest({ size: 9, variant: 'layout:samurai', level: 'any', symmetry: 'rot180', seed: 3 }), { size: 9, layout: 'samurai', seed: 3 });
  assert.deepEqual(generateRequest({ size: 4, variant: 'layout:sumo', level: 'any', symmetry: 'none', seed: null }), { size: 4, layout: 'sumo' });
});
