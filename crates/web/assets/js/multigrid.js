// Grids of several overlapping Sudokus (samurai, twodoku, butterfly, sumo,
// …): whether a pasted text is one's canvas, the drawing of one from its
// /api/parse answer (`"kind": "multigrid"`), the sentence for a solve, and
// what the Generate menu offers. Pure: no DOM.

/** The text's lines that are not blank and not `#` comments, trailing spaces cut. */
const contentLines = (text) => text.split(/\r?\n/).map((l) => l.replace(/\s+$/, ''))
  .filter((l) => l && !l.trimStart().startsWith('#'));

/**
 * Whether `text` is a multigrid's canvas rather than one grid's line or
 * block of rows: a `layout:` line, or rows (frame lines such as `---+---`
 * aside) that do not line up — one
 * starting further right or ending sooner than another, or a gap of
 * three spaces or more inside a row (the canvas's empty squares). The
 * server decides what the text is; this only keeps the text as typed
 * (a block of rows is joined into one line, which would lose the canvas).
 */
export function looksLikeCanvas(text) {
  const all = contentLines(text);
  if (all.some((l) => /^layout\s*:/i.test(l.trim()))) return true;
  const lines = all.filter((l) => !/^[-+=|\s]+$/.test(l));
  if (lines.length < 2) return false;
  const starts = new Set(lines.map((l) => l.length - l.trimStart().length));
  const ends = new Set(lines.map((l) => l.length));
  return starts.size > 1 || ends.size > 1 || lines.some((l) => /\S {3,}\S/.test(l));
}

/** The canvas text as sent to the server: leading blank lines and trailing space cut, the first row's indent kept. */
export const canvasText = (text) => text.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');

/** Whether a sub-grid's cells (`cells`, placed by `at`) fill an n×n square of the canvas. */
function isSquare(cells, at, n) {
  if (cells.length !== n * n) return false;
  const rows = cells.map((c) => at[c][0]);
  const cols = cells.map((c) => at[c][1]);
  const top = Math.min(...rows), left = Math.min(...cols);
  return cells.every((c, k) => at[c][0] === top + Math.floor(k / n) && at[c][1] === left + (k % n));
}

/**
 * The drawing of a multigrid (`p`: its /api/parse answer) in canvas units
 * (a cell is 1×1, row r and column c at x = c, y = r):
 *
 * - `width`, `height`: the canvas;
 * - `cells`: each cell's `[row, col]`;
 * - `thin`, `box`, `border`: SVG path data — thin lines between cells of
 *   one box, box lines between boxes of one sub-grid, and heavier borders
 *   between cells that share no sub-grid (sub-grids side by side) and
 *   along the edge of the canvas's empty space. Boxes and sub-grids here
 *   are those that are squares on the canvas;
 * - `scattered`: the sub-grids (numbered from 1) that are not squares on
 *   the canvas — a clueless puzzle's tenth grid, made of cells spread
 *   over the others — each `{grid, cells}`, shaded on the board.
 */
export function multigridDrawing(p) {
  const { width, height, size: n } = p;
  const at = p.cells;
  const cellAt = new Map(at.map(([r, c], i) => [r * width + c, i]));
  const neighbour = (r, c) => (r >= 0 && c >= 0 && r < height && c < width ? cellAt.get(r * width + c) : undefined);
  const boxes = at.map(() => []);
  const grids = at.map(() => []);
  const scattered = [];
  p.grids.forEach((g, k) => {
    if (!isSquare(g.cells, at, n)) {
      scattered.push({ grid: k + 1, cells: g.cells.slice() });
      return;
    }
    g.cells.forEach((c) => grids[c].push(k));
    g.boxes.forEach((box, b) => box.forEach((c) => boxes[c].push(`${k}:${b}`)));
  });
  const shared = (lists, a, b) => lists[a].some((id) => lists[b].includes(id));
  const lines = { thin: [], box: [], border: [] };
  const kind = (a, b) => {
    if (b === undefined) return lines.border;
    if (shared(boxes, a, b)) return lines.thin;
    return shared(grids, a, b) ? lines.box : lines.border;
  };
  const edge = (list, x1, y1, x2, y2) => list.push(x1 === x2 ? `M${x1} ${y1}V${y2}` : `M${x1} ${y1}H${x2}`);
  at.forEach(([r, c], i) => {
    if (neighbour(r - 1, c) === undefined) edge(lines.border, c, r, c + 1, r);
    if (neighbour(r, c - 1) === undefined) edge(lines.border, c, r, c, r + 1);
    edge(kind(i, neighbour(r + 1, c)), c, r + 1, c + 1, r + 1);
    edge(kind(i, neighbour(r, c + 1)), c + 1, r, c + 1, r + 1);
  });
  return {
    width, height, cells: at, thin: lines.thin.join(''), box: lines.box.join(''), border: lines.border.join(''), scattered,
  };
}

