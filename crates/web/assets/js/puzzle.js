// The Puzzle panel: a new empty grid, loading a puzzle from text, a file,
// a paste or the page's address, and saving it as text, a file, a link to
// this page, or f-puzzles and SudokuPad links (written by the server).
// Every puzzle goes through /api/parse, which lays it out for drawing; a
// grid of several overlapping Sudokus is drawn by multigrid-view.js.

import { api } from './api.js';
import { $, downloadFile, fail, say, showLink } from './dom.js';
import { makeGeo } from './geometry.js';
import { parsedNeedsDescription, puzzleBody, puzzleFile, puzzleText, sourceOfText } from './formats.js';
import { puzzleHash, sourceOfHash } from './url.js';
import { buildBoard, clearMarks, render, select } from './board.js';
import { leaveTrace } from './player.js';
import { record } from './history.js';
import { multigridTitle } from './multigrid.js';
import { leaveMultigrid, showMultigrid } from './multigrid-view.js';

/** Shows a parsed puzzle (`p`, the /api/parse answer) with `entries` (one digit per cell) if given. */
export function setPuzzle(S, p, desc, entries) {
  leaveTrace(S, true);
  S.marks = null;
  const geo = makeGeo(p, desc);
  const cells = geo.n * geo.n;
  S.geo = geo;
  S.meta = p.meta || null;
  S.givens = Array.from({ length: cells }, (_, i) => p.givens[i] || 0);
  S.values = new Array(cells).fill(0);
  if (entries && entries.length === cells) {
    entries.forEach((d, i) => { if (!S.givens[i] && d <= geo.n) S.values[i] = d; });
  }
  S.cands = new Array(cells).fill(0);
  S.candMode = 'none';
  S.mode = S.givens.some((d) => d) ? 'entries' : 'givens';
  S.explain = null;
  clearMarks(S);
  buildBoard(S);
  $('explain-list').replaceChildren();
  $('grade-out').replaceChildren();
  $('hint-technique').textContent = '';
  $('hint-text').textContent = '';
  render(S);
  if (p.clash) say(`Loaded, but: ${p.clash}`, true);
}

/**
 * Parses `src` (an /api/parse body) and shows it; undo brings back the
 * one-grid puzzle before. A multigrid is shown in place of the board
 * (multigrid-view.js).
 */
export async function load(S, src, entries) {
  const p = await api('parse', src);
  if (p.kind === 'multigrid') {
    showMultigrid(S, p);
    return p;
  }
  leaveMultigrid(S);
  if (S.geo) record(S);
  let desc = null;
  if (src.description || parsedNeedsDescription(p)) desc = p.description || src.description;
  setPuzzle(S, p, desc, entries);
  return p;
}

/** Loads a puzzle typed, pasted or opened; `what` names it in the status line. */
export async function loadText(S, text, what = 'text') {
  // Said at once, so the status never shows the previous load's outcome
  // while this one is on its way to the server.
  say(`Loading the ${what}…`);
  try {
    const p = await load(S, sourceOfText(text, $('new-variant').value));
    const shape = p.kind === 'multigrid' ? `a ${multigridTitle(p)}` : `${p.size}×${p.size} ${p.variant}`;
    if (!p.clash) say(`Loaded ${what}: ${shape}.`);
  } catch (e) {
    fail(`Could not load the ${what}`, e);
  }
}

/** Loads the file chosen in the file input. */
export async function loadFile(S, input) {
  const file = input.files && input.files[0];
  if (!file) return;
  const text = await file.text();
  $('puzzle-text').value = text.trim();
  await loadText(S, text, `file ${file.name}`);
  input.value = '';
}

/** Puts the puzzle's text in the text box. */
export function saveText(S) {
  $('puzzle-text').value = puzzleText(S.geo, S.givens);
  say('The text box holds the puzzle.');
}

/** Puts a link to the puzzle (with the entries) in the address bar and the link box. */
export function shareUrl(S) {
  const hash = puzzleHash(S.geo, S.givens, S.values);
  S.lastHash = hash;
  showLink(hash);
}

/** The links other programs open, by the /api/links answer's keys. */
const SHARED = [
  { key: 'fpuzzles', box: 'link-fpuzzles', open: 'open-fpuzzles' },
  { key: 'sudokupad', box: 'link-sudokupad', open: 'open-sudokupad' },
];

/**
 * Shows the puzzle (its givens, and the title, author and rules text it
 * was loaded with) as an f-puzzles link and a SudokuPad link, written by
 * the server.
 */
export async function shareLinks(S) {
  try {
    const resp = await api('links', { ...puzzleBody(S.geo, S.givens), ...(S.meta || {}) });
    for (const { key, box, open } of SHARED) {
      const { link, error } = resp[key] || {};
      $(box).value = link || `(${error || 'no link'})`;
      const a = $(open);
      if (link) a.href = link; else a.removeAttribute('href');
      a.hidden = !link;
    }
    $('share-out').hidden = false;
    $(SHARED[0].box).select();
    say('The boxes hold an f-puzzles link and a SudokuPad link to this puzzle.');
  } catch (e) {
    fail('Could not write the links', e);
  }
}

/** Loads the puzzle the address names, unless it is the one shown; whether one was loaded. */
export async function loadFromHash(S) {
  const hash = location.hash;
  if (!hash || hash === '#' || hash === S.lastHash) return false;
  S.lastHash = hash;
  try {
    const named = sourceOfHash(hash);
    if (!named) return false;
    await load(S, named.source, named.entries);
    say('Loaded the puzzle from the link.');
    return true;
  } catch (e) {
    fail('Could not load the link', e);
    return false;
  }
}

/** Downloads the puzzle: its line as puzzle.txt, or its description as puzzle.json. */
export function download(S) {
  downloadFile(puzzleFile(S.geo, S.givens));
}

/** An empty grid of the chosen size and variant, ready for givens. */
export async function newGrid(S) {
  const n = Number($('new-size').value);
  const variant = $('new-variant').value;
  try {
    await load(S, { puzzle: '.'.repeat(n * n), variant });
    S.mode = 'givens';
    render(S);
    say(`New empty ${n}×${n} ${variant} grid: type the givens.`);
    select(S, 0);
  } catch (e) {
    fail('Could not make the grid', e);
  }
}
