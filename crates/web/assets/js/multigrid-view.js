// The page with a grid of several overlapping Sudokus loaded: the canvas
// drawn as one SVG (cells, box lines, givens, the solution) in place of
// the one-grid board, solving and counting through /api/solve, saving its
// text, file and link — and, for what only one grid has (entering digits,
// the trace replay, hints, the explanation, grades, f-puzzles and
// SudokuPad links), a sentence saying so instead of the action.

import { api } from './api.js';
import { $, downloadFile, fail, say, showLink, statsList, svgEl } from './dom.js';
import { digitChar } from './digits.js';
import { multigridDrawing, multigridNotes, multigridTitle, solveSentence } from './multigrid.js';
import { b64urlEncode } from './url.js';
import { leaveTrace } from './player.js';

/** Why an action of the one-grid page does not apply to a multigrid, by kind. */
const UNSUPPORTED = {
  trace: 'The trace replay is for one grid: a multigrid is solved and counted by the engine without a trace (Solve shows the answer).',
  logic: 'Hints, the explanation and grades are for one grid: the logic solver does not take grids of several overlapping Sudokus (Solve shows the answer).',
  links: 'f-puzzles and SudokuPad links are for one grid: save the text, the file or the link to this page instead.',
  edit: 'Entering digits, pencil marks and undo are for one grid: a multigrid shows its givens and, once solved, its solution. Type your digits into its text as givens and load it instead.',
};

/** What each button does while a multigrid is shown: an action, or the kind of action it is not. */
const ACTIONS = {
  solve: (S) => solveMultigrid(S),
  'show-solution': (S) => solveMultigrid(S),
  'save-text': (S) => saveText(S),
  'save-file': (S) => download(S),
  'share-url': (S) => shareUrl(S),
  'share-links': 'links',
  compare: 'trace',
  'tr-start': 'trace', 'tr-back': 'trace', 'tr-play': 'trace', 'tr-step': 'trace', 'tr-end': 'trace', 'tr-exit': 'trace',
  'hint-vague': 'logic', 'hint-concrete': 'logic', 'hint-apply': 'logic', 'hint-clear': 'logic',
  explain: 'logic', grade: 'logic',
  undo: 'edit', redo: 'edit', 'auto-cands': 'edit', 'clear-cands': 'edit', 'clear-entries': 'edit',
  'mode-givens': 'edit', 'mode-entries': 'edit', pencil: 'edit',
};

/** The page's Alt shortcuts, as the buttons they stand for. */
const ALT_KEYS = { KeyS: 'solve', KeyP: 'tr-play', Period: 'tr-step', Comma: 'tr-back', KeyH: 'hint-vague' };

/** Does what button `id` does for a multigrid; whether it was one of the page's actions. */
function act(S, id) {
  const action = ACTIONS[id];
  if (!action) return false;
  if (typeof action === 'string') say(UNSUPPORTED[action], true);
  else action(S);
  return true;
}

/**
 * While a multigrid is shown, the buttons and shortcuts of the one-grid
 * page do the multigrid's action or say why they do not apply; they are
 * caught before the page's own handlers.
 */
export function wireMultigrid(S) {
  document.addEventListener('click', (e) => {
    if (!S.multi) return;
    const button = e.target.closest && e.target.closest('button');
    if (button && act(S, button.id)) { e.stopPropagation(); e.preventDefault(); }
  }, true);
  document.addEventListener('keydown', (e) => {
    if (!S.multi) return;
    const undoKey = (e.ctrlKey || e.metaKey) && ['z', 'y'].includes(e.key.toLowerCase());
    const id = undoKey ? 'undo' : e.altKey && !e.ctrlKey && !e.metaKey ? ALT_KEYS[e.code] : null;
    if (id && act(S, id)) { e.stopPropagation(); e.preventDefault(); }
  }, true);
}

