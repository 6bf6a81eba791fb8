// fdoku page: the board, editing, the propagation trace player, hints,
// explanation, grade and generation. Plain ES module, no build step; it talks
// only to the JSON API of `fdoku serve` (docs/api.md).

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- digits

/** The character of a digit: 1-9, then A = 10 … W = 32; '.' for empty. */
export function digitChar(d) {
  if (!d) return '.';
  return d <= 9 ? String(d) : String.fromCharCode(55 + d);
}

/** The digit of a character (1-9, A-W in either case), or 0. */
export function charDigit(c) {
  if (typeof c !== 'string' || c.length !== 1) return 0;
  if (c >= '1' && c <= '9') return c.charCodeAt(0) - 48;
  const u = c.toUpperCase();
  if (u >= 'A' && u <= 'W') return u.charCodeAt(0) - 55;
  return 0;
}

const bit = (d) => 1 << d;
const fullMask = (n) => ((1 << (n + 1)) - 1) & ~1;
function digitsOf(mask, n) {
  const out = [];
  for (let d = 1; d <= n; d++) if (mask & bit(d)) out.push(d);
  return out;
}
function popcount(m) {
  let c = 0;
  while (m) { m &= m - 1; c++; }
  return c;
}
const lineOf = (values) => values.map(digitChar).join('');

// ---------------------------------------------------------------- API

class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function api(name, body) {
  const init = body === undefined
    ? { method: 'GET' }
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  let res;
  try {
    res = await fetch('/api/' + name, init);
  } catch (e) {
    throw new ApiError(`the server did not answer (${e.message})`, 0);
  }
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    throw new ApiError((data && data.error) || `${res.status} ${res.statusText}`, res.status);
  }
  return data;
}

// ---------------------------------------------------------------- state

const S = {
  geo: null,          // the rules' geometry (see makeGeo), shared by snapshots
  givens: [],
  values: [],         // the user's entries (0 = none)
  cands: [],          // pencil marks as bitmasks (bit d = digit d)
  candMode: 'none',   // 'none' | 'manual' | 'auto' (auto: an empty mask is a red cell)
  sel: 0,
  mode: 'entries',    // what typed digits become: 'givens' | 'entries'
  pencil: false,
  undo: [],
  redo: [],
  view: 'edit',       // 'edit' | 'trace'
  trace: null,
  marks: null,        // hint marks: {cells: Map(cell -> Map(digit -> class)), cellClass: Map, links}
  hintStage: 0,
  explain: null,
  lastHash: '',
};

let cellEls = [];
let tabCell = -1;
const renderCache = [];
const classCache = [];

// ---------------------------------------------------------------- geometry

/** Builds the geometry of a parsed puzzle (the /api/parse answer). */
function makeGeo(p, desc) {
  const n = p.size;
  const cells = n * n;
  let region = null;
  if (Array.isArray(p.regions) && p.regions.length === cells) {
    region = p.regions.slice();
  } else if (Array.isArray(p.box) && p.box.length === 2) {
    const [rows, cols] = p.box;
    const perBand = n / cols;
    region = Array.from({ length: cells }, (_, i) => {
      const r = Math.floor(i / n), c = i % n;
      return Math.floor(r / rows) * perBand + Math.floor(c / cols);
    });
  }
  const named = new Map();
  const houses = []; // in the Rules order (step.houses index into this)
  const add = (name, list) => { houses.push({ name, cells: list }); named.set(name, list); };
  for (let r = 0; r < n; r++) add(`row ${r + 1}`, Array.from({ length: n }, (_, c) => r * n + c));
  for (let c = 0; c < n; c++) add(`column ${c + 1}`, Array.from({ length: n }, (_, r) => r * n + c));
  if (region) {
    const count = Math.max(...region) + 1;
    for (let b = 0; b < count; b++) {
      const list = [];
      region.forEach((x, i) => { if (x === b) list.push(i); });
      add(`box ${b + 1}`, list);
    }
  }
  if (p.diagonals) {
    add('diagonal ↘', Array.from({ length: n }, (_, i) => i * n + i));
    add('diagonal ↙', Array.from({ length: n }, (_, i) => i * n + n - 1 - i));
  }
  const windows = Array.isArray(p.windows) ? p.windows : [];
  windows.forEach((w, i) => add(`window ${i + 1}`, w.slice().sort((a, b) => a - b)));
  const extra = Array.isArray(p.extra) ? p.extra : [];
  extra.forEach((r, i) => add(`region ${i + 1}`, r.slice().sort((a, b) => a - b)));
  const cages = Array.isArray(p.cages) ? p.cages : [];
  const cageOf = new Array(cells).fill(-1);
  cages.forEach((cage, k) => {
    cage.cells.forEach((c) => { cageOf[c] = k; });
    named.set(`cage ${k + 1}`, cage.cells);
    named.set(`cage ${k + 1} sum`, cage.cells);
  });
  const groups = houses.map((h) => h.cells).concat(cages.map((c) => c.cells));
  const peerSets = Array.from({ length: cells }, () => new Set());
  for (const g of groups) for (const a of g) for (const b of g) if (a !== b) peerSets[a].add(b);
  const inWindow = new Array(cells).fill(false);
  windows.forEach((w) => w.forEach((c) => { inWindow[c] = true; }));
  return {
    n,
    s: Math.ceil(Math.sqrt(n)),
    box: p.box || null,
    region: region || new Array(cells).fill(0),
    diagonals: !!p.diagonals,
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

const cellName = (i) => `r${Math.floor(i / S.geo.n) + 1}c${(i % S.geo.n) + 1}`;
const merged = () => S.givens.map((g, i) => g || S.values[i]);

function basicCandidates(values) {
  const g = S.geo;
  const full = fullMask(g.n);
  return values.map((v, i) => {
    if (v) return 0;
    let m = full;
    for (const p of g.peers[i]) if (values[p]) m &= ~bit(values[p]);
    return m;
  });
}

function clashes(values) {
  const bad = new Set();
  for (const group of S.geo.groups) {
    const seen = new Map();
    for (const c of group) {
      const d = values[c];
      if (!d) continue;
      if (seen.has(d)) { bad.add(c); bad.add(seen.get(d)); } else seen.set(d, c);
    }
  }
  return bad;
}

// ---------------------------------------------------------------- puzzle body for the API

function descriptionWithGivens() {
  const d = { ...S.geo.desc };
  d.givens = lineOf(S.givens);
  d.size = S.geo.n;
  return d;
}

const PLAIN_VARIANTS = ['classic', 'diagonal', 'windoku', 'diagonal+windoku'];

function needsDescription() {
  return !!S.geo.desc || !PLAIN_VARIANTS.includes(S.geo.variant);
}

function puzzleBody() {
  if (S.geo.desc) return { description: descriptionWithGivens() };
  return { puzzle: lineOf(S.givens), variant: PLAIN_VARIANTS.includes(S.geo.variant) ? S.geo.variant : 'classic' };
}

function valuesIfAny() {
  return S.values.some((v) => v) ? merged() : undefined;
}

// ---------------------------------------------------------------- undo / redo

function snapshot() {
  return {
    geo: S.geo,
    givens: S.givens.slice(),
    values: S.values.slice(),
    cands: S.cands.slice(),
    candMode: S.candMode,
  };
}

function record() {
  S.undo.push(snapshot());
  if (S.undo.length > 500) S.undo.shift();
  S.redo.length = 0;
  updateUndoButtons();
}

function restore(snap) {
  const rebuild = snap.geo !== S.geo;
  S.geo = snap.geo;
  S.givens = snap.givens.slice();
  S.values = snap.values.slice();
  S.cands = snap.cands.slice();
  S.candMode = snap.candMode;
  if (rebuild) buildBoard();
  leaveTrace();
  clearMarks();
  render();
}

function undo() {
  if (!S.undo.length) return;
  S.redo.push(snapshot());
  restore(S.undo.pop());
  updateUndoButtons();
  say('Undone.');
}

function redo() {
  if (!S.redo.length) return;
  S.undo.push(snapshot());
  restore(S.redo.pop());
  updateUndoButtons();
  say('Redone.');
}

function updateUndoButtons() {
  $('undo').disabled = !S.undo.length;
  $('redo').disabled = !S.redo.length;
}

// ---------------------------------------------------------------- status line

function say(message, error = false) {
  const el = $('status');
  el.textContent = message;
  el.classList.toggle('error', error);
}

function fail(prefix, e) {
  say(`${prefix}: ${e.message}`, true);
}

// ---------------------------------------------------------------- the board DOM

function buildBoard() {
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
  cellEls = [];
  tabCell = -1;
  renderCache.length = 0;
  classCache.length = 0;
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
        const line = document.createElement('div');
        line.className = 'cage-line';
        const same = (j) => j >= 0 && j < n * n && g.cageOf[j] === k;
        const top = !(r > 0 && same(i - n));
        const bottom = !(r < n - 1 && same(i + n));
        const left = !(c > 0 && same(i - 1));
        const right = !(c < n - 1 && same(i + 1));
        const inset = '9%';
        line.style.top = top ? inset : '-1px';
        line.style.bottom = bottom ? inset : '-1px';
        line.style.left = left ? inset : '-1px';
        line.style.right = right ? inset : '-1px';
        line.style.borderTopWidth = top ? '1.5px' : '0';
        line.style.borderBottomWidth = bottom ? '1.5px' : '0';
        line.style.borderLeftWidth = left ? '1.5px' : '0';
        line.style.borderRightWidth = right ? '1.5px' : '0';
        el.appendChild(line);
        if (sumCell.get(i) === k) {
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
      cellEls.push(el);
    }
    frag.appendChild(row);
  }
  board.replaceChildren(frag);
  if (S.sel >= n * n) S.sel = 0;
  buildDigitPad();
  drawOverlay();
  const cagesNote = g.cages.length ? `, ${g.cages.length} cages` : '';
  $('board-info').dataset.base = `${n}×${n} ${g.jigsaw ? 'jigsaw' : g.variant}${cagesNote}`;
}

function buildDigitPad() {
  const pad = $('digit-pad');
  const n = S.geo.n;
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
  pad.replaceChildren(frag);
}

const SVG = 'http://www.w3.org/2000/svg';

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** Diagonals, and the links of the hint's chain. */
function drawOverlay() {
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
  if (g.diagonals) {
    svg.appendChild(svgEl('line', { x1: 0, y1: 0, x2: n, y2: n, class: 'diag' }));
    svg.appendChild(svgEl('line', { x1: n, y1: 0, x2: 0, y2: n, class: 'diag' }));
  }
  const links = S.marks && S.marks.links;
  if (links && links.length) {
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
      const path = svgEl('path', {
        d: `M${x1 + (dx / len) * cut},${y1 + (dy / len) * cut} L${x2 - (dx / len) * cut},${y2 - (dy / len) * cut}`,
        class: `link ${link.kind === 'weak' ? 'weak' : 'strong'}`,
        'marker-end': 'url(#arrow)',
      });
      svg.appendChild(path);
    }
  }
}

