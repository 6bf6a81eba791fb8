// The Generate panel: the menu offers only what plan.js says the server
// makes in time, notes where generation stops at a clue count, and loads
// the generated puzzle.

import { api } from './api.js';
import { $, fail, say } from './dom.js';
import { generateRequest, offeredLevels, offeredVariants } from './plan.js';
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

/** Offers the variants and difficulties the plan has for the chosen size. */
export function updateGenerateMenu() {
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
  pick($('gen-difficulty'), offeredLevels(size, $('gen-variant').value).map((l) => (l === 'any' ? '' : l)), '');
  const { clues } = generateBody();
  $('gen-note').textContent = clues
    ? `Down to ${clues} clues, not minimal: a minimal one would not be ready in time.`
    : '';
}

/** Generates a puzzle for the menu's choices and loads it. */
export async function generate(S) {
  const body = generateBody();
  const { size } = body;
  const variant = $('gen-variant').value;
  const out = $('gen-out');
  out.textContent = `Generating a ${size}×${size} ${variant}…`;
  $('generate').disabled = true;
  try {
    const resp = await api('generate', body);
    if (resp.description) await load(S, { description: resp.description });
    else await load(S, { puzzle: resp.puzzle, variant: body.variant });
    out.textContent = `Generated ${size}×${size} ${variant}${resp.level ? `, level ${resp.level}` : ''}, ${resp.clues} clues (seed ${resp.seed}).`;
    say(out.textContent);
  } catch (e) {
    out.textContent = `Could not generate: ${e.message}`;
    fail('Could not generate', e);
  } finally {
    $('generate').disabled = false;
  }
}
