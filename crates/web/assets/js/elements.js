// Variant elements as setters draw them: each element of an /api/parse
// answer (thermometers, arrows, lines, dots, outside clues, …) and each odd
// or even cell turned into shapes — SVG tags with their attributes, in cell
// units (the grid spans 0…n; outside clues stand half a cell beyond) — plus
// the cells each element constrains, and the rules on every cell in words.
// Pure: no DOM.

/** Drawing order, bottom first: shading under lines, clues on top. */
const LAYER = { shade: 0, parity: 1, line: 2, thermo: 3, arrow: 4, edge: 5, quad: 6, outside: 7 };

/** A circle's or a pill's radius around arrow circles and between-line ends. */
const RING = 0.4;

/** The step of each little-killer direction, [dx, dy] (x right, y down). */
const STEPS = { 'down-right': [1, 1], 'down-left': [-1, 1], 'up-right': [1, -1], 'up-left': [-1, -1] };

/** The colour class of each plain line kind. */
const LINE_KINDS = {
  whisper: 'el-whisper',
  renban: 'el-renban',
  palindrome: 'el-palindrome',
  region_sum: 'el-region-sum',
  zipper: 'el-zipper',
  entropic: 'el-entropic',
  modular: 'el-modular',
  parity_line: 'el-parity-line',
  nabner: 'el-nabner',
};

/** A number written short (three decimals at most), for path data. */
const num = (v) => String(Math.round(v * 1000) / 1000);

/** The centre of cell i, [x, y]. */
export const centre = (n, i) => [(i % n) + 0.5, Math.floor(i / n) + 0.5];

/** The centre of an outside clue position `{row, col}` (1-based; 0 and n + 1 lie outside). */
const outsideCentre = (clue) => [clue.col - 0.5, clue.row - 0.5];

const add = (p, q, k = 1) => [p[0] + k * q[0], p[1] + k * q[1]];
const sub = (p, q) => [p[0] - q[0], p[1] - q[1]];
const unit = (v) => { const l = Math.hypot(v[0], v[1]) || 1; return [v[0] / l, v[1] / l]; };
const rotate = (v, a) => [v[0] * Math.cos(a) - v[1] * Math.sin(a), v[0] * Math.sin(a) + v[1] * Math.cos(a)];

/** Path data through points: M x,y L x,y … */
const pathThrough = (points) => points.map((p, k) => `${k ? 'L' : 'M'}${num(p[0])},${num(p[1])}`).join(' ');

/** An arrowhead at `tip` for a line arriving along `dir`: path data of its two barbs. */
function arrowhead(tip, dir, size = 0.22) {
  const back = unit([-dir[0], -dir[1]]);
  const a = add(tip, rotate(back, 0.6), size);
  const b = add(tip, rotate(back, -0.6), size);
  return pathThrough([a, tip, b]);
}

/** The distance from p to the segment ab. */
function toSegment(p, a, b) {
  const ab = sub(b, a);
  const len2 = ab[0] * ab[0] + ab[1] * ab[1];
  const t = len2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / len2)) : 0;
  return Math.hypot(p[0] - a[0] - t * ab[0], p[1] - a[1] - t * ab[1]);
}

/** The distance from p to a polyline (one point: to that point). */
function toPolyline(p, points) {
  if (points.length === 1) return Math.hypot(p[0] - points[0][0], p[1] - points[0][1]);
  let best = Infinity;
  for (let k = 1; k < points.length; k++) best = Math.min(best, toSegment(p, points[k - 1], points[k]));
  return best;
}

/**
 * Where the segment from `inside` (within `radius` of the polyline) to
 * `outside` (beyond it) leaves the band of that radius around the polyline.
 */
function leaveBand(points, radius, inside, outside) {
  let lo = 0, hi = 1;
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2;
    if (toPolyline(add(inside, sub(outside, inside), mid), points) < radius) lo = mid; else hi = mid;
  }
  return add(inside, sub(outside, inside), hi);
}