// ---------------------------------------------------------------- rendering

function cellState(i, clashSet) {
  const g = S.geo;
  const n = g.n;
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
      return { kind: 'pad', mask: mask, marks: gone, empty: mask === 0 };
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

function cellLabel(i, st) {
  const n = S.geo.n;
  const base = `row ${Math.floor(i / n) + 1} column ${(i % n) + 1}`;
  const k = S.geo.cageOf[i];
  const cage = k >= 0 ? `, cage ${k + 1} sum ${S.geo.cages[k].sum}` : '';
  switch (st.kind) {
    case 'given': return `${base}, given ${st.digit}${cage}`;
    case 'value': return `${base}, ${st.digit}${st.clash ? ', clashes' : ''}${cage}`;
    case 'single': return `${base}, candidate ${st.digit}${cage}`;
    case 'empty': return `${base}, no candidates left${cage}`;
    case 'pad': return `${base}, candidates ${digitsOf(st.mask, n).join(' ')}${cage}`;
    default: return `${base}, empty${cage}`;
  }
}

function renderCell(i, clashSet, extraClasses) {
  const el = cellEls[i];
  const st = cellState(i, clashSet);
  const n = S.geo.n;
  const markKey = st.marks ? [...st.marks].join(',') : '';
  const empty = st.kind === 'empty' || (st.kind === 'pad' && !!st.empty);
  const classKey = `${extraClasses}${empty ? 'empty-domain' : ''}`;
  if (classCache[i] !== classKey) {
    classCache[i] = classKey;
    el.classList.toggle('empty-domain', empty);
    for (const cls of ['selected', 'peer', 'house', 'trace-cur', 'trace-guess', 'trace-refute', 'trace-fail', 'hint-place', 'hint-wrong']) {
      el.classList.toggle(cls, extraClasses.includes(` ${cls} `));
    }
  }
  const key = `${st.kind}|${st.digit || ''}|${st.mask || 0}|${markKey}|${st.clash ? 1 : 0}|${st.placed ? 1 : 0}`;
  if (renderCache[i] === key) return;
  renderCache[i] = key;
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
  el.setAttribute('aria-label', cellLabel(i, st));
  el.dataset.kind = st.kind;
  el.dataset.cands = st.kind === 'pad' ? digitsOf(st.mask, n).join('') : st.kind === 'single' ? String(st.digit) : '';
}

function render() {
  const g = S.geo;
  const cells = g.n * g.n;
  if (cellEls.length !== cells) return; // the board is being rebuilt
  const clashSet = S.view === 'edit' ? clashes(merged()) : new Set();
  const peers = S.view === 'edit' ? new Set(g.peers[S.sel]) : new Set();
  const house = new Set();
  let traceCell = -1, traceClass = '';
  if (S.view === 'trace' && S.trace && S.trace.highlight) {
    const h = S.trace.highlight;
    if (h.by && g.named.has(h.by)) for (const c of g.named.get(h.by)) house.add(c);
    if (h.cell != null) {
      traceCell = h.cell;
      traceClass = { prune: 'trace-cur', guess: 'trace-guess', refute: 'trace-refute', fail: 'trace-fail' }[h.event] || 'trace-cur';
    }
  }
  if (S.marks) for (const c of S.marks.houseCells) house.add(c);
  for (let i = 0; i < cells; i++) {
    let extra = ' ';
    if (i === S.sel) extra += 'selected ';
    else if (peers.has(i)) extra += 'peer ';
    if (house.has(i)) extra += 'house ';
    if (i === traceCell) extra += traceClass + ' ';
    if (S.marks && S.marks.placeCells.has(i)) extra += 'hint-place ';
    if (S.marks && S.marks.wrongCells && S.marks.wrongCells.has(i)) extra += 'hint-wrong ';
    renderCell(i, clashSet, extra);
  }
  // Roving tabindex: only the selected cell is in the tab order. Touch only
  // the two cells that change (setting it on every cell forces style work).
  if (tabCell !== S.sel) {
    if (cellEls[tabCell]) {
      cellEls[tabCell].setAttribute('tabindex', '-1');
      cellEls[tabCell].setAttribute('aria-selected', 'false');
    }
    cellEls[S.sel].setAttribute('tabindex', '0');
    cellEls[S.sel].setAttribute('aria-selected', 'true');
    tabCell = S.sel;
  }
  const info = $('board-info');
  const givenCount = S.givens.filter((d) => d).length;
  const filled = merged().filter((d) => d).length;
  let text = `${info.dataset.base} · ${givenCount} givens · ${filled}/${cells} filled`;
  if (clashSet.size) text += ' · clash!';
  if (S.view === 'trace') text += ' · showing the solver trace';
  info.textContent = text;
  $('mode-givens').setAttribute('aria-pressed', String(S.mode === 'givens'));
  $('mode-entries').setAttribute('aria-pressed', String(S.mode === 'entries'));
  $('pencil').setAttribute('aria-pressed', String(S.pencil));
}

// ---------------------------------------------------------------- editing

function select(i, focus = true) {
  const cells = S.geo.n * S.geo.n;
  S.sel = Math.max(0, Math.min(cells - 1, i));
  render();
  if (focus) cellEls[S.sel].focus({ preventScroll: false });
}

function enter(i, d) {
  if (S.view === 'trace') leaveTrace();
  if (S.mode === 'givens') {
    if (S.givens[i] === d && !S.values[i]) return;
    record();
    S.givens[i] = d;
    S.values[i] = 0;
  } else {
    if (S.givens[i]) {
      say(`${cellName(i)} holds a given; choose "Givens" to change it.`, true);
      return;
    }
    if (S.values[i] === d) return;
    record();
    S.values[i] = d;
  }
  if (S.candMode !== 'none') {
    const all = merged();
    if (d) {
      for (const p of S.geo.peers[i]) S.cands[p] &= ~bit(d);
      S.cands[i] = 0;
    } else if (S.candMode === 'auto') {
      S.cands[i] = basicCandidates(all)[i];
    }
  }
  clearMarks();
  render();
  say(d ? `${cellName(i)} = ${digitChar(d)}` : `${cellName(i)} cleared`);
}

function toggleCandidate(i, d) {
  if (S.view === 'trace') leaveTrace();
  if (S.givens[i] || S.values[i]) return;
  record();
  if (S.candMode === 'none') S.candMode = 'manual';
  S.cands[i] ^= bit(d);
  clearMarks();
  render();
  say(`${cellName(i)}: candidate ${digitChar(d)} ${S.cands[i] & bit(d) ? 'added' : 'removed'}`);
}

function autoCandidates() {
  if (S.view === 'trace') leaveTrace();
  record();
  S.cands = basicCandidates(merged());
  S.candMode = 'auto';
  render();
  say('Candidates filled from the rules.');
}

function clearCandidates() {
  if (S.view === 'trace') leaveTrace();
  record();
  S.cands = S.cands.map(() => 0);
  S.candMode = 'none';
  clearMarks();
  render();
  say('Candidates cleared.');
}

function clearEntries() {
  if (S.view === 'trace') leaveTrace();
  record();
  S.values = S.values.map(() => 0);
  if (S.candMode === 'auto') S.cands = basicCandidates(merged());
  clearMarks();
  render();
  say('Entries cleared.');
}

function onBoardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const n = S.geo.n;
  const r = Math.floor(S.sel / n), c = S.sel % n;
  let handled = true;
  switch (e.key) {
    case 'ArrowUp': select(((r + n - 1) % n) * n + c); break;
    case 'ArrowDown': select(((r + 1) % n) * n + c); break;
    case 'ArrowLeft': select(r * n + ((c + n - 1) % n)); break;
    case 'ArrowRight': select(r * n + ((c + 1) % n)); break;
    case 'Home': select(r * n); break;
    case 'End': select(r * n + n - 1); break;
    case 'Backspace': case 'Delete': case '0': case '.': enter(S.sel, 0); break;
    case ' ': S.pencil = !S.pencil; render(); say(S.pencil ? 'Pencil marks: digits toggle candidates.' : 'Digits enter values.'); break;
    default: {
      let d = 0;
      let pencil = S.pencil;
      if (e.shiftKey && /^Digit[1-9]$/.test(e.code)) {
        d = Number(e.code.slice(5));
        pencil = true;
      } else {
        d = charDigit(e.key);
      }
      if (d && d <= n) {
        if (pencil) toggleCandidate(S.sel, d); else enter(S.sel, d);
      } else {
        handled = false;
      }
    }
  }
  if (handled) e.preventDefault();
}

