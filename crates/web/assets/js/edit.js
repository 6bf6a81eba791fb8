// Editing the board: entering givens or entries, pencil marks by hand or
// from the rules, clearing, the keyboard on the board, the digit pad, and
// filling in the solver's solution. Every change can be undone.

import { bit, charDigit, digitChar } from './digits.js';
import { basicCandidates, cellName } from './geometry.js';
import { merged } from './state.js';
import { say } from './dom.js';
import { clearMarks, render, select } from './board.js';
import { leaveTrace } from './player.js';
import { record } from './history.js';
import { refineCandidates } from './candidates.js';

/** Back to editing when the board shows the trace. */
function editView(S) {
  if (S.view === 'trace') leaveTrace(S);
}

/** Enters digit d (0: clears) in cell i as a given or an entry, per the mode. */
function enter(S, i, d) {
  editView(S);
  if (S.mode === 'givens') {
    if (S.givens[i] === d && !S.values[i]) return;
    record(S);
    S.givens[i] = d;
    S.values[i] = 0;
  } else {
    if (S.givens[i]) {
      say(`${cellName(S.geo, i)} holds a given; choose "Givens" to change it.`, true);
      return;
    }
    if (S.values[i] === d) return;
    record(S);
    S.values[i] = d;
  }
  if (S.candMode !== 'none') {
    if (d) {
      for (const p of S.geo.peers[i]) S.cands[p] &= ~bit(d);
      S.cands[i] = 0;
    } else if (S.candMode === 'auto') {
      S.cands[i] = basicCandidates(S.geo, merged(S))[i];
    }
    refineCandidates(S, d ? [] : [i]);
  }
  clearMarks(S);
  say(d ? `${cellName(S.geo, i)} = ${digitChar(d)}` : `${cellName(S.geo, i)} cleared`);
}

/** Adds or removes candidate d of open cell i. */
function toggleCandidate(S, i, d) {
  editView(S);
  if (S.givens[i] || S.values[i]) return;
  record(S);
  if (S.candMode === 'none') S.candMode = 'manual';
  S.cands[i] ^= bit(d);
  clearMarks(S);
  say(`${cellName(S.geo, i)}: candidate ${digitChar(d)} ${S.cands[i] & bit(d) ? 'added' : 'removed'}`);
}

/** Digit d (0: clear) into the selected cell: a candidate in pencil mode, else an entry. */
export function typeDigit(S, d, pencil = S.pencil) {
  if (d && pencil) toggleCandidate(S, S.sel, d); else enter(S, S.sel, d);
}

export function autoCandidates(S) {
  editView(S);
  record(S);
  S.cands = basicCandidates(S.geo, merged(S));
  S.candMode = 'auto';
  render(S);
  refineCandidates(S, 'all');
  say('Candidates filled from the rules.');
}

export function clearCandidates(S) {
  editView(S);
  record(S);
  S.cands = S.cands.map(() => 0);
  S.candMode = 'none';
  clearMarks(S);
  say('Candidates cleared.');
}

export function clearEntries(S) {
  editView(S);
  record(S);
  S.values = S.values.map(() => 0);
  if (S.candMode === 'auto') S.cands = basicCandidates(S.geo, merged(S));
  clearMarks(S);
  refineCandidates(S, 'all');
  say('Entries cleared.');
}

/** What typed digits become: 'givens' or 'entries'. */
export function setMode(S, mode) {
  S.mode = mode;
  render(S);
  say(mode === 'givens' ? 'Typed digits become givens.' : 'Typed digits are your entries.');
}

/** Switches pencil mode (digits toggle candidates); with `announce`, says so. */
export function togglePencil(S, announce) {
  S.pencil = !S.pencil;
  render(S);
  if (announce) say(S.pencil ? 'Pencil marks: digits toggle candidates.' : 'Digits enter values.');
}

/** Fills the solver's solution into the open cells. */
export function showSolution(S) {
  const T = S.trace;
  if (!T || !T.resp.solution) return;
  leaveTrace(S);
  record(S);
  T.resp.solution.forEach((d, i) => { if (!S.givens[i]) S.values[i] = d; });
  clearMarks(S);
  say('The solution is filled in (undo to take it back).');
}

/** The keys of the board: arrows, Home and End move; digits, letters, Backspace, Space. */
export function onBoardKey(S, e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const n = S.geo.n;
  const r = Math.floor(S.sel / n), c = S.sel % n;
  let handled = true;
  switch (e.key) {
    case 'ArrowUp': select(S, ((r + n - 1) % n) * n + c); break;
    case 'ArrowDown': select(S, ((r + 1) % n) * n + c); break;
    case 'ArrowLeft': select(S, r * n + ((c + n - 1) % n)); break;
    case 'ArrowRight': select(S, r * n + ((c + 1) % n)); break;
    case 'Home': select(S, r * n); break;
    case 'End': select(S, r * n + n - 1); break;
    case 'Backspace': case 'Delete': case '0': case '.': enter(S, S.sel, 0); break;
    case ' ': togglePencil(S, true); break;
    default: {
      // Shift + a digit key toggles a candidate whatever the mode.
      const shifted = e.shiftKey && /^Digit[1-9]$/.test(e.code);
      const d = shifted ? Number(e.code.slice(5)) : charDigit(e.key);
      if (d && d <= n) typeDigit(S, d, shifted || S.pencil);
      else handled = false;
    }
  }
  if (handled) e.preventDefault();
}
