// Unit tests of assets/js/state.js: the merged grid, and snapshots that
// undo puts back without sharing arrays with the live state.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applySnapshot, createState, merged, snapshot, valuesIfAny } from '../assets/js/state.js';

test('givens and entries merge; no entries, no values to send', () => {
  const S = createState();
  S.givens = [1, 0, 0, 4];
  S.values = [0, 0, 0, 0];
  assert.equal(valuesIfAny(S), undefined);
  S.values = [0, 3, 0, 0];
  assert.deepEqual(merged(S), [1, 3, 0, 4]);
  assert.deepEqual(valuesIfAny(S), [1, 3, 0, 4]);
});

test('a snapshot is a copy; putting it back says whether the board must be rebuilt', () => {
  const S = createState();
  const geo = { n: 2 };
  Object.assign(S, { geo, givens: [1, 0, 0, 0], values: [0, 2, 0, 0], cands: [0, 0, 6, 0], candMode: 'manual' });
  const snap = snapshot(S);
  S.values[1] = 0;
  S.cands[2] = 0;
  S.candMode = 'none';
  assert.equal(applySnapshot(S, snap), false);
  assert.deepEqual([S.values, S.cands, S.candMode], [[0, 2, 0, 0], [0, 0, 6, 0], 'manual']);
  S.values[1] = 1;
  assert.equal(snap.values[1], 2, 'the snapshot does not share its arrays');
  const other = snapshot({ ...S, geo: { n: 2 } });
  assert.equal(applySnapshot(S, other), true, 'another geometry: rebuild');
});