// ---------------------------------------------------------------- loading and saving

function setPuzzle(p, desc, entries) {
  leaveTrace(true);
  S.marks = null;
  const geo = makeGeo(p, desc);
  const cells = geo.n * geo.n;
  S.geo = geo;
  S.givens = Array.from({ length: cells }, (_, i) => p.givens[i] || 0);
  S.values = new Array(cells).fill(0);
  if (entries && entries.length === cells) {
    entries.forEach((d, i) => { if (!S.givens[i] && d <= geo.n) S.values[i] = d; });
  }
  S.cands = new Array(cells).fill(0);
  S.candMode = 'none';
  S.mode = S.givens.some((d) => d) ? 'entries' : 'givens';
  S.explain = null;
  leaveTrace(true);
  clearMarks();
  buildBoard();
  $('explain-list').replaceChildren();
  $('grade-out').replaceChildren();
  $('hint-technique').textContent = '';
  $('hint-text').textContent = '';
  render();
  if (p.clash) say(`Loaded, but: ${p.clash}`, true);
}

/** Whether a parsed puzzle needs its JSON description to travel (a line cannot carry it). */
function parsedNeedsDescription(p) {
  return !PLAIN_VARIANTS.includes(p.variant) || (Array.isArray(p.cages) && p.cages.length > 0)
    || (Array.isArray(p.extra) && p.extra.length > 0) || !Array.isArray(p.box);
}

