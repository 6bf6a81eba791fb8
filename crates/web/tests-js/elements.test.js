// Unit tests of assets/js/elements.js: every kind of variant element of a
// recorded /api/parse answer turned into shapes where setters draw them
// (bulbs on the first cell, dots on edges, clues outside the grid, the
// quadruple's circle on the corner), the cells each constrains, the names
// the trace gives them, single diagonals, and the legend of the rules.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { centre, diagonalFrom, elementMarks, outsideLine, rulesLegend } from '../assets/js/elements.js';
import { makeGeo } from '../assets/js/geometry.js';
import { eventText } from '../assets/js/trace.js';
import { parsed } from './fixtures.js';

/** The parse answer of the description holding every kind of element. */
const every = parsed((r) => r.description && r.description.clones);
/** The parse answer of the puzzle the browser test loads. */
const fivePieces = parsed((r) => r.description && r.description.thermometers && !r.description.clones);

const cell = (r, c) => (r - 1) * 9 + (c - 1);
const byName = (marks, name) => {
  const m = marks.find((x) => x.name === name);
  assert.ok(m, `no mark named ${name}`);
  return m;
};
const shapes = (mark, tag, cls) => mark.shapes.filter((s) => s.tag === tag && (!cls || s.attrs.class.split(' ').includes(cls)));
const at = (s) => [Number(s.attrs.cx ?? s.attrs.x), Number(s.attrs.cy ?? s.attrs.y)];
/** The points of path data, in order. */
const points = (d) => [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
const near = (p, q, what) => assert.ok(Math.hypot(p[0] - q[0], p[1] - q[1]) < 1e-3, `${what}: ${p} is not ${q}`);

test('one mark per element, named as the engine names its constraints', () => {
  const marks = elementMarks(every);
  const names = marks.filter((m) => m.name).map((m) => m.name).sort();
  assert.deepEqual(names, every.elements.map((e) => e.name).sort());
  assert.equal(names.length, 26);
  // Counted per kind, in the order given: two arrows, two little killers, two white dots.
  for (const name of ['arrow 2', 'little killer 2', 'white dot 2', 'black dot 1', 'slow thermometer 1', 'xv 2']) {
    assert.ok(names.includes(name), name);
  }
  // Layers: shading first, clues outside the grid last.
  assert.deepEqual(marks.map((m) => m.layer), marks.map((m) => m.layer).slice().sort((a, b) => a - b));
  assert.equal(marks[0].kind === 'extremum' || marks[0].kind === 'clone', true);
  assert.ok(['little_killer', 'sandwich', 'x_sum', 'skyscraper'].includes(marks[marks.length - 1].kind));
});

test('thermometers: a bulb on the first cell and a thick line along the cells; slow ones marked slow', () => {
  const marks = elementMarks(every);
  const thermo = byName(marks, 'thermometer 1');
  const [bulb] = shapes(thermo, 'circle', 'el-thermo-bulb');
  near(at(bulb), centre(9, cell(1, 1)), 'bulb');
  assert.equal(Number(bulb.attrs.r), 0.4);
  const [line] = shapes(thermo, 'path', 'el-thermo-line');
  assert.deepEqual(points(line.attrs.d), [[0.5, 0.5], [1.5, 0.5], [2.5, 0.5]]);
  assert.ok(!line.attrs.class.includes('slow'));
  const slow = byName(marks, 'slow thermometer 1');
  assert.ok(slow.shapes.every((s) => s.attrs.class.includes('slow')));
  near(at(shapes(slow, 'circle')[0]), centre(9, cell(2, 1)), 'slow bulb');
});

test('arrows: a circle or a pill, and a line from its edge to a head on the last cell', () => {
  const marks = elementMarks(every);
  const one = byName(marks, 'arrow 1');
  const [ring] = shapes(one, 'circle', 'el-arrow-circle');
  near(at(ring), centre(9, cell(3, 1)), 'circle');
  const [line] = shapes(one, 'path', 'el-arrow-line');
  const pts = points(line.attrs.d);
  // Starts on the circle's edge, towards r4c2; runs through r4c2 to r5c3; then the head's two barbs meet at r5c3.
  assert.ok(Math.abs(Math.hypot(pts[0][0] - 0.5, pts[0][1] - 2.5) - 0.4) < 1e-3, `start ${pts[0]}`);
  assert.ok(pts[0][0] > 0.5 && pts[0][1] > 2.5, 'the line leaves towards r4c2');
  near(pts[1], centre(9, cell(4, 2)), 'through r4c2');
  near(pts[2], centre(9, cell(5, 3)), 'to r5c3');
  near(pts[4], centre(9, cell(5, 3)), 'the head on r5c3');
  const barbs = [pts[3], pts[5]].map((p) => Math.hypot(p[0] - 2.5, p[1] - 4.5));
  for (const b of barbs) assert.ok(b > 0.1 && b < 0.3, `barb ${b}`);
  // The pill of arrow 2 (r3c4, r3c5): one rounded rectangle around both cells.
  const pill = shapes(byName(marks, 'arrow 2'), 'rect', 'el-arrow-circle')[0];
  assert.deepEqual([pill.attrs.x, pill.attrs.y, pill.attrs.width, pill.attrs.height, pill.attrs.rx], ['3.1', '2.1', '1.8', '0.8', '0.4']);
  const start = points(shapes(byName(marks, 'arrow 2'), 'path', 'el-arrow-line')[0].attrs.d)[0];
  assert.ok(Math.abs(start[1] - 2.9) < 1e-3 && Math.abs(start[0] - 4.5) < 1e-3, `pill line starts on its lower edge: ${start}`);
});

test('little killers: the sum outside the grid and an arrow pointing along the diagonal', () => {
  const marks = elementMarks(every);
  const lk = byName(marks, 'little killer 2'); // r10c3, up-right, 10
  const [sum] = shapes(lk, 'text');
  assert.equal(sum.text, '10');
  const [x, y] = at(sum);
  assert.ok(y > 9 && x < 2.5, `the sum stands below the grid, left of the diagonal: ${x},${y}`);
  const pts = points(shapes(lk, 'path')[0].attrs.d);
  const [from, to] = pts;
  assert.ok(to[0] > from[0] && to[1] < from[1], 'the arrow points up and right');
  assert.ok(Math.abs(to[0] - 3) < 0.1 && Math.abs(to[1] - 9) < 0.1, `it reaches the corner of r9c4: ${to}`);
  assert.deepEqual(lk.cells, [cell(9, 4), cell(8, 5), cell(7, 6), cell(6, 7), cell(5, 8), cell(4, 9)]);
  assert.deepEqual(diagonalFrom(9, { row: 0, col: 0 }, 'down-right'), [0, 10, 20, 30, 40, 50, 60, 70, 80]);
  assert.deepEqual(diagonalFrom(4, { row: 0, col: 4 }, 'up-left'), []);
});

test('sandwich, X-sum and skyscraper clues: numbers outside the grid, each in its own style', () => {
  const marks = elementMarks(every);
  const sandwich = byName(marks, 'sandwich 1');
  assert.equal(sandwich.shapes.length, 1);
  assert.deepEqual(at(sandwich.shapes[0]), [4.5, -0.5]);
  assert.equal(sandwich.shapes[0].text, '10');
  assert.deepEqual(sandwich.cells, [4, 13, 22, 31, 40, 49, 58, 67, 76]);
  const xsum = byName(marks, 'x-sum 1');
  assert.equal(shapes(xsum, 'rect', 'el-xsum-frame').length, 1, 'an X-sum is framed');
  assert.deepEqual(at(shapes(xsum, 'text')[0]), [9.5, 4.5]);
  assert.deepEqual(xsum.cells, [44, 43, 42, 41, 40, 39, 38, 37, 36], 'read from the right');
  const sky = byName(marks, 'skyscraper 1');
  assert.equal(sky.shapes[0].text, '3');
  assert.ok(sky.shapes[0].attrs.class.includes('el-skyscraper'));
  assert.deepEqual(at(sky.shapes[0]), [8.5, 9.5]);
  assert.deepEqual(outsideLine(4, { row: 5, col: 2 }), [13, 9, 5, 1]);
  assert.deepEqual(outsideLine(4, { row: 0, col: 0 }), []);
});

test('kropki dots and XV letters sit on the edge between their cells', () => {
  const marks = elementMarks(every);
  const white = byName(marks, 'white dot 1'); // r6c1–r6c2
  assert.deepEqual(white.shapes.map((s) => s.tag), ['circle'], 'a difference of 1 is not written');
  assert.deepEqual(at(white.shapes[0]), [1, 5.5]);
  assert.ok(white.shapes[0].attrs.class.includes('white'));
  const three = byName(marks, 'white dot 2');
  assert.equal(shapes(three, 'text')[0].text, '3');
  const black = byName(marks, 'black dot 1'); // r6c3–r7c3
  assert.deepEqual(at(black.shapes[0]), [2.5, 6]);
  assert.ok(black.shapes[0].attrs.class.includes('black'));
  assert.equal(shapes(black, 'text').length, 0, 'a ratio of 2 is not written');
  assert.equal(byName(marks, 'xv 1').shapes[0].text, 'X');
  assert.equal(byName(marks, 'xv 2').shapes[0].text, 'V');
  assert.deepEqual(at(byName(marks, 'xv 2').shapes[0]), [1, 8.5]);
});

test('lines in their colours; between lines with end circles; min/max chevrons; quadruple; clone; parity', () => {
  const marks = elementMarks(every);
  const colour = { 'whisper 1': 'el-whisper', 'renban 1': 'el-renban', 'palindrome 1': 'el-palindrome', 'region-sum line 1': 'el-region-sum', 'zipper line 1': 'el-zipper', 'entropic line 1': 'el-entropic', 'modular line 1': 'el-modular' };
  for (const [name, cls] of Object.entries(colour)) {
    const m = byName(marks, name);
    assert.equal(shapes(m, 'path', cls).length, 1, name);
    assert.deepEqual(points(m.shapes[0].attrs.d), m.cells.map((c) => centre(9, c)), name);
  }
  const between = byName(marks, 'between line 1');
  assert.deepEqual(shapes(between, 'circle', 'el-between-end').map(at), [centre(9, cell(2, 9)), centre(9, cell(4, 9))]);
  const ends = points(shapes(between, 'path')[0].attrs.d);
  near(ends[0], [8.5, 1.9], 'the line starts at the first circle');
  near(ends[ends.length - 1], [8.5, 3.1], 'and ends at the last');
  // r9c5 (bottom row) has three neighbours; a minimum's chevrons point in, a maximum's out.
  const min = byName(marks, 'minimum 1');
  const chevrons = (m) => points(shapes(m, 'path', 'el-chevron')[0].attrs.d);
  assert.equal(chevrons(min).length, 9);
  const tipDistance = (m) => Math.hypot(chevrons(m)[1][0] - centre(9, m.cells[0])[0], chevrons(m)[1][1] - centre(9, m.cells[0])[1]);
  const armDistance = (m) => Math.hypot(chevrons(m)[0][0] - centre(9, m.cells[0])[0], chevrons(m)[0][1] - centre(9, m.cells[0])[1]);
  assert.ok(tipDistance(min) < armDistance(min), 'minimum: tips inwards');
  const max = byName(marks, 'maximum 1');
  assert.ok(tipDistance(max) > 0.44 && tipDistance(max) > armDistance(max) - 0.1, 'maximum: tips outwards');
  assert.equal(shapes(min, 'rect', 'minimum').length, 1);
  const quad = byName(marks, 'quadruple 1');
  assert.deepEqual(at(shapes(quad, 'circle')[0]), [7, 4], 'on the corner of r4c7, r4c8, r5c7, r5c8');
  assert.deepEqual(shapes(quad, 'text').map((s) => s.text), ['1 2', '3']);
  const clone = byName(marks, 'clone 1');
  assert.deepEqual(clone.shapes.map(at), [[7, 7], [8, 8]]);
  assert.equal(new Set(clone.shapes.map((s) => s.attrs.class)).size, 1, 'both shapes in one tone');
  const parity = marks.find((m) => m.kind === 'parity');
  assert.deepEqual(parity.shapes.map((s) => [s.tag, s.attrs.class]), [['circle', 'el-odd'], ['rect', 'el-even']]);
  assert.equal(parity.name, null);
});

test('the geometry names each element for the trace, and keeps to the diagonals that hold', () => {
  const g = makeGeo(every, null);
  assert.deepEqual(g.named.get('thermometer 1'), [0, 1, 2]);
  assert.deepEqual(g.named.get('arrow 2'), [21, 22, 31, 32]);
  assert.deepEqual(g.named.get('little killer 1'), [0, 10, 20, 30, 40, 50, 60, 70, 80]);
  assert.deepEqual(g.named.get('disjoint group 1'), [0, 3, 6, 27, 30, 33, 54, 57, 60]);
  // Only the anti-diagonal is a house here: one line, one house.
  assert.deepEqual(g.diagonalLines, [{ x1: 9, y1: 0, x2: 0, y2: 9 }]);
  assert.deepEqual(g.houses.filter((h) => h.name.startsWith('diagonal')).map((h) => h.name), ['diagonal ↙']);
  assert.equal(g.diagonals, false);
  assert.equal(g.outside, true);
  assert.deepEqual(g.markTitles[cell(1, 1)], ['thermometer 1', 'little killer 1: 45']);
  assert.deepEqual(g.markTitles[cell(9, 9)], ['clone 1', 'skyscraper 1: 3']);
  assert.ok(g.markTitles[cell(1, 5)].includes('sandwich 1: 10'), 'an outside clue labels the cell beside it');
  // A prune by an element is said with the element's name, and the board can light it.
  const e = { event: 'prune', cell: 1, removed: [1, 9], by: 'thermometer 1' };
  assert.equal(eventText(e, g), 'thermometer 1 removed 1, 9 from r1c2');
  assert.equal(makeGeo(fivePieces, null).outside, true);
  const plain = makeGeo(parsed((r) => r.variant === 'diagonal+windoku'), null);
  assert.equal(plain.diagonalLines.length, 2);
  assert.equal(plain.marks.length, 0);
  assert.equal(plain.outside, false);
});

test('the legend says the rules on every cell, the negative rules and each kind once', () => {
  const legend = rulesLegend(every);
  assert.match(legend[0], /^Anti-knight: /);
  assert.match(legend[1], /^Disjoint groups: /);
  assert.match(legend[2], /^Every white dot is given: .*differ by 1/);
  assert.match(legend[3], /odd digit/);
  const kinds = new Set(every.elements.map((e) => (e.type === 'kropki' ? e.dot : e.type === 'extremum' ? e.kind : e.type === 'thermometer' && e.slow ? 'slow' : e.type)));
  assert.equal(legend.length, 4 + kinds.size);
  assert.ok(legend.some((l) => l.startsWith('Sandwich') && l.includes('the 1 and the 9')));
  assert.ok(legend.some((l) => l.includes('German whispers') && l.includes('at least 5')));
  assert.deepEqual(rulesLegend(parsed((r) => r.variant === 'diagonal+windoku')), []);
});

test('indexer cells: shaded by kind, an arrow along the line a row or column indexer names, and the legend', () => {
  const p = parsed((r) => r.description && r.description.column_indexers);
  const marks = elementMarks(p);
  const row = byName(marks, 'row indexer 1');
  assert.deepEqual(row.cells, [0]);
  assert.deepEqual(shapes(row, 'rect', 'row').map(at), [[0, 0]]);
  const down = points(shapes(row, 'path', 'el-indexer-arrow')[0].attrs.d);
  near(down[0], [0.5, 0.2], 'a row indexer points down its column');
  near(down[1], [0.5, 0.8], 'to below the centre');
  const column = byName(marks, 'column indexer 1');
  const across = points(shapes(column, 'path', 'el-indexer-arrow')[0].attrs.d);
  near(across[0], [1.2, 1.5], 'a column indexer points along its row');
  const box = byName(marks, 'box indexer 2');
  assert.deepEqual(box.cells, [15]);
  assert.deepEqual(box.shapes.map((s) => [s.tag, s.attrs.class]), [['rect', 'el-indexer box']]);
  const legend = rulesLegend(p);
  assert.equal(legend.length, 3);
  assert.match(legend[1], /^Column indexer .*puts c in column X of the same row/);
});

test('greater-than signs point at the smaller digit; products sit on the edge with their number', () => {
  const p = parsed((r) => r.description && r.description.products);
  const marks = elementMarks(p);
  const centre4 = (i) => centre(4, i);
  const tipOf = (m) => points(shapes(m, 'path', 'el-greater')[0].attrs.d)[1];
  const across = byName(marks, 'greater-than 1'); // r1c2 > r1c1: the tip points left
  assert.deepEqual(across.cells, [1, 0]);
  assert.ok(tipOf(across)[0] < 1, 'the tip lies on the smaller cell’s side');
  const down = byName(marks, 'greater-than 2'); // r2c1 > r3c1: the tip points down
  assert.ok(tipOf(down)[1] > 2, 'the tip lies below the edge');
  near([tipOf(down)[0], 0], [centre4(4)[0], 0], 'on the column of both cells');
  const product = byName(marks, 'product 1');
  assert.equal(shapes(product, 'text')[0].text, '×6');
  assert.deepEqual(at(shapes(product, 'text')[0]), [3, 3.5]);
  assert.equal(product.title, 'product 1: 6');
  assert.ok(rulesLegend(p).some((l) => l.startsWith('Product')));
});

test('parity and nabner lines in their colours; lockout lines between two diamonds', () => {
  const p = parsed((r) => r.description && r.description.lockout_lines);
  const marks = elementMarks(p);
  const parity = byName(marks, 'parity line 1');
  assert.equal(shapes(parity, 'path', 'el-parity-line').length, 1);
  assert.deepEqual(points(parity.shapes[0].attrs.d), [[0.5, 0.5], [1.5, 0.5], [2.5, 0.5]]);
  assert.equal(shapes(byName(marks, 'nabner line 1'), 'path', 'el-nabner').length, 1);
  const lockout = byName(marks, 'lockout line 1');
  const ends = shapes(lockout, 'path', 'el-lockout-end').map((s) => points(s.attrs.d));
  assert.equal(ends.length, 2);
  near(ends[0][1], [0.82, 3.5], 'the first diamond around r4c1');
  near(ends[1][1], [2.82, 4.5], 'the last around r5c3');
  assert.ok(rulesLegend(p).some((l) => l.includes('lockout') && l.includes('at least 3')));
});

test('frame sums: a framed number outside the grid, labelling the cell beside it', () => {
  const p = parsed((r) => r.description && r.description.frame_sums);
  const marks = elementMarks(p);
  const top = byName(marks, 'frame sum 1');
  assert.deepEqual(at(shapes(top, 'text')[0]), [1.5, -0.5]);
  assert.equal(shapes(top, 'rect', 'el-frame-sum').length, 1);
  assert.deepEqual(top.labelled, [1]);
  const side = byName(marks, 'frame sum 2');
  assert.equal(shapes(side, 'text')[0].text, '9');
  assert.deepEqual(side.cells.slice(0, 3), [17, 16, 15], 'read from the right');
  assert.ok(rulesLegend(p).some((l) => l.startsWith('Frame sum')));
});

test('counting circles: a ring on every cell of the set, and the legend', () => {
  const p = parsed((r) => r.description && r.description.counting_circles);
  const mark = byName(elementMarks(p), 'counting circles 1');
  assert.deepEqual(mark.cells, [0, 6, 15]);
  assert.deepEqual(shapes(mark, 'circle', 'el-counting').map(at), [[0.5, 0.5], [2.5, 1.5], [3.5, 3.5]]);
  assert.ok(rulesLegend(p).some((l) => l.startsWith('Counting circles')));
});

test('123 clues: a ringed digit outside the grid, looking along its column', () => {
  const p = parsed((r) => r.description && r.description.one_two_three);
  const mark = byName(elementMarks(p), '123 clue 1');
  assert.deepEqual(mark.cells, [1, 5, 9, 13]);
  assert.equal(shapes(mark, 'text')[0].text, '2');
  assert.deepEqual(at(shapes(mark, 'circle', 'el-123-ring')[0]), [1.5, -0.5]);
  assert.equal(mark.title, '123 clue 1: 2');
  assert.ok(rulesLegend(p).some((l) => l.startsWith('123 clue')));
});

test('count-different lines, cupid arrows and isomorphic twins: drawn on their cells, and the legend', () => {
  const p = parsed((r) => r.description && r.description.cupids);
  const marks = elementMarks(p);
  const line = byName(marks, 'count-different line 1');
  assert.deepEqual(line.cells, [0, 5, 8]);
  assert.equal(shapes(line, 'text')[0].text, '2');
  assert.deepEqual(points(shapes(line, 'path', 'el-count-different')[0].attrs.d), [[0.5, 0.5], [1.5, 1.5], [0.5, 2.5]]);
  const cupid = byName(marks, 'cupid arrow 1');
  assert.deepEqual(cupid.cells, [0, 5, 10, 15]);
  // From the arrow's cell towards r2c2, down and right.
  const [from, to] = points(shapes(cupid, 'path', 'el-cupid')[0].attrs.d);
  assert.ok(to[0] > from[0] && to[1] > from[1]);
  const twins = byName(marks, 'isomorphic twins 1');
  assert.deepEqual(twins.cells, [0, 1, 10, 11]);
  assert.deepEqual(shapes(twins, 'text').map((s) => s.text), ['1', '2', '1', '2']);
  assert.equal(shapes(twins, 'rect', 'second').length, 2);
  const legend = rulesLegend(p);
  for (const start of ['Dashed line with a number', 'Cupid arrow', 'Isomorphic twins']) {
    assert.ok(legend.some((l) => l.startsWith(start)), start);
  }
});
