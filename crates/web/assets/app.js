// fdoku page, the entry module: makes the page's one state object, wires
// each panel's controls and the keyboard to the modules under js/, and
// loads the first puzzle. Plain ES modules, no build step; the page talks
// only to the JSON API of `fdoku serve` (docs/api.md).

import { api } from './js/api.js';
import { $, fail, isTextField, say } from './js/dom.js';
import { lineOf } from './js/digits.js';
import { basicCandidates } from './js/geometry.js';
import { puzzleHash } from './js/url.js';
import { GEN_PLAN } from './js/plan.js';
import { createState, merged } from './js/state.js';
import { focusBoard, markStep, render, select } from './js/board.js';
import { compare, leaveTrace, solve, stepBack, stepForward, toEnd, toStart, togglePlay, traceSeek, sliderDelay } from './js/player.js';
import { forgetHistory, redo, undo, updateUndoButtons } from './js/history.js';
import { autoCandidates, clearCandidates, clearEntries, onBoardKey, setMode, showSolution, togglePencil, typeDigit } from './js/edit.js';
import { download, loadFile, loadFromHash, loadText, newGrid, saveText, setPuzzle, shareLinks, shareUrl } from './js/puzzle.js';
import { clearHint, hint, hintCycle } from './js/hints.js';
import { explain, grade, jumpToStep } from './js/explain.js';
import { generate, generateBody, updateGenerateMenu } from './js/generate.js';
import { applyTheme, cycleTheme, savedTheme } from './js/theme.js';
import { wireMultigrid } from './js/multigrid-view.js';

/** Calls `f` on a click of the element with this id. */
const onClick = (id, f) => $(id).addEventListener('click', f);

function openHelp() {
  const d = $('help');
  if (!d.open) d.showModal();
}

/** The board and the editing toolbar under it. */
function wireBoard(S) {
  const board = $('board');
  board.addEventListener('keydown', (e) => onBoardKey(S, e));
  board.addEventListener('click', (e) => {
    const el = e.target.closest('.cell');
    if (el) select(S, Number(el.dataset.cell));
  });
  $('digit-pad').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    typeDigit(S, Number(b.dataset.digit));
    if (e.detail > 0) focusBoard(S);
  });
  onClick('mode-givens', () => setMode(S, 'givens'));
  onClick('mode-entries', () => setMode(S, 'entries'));
  onClick('pencil', () => togglePencil(S, false));
  onClick('undo', () => undo(S));
  onClick('redo', () => redo(S));
  onClick('auto-cands', () => autoCandidates(S));
  onClick('clear-cands', () => clearCandidates(S));
  onClick('clear-entries', () => clearEntries(S));
}

/** Puzzle: new, load, save. */
function wirePuzzlePanel(S) {
  onClick('new-grid', () => newGrid(S));
  onClick('load-text', () => loadText(S, $('puzzle-text').value));
  onClick('save-text', () => saveText(S));
  $('load-file').addEventListener('change', (e) => loadFile(S, e.target));
  onClick('save-file', () => download(S));
  onClick('share-url', () => shareUrl(S));
  onClick('share-links', () => shareLinks(S));
}

/** Solve: the trace player and the comparison. */
function wireSolvePanel(S) {
  onClick('solve', () => solve(S));
  onClick('compare', () => compare(S));
  onClick('tr-start', () => toStart(S));
  onClick('tr-back', () => stepBack(S));
  onClick('tr-play', () => togglePlay(S));
  onClick('tr-step', () => stepForward(S));
  onClick('tr-end', () => toEnd(S));
  onClick('tr-exit', () => { leaveTrace(S); say('Back to editing.'); });
  $('tr-speed').addEventListener('input', (e) => {
    const d = sliderDelay();
    e.target.setAttribute('aria-valuetext', d < 16 ? 'fastest' : `${d} ms per event`);
  });
  onClick('show-solution', () => showSolution(S));
}