/**
 * What the board alone does not show, in sentences: the sub-grids spread
 * over the others (shaded), and the pairs that relabel one another
 * (`p.relabelled`, twins).
 */
export function multigridNotes(p, drawing) {
  const spread = drawing.scattered.map((g) => `The shaded cells make grid ${g.grid}: its rows, columns and boxes, taken in the order the puzzle lists its cells, hold every digit once too.`);
  const twins = (p.relabelled || []).map(([a, b]) => `Grids ${a + 1} and ${b + 1} are twins: one relabelling of the digits (each digit always swapped for the same one) turns grid ${a + 1} into grid ${b + 1}, place by place.`);
  return spread.concat(twins);
}

/** Words for a number of sub-grids. */
const COUNTS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen'];

/** What a multigrid is, for the caption and the status line: `samurai: five 9×9 grids, 369 cells`. */
export function multigridTitle(p) {
  const count = p.grids.length;
  const grids = `${COUNTS[count] || count} ${p.size}×${p.size} grids`;
  return `${p.layout || 'multigrid'}: ${grids}, ${p.cells.length} cells`;
}

/** The sentence for a multigrid's /api/solve answer `r` (the engine counts to two solutions). */
export function solveSentence(r) {
  const nodes = `${r.stats.nodes} search node${r.stats.nodes === 1 ? '' : 's'}`;
  switch (r.status) {
    case 'unique': return `Solved: exactly one solution (${nodes}).`;
    case 'multiple': return `More than one solution: the engine found two and stopped counting; the first is shown (${nodes}).`;
    case 'none': return `No solution${r.clash ? `: ${r.clash}` : ''} (${nodes}).`;
    default: return `A first solution, shown; the deadline came before a second one was ruled out (${nodes}).`;
  }
}

/**
 * The named layouts the Generate menu offers, each with the sizes that
 * the server makes within its 10-second deadline: every one of 10 seeds
 * in 5 s or less (the release build on one core of a shared machine; the
 * figures are in docs/api.md). Left out: super-samurai, shogun and sumo
 * at 12×12 (up to 15 s, or past 25 s), and at 16×16 every layout but
 * twodoku (sensei up to 9 s, twins up to 6.8 s, the others past 25 s
 * for some seed); the clueless layouts are made at 9×9 alone (they need
 * boxes of odd sides: 15×15 is not on the menu, 25×25 takes too long). Where
 * a layout stands as an earlier one does, the earlier is offered alone:
 * doubledoku and sensei are a twodoku of 4×4 grids, sensei also of 6×6
 * and 8×8 grids.
 */
export const LAYOUT_PLAN = {
  twodoku: [4, 6, 8, 9, 12, 16],
  doubledoku: [6, 8, 9, 12],
  sensei: [9, 12],
  twins: [4, 6, 8, 9, 12],
  tridoku: [4, 6, 8, 9, 12],
  'wing-3': [4, 6, 8, 9, 12],
  butterfly: [4, 6, 8, 9, 12],
  sohei: [4, 6, 8, 9, 12],
  flower: [4, 6, 8, 9, 12],
  samurai: [4, 6, 8, 9, 12],
  windmill: [4, 6, 8, 9, 12],
  'super-samurai': [4, 6, 8, 9],
  shogun: [4, 6, 8, 9],
  sumo: [4, 6, 8, 9],
  'clueless-1': [9],
  'clueless-2': [9],
};

/** The menu value of a layout (`layout:samurai`), and the layout a menu value names (or null). */
export const layoutValue = (name) => `layout:${name}`;
export const layoutOf = (value) => (typeof value === 'string' && value.startsWith('layout:') ? value.slice(7) : null);

/** The layouts offered at a size, as menu values. */
export const offeredLayouts = (size) => Object.entries(LAYOUT_PLAN)
  .filter(([, sizes]) => sizes.includes(Number(size))).map(([name]) => layoutValue(name));