/** The cells of the row or column an outside clue looks along, from its side inwards ([] at a corner). */
export function outsideLine(n, clue) {
  const { row: r, col: c } = clue;
  const inner = (v) => v >= 1 && v <= n;
  const cells = [];
  for (let k = 0; k < n; k++) {
    if (r === 0 && inner(c)) cells.push(k * n + c - 1);
    else if (r === n + 1 && inner(c)) cells.push((n - 1 - k) * n + c - 1);
    else if (c === 0 && inner(r)) cells.push((r - 1) * n + k);
    else if (c === n + 1 && inner(r)) cells.push((r - 1) * n + n - 1 - k);
    else return [];
  }
  return cells;
}

/** The cells of a little killer's diagonal, from its clue in its direction. */
export function diagonalFrom(n, clue, direction) {
  const [dx, dy] = STEPS[direction] || [0, 0];
  const cells = [];
  if (!dx) return cells;
  for (let r = clue.row - 1 + dy, c = clue.col - 1 + dx; r >= 0 && r < n && c >= 0 && c < n; r += dy, c += dx) {
    cells.push(r * n + c);
  }
  return cells;
}

/** The grid cells an element constrains, in its own order. */
function elementCells(el, n) {
  switch (el.type) {
    case 'arrow': return [...el.circle, ...el.line];
    case 'clone': return [...el.cells, ...el.copy];
    case 'twins': return [...el.cells, ...el.twin];
    case 'cupid': return [el.cell, ...el.cells];
    case 'extremum': case 'indexer': return [el.cell];
    case 'little_killer': return diagonalFrom(n, el.clue, el.direction);
    case 'sandwich': case 'x_sum': case 'skyscraper': case 'frame_sum': case 'first_of_one_two_three': return outsideLine(n, el.clue);
    default: return Array.isArray(el.cells) ? el.cells.slice() : [];
  }
}

/** Whether an element stands outside the grid (the board then leaves a ring of room around it). */
export const isOutside = (el) => ['little_killer', 'sandwich', 'x_sum', 'skyscraper', 'frame_sum', 'first_of_one_two_three'].includes(el.type);

const path = (cls, d) => ({ tag: 'path', attrs: { class: cls, d } });
const circle = (cls, p, r) => ({ tag: 'circle', attrs: { class: cls, cx: num(p[0]), cy: num(p[1]), r: num(r) } });
const rect = (cls, x, y, w, h, rx = 0) => ({
  tag: 'rect', attrs: { class: cls, x: num(x), y: num(y), width: num(w), height: num(h), ...(rx ? { rx: num(rx) } : {}) },
});
const text = (cls, p, size, words) => ({
  tag: 'text', attrs: { class: cls, x: num(p[0]), y: num(p[1]), 'font-size': num(size) }, text: String(words),
});

/** A line through cell centres: a path, or a dot for a line of one cell. */
function cellLine(n, cells, cls) {
  const points = cells.map((c) => centre(n, c));
  return points.length === 1 ? circle(`${cls} el-dot`, points[0], 0.12) : path(cls, pathThrough(points));
}

/** The midpoint of the edge (or the gap) between two cells. */
const between = (n, a, b) => add(centre(n, a), sub(centre(n, b), centre(n, a)), 0.5);

/** Thermometer: a thick rounded line from a bulb; a slow one dashed and lighter. */
function thermometer(el, n) {
  const cls = el.slow ? 'el-thermo slow' : 'el-thermo';
  const points = el.cells.map((c) => centre(n, c));
  return [path(`${cls} el-thermo-line`, pathThrough(points)), circle(`${cls} el-thermo-bulb`, points[0], RING)];
}

