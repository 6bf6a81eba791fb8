// The puzzle text the page reads and writes: a line (or a block of rows)
// typed, pasted or opened, a JSON description for what a line cannot carry
// (jigsaw regions, cages, extra regions, variant elements), an f-puzzles
// puzzle (its JSON or a link, read by the server), the body that names the
// puzzle to the API, and the text and file the page saves. Pure: no DOM.

import { lineOf } from './digits.js';
import { canvasText, looksLikeCanvas } from './multigrid.js';

/** The variants a puzzle line can name (the others need a JSON description). */
const PLAIN_VARIANTS = ['classic', 'diagonal', 'windoku', 'diagonal+windoku'];

/**
 * The /api/parse body for a puzzle typed, pasted or opened: a JSON
 * description (an object, or a list whose first element is one), or a
 * line, or a block of rows (frame lines such as `---+---` and the `|`
 * separators dropped) read with the plain `variant`, or the canvas of a
 * grid of several overlapping Sudokus (kept as typed), or an f-puzzles
 * puzzle (its JSON, or a link: text the server recognises). Lines starting
 * with `#` are comments. JSON that does not parse goes to the server as text,
 * whose reader names the line and column of the fault.
 */
export function sourceOfText(text, variant) {
  const t = text.trim();
  if (!t) throw new Error('the puzzle text is empty (expected a line of digits, a block of rows or a JSON description)');
  if (t.startsWith('{') || t.startsWith('[')) {
    let d;
    try {
      d = JSON.parse(t);
    } catch {
      // The server's reader says where the JSON goes wrong (line and column).
      return { puzzle: t, variant };
    }
    if (Array.isArray(d)) {
      if (!d.length) throw new Error('the puzzle text is an empty JSON list (expected a puzzle description in it)');
      d = d[0];
    }
    if (d === null || typeof d !== 'object' || Array.isArray(d)) {
      throw new Error(`the puzzle text holds ${JSON.stringify(d)} where a JSON object describing a puzzle was expected`);
    }
    // The f-puzzles editor's JSON (an object with a `grid` of cells) is read by the server as text.
    if (t.startsWith('{') && Array.isArray(d.grid)) return { puzzle: t, variant };
    return { description: d };
  }
  const lines = t.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  let line;
  if (lines.length > 1 && lines.every((l) => !/^\d+\s*,/.test(l))) {
    if (looksLikeCanvas(text)) return { puzzle: canvasText(text), variant };
    line = lines.filter((l) => !/^[-+=|\s]+$/.test(l)).map((l) => l.replace(/[|\s]/g, '')).join('');
  } else {
    line = lines[0];
  }
  return { puzzle: line, variant };
}

/** Whether a parsed puzzle needs its JSON description to travel (a line cannot carry it). */
export function parsedNeedsDescription(p) {
  return !PLAIN_VARIANTS.includes(p.variant) || (Array.isArray(p.cages) && p.cages.length > 0)
    || (Array.isArray(p.extra) && p.extra.length > 0) || !Array.isArray(p.box);
}

/** The puzzle's JSON description with the givens on the board. */
export function descriptionWithGivens(geo, givens) {
  return { ...geo.desc, givens: lineOf(givens), size: geo.n };
}

/** How the API is told the puzzle: `{puzzle, variant}` or `{description}`. */
export function puzzleBody(geo, givens) {
  if (geo.desc) return { description: descriptionWithGivens(geo, givens) };
  return { puzzle: lineOf(givens), variant: PLAIN_VARIANTS.includes(geo.variant) ? geo.variant : 'classic' };
}

/** The puzzle as text: its line, or its JSON description on one line. */
export function puzzleText(geo, givens) {
  return geo.desc ? JSON.stringify(descriptionWithGivens(geo, givens)) : lineOf(givens);
}

/** The puzzle as a file to download: its text, media type and name. */
export function puzzleFile(geo, givens) {
  if (geo.desc) {
    return { text: JSON.stringify(descriptionWithGivens(geo, givens), null, 1) + '\n', type: 'application/json', name: 'puzzle.json' };
  }
  return { text: lineOf(givens) + '\n', type: 'text/plain', name: 'puzzle.txt' };
}