async function load(src, entries) {
  const p = await api('parse', src);
  if (S.geo) record();
  let desc = null;
  if (src.description || parsedNeedsDescription(p)) desc = p.description || src.description;
  setPuzzle(p, desc, entries);
  return p;
}

/** A puzzle typed or pasted: a JSON description, or a line (or a block of rows). */
function sourceOfText(text) {
  const t = text.trim();
  if (!t) throw new Error('nothing to load');
  if (t.startsWith('{') || t.startsWith('[')) {
    let d = JSON.parse(t);
    if (Array.isArray(d)) d = d[0];
    return { description: d };
  }
  const lines = t.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  let line;
  if (lines.length > 1 && lines.every((l) => !/^\d+\s*,/.test(l))) {
    // A block of rows: drop frame lines (---+---) and separators.
    line = lines.filter((l) => !/^[-+=|\s]+$/.test(l)).map((l) => l.replace(/[|\s]/g, '')).join('');
  } else {
    line = lines[0];
  }
  return { puzzle: line, variant: $('new-variant').value };
}

async function loadText(text, what = 'text') {
  // Said at once, so the status never shows the previous load's outcome
  // while this one is on its way to the server.
  say(`Loading the ${what}…`);
  try {
    const p = await load(sourceOfText(text));
    if (!p.clash) say(`Loaded ${what}: ${p.size}×${p.size} ${p.variant}.`);
  } catch (e) {
    fail(`Could not load the ${what}`, e);
  }
}

function puzzleText() {
  if (needsDescription() && S.geo.desc) return JSON.stringify(descriptionWithGivens());
  return lineOf(S.givens);
}

function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function b64urlDecode(s) {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
}

function puzzleHash() {
  const parts = [];
  if (S.geo.desc) parts.push('d=' + b64urlEncode(JSON.stringify(descriptionWithGivens())));
  else parts.push('p=' + lineOf(S.givens), 'v=' + encodeURIComponent(S.geo.variant));
  if (S.values.some((v) => v)) parts.push('e=' + lineOf(S.values));
  return '#' + parts.join('&');
}

function shareUrl() {
  const hash = puzzleHash();
  S.lastHash = hash;
  history.replaceState(null, '', hash);
  const url = location.href;
  const box = $('share-link');
  box.value = url;
  box.focus();
  box.select();
  say('The address bar and the box hold a link to this puzzle.');
  return url;
}

async function loadFromHash() {
  const hash = location.hash;
  if (!hash || hash === '#' || hash === S.lastHash) return false;
  S.lastHash = hash;
  const params = new URLSearchParams(hash.slice(1));
  const entries = params.get('e') ? [...params.get('e')].map(charDigit) : undefined;
  try {
    if (params.get('d')) {
      await load({ description: JSON.parse(b64urlDecode(params.get('d'))) }, entries);
    } else if (params.get('p')) {
      const variant = params.get('v') || 'classic';
      await load({ puzzle: params.get('p'), variant }, entries);
    } else {
      return false;
    }
    say('Loaded the puzzle from the link.');
    return true;
  } catch (e) {
    fail('Could not load the link', e);
    return false;
  }
}