/** Arrow: a circle (a pill for 2 or 3 cells) and a thin line out of it ending in a head. */
function arrow(el, n) {
  const ring = el.circle.map((c) => centre(n, c));
  const shapes = [];
  const rows = new Set(el.circle.map((c) => Math.floor(c / n)));
  const cols = new Set(el.circle.map((c) => c % n));
  if (ring.length === 1) {
    shapes.push(circle('el-arrow-circle', ring[0], RING));
  } else if (rows.size === 1 || cols.size === 1) {
    const xs = ring.map((p) => p[0]), ys = ring.map((p) => p[1]);
    const [x0, y0] = [Math.min(...xs) - RING, Math.min(...ys) - RING];
    shapes.push(rect('el-arrow-circle', x0, y0, Math.max(...xs) + RING - x0, Math.max(...ys) + RING - y0, RING));
  } else {
    // A bent pill: a wide band along its cells, hollowed by a narrower one.
    shapes.push(path('el-arrow-pill-edge', pathThrough(ring)), path('el-arrow-pill-fill', pathThrough(ring)));
  }
  if (!el.line.length) return shapes;
  const line = el.line.map((c) => centre(n, c));
  const near = ring.reduce((best, p) => (Math.hypot(...sub(p, line[0])) < Math.hypot(...sub(best, line[0])) ? p : best));
  const start = leaveBand(ring, RING, near, line[0]);
  const points = [start, ...line];
  const tip = points[points.length - 1];
  const dir = sub(tip, points[points.length - 2]);
  shapes.push(path('el-arrow-line', `${pathThrough(points)} ${arrowhead(tip, dir)}`));
  return shapes;
}

/** Little killer: the sum outside the grid and a small arrow pointing along its diagonal. */
function littleKiller(el) {
  const q = outsideCentre(el.clue);
  const step = STEPS[el.direction] || [1, 1];
  const from = add(q, step, 0.16);
  const to = add(q, step, 0.46);
  return [
    path('el-lk-arrow', `${pathThrough([from, to])} ${arrowhead(to, step, 0.14)}`),
    text('el-clue el-lk-sum', add(q, step, -0.14), 0.34, el.sum),
  ];
}

/** Sandwich, X-sum and skyscraper clues: a number outside the grid; an X-sum framed, a skyscraper in italics. */
function outsideNumber(el) {
  const q = outsideCentre(el.clue);
  const value = el.type === 'skyscraper' ? el.count : el.type === 'first_of_one_two_three' ? el.digit : el.sum;
  if (el.type === 'first_of_one_two_three') {
    return [circle('el-123-ring', q, 0.24), text('el-clue el-123', q, 0.3, value)];
  }
  if (el.type === 'frame_sum') {
    return [rect('el-frame-sum', q[0] - 0.3, q[1] - 0.22, 0.6, 0.44, 0.22), text('el-clue', q, 0.32, value)];
  }
  if (el.type === 'x_sum') {
    return [rect('el-xsum-frame', q[0] - 0.3, q[1] - 0.3, 0.6, 0.6, 0.08), text('el-clue el-xsum', q, 0.36, value)];
  }
  const cls = el.type === 'skyscraper' ? 'el-clue el-skyscraper' : 'el-clue el-sandwich';
  return [text(cls, q, 0.46, value)];
}

/** Kropki dot on the edge: white hollow, black filled; the value written when not 1 (white) or 2 (black). */
function kropki(el, n) {
  const m = between(n, el.cells[0], el.cells[1]);
  const plain = el.value === (el.dot === 'black' ? 2 : 1);
  const shapes = [circle(`el-kropki ${el.dot === 'black' ? 'black' : 'white'}`, m, plain ? 0.13 : 0.17)];
  if (!plain) shapes.push(text(`el-kropki-value ${el.dot === 'black' ? 'black' : 'white'}`, m, 0.2, el.value));
  return shapes;
}

/** X or V on the edge (any other sum as its number). */
function xv(el, n) {
  const letter = el.sum === 10 ? 'X' : el.sum === 5 ? 'V' : el.sum;
  return [text('el-xv', between(n, el.cells[0], el.cells[1]), 0.36, letter)];
}

/** Between line: a circle at both ends, a line joining them. */
function betweenLine(el, n) {
  const points = el.cells.map((c) => centre(n, c));
  const first = points[0], last = points[points.length - 1];
  const inner = points.slice(1, -1);
  const start = leaveBand([first], RING, first, inner[0] || last);
  const end = leaveBand([last], RING, last, inner[inner.length - 1] || first);
  return [
    path('el-between-line', pathThrough([start, ...inner, end])),
    circle('el-between-end', first, RING),
    circle('el-between-end', last, RING),
  ];
}

