// Hints in three levels — what to look for, the step marked on the board,
// the step applied — and a hint on wrong entries, which names their cells
// and at the last level takes them out.

import { api } from './api.js';
import { $, say, fail } from './dom.js';
import { bit, charDigit, digitChar, digitsOf, maskOf } from './digits.js';
import { basicCandidates, cellName } from './geometry.js';
import { refineCandidates } from './candidates.js';
import { puzzleBody } from './formats.js';
import { marksOfMistakes } from './marks.js';
import { merged, valuesIfAny } from './state.js';
import { clearMarks, markStep, showMarks } from './board.js';
import { leaveTrace } from './player.js';
import { record } from './history.js';

const LEVELS = ['vague', 'concrete', 'apply'];

/** The /api/hint body: the puzzle, the entries, the level, the order and, when kept, the candidates. */
function hintBody(S, level) {
  const body = { ...puzzleBody(S.geo, S.givens), level, order: $('path-order').value, se: $('se-scale').value };
  const v = valuesIfAny(S);
  if (v) body.values = v;
  // The current candidates, so that steps that only eliminate make progress.
  if (S.candMode === 'auto') {
    const all = merged(S);
    body.candidates = S.cands.map((m, i) => (all[i] ? [] : digitsOf(m, S.geo.n)));
  }
  return body;
}

/** Shows the hint text and the technique line. */
function showHint(technique, text) {
  $('hint-technique').textContent = technique;
  $('hint-text').textContent = text;
}

/** Clears the hint's marks and text. */
export function clearHint(S) {
  clearMarks(S);
  showHint('', '');
}

/** Places and eliminates what an applied hint says, keeping the eliminations made so far. */
function applyStep(S, resp, step) {
  record(S);
  let after = resp.values;
  if (!after && typeof resp.grid === 'string') after = [...resp.grid].map(charDigit);
  if (Array.isArray(after)) after.forEach((d, i) => { if (!S.givens[i]) S.values[i] = d || 0; });
  for (const p of step.placements || []) if (!S.givens[p.cell]) S.values[p.cell] = p.digit;
  const all = merged(S);
  const basic = basicCandidates(S.geo, all);
  const before = S.candMode === 'auto' ? S.cands : basic;
  const server = Array.isArray(resp.candidates) ? resp.candidates : null;
  // The server's candidates and ours, both.
  S.cands = all.map((d, i) => {
    if (d) return 0;
    const mine = before[i] & basic[i];
    return server ? mine & maskOf(server[i]) : mine;
  });
  for (const el of step.eliminations || []) S.cands[el.cell] &= ~bit(el.digit);
  S.candMode = 'auto';
  refineCandidates(S);
  markStep(S, { ...step, pattern: [], extra: [], links: [], houses: [], house_cells: [], elements: [] });
  S.hintStage = 0;
}

/** A hint at `level`: 'vague' (the technique), 'concrete' (the step marked) or 'apply'. */
export async function hint(S, level) {
  if (S.view === 'trace') leaveTrace(S);
  try {
    const resp = await api('hint', hintBody(S, level));
    if (Array.isArray(resp.mistakes) && resp.mistakes.length) {
      showMistakes(S, resp, level);
      return;
    }
    if (!resp.technique) {
      showHint(resp.solved ? 'Solved.' : 'No step found.', resp.text || '');
      return;
    }
    const name = resp.technique_name || resp.technique;
    if (level === 'vague') {
      showHint(`Look for: ${name}`, '');
      clearMarks(S);
      S.hintStage = 1;
      say(`Hint: look for ${name}.`);
      return;
    }
    const step = resp.step || {};
    const text = resp.text || step.text || '';
    showHint(`Look for: ${name}`, text);
    if (level === 'concrete') {
      if (S.candMode !== 'auto') {
        record(S);
        S.cands = basicCandidates(S.geo, merged(S));
        S.candMode = 'auto';
        refineCandidates(S, 'all');
      }
      markStep(S, step);
      S.hintStage = 2;
      say(text);
      return;
    }
    applyStep(S, resp, step);
    const placed = (step.placements || []).map((p) => `${cellName(S.geo, p.cell)} = ${digitChar(p.digit)}`).join(', ');
    say(`Applied: ${text}${placed ? ` (${placed})` : ''}`);
  } catch (e) {
    fail('No hint', e);
  }
}

/** A hint on wrong entries: their cells marked; "apply" takes them out. */
function showMistakes(S, resp, level) {
  const cells = resp.mistakes.map((m) => m.cell);
  showHint(cells.length > 1 ? 'Wrong entries' : 'Wrong entry', resp.text);
  if (level === 'apply') {
    record(S);
    for (const c of cells) if (!S.givens[c]) S.values[c] = 0;
    S.hintStage = 0;
    showMarks(S, null);
    const names = resp.mistakes.map((m) => `${m.name} (was ${digitChar(m.digit)})`).join(', ');
    say(`Removed: ${names}`);
    return;
  }
  S.hintStage = level === 'vague' ? 1 : 2;
  showMarks(S, marksOfMistakes(cells));
  say(resp.text);
}

/** The next hint level: vague, then the step, then apply. */
export function hintCycle(S) {
  hint(S, LEVELS[S.hintStage % LEVELS.length]);
}