/** Draws the canvas: the cells, the shaded sub-grids, the lines, the givens and the solution's digits. */
function draw(S) {
  const M = S.multi;
  const d = M.drawing;
  const svg = $('multigrid');
  svg.setAttribute('viewBox', `-0.05 -0.05 ${d.width + 0.1} ${d.height + 0.1}`);
  svg.style.aspectRatio = `${d.width + 0.1} / ${d.height + 0.1}`;
  const shaded = new Set(d.scattered.flatMap((g) => g.cells));
  const frag = document.createDocumentFragment();
  d.cells.forEach(([r, c], i) => {
    frag.appendChild(svgEl('rect', { x: c, y: r, width: 1, height: 1, class: shaded.has(i) ? 'mg-cell scattered' : 'mg-cell' }));
  });
  for (const lines of ['thin', 'box', 'border']) frag.appendChild(svgEl('path', { d: d[lines], class: `mg-${lines}` }));
  d.cells.forEach(([r, c], i) => {
    const given = M.p.givens[i];
    const digit = given || (M.solution ? M.solution[i] : 0);
    if (!digit) return;
    const text = svgEl('text', { x: c + 0.5, y: r + 0.54, class: given ? 'mg-digit given' : 'mg-digit solved', 'data-cell': i });
    text.textContent = digitChar(digit);
    frag.appendChild(text);
  });
  svg.replaceChildren(frag);
  const solved = M.solution ? ', solved' : '';
  svg.setAttribute('aria-label', `${multigridTitle(M.p)}, ${M.p.clues} givens${solved}`);
  $('multigrid-info').textContent = `${multigridTitle(M.p)} · ${M.p.clues} givens${solved}`;
  $('multigrid-note').textContent = multigridNotes(M.p, d).join(' ');
}

/** Shows the multigrid `p` (its /api/parse answer) in place of the one-grid board. */
export function showMultigrid(S, p) {
  leaveTrace(S, true);
  S.multi = { p, drawing: multigridDrawing(p), solution: null };
  // What the panels still show of the one-grid puzzle before goes.
  for (const id of ['explain-list', 'grade-out', 'hint-technique', 'hint-text']) $(id).replaceChildren();
  document.body.classList.add('multigrid-shown');
  $('multigrid-area').hidden = false;
  draw(S);
  if (p.clash) say(`Loaded, but: ${p.clash}`, true);
}

/** Back to the one-grid board (when a one-grid puzzle is loaded). */
export function leaveMultigrid(S) {
  if (!S.multi) return;
  S.multi = null;
  document.body.classList.remove('multigrid-shown');
  $('multigrid-area').hidden = true;
  $('multigrid').replaceChildren();
  $('solve-stats').replaceChildren();
}

/** Solves and counts the multigrid with the engine, and draws the solution. */
export async function solveMultigrid(S) {
  const M = S.multi;
  say('Solving the multigrid…');
  try {
    const r = await api('solve', { description: M.p.description, strength: $('strength').value });
    if (S.multi !== M) return;
    M.solution = r.solution;
    draw(S);
    $('solve-stats').replaceChildren(statsList([
      ['status', r.status],
      ['solutions', r.status === 'multiple' ? `${r.count} (counting stopped there)` : String(r.count)],
      ['nodes', r.stats.nodes],
      ['guesses', r.stats.guesses],
      ['time', `${(r.stats.micros / 1000).toFixed(1)} ms`],
    ]));
    say(solveSentence(r), r.status === 'none');
  } catch (e) {
    fail('Could not solve the multigrid', e);
  }
}

/** Puts the multigrid's text (its `layout:` line and canvas) in the text box. */
function saveText(S) {
  $('puzzle-text').value = S.multi.p.text;
  say('The text box holds the puzzle: its layout line and canvas.');
}

/** Downloads the multigrid's text as puzzle.txt. */
function download(S) {
  downloadFile({ text: S.multi.p.text, type: 'text/plain', name: 'puzzle.txt' });
}

/** Puts a link to the multigrid (`#d=` its JSON description) in the address bar and the link box. */
function shareUrl(S) {
  const hash = '#d=' + b64urlEncode(JSON.stringify(S.multi.p.description));
  S.lastHash = hash;
  showLink(hash);
}