/** Hints, the explanation and the grade. */
function wireHintPanel(S) {
  onClick('hint-vague', () => hint(S, 'vague'));
  onClick('hint-concrete', () => hint(S, 'concrete'));
  onClick('hint-apply', () => hint(S, 'apply'));
  onClick('hint-clear', () => clearHint(S));
  onClick('explain', () => explain(S));
  onClick('grade', () => grade(S));
  $('explain-list').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b) jumpToStep(S, Number(b.dataset.step));
  });
}

function wireGeneratePanel(S) {
  onClick('generate', () => generate(S));
  for (const id of ['gen-size', 'gen-variant', 'gen-difficulty']) $(id).addEventListener('change', updateGenerateMenu);
}

/** The page's keys (help dialog), paste anywhere, and links followed within the page. */
function wireKeyboard(S) {
  onClick('theme-toggle', cycleTheme);
  onClick('help-open', openHelp);
  const altKeys = {
    KeyS: solve, KeyP: togglePlay, Period: stepForward, Comma: stepBack,
    KeyH: hintCycle, KeyG: generate, KeyB: focusBoard,
  };
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented) return;
    const typing = isTextField(document.activeElement);
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !typing) {
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { undo(S); e.preventDefault(); return; }
      if (k === 'y' || (k === 'z' && e.shiftKey)) { redo(S); e.preventDefault(); return; }
    }
    if (e.altKey && !e.ctrlKey && !e.metaKey) {
      const action = altKeys[e.code];
      if (action) { e.preventDefault(); action(S); return; }
    }
    if (!typing && e.key === '?') { e.preventDefault(); openHelp(); return; }
    if (e.key === 'Escape' && !$('help').open && S.marks) clearHint(S);
  });
  document.addEventListener('paste', (e) => {
    if (isTextField(document.activeElement)) return;
    const text = e.clipboardData && e.clipboardData.getData('text');
    if (text) { e.preventDefault(); loadText(S, text, 'pasted puzzle'); }
  });
  window.addEventListener('hashchange', () => { loadFromHash(S); });
}

// The puzzle of the Visual Prolog constraint-programming article, shown at start.
const DEFAULT_PUZZLE = '..17...8.75.9...4.........38.5.9.1...4.....5...7.5.2.45.........1...5.62.2...35..';

/** The first puzzle: the one the address names, else the default one. */
async function loadFirstPuzzle(S) {
  if (await loadFromHash(S)) return;
  try {
    const p = await api('parse', { puzzle: DEFAULT_PUZZLE, variant: 'classic' });
    setPuzzle(S, p, null);
    say('The puzzle from the Visual Prolog article. Solve it, or type your own.');
  } catch (e) {
    // No server answer: an empty 9×9 drawn from the page alone, so the board shows.
    setPuzzle(S, { size: 9, box: [3, 3], givens: new Array(81).fill(0), variant: 'classic', windows: [], cages: [] }, null);
    fail('The server did not parse the starting puzzle', e);
  }
}

/** What the browser tests and the console reach as `window.fdoku`. */
function expose(S) {
  window.fdoku = {
    state: S,
    lineOf,
    merged: () => merged(S),
    puzzleHash: () => puzzleHash(S.geo, S.givens, S.values),
    seek: (k) => traceSeek(S, k),
    render: () => render(S),
    mark: (step) => markStep(S, step),
    basicCandidates: (v) => basicCandidates(S.geo, v),
    renderCache: S.board.renderCache,
    genPlan: GEN_PLAN,
    generateBody,
    get traceLength() { return S.trace ? S.trace.events.length : 0; },
  };
}

async function start() {
  const S = createState();
  expose(S);
  applyTheme(savedTheme());
  wireMultigrid(S);
  wireBoard(S);
  wirePuzzlePanel(S);
  wireSolvePanel(S);
  wireHintPanel(S);
  wireGeneratePanel(S);
  wireKeyboard(S);
  updateGenerateMenu();
  updateUndoButtons(S);
  await loadFirstPuzzle(S);
  forgetHistory(S);
  document.body.dataset.ready = 'true';
}

start();
