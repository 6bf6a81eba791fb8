// Unit tests of assets/js/url.js: base64url round trips, and every puzzle
// kind written into the page's address and read back (givens, variant,
// description, entries).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { b64urlDecode, b64urlEncode, puzzleHash, sourceOfHash } from '../assets/js/url.js';
import { charDigit, digitChar, lineOf } from '../assets/js/digits.js';
import { parsedNeedsDescription, puzzleBody } from '../assets/js/formats.js';
import { makeGeo } from '../assets/js/geometry.js';
import { parses } from './fixtures.js';

test('base64url: round trips, URL-safe alphabet, no padding', () => {
  const texts = ['', 'a', 'ab', 'abc', 'abcd', 'diagonal ↘ and ↙', '{"givens":"1.2"}', '😀 ~~~ ??? >>>', 'ÿþ'.repeat(40)];
  for (const text of texts) {
    const enc = b64urlEncode(text);
    assert.match(enc, /^[A-Za-z0-9_-]*$/, text);
    assert.equal(b64urlDecode(enc), text);
  }
  assert.equal(b64urlEncode('??>'), 'Pz8-');
  assert.equal(b64urlEncode('~~~~'), 'fn5-fg');
  assert.equal(b64urlDecode('fn5-fg=='), '~~~~', 'padding is accepted too');
});

test('every recorded puzzle kind survives the address, with and without entries', () => {
  for (const { answer: p } of parses) {
    const desc = parsedNeedsDescription(p) ? p.description : null;
    const g = makeGeo(p, desc);
    const cells = g.n * g.n;
    const none = new Array(cells).fill(0);
    const entries = none.map((_, i) => (p.givens[i] ? 0 : ((i * 7) % g.n) + 1));
    for (const values of [none, entries]) {
      const hash = puzzleHash(g, p.givens, values);
      assert.match(hash, /^#[A-Za-z0-9_\-=&.%]+$/, 'nothing to escape further');
      const named = sourceOfHash(hash);
      assert.deepEqual(named.source, puzzleBody(g, p.givens), `${p.size}×${p.size} ${p.variant}`);
      assert.deepEqual(named.entries, values.some((v) => v) ? values : undefined);
    }
  }
});

test('a plain puzzle is readable in the address; its variant is escaped', () => {
  const p = parses.find(({ request }) => request.variant === 'diagonal+windoku').answer;
  const g = makeGeo(p, null);
  const values = new Array(81).fill(0);
  values[80] = 9;
  const hash = puzzleHash(g, p.givens, values);
  assert.equal(hash, `#p=${'.'.repeat(81)}&v=diagonal%2Bwindoku&e=${'.'.repeat(80)}9`);
  assert.deepEqual(sourceOfHash(hash).source, { puzzle: '.'.repeat(81), variant: 'diagonal+windoku' });
});

test('entries of 16×16 and 25×25 travel as letters', () => {
  const line = [...Array(25).keys()].map((k) => digitChar(k + 1)).join('');
  assert.equal(line, '123456789ABCDEFGHIJKLMNOP');
  const named = sourceOfHash(`#p=${'.'.repeat(625)}&e=${line}`);
  assert.deepEqual(named.entries, [...line].map(charDigit));
  assert.equal(named.source.variant, 'classic', 'no v= means classic');
  assert.equal(lineOf(named.entries), line);
});

test('an address without a puzzle names none; a broken one says which part', () => {
  for (const hash of ['', '#', '#e=123', '#x=1&y=2']) assert.equal(sourceOfHash(hash), null, hash);
  assert.throws(() => sourceOfHash('#d=!!!'), /the link's "d" is not base64url-encoded/);
  assert.throws(() => sourceOfHash(`#d=${b64urlEncode('{"size": 4,')}`), /the link's "d" does not hold a JSON description/);
  assert.throws(() => sourceOfHash('#d=_w'), /base64url-encoded UTF-8/, 'a lone 0xFF byte is not UTF-8');
});
