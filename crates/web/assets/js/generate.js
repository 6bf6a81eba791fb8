// The Generate panel: the menu offers only what plan.js says the server
// makes in time, notes where generation stops at a clue count (or that a
// multigrid layout is not graded), and loads the generated puzzle.

import { api } from './api.js';
import { $, fail, say } from './dom.js';
import { generateRequest, offeredLevels, offeredVariants } from './plan.js';
import { LAYOUT_PLAN, layoutOf, layoutValue, offeredLayouts } from './multigrid.js';
import { load } from './puzzle.js';

/** The /api/generate body for the menu's choices. */
export function generateBody() {
  const seed = $('gen-seed').value;
  return generateRequest({
    size: Number($('gen-size').value),
    variant: $('gen-variant').value,
    level: $('gen-difficulty').value || 'any',
    symmetry: $('gen-symmetry').value,
    seed: seed === '' ? null : Number(seed),
  });
}

/** The multigrid layouts' options (multigrid.js's plan), made once. */
function addLayoutOptions() {
  const group = $('gen-layouts');
  if (group.children.length) return;
  for (const name of Object.keys(LAYOUT_PLAN)) group.appendChild(new Option(name, layoutValue(name)));
}

/** Offers the variants and difficulties the plan has for the chosen size. */
export function updateGenerateMenu() {
  addLayoutOptions();
  const size = $('gen-size').value;
  const pick = (select, offered, fallback) => {
    for (const o of select.options) {
      const ok = offered.includes(o.value);
      o.disabled = !ok;
      o.hidden = !ok;
    }
    if (!offered.includes(select.value)) select.value = fallback;
  };
  pick($('gen-variant'), offeredVariants(size), 'classic');
  $('gen-layouts').hidden = !offeredLayouts(size).length;
  pick($('gen-difficulty'), offeredLevels(size, $('gen-variant').value).map((l) => (l === 'any' ? '' : l)), '');
  const { clues, layout } = generateBody();
  $('gen-symmetry').disabled = !!layout;
  $('gen-note').textContent = layout ? MULTIGRID_NOTE
    : clues ? `Down to ${clues} clues, not minimal: a minimal one would not be ready in time.`
      : '';
}

/** What the menu says of a multigrid layout. */
const MULTIGRID_NOTE = 'Several overlapping grids: clues taken away in pairs symmetric about the centre down to a minimal puzzle, not graded (the grader takes one grid). Offered at the sizes that are ready within the server\'s deadline.';

/** Generates a puzzle for the menu's choices and loads it. */
export async function generate(S) {
  const body = generateBody();
  const { size } = body;
  const variant = $('gen-variant').value;
  const out = $('gen-out');
  out.textContent = `Generating a ${size}×${size} ${layoutOf(variant) || variant}…`;
  $('generate').disabled = true;
  try {
    const resp = await api('generate', body);
    if (resp.description) await load(S, { description: resp.description });
    else await load(S, { puzzle: resp.puzzle, variant: body.variant });
    const what = resp.kind === 'multigrid' ? `a ${resp.layout} of ${size}×${size} grids` : `${size}×${size} ${variant}`;
    out.textContent = `Generated ${what}${resp.level ? `, level ${resp.level}` : ''}, ${resp.clues} clues (seed ${resp.seed}).`;
    say(out.textContent);
  } catch (e) {
    out.textContent = `Could not generate: ${e.message}`;
    fail('Could not generate', e);
  } finally {
    $('generate').disabled = false;
  }
}
