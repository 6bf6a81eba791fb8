// Unit tests of assets/js/plan.js: what the Generate menu offers and the
// /api/generate body of each choice.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GEN_PLAN, generateRequest, offeredLevels, offeredVariants } from '../assets/js/plan.js';

const LEVELS = ['any', 'easy', 'medium', 'hard', 'expert', 'extreme'];

test('every size offers classic, unrated puzzles; levels are known ones', () => {
  assert.deepEqual(Object.keys(GEN_PLAN), ['4', '6', '8', '9', '12', '16', '25']);
  for (const size of Object.keys(GEN_PLAN)) {
    assert.ok(offeredVariants(size).includes('classic'), size);
    for (const variant of offeredVariants(size)) {
      const levels = offeredLevels(size, variant);
      assert.ok(levels.includes('any'), `${size} ${variant}`);
      for (const level of levels) assert.ok(LEVELS.includes(level), level);
    }
  }
  assert.deepEqual(offeredVariants(25), ['classic', 'diagonal']);
  assert.deepEqual(offeredLevels(4, 'classic'), ['any', 'easy']);
  assert.deepEqual(offeredVariants(7), []);
});

test('the body: jigsaw and killer are classic with a flag; clue counts where minimal takes too long', () => {
  assert.deepEqual(
    generateRequest({ size: 9, variant: 'classic', level: 'any', symmetry: 'rot180', seed: null }),
    { size: 9, symmetry: 'rot180', variant: 'classic' },
  );
  assert.deepEqual(
    generateRequest({ size: 6, variant: 'jigsaw', level: 'hard', symmetry: 'none', seed: 0 }),
    { size: 6, symmetry: 'none', variant: 'classic', jigsaw: true, difficulty: 'hard', seed: 0 },
  );
  assert.deepEqual(
    generateRequest({ size: 4, variant: 'killer', level: 'any', symmetry: 'mirror', seed: 7 }),
    { size: 4, symmetry: 'mirror', variant: 'classic', killer: true, seed: 7 },
  );
  assert.equal(generateRequest({ size: 16, variant: 'classic', level: 'hard', symmetry: 'none', seed: null }).clues, 112);
  assert.equal(generateRequest({ size: 16, variant: 'diagonal', level: 'any', symmetry: 'none', seed: null }).clues, 100);
  assert.equal(generateRequest({ size: 25, variant: 'classic', level: 'any', symmetry: 'none', seed: null }).clues, 330);
  assert.equal(generateRequest({ size: 9, variant: 'diagonal', level: 'expert', symmetry: 'none', seed: null }).clues, 24);
  assert.equal(generateRequest({ size: 9, variant: 'classic', level: 'expert', symmetry: 'none', seed: null }).clues, undefined);
});
