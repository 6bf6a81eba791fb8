// What the Generate menu offers: per size and variant the difficulties the
// server makes well inside its deadline, each with the clue count
// generation stops at, the multigrid layouts (multigrid.js), and the
// /api/generate body for a choice. Pure: no DOM.

import { layoutOf, offeredLayouts } from './multigrid.js';

const LEVELS = ['any', 'easy', 'medium', 'hard', 'expert', 'extreme'];
/** Minimal puzzles at each of `levels`. */
const minimal = (levels) => Object.fromEntries(levels.map((l) => [l, null]));
const BIG = { any: null, easy: 128, medium: 116, hard: 112, expert: 110, extreme: 108 };
const HUGE = { any: 330, easy: 450, medium: 400, hard: 350, expert: 338, extreme: 325 };

/**
 * Per size and variant, the difficulties ('any' = not graded) that the
 * server makes well inside its 10-second deadline, each with the clue count
 * generation stops at — null: clues are removed until none can be (a
 * minimal puzzle). The counts are where puzzles of that level are common
 * and quick to grade; a minimal 16×16 takes long to grade, a minimal 25×25
 * minutes to make. Left out: what cannot be made in time (25×25 killer;
 * jigsaw above 12×12, or above 8×8 with a level; windoku above 12×12;
 * 12×12 diagonal and windoku beyond hard) and levels a size never or too
 * seldom reaches for a search of 1000 candidates to find one every time
 * (4×4 beyond easy, 6×6 beyond hard, 6×6 classic at medium). Measured with
 * every symmetry; a rare level under a four-cell symmetry (rot90,
 * double-mirror) can still come out empty.
 */
export const GEN_PLAN = {
  4: { classic: minimal(LEVELS.slice(0, 2)), diagonal: minimal(LEVELS.slice(0, 2)), windoku: minimal(LEVELS.slice(0, 2)), jigsaw: minimal(LEVELS.slice(0, 2)), killer: minimal(['any']) },
  6: { classic: minimal(['any', 'easy', 'hard']), diagonal: minimal(LEVELS.slice(0, 4)), windoku: minimal(LEVELS.slice(0, 4)), jigsaw: minimal(LEVELS.slice(0, 4)), killer: minimal(['any']) },
  8: { classic: minimal(LEVELS), diagonal: minimal(LEVELS), windoku: minimal(LEVELS), jigsaw: minimal(LEVELS), killer: minimal(['any']) },
  9: { classic: minimal(LEVELS), diagonal: { ...minimal(LEVELS), expert: 24 }, windoku: minimal(LEVELS), jigsaw: minimal(['any']), killer: minimal(['any']) },
  12: {
    classic: minimal(LEVELS),
    diagonal: { any: null, easy: 60, medium: 50, hard: 48 },
    windoku: { any: null, easy: 60, medium: 50, hard: 47 },
    jigsaw: minimal(['any']),
    killer: minimal(['any']),
  },
  16: { classic: BIG, diagonal: { ...BIG, any: 100 }, killer: minimal(['any']) },
  25: { classic: HUGE, diagonal: HUGE },
};

/** The variants offered for a size, then its multigrid layouts (`layout:samurai`). */
export const offeredVariants = (size) => Object.keys(GEN_PLAN[size] || {}).concat(offeredLayouts(size));

/** The difficulties offered for a size and variant ('any' included; a multigrid is not graded: 'any' only). */
export const offeredLevels = (size, variant) => (layoutOf(variant) ? ['any'] : Object.keys((GEN_PLAN[size] || {})[variant] || {}));

/**
 * The /api/generate body for a choice: `size`, `variant` (a plain variant,
 * `jigsaw`, `killer`, or a multigrid layout `layout:NAME`, which takes
 * only the size and the seed), `level` ('any' or a difficulty),
 * `symmetry`, and `seed` (a number, or null for a random one).
 */
export function generateRequest({ size, variant, level, symmetry, seed }) {
  const layout = layoutOf(variant);
  if (layout) return seed != null ? { size, layout, seed } : { size, layout };
  const body = { size, symmetry };
  if (variant === 'jigsaw') { body.variant = 'classic'; body.jigsaw = true; }
  else if (variant === 'killer') { body.variant = 'classic'; body.killer = true; }
  else body.variant = variant;
  if (level !== 'any') body.difficulty = level;
  const clues = ((GEN_PLAN[size] || {})[variant] || {})[level];
  if (clues != null) body.clues = clues;
  if (seed != null) body.seed = seed;
  return body;
}
