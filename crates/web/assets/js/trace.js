// Trace playback: the solver's recorded events (prune, guess, refute, fail,
// solution — /api/solve with its trace) replayed on a grid of candidate
// masks, forward event by event or to any position (backwards by replaying
// from the start), and each event said in words. Pure: no DOM.

import { bit, digitChar, fullMask } from './digits.js';
import { cellName } from './geometry.js';

/** The all_different strengths, weakest first. */
export const STRENGTHS = ['check', 'forward', 'hall', 'domain'];

/** The cell an event names, or null when it names none on this board. */
function eventCell(e, cells) {
  const c = e.cell;
  return Number.isInteger(c) && c >= 0 && c < cells ? c : null;
}

/** An event in words. */
export function eventText(e, geo) {
  const cell = eventCell(e, geo.n * geo.n);
  const where = cell == null ? (e.var != null ? `variable ${e.var}` : 'a variable') : cellName(geo, cell);
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

/**
 * A trace at its start: the solve answer `resp` for a board of size `n`
 * whose givens and entries merged are `grid` (entries: `givens` 0 there).
 * A filled cell starts with its digit, every other with every digit.
 */
export function startTrace(resp, strength, n, givens, grid) {
  const cells = n * n;
  const init = new Uint32Array(cells);
  for (let i = 0; i < cells; i++) init[i] = grid[i] ? bit(grid[i]) : fullMask(n);
  return {
    events: resp.trace || [],
    resp,
    strength,
    cells,
    init,
    masks: init.slice(),
    fixed: grid.map((d, i) => (givens[i] ? 0 : d)),
    stack: [],
    pos: 0,
    highlight: null,
    timer: null,
    playing: false,
  };
}

/**
 * One event applied to the trace's masks: a prune removes digits, a
 * guess saves the masks at its depth and fixes the cell, a refute restores
 * the masks saved at its depth and removes the refuted digit.
 */
function applyEvent(T, e) {
  const cell = eventCell(e, T.cells);
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

/**
 * The trace moved to position `pos` (clamped to 0..events): the masks are
 * those after the first `pos` events, the highlight is the last of them.
 */
export function seekTrace(T, pos) {
  const to = Math.max(0, Math.min(T.events.length, pos));
  if (to < T.pos) {
    T.masks = T.init.slice();
    T.stack = [];
    T.pos = 0;
  }
  while (T.pos < to) applyEvent(T, T.events[T.pos++]);
  const last = T.pos > 0 ? T.events[T.pos - 1] : null;
  T.highlight = last ? { ...last, cell: eventCell(last, T.cells) } : null;
}

/** The current event in words, or what the start shows. */
export function currentEventText(T, geo) {
  const last = T.pos > 0 ? T.events[T.pos - 1] : null;
  return last ? eventText(last, geo) : 'Start: the givens are fixed, every other cell has every digit.';
}

/** The delay between events at speed v (0 slowest … 100 fastest), in ms. */
export function speedDelay(v) {
  return Math.round(1500 * Math.pow(1 - v / 100, 2.5));
}

/** How many events one tick plays at a delay: several when the delay is under a frame. */
export function eventsPerTick(delay) {
  return delay < 16 ? Math.max(1, Math.round((16 - delay) * 4)) : 1;
}
