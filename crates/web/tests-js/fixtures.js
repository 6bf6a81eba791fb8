// The server's answers the page's unit tests start from: requests to
// /api/parse, /api/solve and /api/explain with the fields of their answers (one-grid
// puzzles and multigrids apart), recorded in
// fixtures/*.json (crates/web/tests/api.rs checks that the server still
// answers so; `FDOKU_BLESS=1` there rewrites them).

import fs from 'node:fs';

const read = (endpoint) => JSON.parse(fs.readFileSync(new URL(`./fixtures/${endpoint}.json`, import.meta.url), 'utf8'));

const multigrid = ({ answer }) => answer.kind === 'multigrid';

/** Every recorded /api/parse request of one grid with its answer. */
export const parses = read('parse').filter((f) => !multigrid(f));

/** Every recorded /api/solve request of one grid with its answer (the trace included). */
export const solves = read('solve').filter((f) => !multigrid(f));

/** The recorded /api/parse and /api/solve requests of grids of several overlapping Sudokus, with their answers. */
export const multigridParses = read('parse').filter(multigrid);
export const multigridSolves = read('solve').filter(multigrid);

/** Every recorded /api/explain request with its answer (the steps included). */
export const explains = read('explain');

/** The parse answer for the first request that `pick` accepts. */
export function parsed(pick) {
  const found = parses.find(({ request }) => pick(request));
  if (!found) throw new Error('no such parse fixture');
  return found.answer;
}

/** The parse answer of an empty classic grid of size n. */
export const emptyClassic = (n) => parsed((r) => r.puzzle === '.'.repeat(n * n) && r.variant === 'classic');
