// The server's answers the page's unit tests start from: requests to
// /api/parse, /api/solve and /api/explain with the fields of their answers, recorded in
// fixtures/*.json (crates/web/tests/api.rs checks that the server still
// answers so; `FDOKU_BLESS=1` there rewrites them).

import fs from 'node:fs';

const read = (endpoint) => JSON.parse(fs.readFileSync(new URL(`./fixtures/${endpoint}.json`, import.meta.url), 'utf8'));

/** Every recorded /api/parse request with its answer. */
export const parses = read('parse');

/** Every recorded /api/solve request with its answer (the trace included). */
export const solves = read('solve');

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
