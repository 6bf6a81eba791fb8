// The board on screen: its cells (borders of boxes and regions, windows,
// killer cages with their sums), the variant elements' layer (layer.js),
// the digit pad, the SVG overlay (diagonals, a hint's chain links), and
// rendering — givens, entries,
// pencil marks, the trace's candidates, hint marks and the elements behind
// a hint — touching only the cells whose look changed.

import { bit, digitChar, digitsOf, popcount } from './digits.js';
import { clashes } from './geometry.js';
import { marksOfStep } from './marks.js';
import { merged } from './state.js';
import { $, svgEl } from './dom.js';
import { buildMarksLayer, lightMarks } from './layer.js';

/** The cage outline of cell i (cage k): dashed on the sides that border another cage. */
function cageLine(g, i, k) {
  const n = g.n;
  const r = Math.floor(i / n), c = i % n;
  const line = document.createElement('div');
  line.className = 'cage-line';
  const same = (j) => j >= 0 && j < n * n && g.cageOf[j] === k;
  const sides = {
    top: !(r > 0 && same(i - n)),
    bottom: !(r < n - 1 && same(i + n)),
    left: !(c > 0 && same(i - 1)),
    right: !(c < n - 1 && same(i + 1)),
  };
  for (const [side, edge] of Object.entries(sides)) {
    line.style[side] = edge ? '9%' : '-1px';
    line.style[`border${side[0].toUpperCase()}${side.slice(1)}Width`] = edge ? '1.5px' : '0';
  }
  return line;
}

/** Builds the cells, the digit pad and the overlay for the state's geometry. */
export function buildBoard(S) {
  const g = S.geo;
  const n = g.n;
  const board = $('board');
  board.style.setProperty('--n', n);
  board.style.setProperty('--s', g.s);
  board.setAttribute('aria-rowcount', n);
  board.setAttribute('aria-colcount', n);
  board.setAttribute('aria-label', `Sudoku board, ${n} by ${n}, ${g.variant}`);
  board.dataset.size = n;
  board.classList.toggle('caged', g.cages.length > 0);
  const frag = document.createDocumentFragment();
  const B = S.board;
  B.cells = [];
  B.tabCell = -1;
  B.renderCache.length = 0;
  B.classCache.length = 0;
  const sumCell = new Map();
  g.cages.forEach((cage, k) => sumCell.set(Math.min(...cage.cells), k));
  for (let r = 0; r < n; r++) {
    const row = document.createElement('div');
    row.className = 'row-group';
    row.setAttribute('role', 'row');
    row.setAttribute('aria-rowindex', r + 1);
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const el = document.createElement('div');
      el.className = 'cell';
      el.id = `cell-${i}`;
      el.dataset.cell = i;
      el.setAttribute('role', 'gridcell');
      el.setAttribute('aria-colindex', c + 1);
      el.setAttribute('tabindex', '-1');
      const reg = g.region[i];
      if (r === 0 || g.region[i - n] !== reg) el.classList.add(r === 0 ? 'first-row' : 'bt');
      if (c > 0 && g.region[i - 1] !== reg) el.classList.add('bl');
      if (c === n - 1) el.classList.add('last-col');
      if (r === n - 1) el.classList.add('last-row');
      if (g.inWindow[i]) el.classList.add('window');
      const k = g.cageOf[i];
      if (k >= 0) {
        el.appendChild(cageLine(g, i, k));
        if (sumCell.get(i) === k && g.cages[k].sum != null) {
          const sum = document.createElement('span');
          sum.className = 'cage-sum';
          sum.textContent = g.cages[k].sum;
          sum.setAttribute('aria-hidden', 'true');
          el.appendChild(sum);
        }
      }
      const content = document.createElement('div');
      content.className = 'content';
      content.style.display = 'contents';
      el.appendChild(content);
      row.appendChild(el);
      B.cells.push(el);
    }
    frag.appendChild(row);
  }
  frag.appendChild(buildMarksLayer(S));
  board.replaceChildren(frag);
  if (S.sel >= n * n) S.sel = 0;
  buildDigitPad(n);
  drawOverlay(S);
  const cagesNote = g.cages.length ? `, ${g.cages.length} cages` : '';
  $('board-info').dataset.base = `${n}×${n} ${g.jigsaw ? 'jigsaw' : g.variant}${cagesNote}`;
}

