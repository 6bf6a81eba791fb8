// Undo and redo: snapshots of the puzzle, the entries and the pencil marks
// taken before each change (at most 500 kept).

import { $, say } from './dom.js';
import { applySnapshot, snapshot } from './state.js';
import { buildBoard, clearMarks, render } from './board.js';
import { leaveTrace } from './player.js';

const UNDO_LIMIT = 500;

/** Enables the undo and redo buttons when there is something to undo or redo. */
export function updateUndoButtons(S) {
  $('undo').disabled = !S.undo.length;
  $('redo').disabled = !S.redo.length;
}

/** Remembers the state before a change. */
export function record(S) {
  S.undo.push(snapshot(S));
  if (S.undo.length > UNDO_LIMIT) S.undo.shift();
  S.redo.length = 0;
  updateUndoButtons(S);
}

/** Forgets every change (a fresh start). */
export function forgetHistory(S) {
  S.undo.length = 0;
  S.redo.length = 0;
  updateUndoButtons(S);
}

function restore(S, snap) {
  if (applySnapshot(S, snap)) buildBoard(S);
  leaveTrace(S);
  clearMarks(S);
  render(S);
}

/** Puts back the last snapshot of `from`, keeping the present in `to`. */
function travel(S, from, to, message) {
  if (!from.length) return;
  to.push(snapshot(S));
  restore(S, from.pop());
  updateUndoButtons(S);
  say(message);
}

export const undo = (S) => travel(S, S.undo, S.redo, 'Undone.');
export const redo = (S) => travel(S, S.redo, S.undo, 'Redone.');