function download() {
  const desc = !!S.geo.desc;
  const text = desc ? JSON.stringify(descriptionWithGivens(), null, 1) + '\n' : lineOf(S.givens) + '\n';
  const blob = new Blob([text], { type: desc ? 'application/json' : 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = desc ? 'puzzle.json' : 'puzzle.txt';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function newGrid() {
  const n = Number($('new-size').value);
  const variant = $('new-variant').value;
  try {
    await load({ puzzle: '.'.repeat(n * n), variant });
    S.mode = 'givens';
    render();
    say(`New empty ${n}×${n} ${variant} grid: type the givens.`);
    select(0);
  } catch (e) {
    fail('Could not make the grid', e);
  }
}

// ---------------------------------------------------------------- the trace player

const STRENGTHS = ['check', 'forward', 'hall', 'domain'];

function eventCell(e) {
  const c = e.cell;
  return Number.isInteger(c) && c >= 0 && c < S.geo.n * S.geo.n ? c : null;
}

function eventText(e) {
  const cell = eventCell(e);
  const where = cell == null ? (e.var != null ? `variable ${e.var}` : 'a variable') : cellName(cell);
  const digit = e.digit ?? e.value;
  switch (e.event) {
    case 'prune': return `${e.by || 'a constraint'} removed ${(e.removed || []).map(digitChar).join(', ')} from ${where}`;
    case 'fail': return `${e.by || 'a constraint'} failed${cell == null ? '' : `: ${where} has no candidate left`}`;
    case 'guess': return `guess ${where} = ${digitChar(digit)} (depth ${e.depth})`;
    case 'refute': return `backtrack: ${where} ≠ ${digitChar(digit)} (back at depth ${e.depth})`;
    case 'solution': return 'solution found';
    default: return JSON.stringify(e);
  }
}

function traceStart(resp, strength) {
  const g = S.geo;
  const cells = g.n * g.n;
  const all = merged();
  const init = new Uint32Array(cells);
  for (let i = 0; i < cells; i++) init[i] = all[i] ? bit(all[i]) : fullMask(g.n);
  S.trace = {
    events: resp.trace || [],
    resp,
    strength,
    init,
    masks: init.slice(),
    fixed: all.map((d, i) => (S.givens[i] ? 0 : d)),
    stack: [],
    pos: 0,
    highlight: null,
    timer: null,
    playing: false,
  };
  S.view = 'trace';
  clearMarks();
  showTracePos();
  render();
}

function applyEvent(T, e) {
  const cell = eventCell(e);
  const digit = e.digit ?? e.value;
  switch (e.event) {
    case 'prune':
      if (cell != null) for (const d of e.removed || []) T.masks[cell] &= ~bit(d);
      break;
    case 'guess':
      T.stack[e.depth - 1] = T.masks.slice();
      T.stack.length = e.depth;
      if (cell != null) T.masks[cell] = bit(digit);
      break;
    case 'refute': {
      const saved = T.stack[e.depth];
      if (saved) T.masks.set(saved);
      T.stack.length = e.depth;
      if (cell != null) T.masks[cell] &= ~bit(digit);
      break;
    }
    default:
      break;
  }
}

function traceSeek(pos) {
  const T = S.trace;
  if (!T) return;
  pos = Math.max(0, Math.min(T.events.length, pos));
  if (pos < T.pos) {
    T.masks = T.init.slice();
    T.stack = [];
    T.pos = 0;
  }
  while (T.pos < pos) applyEvent(T, T.events[T.pos++]);
  const last = T.pos > 0 ? T.events[T.pos - 1] : null;
  T.highlight = last ? { ...last, cell: eventCell(last) } : null;
  if (S.view !== 'trace') { S.view = 'trace'; clearMarks(); }
  showTracePos();
  render();
}

function showTracePos() {
  const T = S.trace;
  const pos = $('tr-pos');
  const ev = $('tr-event');
  const log = $('tr-log');
  if (!T) {
    pos.textContent = 'No trace yet.';
    ev.textContent = '';
    log.replaceChildren();
    return;
  }
  pos.textContent = `Event ${T.pos} of ${T.events.length}${T.resp.truncated ? ' (trace truncated)' : ''} · all_different ${T.strength}`;
  const last = T.pos > 0 ? T.events[T.pos - 1] : null;
  ev.textContent = last ? eventText(last) : 'Start: the givens are fixed, every other cell has every digit.';
  // The log: the 60 events up to the current one.
  const from = Math.max(0, T.pos - 60);
  const frag = document.createDocumentFragment();
  for (let k = from; k < T.pos; k++) {
    const li = document.createElement('li');
    li.value = k + 1;
    const e = T.events[k];
    li.textContent = eventText(e);
    li.className = `k-${e.event}${k === T.pos - 1 ? ' current' : ''}`;
    frag.appendChild(li);
  }
  log.replaceChildren(frag);
  log.scrollTop = log.scrollHeight;
  // Announce single steps, not every event of a fast replay.
  ev.setAttribute('aria-live', T.playing ? 'off' : 'polite');
  $('tr-play').textContent = T.playing ? '❚❚' : '▶';
  $('tr-play').setAttribute('aria-label', T.playing ? 'Pause' : 'Play');
}

function speedDelay() {
  const v = Number($('tr-speed').value);
  return Math.round(1500 * Math.pow(1 - v / 100, 2.5));
}

function tick() {
  const T = S.trace;
  if (!T || !T.playing) return;
  const delay = speedDelay();
  const batch = delay < 16 ? Math.max(1, Math.round((16 - delay) * 4)) : 1;
  traceSeek(T.pos + batch);
  if (T.pos >= T.events.length) {
    pause();
    return;
  }
  T.timer = setTimeout(tick, Math.max(delay, 0));
}

function play() {
  const T = S.trace;
  if (!T) { say('Solve first: the trace comes from the solver.', true); return; }
  if (T.pos >= T.events.length) traceSeek(0);
  T.playing = true;
  showTracePos();
  tick();
}

function pause() {
  const T = S.trace;
  if (!T) return;
  T.playing = false;
  clearTimeout(T.timer);
  showTracePos();
}

function togglePlay() {
  if (S.trace && S.trace.playing) pause(); else play();
}

function stepForward() {
  if (!S.trace) { say('Solve first: the trace comes from the solver.', true); return; }
  pause();
  traceSeek(S.trace.pos + 1);
}

function stepBack() {
  if (!S.trace) return;
  pause();
  traceSeek(S.trace.pos - 1);
}

function leaveTrace(forget = false) {
  if (S.trace) pause();
  S.view = 'edit';
  if (forget) {
    S.trace = null;
    showTracePos();
    $('solve-stats').replaceChildren();
    $('show-solution').disabled = true;
    $('compare-table').hidden = true;
  }
  if (cellEls.length) render();
}

function statsList(pairs) {
  const dl = document.createElement('dl');
  for (const [k, v] of pairs) {
    if (v === undefined || v === null) continue;
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    dl.append(dt, dd);
  }
  return dl;
}

function solveBody(strength) {
  const body = { ...puzzleBody(), strength };
  const v = valuesIfAny();
  if (v) body.values = v;
  return body;
}

async function solve() {
  const strength = $('strength').value;
  say(`Solving with all_different ${strength}…`);
  try {
    const resp = await api('solve', solveBody(strength));
    traceStart(resp, strength);
    const st = resp.stats || {};
    $('solve-stats').replaceChildren(statsList([
      ['status', resp.status],
      ['nodes', st.nodes],
      ['guesses', st.guesses],
      ['failures', st.failures],
      ['time', st.micros != null ? `${st.micros} µs` : undefined],
      ['trace events', `${(resp.trace || []).length}${resp.truncated ? ' (truncated)' : ''}`],
    ]));
    $('show-solution').disabled = !resp.solution;
    say(`Solved (${resp.status}): ${st.nodes ?? '?'} nodes, ${st.guesses ?? '?'} guesses. Press play or step to watch.`);
    $('tr-step').focus();
  } catch (e) {
    fail('Solve failed', e);
  }
}

async function compare() {
  const table = $('compare-table');
  const body = table.tBodies[0];
  body.replaceChildren();
  table.hidden = false;
  say('Comparing the four strengths…');
  const rows = [];
  for (const strength of STRENGTHS) {
    try {
      const resp = await api('solve', solveBody(strength));
      rows.push({ strength, resp });
    } catch (e) {
      rows.push({ strength, error: e.message });
    }
  }
  const nodes = rows.filter((r) => r.resp).map((r) => r.resp.stats.nodes);
  const max = Math.max(1, ...nodes);
  const min = Math.min(...nodes);
  for (const r of rows) {
    const tr = document.createElement('tr');
    tr.dataset.strength = r.strength;
    const cells = r.resp
      ? [r.strength, r.resp.status, r.resp.stats.nodes, r.resp.stats.guesses, r.resp.stats.failures ?? '', (r.resp.trace || []).length, r.resp.stats.micros]
      : [r.strength, r.error, '', '', '', '', ''];
    cells.forEach((v, k) => {
      const td = document.createElement(k === 0 ? 'th' : 'td');
      if (k === 0) td.scope = 'row';
      if (k === 2 && r.resp) {
        const bar = document.createElement('span');
        bar.className = 'bar';
        bar.style.width = `${Math.max(2, Math.round((60 * v) / max))}px`;
        bar.setAttribute('aria-hidden', 'true');
        td.append(bar, String(v));
      } else {
        td.textContent = v;
      }
      tr.appendChild(td);
    });
    if (r.resp && r.resp.stats.nodes === min) tr.classList.add('best');
    body.appendChild(tr);
  }
  say('Compared: the stronger the all_different, the fewer nodes.');
}

function showSolution() {
  const T = S.trace;
  if (!T || !T.resp.solution) return;
  leaveTrace();
  record();
  T.resp.solution.forEach((d, i) => { if (!S.givens[i]) S.values[i] = d; });
  clearMarks();
  render();
  say('The solution is filled in (undo to take it back).');
}

// ---------------------------------------------------------------- hints

function clearMarks() {
  S.marks = null;
  if (S.geo) drawOverlay();
  if (cellEls.length) render();
}

function setMarks(step) {
  const cells = new Map();
  const put = (list, cls) => {
    for (const c of list || []) {
      if (!cells.has(c.cell)) cells.set(c.cell, new Map());
      cells.get(c.cell).set(c.digit, cls);
    }
  };
  put(step.pattern, 'c-pattern');
  put(step.extra, 'c-extra');
  put(step.eliminations, 'c-elim');
  put(step.placements, 'c-place');
  const houseCells = new Set();
  if (Array.isArray(step.house_cells)) {
    step.house_cells.forEach((list) => list.forEach((c) => houseCells.add(c)));
  } else {
    for (const h of step.houses || []) {
      const house = S.geo.houses[h];
      if (house) house.cells.forEach((c) => houseCells.add(c));
    }
  }
  const placeCells = new Set((step.placements || []).map((p) => p.cell));
  S.marks = { cells, houseCells, placeCells, links: step.links || [] };
  drawOverlay();
  render();
}

function hintBody(level) {
  const body = { ...puzzleBody(), level, order: $('path-order').value };
  const v = valuesIfAny();
  if (v) body.values = v;
  // The current candidates, so steps that only eliminate make progress
  // (see /work/notes/web-page-requests.md; ignored by servers without it).
  if (S.candMode === 'auto') {
    const all = merged();
    body.candidates = S.cands.map((m, i) => (all[i] ? [] : digitsOf(m, S.geo.n)));
  }
  return body;
}

async function hint(level) {
  if (S.view === 'trace') leaveTrace();
  try {
    const resp = await api('hint', hintBody(level));
    const name = resp.technique_name || resp.technique || '?';
    if (Array.isArray(resp.mistakes) && resp.mistakes.length) {
      showMistakes(resp, level);
      return;
    }
    if (!resp.technique) {
      $('hint-technique').textContent = resp.solved ? 'Solved.' : 'No step found.';
      $('hint-text').textContent = resp.text || '';
      return;
    }
    $('hint-technique').textContent = `Look for: ${name}`;
    if (level === 'vague') {
      $('hint-text').textContent = '';
      clearMarks();
      S.hintStage = 1;
      say(`Hint: look for ${name}.`);
      return;
    }
    const step = resp.step || {};
    const text = resp.text || step.text || '';
    $('hint-text').textContent = text;
    if (level === 'concrete') {
      if (S.candMode !== 'auto') {
        record();
        S.cands = basicCandidates(merged());
        S.candMode = 'auto';
      }
      setMarks(step);
      S.hintStage = 2;
      say(text);
      return;
    }
    // apply
    record();
    let after = resp.values;
    if (!after && typeof resp.grid === 'string') after = [...resp.grid].map(charDigit);
    if (Array.isArray(after)) after.forEach((d, i) => { if (!S.givens[i]) S.values[i] = d || 0; });
    for (const p of step.placements || []) if (!S.givens[p.cell]) S.values[p.cell] = p.digit;
    const all = merged();
    const before = S.candMode === 'auto' ? S.cands : basicCandidates(all);
    const server = Array.isArray(resp.candidates) ? resp.candidates : null;
    const basic = basicCandidates(all);
    // Keep the eliminations made so far: the server's candidates and ours, both.
    S.cands = all.map((d, i) => {
      if (d) return 0;
      const mine = before[i] & basic[i];
      return server ? mine & server[i].reduce((m, x) => m | bit(x), 0) : mine;
    });
    for (const el of step.eliminations || []) S.cands[el.cell] &= ~bit(el.digit);
    S.candMode = 'auto';
    setMarks({ ...step, pattern: [], extra: [], links: [], houses: [], house_cells: [] });
    S.hintStage = 0;
    const placed = (step.placements || []).map((p) => `${cellName(p.cell)} = ${digitChar(p.digit)}`).join(', ');
    say(`Applied: ${text}${placed ? ` (${placed})` : ''}`);
  } catch (e) {
    fail('No hint', e);
  }
}

/** A hint on wrong entries: their cells marked; "apply" takes them out. */
function showMistakes(resp, level) {
  const cells = resp.mistakes.map((m) => m.cell);
  $('hint-technique').textContent = cells.length > 1 ? 'Wrong entries' : 'Wrong entry';
  $('hint-text').textContent = resp.text;
  if (level === 'apply') {
    record();
    for (const c of cells) if (!S.givens[c]) S.values[c] = 0;
    S.marks = null;
    S.hintStage = 0;
    drawOverlay();
    render();
    const names = resp.mistakes.map((m) => `${m.name} (was ${digitChar(m.digit)})`).join(', ');
    say(`Removed: ${names}`);
    return;
  }
  S.marks = { cells: new Map(), houseCells: new Set(), placeCells: new Set(), wrongCells: new Set(cells), links: [] };
  S.hintStage = level === 'vague' ? 1 : 2;
  drawOverlay();
  render();
  say(resp.text);
}

function hintCycle() {
  const levels = ['vague', 'concrete', 'apply'];
  hint(levels[S.hintStage % 3]);
}

// ---------------------------------------------------------------- explanation and grade

function renderGrade(g) {
  const out = $('grade-out');
  if (!g) { out.replaceChildren(); return; }
  const nice = (id) => String(id).replace(/_/g, ' ');
  const techniques = g.techniques ? Object.entries(g.techniques).map(([k, v]) => `${nice(k)} ×${v}`).join(', ') : undefined;
  const fmt = (x) => (typeof x === 'number' ? x.toFixed(1) : x);
  const h = document.createElement('h3');
  h.textContent = 'Grade';
  h.className = 'small';
  out.replaceChildren(h, statsList([
    ['SE rating ER / EP / ED', `${fmt(g.er)} / ${fmt(g.ep)} / ${fmt(g.ed)}`],
    ['HoDoKu score', g.hodoku_score],
    ['HoDoKu level', g.hodoku_level_name || g.hodoku_level],
    ['fdoku level', g.level_name || g.level],
    ['hardest technique', g.hardest_name || (g.hardest && nice(g.hardest))],
    ['steps', g.steps],
    ['unique', g.unique === undefined ? undefined : g.unique ? 'yes' : 'no'],
    ['logic only', g.logic_only === undefined ? undefined : g.logic_only ? 'yes' : 'no (needs a guess)'],
    ['techniques', techniques],
  ]));
}

async function grade() {
  say('Grading…');
  try {
    const g = await api('grade', puzzleBody());
    renderGrade(g);
    say(`Grade: ER ${g.er}, HoDoKu ${g.hodoku_level} (${g.hodoku_score}), fdoku ${g.level}.`);
  } catch (e) {
    fail('Could not grade', e);
  }
}

async function explain() {
  say('Explaining…');
  try {
    const resp = await api('explain', { ...puzzleBody(), order: $('path-order').value });
    S.explain = { steps: resp.steps || [], current: -1 };
    const list = $('explain-list');
    const frag = document.createDocumentFragment();
    S.explain.steps.forEach((step, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.step = k;
      b.textContent = step.text;
      if (step.rating != null) {
        const r = document.createElement('span');
        r.className = 'rating';
        r.textContent = ` (${Number(step.rating).toFixed(1)})`;
        b.appendChild(r);
      }
      li.appendChild(b);
      frag.appendChild(li);
    });
    list.replaceChildren(frag);
    renderGrade(resp.grade);
    say(`${S.explain.steps.length} steps${resp.solved ? ', solved' : ', not solved by logic alone'}. Click a step to see the board there.`);
  } catch (e) {
    fail('Could not explain', e);
  }
}

/** The board just before explanation step k, with step k marked. */
function jumpToStep(k) {
  const steps = S.explain && S.explain.steps;
  if (!steps || !steps[k]) return;
  if (S.view === 'trace') leaveTrace();
  record();
  const values = S.givens.slice();
  let cands = basicCandidates(values);
  const place = (cell, d) => {
    values[cell] = d;
    cands[cell] = 0;
    for (const p of S.geo.peers[cell]) cands[p] &= ~bit(d);
  };
  for (let j = 0; j < k; j++) {
    for (const p of steps[j].placements || []) place(p.cell, p.digit);
    for (const e of steps[j].eliminations || []) cands[e.cell] &= ~bit(e.digit);
  }
  S.values = values.map((d, i) => (S.givens[i] ? 0 : d));
  S.cands = cands;
  S.candMode = 'auto';
  S.explain.current = k;
  for (const b of $('explain-list').querySelectorAll('button')) {
    if (Number(b.dataset.step) === k) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
  }
  $('hint-technique').textContent = `Step ${k + 1} of ${steps.length}`;
  $('hint-text').textContent = steps[k].text;
  setMarks(steps[k]);
  say(`Step ${k + 1}: ${steps[k].text}`);
}

// ---------------------------------------------------------------- generation

const LEVELS = ['any', 'easy', 'medium', 'hard', 'expert', 'extreme'];
/** Minimal puzzles at each of `levels`. */
const minimal = (levels) => Object.fromEntries(levels.map((l) => [l, null]));
const BIG = { any: null, easy: 128, medium: 116, hard: 112, expert: 110, extreme: 108 };
const HUGE = { any: 330, easy: 450, medium: 400, hard: 350, expert: 338, extreme: 325 };

/**
 * What the Generate menu offers: per size and variant, the difficulties
 * ('any' = not graded) that the server makes well inside its 10-second
 * deadline, each with the clue count generation stops at — null: clues are
 * removed until none can be (a minimal puzzle). The counts are where
 * puzzles of that level are common and quick to grade; a minimal 16×16
 * takes long to grade, a minimal 25×25 minutes to make. Left out: what
 * cannot be made in time (25×25 killer; jigsaw above 12×12, or above 8×8
 * with a level; windoku above 12×12; 12×12 diagonal and windoku beyond
 * hard) and levels a size never or too seldom reaches for a search of 1000
 * candidates to find one every time (4×4 beyond easy, 6×6 beyond hard,
 * 6×6 classic at medium). Measured with every symmetry; a rare level under
 * a four-cell symmetry (rot90, double-mirror) can still come out empty.
 */
const GEN_PLAN = {
  4: { classic: minimal(LEVELS.slice(0, 2)), diagonal: minimal(LEVELS.slice(0, 2)), windoku: minimal(LEVELS.slice(0, 2)), jigsaw: minimal(LEVELS.slice(0, 2)), killer: minimal(['any']) },
  6: { classic: minimal(['any', 'easy', 'hard']), diagonal: minimal(LEVELS.slice(0, 4)), windoku: minimal(LEVELS.slice(0, 4)), jigsaw: minimal(LEVELS.slice(0, 4)), killer: minimal(['any']) },
  8: { classic: minimal(LEVELS), diagonal: minimal(LEVELS), windoku: minimal(LEVELS), jigsaw: minimal(LEVELS), killer: minimal(['any']) },
  9: { classic: minimal(LEVELS), diagonal: { ...minimal(LEVELS), expert: 24 }, windoku: minimal(LEVELS), jigsaw: minimal(['any']), killer: minimal(['any']) },
  12: {
    classic: minimal(LEVELS),
    diagonal: { any: null, easy: 60, medium: 50, hard: 48 },
    windoku: { any: null, easy: 60, medium: 50, hard: 47 },
    jigsaw: minimal(['any']),
    killer: minimal(['any']),
  },
  16: { classic: BIG, diagonal: { ...BIG, any: 100 }, killer: minimal(['any']) },
  25: { classic: HUGE, diagonal: HUGE },
};

/** Enables the variants and difficulties the plan has for the chosen size. */
function updateGenerateMenu() {
  const plan = GEN_PLAN[$('gen-size').value] || {};
  const pick = (select, offered, fallback) => {
    for (const o of select.options) {
      const ok = offered.includes(o.value);
      o.disabled = !ok;
      o.hidden = !ok;
    }
    if (!offered.includes(select.value)) select.value = fallback;
  };
  pick($('gen-variant'), Object.keys(plan), 'classic');
  const levels = Object.keys(plan[$('gen-variant').value] || {}).map((l) => (l === 'any' ? '' : l));
  pick($('gen-difficulty'), levels, '');
  const clues = generateBody().clues;
  $('gen-note').textContent = clues
    ? `Down to ${clues} clues, not minimal: a minimal one would not be ready in time.`
    : '';
}

/** The /api/generate body for the menu's choices. */
function generateBody() {
  const size = Number($('gen-size').value);
  const variant = $('gen-variant').value;
  const level = $('gen-difficulty').value || 'any';
  const body = { size, symmetry: $('gen-symmetry').value };
  if (variant === 'jigsaw') { body.variant = 'classic'; body.jigsaw = true; }
  else if (variant === 'killer') { body.variant = 'classic'; body.killer = true; }
  else body.variant = variant;
  if (level !== 'any') body.difficulty = level;
  const clues = ((GEN_PLAN[size] || {})[variant] || {})[level];
  if (clues != null) body.clues = clues;
  if ($('gen-seed').value !== '') body.seed = Number($('gen-seed').value);
  return body;
}

async function generate() {
  const body = generateBody();
  const { size } = body;
  const variant = $('gen-variant').value;
  const out = $('gen-out');
  out.textContent = `Generating a ${size}×${size} ${variant}…`;
  $('generate').disabled = true;
  try {
    const resp = await api('generate', body);
    if (resp.description) await load({ description: resp.description });
    else await load({ puzzle: resp.puzzle, variant: body.variant });
    out.textContent = `Generated ${size}×${size} ${variant}${resp.level ? `, level ${resp.level}` : ''}, ${resp.clues} clues (seed ${resp.seed}).`;
    say(out.textContent);
  } catch (e) {
    out.textContent = `Could not generate: ${e.message}`;
    fail('Could not generate', e);
  } finally {
    $('generate').disabled = false;
  }
}

// ---------------------------------------------------------------- theme and help

const THEMES = ['auto', 'light', 'dark'];

function applyTheme(theme) {
  if (theme === 'auto') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.dataset.theme = theme;
  const b = $('theme-toggle');
  b.textContent = { auto: '◐ Auto', light: '☀ Light', dark: '☾ Dark' }[theme];
  b.setAttribute('aria-label', `Theme: ${theme === 'auto' ? 'follow the system' : theme}; press to change`);
  try { localStorage.setItem('fdoku-theme', theme); } catch { /* private mode */ }
}

function cycleTheme() {
  let cur = 'auto';
  try { cur = localStorage.getItem('fdoku-theme') || 'auto'; } catch { /* ignore */ }
  applyTheme(THEMES[(THEMES.indexOf(cur) + 1) % THEMES.length]);
}

function openHelp() {
  const d = $('help');
  if (!d.open) d.showModal();
}

// ---------------------------------------------------------------- wiring

const isTextField = (el) => el && (el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && !['button', 'range', 'checkbox', 'radio', 'file'].includes(el.type)) || el.tagName === 'SELECT' || el.isContentEditable);

function wire() {
  const board = $('board');
  board.addEventListener('keydown', onBoardKey);
  board.addEventListener('click', (e) => {
    const el = e.target.closest('.cell');
    if (el) select(Number(el.dataset.cell));
  });
  $('digit-pad').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    const d = Number(b.dataset.digit);
    if (d && S.pencil) toggleCandidate(S.sel, d); else enter(S.sel, d);
    if (e.detail > 0) cellEls[S.sel].focus();
  });
  $('mode-givens').addEventListener('click', () => { S.mode = 'givens'; render(); say('Typed digits become givens.'); });
  $('mode-entries').addEventListener('click', () => { S.mode = 'entries'; render(); say('Typed digits are your entries.'); });
  $('pencil').addEventListener('click', () => { S.pencil = !S.pencil; render(); });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('auto-cands').addEventListener('click', autoCandidates);
  $('clear-cands').addEventListener('click', clearCandidates);
  $('clear-entries').addEventListener('click', clearEntries);
  $('new-grid').addEventListener('click', newGrid);
  $('load-text').addEventListener('click', () => loadText($('puzzle-text').value));
  $('save-text').addEventListener('click', () => {
    $('puzzle-text').value = puzzleText();
    say('The text box holds the puzzle.');
  });
  $('load-file').addEventListener('change', async (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    const text = await file.text();
    $('puzzle-text').value = text.trim();
    await loadText(text, `file ${file.name}`);
    e.target.value = '';
  });
  $('save-file').addEventListener('click', download);
  $('share-url').addEventListener('click', shareUrl);
  $('solve').addEventListener('click', solve);
  $('compare').addEventListener('click', compare);
  $('tr-start').addEventListener('click', () => { pause(); traceSeek(0); });
  $('tr-back').addEventListener('click', stepBack);
  $('tr-play').addEventListener('click', togglePlay);
  $('tr-step').addEventListener('click', stepForward);
  $('tr-end').addEventListener('click', () => { if (S.trace) { pause(); traceSeek(S.trace.events.length); } });
  $('tr-exit').addEventListener('click', () => { leaveTrace(); say('Back to editing.'); });
  $('tr-speed').addEventListener('input', (e) => {
    const d = speedDelay();
    e.target.setAttribute('aria-valuetext', d < 16 ? 'fastest' : `${d} ms per event`);
  });
  $('show-solution').addEventListener('click', showSolution);
  $('hint-vague').addEventListener('click', () => hint('vague'));
  $('hint-concrete').addEventListener('click', () => hint('concrete'));
  $('hint-apply').addEventListener('click', () => hint('apply'));
  $('hint-clear').addEventListener('click', () => { clearMarks(); $('hint-text').textContent = ''; $('hint-technique').textContent = ''; });
  $('explain').addEventListener('click', explain);
  $('grade').addEventListener('click', grade);
  $('explain-list').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b) jumpToStep(Number(b.dataset.step));
  });
  $('generate').addEventListener('click', generate);
  $('gen-size').addEventListener('change', updateGenerateMenu);
  $('gen-variant').addEventListener('change', updateGenerateMenu);
  $('gen-difficulty').addEventListener('change', updateGenerateMenu);
  $('theme-toggle').addEventListener('click', cycleTheme);
  $('help-open').addEventListener('click', openHelp);

  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented) return;
    const typing = isTextField(document.activeElement);
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !typing) {
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { undo(); e.preventDefault(); return; }
      if (k === 'y' || (k === 'z' && e.shiftKey)) { redo(); e.preventDefault(); return; }
    }
    if (e.altKey && !e.ctrlKey && !e.metaKey) {
      const action = {
        KeyS: solve, KeyP: togglePlay, Period: stepForward, Comma: stepBack,
        KeyH: hintCycle, KeyG: generate, KeyB: () => cellEls[S.sel].focus(),
      }[e.code];
      if (action) { e.preventDefault(); action(); return; }
    }
    if (!typing && e.key === '?') { e.preventDefault(); openHelp(); return; }
    if (e.key === 'Escape' && !$('help').open && S.marks) { clearMarks(); }
  });
  document.addEventListener('paste', (e) => {
    if (isTextField(document.activeElement)) return;
    const text = e.clipboardData && e.clipboardData.getData('text');
    if (text) { e.preventDefault(); loadText(text, 'pasted puzzle'); }
  });
  window.addEventListener('hashchange', () => { loadFromHash(); });
}

