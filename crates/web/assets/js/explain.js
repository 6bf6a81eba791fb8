// The explanation of the whole logical path (each step clickable: the board
// just before it, the step marked) and the grade: Sudoku Explainer's
// ratings (and SukakuExplainer's, on that scale), HoDoKu's score and level, fdoku's level, the techniques used.

import { api } from './api.js';
import { $, say, fail, statsList } from './dom.js';
import { candidatesAfter } from './geometry.js';
import { puzzleBody } from './formats.js';
import { markStep } from './board.js';
import { leaveTrace } from './player.js';
import { record } from './history.js';

/** Shows a grade (the /api/grade answer, or an explanation's), or nothing for null. */
function renderGrade(g) {
  const out = $('grade-out');
  if (!g) { out.replaceChildren(); return; }
  const nice = (id) => String(id).replace(/_/g, ' ');
  const techniques = g.techniques ? Object.entries(g.techniques).map(([k, v]) => `${nice(k)} ×${v}`).join(', ') : undefined;
  const fmt = (x) => (typeof x === 'number' ? x.toFixed(1) : x);
  const yesNo = (x, no) => (x === undefined ? undefined : x ? 'yes' : no);
  const h = document.createElement('h3');
  h.textContent = 'Grade';
  h.className = 'small';
  out.replaceChildren(h, statsList([
    ['SE rating ER / EP / ED', `${fmt(g.er)} / ${fmt(g.ep)} / ${fmt(g.ed)}`],
    ['SukakuExplainer ER / EP / ED', g.sukaku && `${fmt(g.sukaku.er)} / ${fmt(g.sukaku.ep)} / ${fmt(g.sukaku.ed)}`],
    ['HoDoKu score', g.hodoku_score],
    ['HoDoKu level', g.hodoku_level_name || g.hodoku_level],
    ['fdoku level', g.level_name || g.level],
    ['hardest technique', g.hardest_name || (g.hardest && nice(g.hardest))],
    ['steps', g.steps],
    ['unique', yesNo(g.unique, 'no')],
    ['logic only', yesNo(g.logic_only, 'no (needs a guess)')],
    ['techniques', techniques],
  ]));
}

export async function grade(S) {
  say('Grading…');
  try {
    const g = await api('grade', { ...puzzleBody(S.geo, S.givens), se: $('se-scale').value });
    renderGrade(g);
    say(`Grade: ER ${g.er}, HoDoKu ${g.hodoku_level} (${g.hodoku_score}), fdoku ${g.level}.`);
  } catch (e) {
    fail('Could not grade', e);
  }
}

/** One button per step of the explanation. */
function stepList(steps) {
  const frag = document.createDocumentFragment();
  steps.forEach((step, k) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.step = k;
    b.textContent = step.text;
    if (step.rating != null) {
      const r = document.createElement('span');
      r.className = 'rating';
      r.textContent = ` (${Number(step.rating).toFixed(1)})`;
      b.appendChild(r);
    }
    li.appendChild(b);
    frag.appendChild(li);
  });
  return frag;
}

export async function explain(S) {
  say('Explaining…');
  try {
    const resp = await api('explain', { ...puzzleBody(S.geo, S.givens), order: $('path-order').value, se: $('se-scale').value });
    S.explain = { steps: resp.steps || [], current: -1 };
    $('explain-list').replaceChildren(stepList(S.explain.steps));
    renderGrade(resp.grade);
    say(`${S.explain.steps.length} steps${resp.solved ? ', solved' : ', not solved by logic alone'}. Click a step to see the board there.`);
  } catch (e) {
    fail('Could not explain', e);
  }
}

/** The board just before explanation step k, with step k marked. */
export function jumpToStep(S, k) {
  const steps = S.explain && S.explain.steps;
  if (!steps || !steps[k]) return;
  if (S.view === 'trace') leaveTrace(S);
  record(S);
  const { values, cands } = candidatesAfter(S.geo, S.givens, steps.slice(0, k));
  S.values = values.map((d, i) => (S.givens[i] ? 0 : d));
  S.cands = cands;
  S.candMode = 'auto';
  S.explain.current = k;
  for (const b of $('explain-list').querySelectorAll('button')) {
    if (Number(b.dataset.step) === k) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
  }
  $('hint-technique').textContent = `Step ${k + 1} of ${steps.length}`;
  $('hint-text').textContent = steps[k].text;
  markStep(S, steps[k]);
  say(`Step ${k + 1}: ${steps[k].text}`);
}