/** Min / max cell: a light shading and a chevron at each side with a neighbour, pointing at the smaller digit. */
function extremum(el, n) {
  const max = el.kind === 'maximum';
  const [x, y] = centre(n, el.cell);
  const r = Math.floor(el.cell / n), c = el.cell % n;
  const shapes = [rect(`el-extremum ${max ? 'maximum' : 'minimum'}`, x - 0.5, y - 0.5, 1, 1)];
  const sides = [[0, -1, r > 0], [1, 0, c < n - 1], [0, 1, r < n - 1], [-1, 0, c > 0]];
  const chevrons = sides.filter((s) => s[2]).map(([dx, dy]) => {
    const [tipAt, armAt] = max ? [0.45, 0.35] : [0.35, 0.45];
    const tip = [x + dx * tipAt, y + dy * tipAt];
    const mid = [x + dx * armAt, y + dy * armAt];
    return pathThrough([add(mid, [dy, -dx], 0.1), tip, add(mid, [-dy, dx], 0.1)]);
  });
  shapes.push(path('el-chevron', chevrons.join(' ')));
  return shapes;
}

/** Quadruple: a white circle at the corner its cells share, holding the digits. */
function quadruple(el, n) {
  const points = el.cells.map((c) => centre(n, c));
  const mean = (k) => points.reduce((s, p) => s + p[k], 0) / points.length;
  const corner = [Math.min(n, Math.max(0, Math.round(mean(0)))), Math.min(n, Math.max(0, Math.round(mean(1))))];
  const digits = el.digits.map(String);
  const lines = digits.length > 2 ? [digits.slice(0, 2), digits.slice(2)] : [digits];
  const shapes = [circle('el-quad', corner, 0.27)];
  lines.forEach((row, k) => {
    const dy = lines.length === 1 ? 0 : (k === 0 ? -0.1 : 0.1);
    shapes.push(text('el-quad-digits', [corner[0], corner[1] + dy], 0.19, row.join(' ')));
  });
  return shapes;
}

/** Clone: both shapes shaded in one colour (the k-th clone's tone). */
function clone(el, n, k) {
  return [...el.cells, ...el.copy].map((c) => {
    const [x, y] = centre(n, c);
    return rect(`el-clone tone-${k % 6}`, x - 0.5, y - 0.5, 1, 1);
  });
}

/**
 * Indexer cell: shaded in its kind's colour (row, column or box, as the
 * f-puzzles script draws them), with a small arrow along the line its digit
 * indexes — across the row for a column indexer, down the column for a row
 * indexer; a box indexer's shading alone.
 */
function indexer(el, n) {
  const [x, y] = centre(n, el.cell);
  const shapes = [rect(`el-indexer ${el.kind}`, x - 0.5, y - 0.5, 1, 1)];
  const along = { column: [1, 0], row: [0, 1] }[el.kind];
  if (along) {
    const from = add([x, y], along, -0.3);
    const to = add([x, y], along, 0.3);
    shapes.push(path('el-indexer-arrow', `${pathThrough([from, to])} ${arrowhead(to, along, 0.1)}`));
  }
  return shapes;
}

/** Lockout line: a line between two diamonds on its end cells. */
function lockout(el, n) {
  const points = el.cells.map((c) => centre(n, c));
  const diamond = ([x, y]) => pathThrough([[x, y - 0.32], [x + 0.32, y], [x, y + 0.32], [x - 0.32, y], [x, y - 0.32]]);
  return [
    path('el-line el-lockout', pathThrough(points)),
    path('el-lockout-end', diamond(points[0])),
    path('el-lockout-end', diamond(points[points.length - 1])),
  ];
}

/** Greater-than sign on the edge: a chevron whose tip points at the smaller digit (the second cell). */
function greaterThan(el, n) {
  const [big, small] = el.cells;
  const m = between(n, big, small);
  const dir = unit(sub(centre(n, small), centre(n, big)));
  return [path('el-greater', arrowhead(add(m, dir, 0.09), dir, 0.2))];
}

