// Automatic candidates that respect every rule and element. The page fills
// pencil marks at once from the houses and cages it knows (geometry.js
// basicCandidates), then narrows them to the candidates /api/parse answers
// for the board: the library's engine propagates every rule and element
// there (a thermometer's bulb loses its high digits, a dot's partner keeps
// only the digits that go with a placed one), so no rule is re-implemented
// here. An answer that comes after the board changed is dropped.

import { api } from './api.js';
import { maskOf } from './digits.js';
import { puzzleBody } from './formats.js';
import { merged, valuesIfAny } from './state.js';
import { render } from './board.js';

/**
 * The pencil marks after the server's answer: each open cell's `current`
 * marks narrowed to the server's (`server`, one digit list per cell); the
 * cells named by `fresh` (`'all'`, or a list of cells) take the server's
 * alone. Filled cells (non-zero in `grid`) have none.
 */
export function narrowed(current, server, grid, fresh) {
  const renew = fresh === 'all' ? () => true : (i) => fresh.includes(i);
  return grid.map((d, i) => {
    if (d) return 0;
    const rules = maskOf(server[i] || []);
    return renew(i) ? rules : current[i] & rules;
  });
}

/** Asks after each change; only the latest question's answer is used. */
let asked = 0;

/**
 * Narrows the automatic pencil marks of `S` to what the rules and elements
 * leave (see the module note); `fresh` as in `narrowed`. Does nothing
 * unless the marks are automatic; a failed request leaves them as they are.
 */
export async function refineCandidates(S, fresh = []) {
  if (S.candMode !== 'auto' || !S.geo) return;
  const ticket = ++asked;
  const geo = S.geo;
  const grid = merged(S);
  const body = puzzleBody(geo, S.givens);
  const values = valuesIfAny(S);
  if (values) body.values = values;
  let resp;
  try {
    resp = await api('parse', body);
  } catch {
    return;
  }
  const now = merged(S);
  const same = S.geo === geo && now.every((d, i) => d === grid[i]);
  if (ticket !== asked || !same || S.candMode !== 'auto' || !Array.isArray(resp.candidates)) return;
  S.cands = narrowed(S.cands, resp.candidates, now, fresh);
  render(S);
}
