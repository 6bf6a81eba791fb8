// Unit tests of assets/js/candidates.js: the automatic pencil marks
// narrowed to the server's candidates, which respect every element (the
// fixture is /api/parse's real answer for a 4×4 with a thermometer and a
// white dot), while the page's own peers-only candidates do not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { narrowed } from '../assets/js/candidates.js';
import { basicCandidates, makeGeo } from '../assets/js/geometry.js';
import { digitsOf } from '../assets/js/digits.js';
import { parsed } from './fixtures.js';

const thermo = () => parsed((r) => r.description && r.description.thermometers && r.description.size === 4);

test('the server\'s candidates respect the thermometer and the dot', () => {
  const p = thermo();
  assert.deepEqual(p.candidates[0], [1, 2], 'the bulb');
  assert.deepEqual(p.candidates[2], [3, 4], 'the tip');
  assert.deepEqual(p.candidates[14], [2], 'across the white dot from the given 1');
});

test('the page\'s peers-only candidates are narrowed to them', () => {
  const p = thermo();
  const geo = makeGeo(p, p.description);
  const basic = basicCandidates(geo, p.givens);
  assert.deepEqual(digitsOf(basic[0], 4), [1, 2, 3, 4], 'houses alone leave the bulb every digit');
  const cands = narrowed(basic, p.candidates, p.givens, []);
  assert.deepEqual(digitsOf(cands[0], 4), [1, 2]);
  assert.deepEqual(digitsOf(cands[14], 4), [2]);
  assert.equal(cands[15], 0, 'a given has none');
});

test('narrowing keeps the player\'s removals, except in the cells renewed', () => {
  const p = thermo();
  const current = p.candidates.map(() => 0b11110);
  current[0] = 0b00010; // only 1 left by hand in the bulb
  current[1] = 0b00000;
  const kept = narrowed(current, p.candidates, p.givens, [1]);
  assert.deepEqual(digitsOf(kept[0], 4), [1], 'the hand-made removal stays');
  assert.deepEqual(digitsOf(kept[1], 4), [2, 3], 'a renewed cell takes the server\'s');
  const all = narrowed(current, p.candidates, p.givens, 'all');
  assert.deepEqual(digitsOf(all[0], 4), [1, 2]);
});