/** Product clue on the edge: the number, after a times sign, in a small white box. */
function product(el, n) {
  const m = between(n, el.cells[0], el.cells[1]);
  return [rect('el-product-box', m[0] - 0.22, m[1] - 0.13, 0.44, 0.26, 0.06), text('el-product', m, 0.2, `×${el.product}`)];
}

/** Count-different line: a dashed line, its count written small at the first cell's corner. */
function countDifferent(el, n) {
  const [x, y] = centre(n, el.cells[0]);
  return [cellLine(n, el.cells, 'el-line el-count-different'), text('el-count-different-number', [x - 0.3, y - 0.27], 0.22, el.count)];
}

/** Cupid arrow: a small arrow in its cell, towards the first cell it points at. */
function cupid(el, n) {
  const from = centre(n, el.cell);
  const dir = unit(sub(centre(n, el.cells[0]), from));
  const tip = add(from, dir, 0.32);
  return [path('el-cupid', `${pathThrough([add(from, dir, -0.32), tip])} ${arrowhead(tip, dir, 0.12)}`)];
}

/** Isomorphic twins: both shapes outlined, dashed, each cell numbered by its place so partners share a number. */
function twins(el, n) {
  return [[el.cells, 'first'], [el.twin, 'second']].flatMap(([shape, which]) => shape.flatMap((c, k) => {
    const [x, y] = centre(n, c);
    return [rect(`el-twin ${which}`, x - 0.44, y - 0.44, 0.88, 0.88, 0.06), text('el-twin-place', [x - 0.3, y - 0.27], 0.18, k + 1)];
  }));
}

/** The layer and the shapes of one element; null for a kind this page does not know. */
function draw(el, n, cloneIndex) {
  if (LINE_KINDS[el.type]) return [LAYER.line, [cellLine(n, el.cells, `el-line ${LINE_KINDS[el.type]}`)]];
  switch (el.type) {
    case 'thermometer': return [LAYER.thermo, thermometer(el, n)];
    case 'arrow': return [LAYER.arrow, arrow(el, n)];
    case 'little_killer': return [LAYER.outside, littleKiller(el)];
    case 'sandwich': case 'x_sum': case 'skyscraper': case 'frame_sum': case 'first_of_one_two_three':
      return [LAYER.outside, outsideNumber(el)];
    case 'kropki': return [LAYER.edge, kropki(el, n)];
    case 'xv': return [LAYER.edge, xv(el, n)];
    case 'between': return [LAYER.line, betweenLine(el, n)];
    case 'extremum': return [LAYER.shade, extremum(el, n)];
    case 'quadruple': return [LAYER.quad, quadruple(el, n)];
    case 'clone': return [LAYER.shade, clone(el, n, cloneIndex)];
    case 'indexer': return [LAYER.shade, indexer(el, n)];
    case 'greater_than': return [LAYER.edge, greaterThan(el, n)];
    case 'lockout': return [LAYER.line, lockout(el, n)];
    case 'counting_circles': return [LAYER.shade, el.cells.map((c) => circle('el-counting', centre(n, c), RING))];
    case 'product': return [LAYER.edge, product(el, n)];
    case 'count_different': return [LAYER.line, countDifferent(el, n)];
    case 'cupid': return [LAYER.arrow, cupid(el, n)];
    case 'twins': return [LAYER.shade, twins(el, n)];
    default: return null;
  }
}

/** What an element says, for the cells' labels: its name and its number, if it has one. */
function caption(el) {
  const number = el.sum ?? el.count ?? el.product ?? el.digit ?? (el.type === 'kropki' ? el.value : undefined);
  const digits = el.type === 'quadruple' ? `: ${el.digits.join(', ')}` : '';
  return `${el.name || el.type}${number !== undefined ? `: ${number}` : ''}${digits}`;
}