/** One button per digit 1..n, and one that clears the cell. */
function buildDigitPad(n) {
  const frag = document.createDocumentFragment();
  for (let d = 1; d <= n; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = digitChar(d);
    b.dataset.digit = d;
    b.setAttribute('aria-label', `digit ${d}`);
    frag.appendChild(b);
  }
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.textContent = '⌫';
  clear.dataset.digit = 0;
  clear.setAttribute('aria-label', 'clear the cell');
  frag.appendChild(clear);
  $('digit-pad').replaceChildren(frag);
}

/** Diagonals, and the links of the hint's chain. */
function drawOverlay(S) {
  const g = S.geo;
  const n = g.n;
  const svg = $('overlay');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.replaceChildren();
  const defs = svgEl('defs', {});
  const marker = svgEl('marker', {
    id: 'arrow', viewBox: '0 0 10 10', refX: '9', refY: '5',
    markerWidth: '6', markerHeight: '6', orient: 'auto-start-reverse',
  });
  marker.appendChild(svgEl('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }));
  defs.appendChild(marker);
  svg.appendChild(defs);
  for (const line of g.diagonalLines) svg.appendChild(svgEl('line', { ...line, class: 'diag' }));
  const links = S.marks && S.marks.links;
  if (!links || !links.length) return;
  // The centre of candidate d of a cell, in cell units.
  const pos = (cell, d) => {
    const r = Math.floor(cell / n), c = cell % n;
    const k = d - 1;
    return [c + ((k % g.s) + 0.5) / g.s * 0.92 + 0.04, r + (Math.floor(k / g.s) + 0.5) / g.s * 0.92 + 0.04];
  };
  const center = (node) => {
    const pts = node.cells.map((c) => pos(c, node.digit));
    return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
  };
  for (const link of links) {
    if (!link.from || !link.to || !link.from.cells || !link.to.cells) continue;
    const [x1, y1] = center(link.from);
    const [x2, y2] = center(link.to);
    // Shorten so the arrow does not cover the candidate.
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(0.3 / g.s, len / 3);
    svg.appendChild(svgEl('path', {
      d: `M${x1 + (dx / len) * cut},${y1 + (dy / len) * cut} L${x2 - (dx / len) * cut},${y2 - (dy / len) * cut}`,
      class: `link ${link.kind === 'weak' ? 'weak' : 'strong'}`,
      'marker-end': 'url(#arrow)',
    }));
  }
}

/** What cell i shows: a given, an entry, a single candidate, a pad of candidates, empty, or blank. */
function cellState(S, i, clashSet) {
  const n = S.geo.n;
  const given = S.givens[i];
  const marks = S.marks && S.marks.cells.get(i);
  if (S.view === 'trace' && S.trace) {
    const T = S.trace;
    const fixed = given || T.fixed[i];
    const mask = T.masks[i];
    const ev = T.highlight && T.highlight.cell === i ? T.highlight : null;
    if (fixed && !ev) return { kind: 'given', digit: fixed };
    if (ev && ev.removed && ev.removed.length) {
      const gone = new Map(ev.removed.map((d) => [d, 'gone']));
      return { kind: 'pad', mask, marks: gone, empty: mask === 0 };
    }
    if (mask === 0) return { kind: 'empty' };
    if (popcount(mask) === 1) return { kind: 'single', digit: digitsOf(mask, n)[0] };
    return { kind: 'pad', mask };
  }
  if (given) return { kind: 'given', digit: given, clash: clashSet.has(i) };
  if (S.values[i]) {
    const placed = marks && marks.get(S.values[i]) === 'c-place';
    return { kind: 'value', digit: S.values[i], clash: clashSet.has(i), placed };
  }
  if (S.candMode === 'none' && !marks) return { kind: 'blank' };
  let mask = S.cands[i];
  if (marks) for (const d of marks.keys()) mask |= bit(d);
  if (mask === 0) return S.candMode === 'auto' ? { kind: 'empty' } : { kind: 'blank' };
  if (popcount(mask) === 1 && !marks) return { kind: 'single', digit: digitsOf(mask, n)[0] };
  return { kind: 'pad', mask, marks };
}

/** Cell i's label for screen readers. */
function cellLabel(S, i, st) {
  const n = S.geo.n;
  const base = `row ${Math.floor(i / n) + 1} column ${(i % n) + 1}`;
  const k = S.geo.cageOf[i];
  const titles = S.geo.markTitles[i];
  const sum = k >= 0 && S.geo.cages[k].sum != null ? ` sum ${S.geo.cages[k].sum}` : '';
  const cage = (k >= 0 ? `, cage ${k + 1}${sum}` : '') + (titles.length ? `, ${titles.join(', ')}` : '');
  switch (st.kind) {
    case 'given': return `${base}, given ${st.digit}${cage}`;
    case 'value': return `${base}, ${st.digit}${st.clash ? ', clashes' : ''}${cage}`;
    case 'single': return `${base}, candidate ${st.digit}${cage}`;
    case 'empty': return `${base}, no candidates left${cage}`;
    case 'pad': return `${base}, candidates ${digitsOf(st.mask, n).join(' ')}${cage}`;
    default: return `${base}, empty${cage}`;
  }
}

const CELL_CLASSES = ['selected', 'peer', 'house', 'trace-cur', 'trace-guess', 'trace-refute', 'trace-fail', 'hint-place', 'hint-wrong'];

/** Draws cell i when its look changed; `extraClasses` is ' class class '. */
function renderCell(S, i, clashSet, extraClasses) {
  const B = S.board;
  const el = B.cells[i];
  const st = cellState(S, i, clashSet);
  const n = S.geo.n;
  const markKey = st.marks ? [...st.marks].join(',') : '';
  const empty = st.kind === 'empty' || (st.kind === 'pad' && !!st.empty);
  const classKey = `${extraClasses}${empty ? 'empty-domain' : ''}`;
  if (B.classCache[i] !== classKey) {
    B.classCache[i] = classKey;
    el.classList.toggle('empty-domain', empty);
    for (const cls of CELL_CLASSES) el.classList.toggle(cls, extraClasses.includes(` ${cls} `));
  }
  const key = `${st.kind}|${st.digit || ''}|${st.mask || 0}|${markKey}|${st.clash ? 1 : 0}|${st.placed ? 1 : 0}`;
  if (B.renderCache[i] === key) return;
  B.renderCache[i] = key;
  const content = el.lastChild;
  content.replaceChildren();
  if (st.kind === 'given' || st.kind === 'value') {
    const span = document.createElement('span');
    span.className = `big ${st.kind === 'given' ? 'given' : 'entry'}`;
    if (st.clash) span.classList.add('clash');
    if (st.placed) span.classList.add('placed');
    span.textContent = digitChar(st.digit);
    content.appendChild(span);
  } else if (st.kind === 'pad' || st.kind === 'single') {
    // One candidate left stays a pencil mark in its place, ringed: it is
    // not an entry until someone enters it.
    const mask = st.kind === 'single' ? bit(st.digit) : st.mask;
    const pad = document.createElement('div');
    pad.className = 'pad';
    for (let d = 1; d <= n; d++) {
      const span = document.createElement('span');
      const mark = st.marks && st.marks.get(d);
      if (mask & bit(d) || mark) {
        span.textContent = digitChar(d);
        if (mark) span.className = mark;
        else if (st.kind === 'single') span.className = 'only';
        span.dataset.digit = d;
      }
      pad.appendChild(span);
    }
    content.appendChild(pad);
  } else if (st.kind === 'empty') {
    const span = document.createElement('span');
    span.className = 'empty-mark';
    span.textContent = '∅';
    span.setAttribute('aria-hidden', 'true');
    content.appendChild(span);
  }
  el.setAttribute('aria-label', cellLabel(S, i, st));
  el.dataset.kind = st.kind;
  el.dataset.cands = st.kind === 'pad' ? digitsOf(st.mask, n).join('') : st.kind === 'single' ? String(st.digit) : '';
}

/** The trace's current house, cell and class, when the board shows the trace. */
function traceHighlight(S) {
  const house = new Set();
  let cell = -1, cls = '';
  const h = S.view === 'trace' && S.trace && S.trace.highlight;
  if (h) {
    if (h.by && S.geo.named.has(h.by)) for (const c of S.geo.named.get(h.by)) house.add(c);
    if (h.cell != null) {
      cell = h.cell;
      cls = { prune: 'trace-cur', guess: 'trace-guess', refute: 'trace-refute', fail: 'trace-fail' }[h.event] || 'trace-cur';
    }
  }
  return { house, cell, cls };
}

/** Draws the board, the board's caption and the editing buttons' states. */
export function render(S) {
  const g = S.geo;
  const B = S.board;
  const cells = g.n * g.n;
  if (B.cells.length !== cells) return; // the board is being rebuilt
  const clashSet = S.view === 'edit' ? clashes(g, merged(S)) : new Set();
  const peers = S.view === 'edit' ? new Set(g.peers[S.sel]) : new Set();
  const { house, cell: traceCell, cls: traceClass } = traceHighlight(S);
  const M = S.marks;
  const traced = S.view === 'trace' && S.trace && S.trace.highlight;
  lightMarks(S, traced ? [traced.by] : (M && M.elements) || []);
  if (M) for (const c of M.houseCells) house.add(c);
  for (let i = 0; i < cells; i++) {
    let extra = ' ';
    if (i === S.sel) extra += 'selected ';
    else if (peers.has(i)) extra += 'peer ';
    if (house.has(i)) extra += 'house ';
    if (i === traceCell) extra += traceClass + ' ';
    if (M && M.placeCells.has(i)) extra += 'hint-place ';
    if (M && M.wrongCells.has(i)) extra += 'hint-wrong ';
    renderCell(S, i, clashSet, extra);
  }
  // Roving tabindex: only the selected cell is in the tab order. Touch only
  // the two cells that change (setting it on every cell forces style work).
  if (B.tabCell !== S.sel) {
    if (B.cells[B.tabCell]) {
      B.cells[B.tabCell].setAttribute('tabindex', '-1');
      B.cells[B.tabCell].setAttribute('aria-selected', 'false');
    }
    B.cells[S.sel].setAttribute('tabindex', '0');
    B.cells[S.sel].setAttribute('aria-selected', 'true');
    B.tabCell = S.sel;
  }
  const info = $('board-info');
  const givenCount = S.givens.filter((d) => d).length;
  const filled = merged(S).filter((d) => d).length;
  let text = `${info.dataset.base} · ${givenCount} givens · ${filled}/${cells} filled`;
  if (clashSet.size) text += ' · clash!';
  if (S.view === 'trace') text += ' · showing the solver trace';
  info.textContent = text;
  $('mode-givens').setAttribute('aria-pressed', String(S.mode === 'givens'));
  $('mode-entries').setAttribute('aria-pressed', String(S.mode === 'entries'));
  $('pencil').setAttribute('aria-pressed', String(S.pencil));
}

/** Sets the hint marks (marks.js; null: none) and draws them. */
export function showMarks(S, marks) {
  S.marks = marks;
  if (S.geo) drawOverlay(S);
  if (S.board.cells.length) render(S);
}

/** Removes the hint marks. */
export const clearMarks = (S) => showMarks(S, null);

/** Marks a hint or explanation step on the board. */
export const markStep = (S, step) => showMarks(S, marksOfStep(S.geo, step));

/** Selects cell i (clamped to the board) and, with `focus`, gives it the focus. */
export function select(S, i, focus = true) {
  const cells = S.geo.n * S.geo.n;
  S.sel = Math.max(0, Math.min(cells - 1, i));
  render(S);
  if (focus) S.board.cells[S.sel].focus({ preventScroll: false });
}

/** Gives the selected cell the focus. */
export const focusBoard = (S) => S.board.cells[S.sel].focus();