// The puzzle of the Visual Prolog constraint-programming article, shown at start.
const DEFAULT_PUZZLE = '..17...8.75.9...4.........38.5.9.1...4.....5...7.5.2.45.........1...5.62.2...35..';

async function start() {
  let theme = 'auto';
  try { theme = localStorage.getItem('fdoku-theme') || 'auto'; } catch { /* ignore */ }
  applyTheme(theme);
  wire();
  updateGenerateMenu();
  updateUndoButtons();
  const fromLink = await loadFromHash();
  if (!fromLink) {
    try {
      const p = await api('parse', { puzzle: DEFAULT_PUZZLE, variant: 'classic' });
      setPuzzle(p, null);
      say('The puzzle from the Visual Prolog article. Solve it, or type your own.');
    } catch (e) {
      // No server answer: an empty 9×9 drawn from the page alone, so the board shows.
      setPuzzle({ size: 9, box: [3, 3], givens: new Array(81).fill(0), variant: 'classic', windows: [], cages: [] }, null);
      fail('The server did not parse the starting puzzle', e);
    }
  }
  S.undo.length = 0;
  updateUndoButtons();
  document.body.dataset.ready = 'true';
}

// Exposed for the browser tests and the console.
window.fdoku = {
  state: S,
  lineOf,
  merged,
  puzzleHash,
  seek: (k) => traceSeek(k),
  render: () => render(),
  mark: (step) => setMarks(step),
  basicCandidates: (v) => basicCandidates(v),
  renderCache,
  genPlan: GEN_PLAN,
  generateBody: () => generateBody(),
  get traceLength() { return S.trace ? S.trace.events.length : 0; },
};

start();