/**
 * The marks of a parsed puzzle, bottom layer first (the answer's order
 * within a layer): one per element, `{name, kind, title, layer, cells,
 * labelled, shapes}` — `name` as the engine's trace names the element
 * (`thermometer 2`), `title` its name and number, `cells` those it
 * constrains, `labelled` those whose labels name it (an outside clue: the
 * cell next to it), `shapes` a list of `{tag, attrs, text?}` — and one for
 * the odd and even cells (grey circles and squares; `name` null). Elements
 * of kinds this page does not know are left out.
 */
export function elementMarks(p) {
  const n = p.size;
  const list = Array.isArray(p.elements) ? p.elements : [];
  let clones = 0;
  const marks = [];
  list.forEach((el, order) => {
    const drawn = draw(el, n, el.type === 'clone' ? clones++ : 0);
    if (!drawn) return;
    const [layer, shapes] = drawn;
    const name = el.name || `${el.type} ${order + 1}`;
    const cells = elementCells(el, n);
    const labelled = isOutside(el) ? cells.slice(0, 1) : cells;
    marks.push({ name, kind: el.type, title: caption(el), layer, order, cells, labelled, shapes });
  });
  const odd = (p.odd || []).map((c) => circle('el-odd', centre(n, c), 0.36));
  const even = (p.even || []).map((c) => { const [x, y] = centre(n, c); return rect('el-even', x - 0.34, y - 0.34, 0.68, 0.68); });
  if (odd.length || even.length) {
    const cells = [...(p.odd || []), ...(p.even || [])];
    marks.push({ name: null, kind: 'parity', title: 'odd and even cells', layer: LAYER.parity, order: -1, cells, labelled: [], shapes: [...odd, ...even] });
  }
  return marks.sort((a, b) => a.layer - b.layer || a.order - b.order);
}

/** The lines of the long diagonals of an n×n grid that are houses: `main` ↘, `anti` ↙. */
export function diagonalLines(n, main, anti) {
  return [
    ...(main ? [{ x1: 0, y1: 0, x2: n, y2: n }] : []),
    ...(anti ? [{ x1: n, y1: 0, x2: 0, y2: n }] : []),
  ];
}

/** What each kind of element means, shown once per kind the puzzle has; `n` is the grid's side. */
const KIND_WORDS = {
  thermometer: () => 'Thermometer: digits increase from the bulb.',
  slow_thermometer: () => 'Slow thermometer (dashed): digits never decrease from the bulb.',
  arrow: () => 'Arrow: the digits on the line add up to the circle (a pill reads as one number).',
  little_killer: () => 'Little killer: the digits on the arrow’s diagonal add up to its number (digits may repeat).',
  sandwich: (n) => `Sandwich (plain number outside): the digits between the 1 and the ${n} of its row or column add up to it.`,
  x_sum: () => 'X-sum (framed number): the first k digits seen from it add up to it, k being the first of them.',
  skyscraper: () => 'Skyscraper (italic number): how many digits are seen from it, each larger than all before it.',
  white_dot: () => 'White dot: the two digits differ by 1, or by the number in it.',
  black_dot: () => 'Black dot: one digit is twice the other, or the number in it times.',
  xv: () => 'X: the two digits add up to 10; V: to 5 (a number: to that).',
  whisper: (n, els) => `Green line (German whispers): neighbours on it differ by at least ${[...new Set(els.map((e) => e.difference))].join(' or ')}.`,
  renban: () => 'Purple line (renban): different digits that form a run of consecutive digits, in any order.',
  palindrome: () => 'Grey line (palindrome): it reads the same from both ends.',
  between: () => 'Between line: every digit on the line lies strictly between the digits in its end circles.',
  region_sum: () => 'Blue line (region sum): each piece of it inside one region adds up to the same sum.',
  zipper: () => 'Lavender line (zipper): cells the same distance from its middle add up to the same sum (the middle digit, on an odd line).',
  entropic: () => 'Orange line (entropic): any three cells in a row on it hold a low, a middle and a high digit.',
  modular: () => 'Teal line (modular): any three cells in a row on it hold digits of three different residues mod 3.',
  minimum: () => 'Minimum (chevrons pointing in): smaller than each orthogonal neighbour.',
  maximum: () => 'Maximum (chevrons pointing out): larger than each orthogonal neighbour.',
  quadruple: () => 'Quadruple: the digits in the circle appear in the cells around it.',
  clone: () => 'Clones (one shading): the shapes hold the same digits, cell for cell.',
  row_indexer: () => 'Row indexer (green, arrow down): a digit X in row r puts r in row X of the same column.',
  column_indexer: () => 'Column indexer (red, arrow across): a digit X in column c puts c in column X of the same row.',
  parity_line: () => 'Red line (parity): neighbours on it alternate between odd and even digits.',
  nabner: () => 'Olive line (nabner): no two digits on it are equal or consecutive.',
  lockout: (n, els) => `Blue line between diamonds (lockout): the diamonds differ by at least ${[...new Set(els.map((e) => e.difference))].join(' or ')}, and no digit on the line lies between them or equals one.`,
  counting_circles: () => 'Counting circles: a digit d in a circle stands in exactly d of the circles.',
  first_of_one_two_three: () => '123 clue (ringed digit outside): of 1, 2 and 3, this digit comes first from it.',
  frame_sum: () => 'Frame sum (number in a rounded frame): the first cells seen from it, one box deep, add up to it.',
  greater_than: () => 'Greater-than sign: the digit it opens towards is larger than the one its tip points at.',
  product: () => 'Product (×n on an edge): the two digits multiply to n.',
  count_different: () => 'Dashed line with a number (count-different): it holds exactly that many different digits.',
  cupid: () => 'Cupid arrow: the digit in its cell stands again in one of the cells it points at.',
  twins: () => 'Isomorphic twins (dashed shapes, cells numbered alike): two cells of one shape hold the same digit exactly when their partners do.',
  box_indexer: () => 'Box indexer (blue): a digit X at the p-th cell of its region (reading order) puts p in its X-th cell.',
};

