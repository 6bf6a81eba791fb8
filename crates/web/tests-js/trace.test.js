// Unit tests of assets/js/trace.js: recorded solver traces (a 4×4 killer
// under all_different "check", with guesses, failures and backtracking;
// a 9×9 under "forward", prunes only) played forward event by event and
// sought backwards, against an independent replay and the solution.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventText, eventsPerTick, seekTrace, speedDelay, startTrace } from '../assets/js/trace.js';
import { bit, digitsOf, popcount } from '../assets/js/digits.js';
import { makeGeo } from '../assets/js/geometry.js';
import { parsed, solves } from './fixtures.js';

/** Each recorded solve with the board it was asked on. */
const boards = solves.map(({ request, answer }) => {
  const p = parsed((r) => (request.description
    ? JSON.stringify(r.description) === JSON.stringify(request.description)
    : r.puzzle === request.puzzle && r.variant === request.variant));
  return { request, answer, p, geo: makeGeo(p, null) };
});

/** The candidates after `count` events as sets, replayed apart from trace.js. */
function replay(givens, n, events, count) {
  const all = Array.from({ length: n }, (_, k) => k + 1);
  let sets = givens.map((d) => new Set(d ? [d] : all));
  const saved = [];
  for (const e of events.slice(0, count)) {
    if (e.event === 'prune') for (const d of e.removed) sets[e.cell].delete(d);
    if (e.event === 'guess') { saved[e.depth - 1] = sets.map((s) => new Set(s)); saved.length = e.depth; sets[e.cell] = new Set([e.digit]); }
    if (e.event === 'refute') { sets = saved[e.depth].map((s) => new Set(s)); saved.length = e.depth; sets[e.cell].delete(e.digit); }
  }
  return sets.map((s) => [...s].sort((a, b) => a - b));
}

const masksAsDigits = (T, n) => [...T.masks].map((m) => digitsOf(m, n));

test('the recorded traces hold every kind of event and end in the solution', () => {
  const kinds = new Set(boards.flatMap(({ answer }) => answer.trace.map((e) => e.event)));
  assert.deepEqual([...kinds].sort(), ['fail', 'guess', 'prune', 'refute', 'solution']);
  for (const { answer } of boards) {
    assert.equal(answer.truncated, false);
    assert.equal(answer.trace.at(-1).event, 'solution');
  }
});

test('stepping forward gives, after every event, the candidates of an independent replay', () => {
  for (const { answer, p, geo } of boards) {
    const T = startTrace(answer, 'check', geo.n, p.givens, p.givens);
    for (let k = 0; k <= answer.trace.length; k++) {
      seekTrace(T, k);
      assert.equal(T.pos, k);
      assert.deepEqual(masksAsDigits(T, geo.n), replay(p.givens, geo.n, answer.trace, k), `after ${k} events`);
    }
  }
});

test('every event fits the board it is played on', () => {
  for (const { answer, p, geo } of boards) {
    const T = startTrace(answer, 'check', geo.n, p.givens, p.givens);
    answer.trace.forEach((e, k) => {
      const before = T.masks[e.cell];
      if (e.event === 'prune') for (const d of e.removed) assert.ok(before & bit(d), `event ${k}: ${d} is there to remove`);
      if (e.event === 'guess') assert.ok(before & bit(e.digit), `event ${k}: the guess is a candidate`);
      seekTrace(T, k + 1);
      if (e.event === 'refute') assert.equal(T.masks[e.cell] & bit(e.digit), 0, `event ${k}: the refuted digit is gone`);
      if (e.event === 'guess') assert.equal(T.masks[e.cell], bit(e.digit));
      if (e.event === 'fail' && e.cell == null) assert.ok(e.by, 'a failure names its constraint');
    });
    // At the end every cell holds its digit of the solution.
    assert.deepEqual([...T.masks].map((m) => popcount(m)), new Array(geo.n * geo.n).fill(1));
    assert.deepEqual(masksAsDigits(T, geo.n).map((d) => d[0]), answer.solution);
  }
});

test('seeking back and forth gives the board of the position, whatever the way there', () => {
  for (const { answer, p, geo } of boards) {
    const T = startTrace(answer, 'check', geo.n, p.givens, p.givens);
    const fresh = (k) => {
      const F = startTrace(answer, 'check', geo.n, p.givens, p.givens);
      seekTrace(F, k);
      return F;
    };
    const length = answer.trace.length;
    for (const k of [length, 7, 3, length - 1, 0, 40, 39, 1, length]) {
      seekTrace(T, k);
      const F = fresh(k);
      assert.deepEqual([...T.masks], [...F.masks], `at ${k}`);
      assert.deepEqual(T.highlight, F.highlight);
      assert.deepEqual(T.highlight, k ? { ...answer.trace[k - 1], cell: answer.trace[k - 1].cell ?? null } : null);
    }
    seekTrace(T, -5);
    assert.equal(T.pos, 0);
    assert.deepEqual([...T.masks], [...T.init]);
    seekTrace(T, length + 10);
    assert.equal(T.pos, length);
  }
});

test('the trace starts from the givens and the entries; entries are not givens', () => {
  const { answer, p, geo } = boards.find(({ geo }) => geo.n === 4);
  const grid = p.givens.slice();
  grid[0] = 1;
  const T = startTrace(answer, 'check', geo.n, p.givens, grid);
  assert.equal(T.init[0], bit(1));
  assert.equal(T.init[1], 0b11110);
  assert.equal(T.fixed[0], 1, 'an entry is shown fixed');
  assert.equal(T.fixed[1], 0);
  assert.equal(T.playing, false);
  assert.equal(T.cells, 16);
});

test('events in words', () => {
  const { geo } = boards.find(({ geo }) => geo.n === 4);
  assert.equal(eventText({ event: 'prune', by: 'cage 2 sum', cell: 2, removed: [1, 2] }, geo), 'cage 2 sum removed 1, 2 from r1c3');
  assert.equal(eventText({ event: 'guess', cell: 6, depth: 2, digit: 1 }, geo), 'guess r2c3 = 1 (depth 2)');
  assert.equal(eventText({ event: 'refute', cell: 11, depth: 3, digit: 1 }, geo), 'backtrack: r3c4 ≠ 1 (back at depth 3)');
  assert.equal(eventText({ event: 'fail', by: 'row 4', cell: null }, geo), 'row 4 failed');
  assert.equal(eventText({ event: 'fail', by: 'row 4', cell: 3 }, geo), 'row 4 failed: r1c4 has no candidate left');
  assert.equal(eventText({ event: 'prune', var: 20, removed: [3] }, geo), 'a constraint removed 3 from variable 20');
  assert.equal(eventText({ event: 'solution' }, geo), 'solution found');
  assert.equal(eventText({ event: 'restart', cell: 1 }, geo), '{"event":"restart","cell":1}');
});

test('the speed slider: 1.5 s per event at its slowest, several events a frame at its fastest', () => {
  assert.equal(speedDelay(0), 1500);
  assert.equal(speedDelay(100), 0);
  for (let v = 1; v <= 100; v++) assert.ok(speedDelay(v) <= speedDelay(v - 1));
  assert.equal(eventsPerTick(1500), 1);
  assert.equal(eventsPerTick(16), 1);
  assert.equal(eventsPerTick(0), 64);
});