/** The key of an element in KIND_WORDS. */
function kindKey(el) {
  if (el.type === 'thermometer') return el.slow ? 'slow_thermometer' : 'thermometer';
  if (el.type === 'kropki') return `${el.dot}_dot`;
  if (el.type === 'extremum') return el.kind;
  if (el.type === 'indexer') return `${el.kind}_indexer`;
  return el.type;
}

/** What each rule on every cell says. */
const GLOBAL_WORDS = {
  'anti-knight': 'Anti-knight: cells a chess knight’s move apart hold different digits.',
  'anti-king': 'Anti-king: cells a chess king’s move apart (diagonal neighbours too) hold different digits.',
  'non-consecutive': 'Non-consecutive: orthogonal neighbours never hold consecutive digits.',
  disjoint: 'Disjoint groups: cells at the same place in every box hold different digits.',
};

/** What each "all are given" rule says. */
const NEGATIVE_WORDS = {
  white: 'Every white dot is given: neighbours without a dot never differ by 1.',
  black: 'Every black dot is given: neighbours without a dot never hold a digit and its double.',
  x: 'Every X is given: neighbours without an X or V never add up to 10.',
  v: 'Every V is given: neighbours without an X or V never add up to 5.',
};

/**
 * The legend under the grid, one sentence each: the rules on every cell,
 * the negative rules, the odd and even cells, then each kind of element
 * the puzzle has, in the order of its first element.
 */
export function rulesLegend(p) {
  const out = [];
  for (const rule of p.global || []) out.push(GLOBAL_WORDS[rule] || `${rule}.`);
  const negative = p.negative || {};
  for (const key of Object.keys(NEGATIVE_WORDS)) if (negative[key]) out.push(NEGATIVE_WORDS[key]);
  if ((p.odd || []).length || (p.even || []).length) out.push('Grey circle: an odd digit; grey square: an even digit.');
  const kinds = new Map();
  for (const el of Array.isArray(p.elements) ? p.elements : []) {
    const key = kindKey(el);
    if (KIND_WORDS[key]) kinds.set(key, [...(kinds.get(key) || []), el]);
  }
  for (const [key, els] of kinds) out.push(KIND_WORDS[key](p.size, els));
  return out;
}
