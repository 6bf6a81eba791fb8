// Unit tests of assets/js/formats.js and digits.js: the puzzle text the
// page reads (lines, blocks of rows, JSON descriptions, and what is wrong
// with a text that does not read) and writes (the API body, the text box,
// the downloaded file).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { charDigit, digitChar, digitsOf, fullMask, lineOf, maskOf, popcount } from '../assets/js/digits.js';
import {
  descriptionWithGivens, parsedNeedsDescription, puzzleBody, puzzleFile, puzzleText, sourceOfText,
} from '../assets/js/formats.js';
import { makeGeo } from '../assets/js/geometry.js';
import { parsed, parses } from './fixtures.js';

const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

/** The geometry the page builds from a parse answer (the description kept when a line cannot carry it). */
const geoOf = (p) => makeGeo(p, parsedNeedsDescription(p) ? p.description : null);

test('digits are 1-9, then letters A = 10 … W = 32; masks hold them', () => {
  for (let d = 1; d <= 32; d++) assert.equal(charDigit(digitChar(d)), d);
  assert.equal(digitChar(10), 'A');
  assert.equal(digitChar(16), 'G');
  assert.equal(digitChar(25), 'P');
  assert.equal(digitChar(0), '.');
  assert.equal(charDigit('g'), 16);
  for (const c of ['.', '0', 'X', '', 'AB', '-']) assert.equal(charDigit(c), 0, c);
  assert.equal(lineOf([5, 0, 16]), '5.G');
  assert.deepEqual(digitsOf(fullMask(9), 9), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(popcount(fullMask(25)), 25);
  assert.deepEqual(digitsOf(maskOf([2, 7, 25]), 25), [2, 7, 25]);
});

test('a line is read with the chosen variant; comments are skipped', () => {
  assert.deepEqual(sourceOfText(`  ${CLASSIC}\n`, 'classic'), { puzzle: CLASSIC, variant: 'classic' });
  assert.deepEqual(sourceOfText(`# from a collection\n${CLASSIC}`, 'diagonal'), { puzzle: CLASSIC, variant: 'diagonal' });
});

test('a block of rows loses its frame lines and separators', () => {
  const block = [
    '5 3 . | . 7 . | . . .',
    '6 . . | 1 9 5 | . . .',
    '. 9 8 | . . . | . 6 .',
    '------+-------+------',
    '8 . . | . 6 . | . . 3',
    '4 . . | 8 . 3 | . . 1',
    '7 . . | . 2 . | . . 6',
    '------+-------+------',
    '. 6 . | . . . | 2 8 .',
    '. . . | 4 1 9 | . . 5',
    '. . . | . 8 . | . 7 9',
  ].join('\r\n');
  assert.deepEqual(sourceOfText(block, 'classic'), { puzzle: CLASSIC, variant: 'classic' });
});

test('a JSON description is read as one; a list gives its first puzzle', () => {
  const d = { size: 4, cages: [{ sum: 3, cells: ['r1c1', 'r1c2'] }] };
  assert.deepEqual(sourceOfText(JSON.stringify(d, null, 2), 'classic'), { description: d });
  assert.deepEqual(sourceOfText(JSON.stringify([d, { size: 6 }]), 'classic'), { description: d });
});

test('the f-puzzles editor’s JSON and links go to the server as text, which it recognises', () => {
  const fpuzzles = JSON.stringify({ size: 4, grid: [[{ value: 1, given: true }, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], antiknight: true });
  assert.deepEqual(sourceOfText(` ${fpuzzles}\n`, 'classic'), { puzzle: fpuzzles, variant: 'classic' });
  const link = 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSTzKLryBdZQmq8l53WhogB1Qe1Ua1Vc3gUyQ0';
  assert.deepEqual(sourceOfText(link, 'classic'), { puzzle: link, variant: 'classic' });
  // A description that happens to hold no grid stays a description.
  assert.deepEqual(sourceOfText('{"size": 4, "thermometers": [["r1c1", "r1c2"]]}', 'classic'),
    { description: { size: 4, thermometers: [['r1c1', 'r1c2']] } });
});

test('a text that does not read says why, and where', () => {
  assert.throws(() => sourceOfText(' \n ', 'classic'), /empty \(expected a line of digits/);
  assert.throws(() => sourceOfText('[]', 'classic'), /empty JSON list/);
  assert.throws(() => sourceOfText('[3]', 'classic'), /holds 3 where a JSON object/);
  // Broken JSON goes to the server as text: its reader names the line and column.
  const broken = '{\n  "size": 4,\n  "givens": ]\n}';
  assert.deepEqual(sourceOfText(broken, 'classic'), { puzzle: broken, variant: 'classic' });
});

test('whether a puzzle needs its JSON description: jigsaw, killer, extra regions, elements do', () => {
  const kind = (p) => (p.elements && p.elements.length ? 'elements' : p.variant);
  const needs = parses.map(({ answer }) => `${kind(answer)}:${parsedNeedsDescription(answer)}`);
  assert.deepEqual(new Set(needs), new Set([
    'classic:false', 'diagonal+windoku:false', 'windoku:false', 'diagonal:false', 'jigsaw:true', 'killer:true', 'extra:true',
    'elements:true',
  ]));
});

test('the API body: a line with its plain variant, or the description with the givens on the board', () => {
  const classic = parsed((r) => r.puzzle === CLASSIC);
  assert.deepEqual(puzzleBody(geoOf(classic), classic.givens), { puzzle: CLASSIC, variant: 'classic' });
  const dw = parsed((r) => r.variant === 'diagonal+windoku');
  assert.deepEqual(puzzleBody(geoOf(dw), dw.givens), { puzzle: '.'.repeat(81), variant: 'diagonal+windoku' });
  const jigsaw = parsed((r) => r.description && r.description.regions);
  const g = geoOf(jigsaw);
  const givens = jigsaw.givens.slice();
  givens[35] = 4;
  const body = puzzleBody(g, givens);
  assert.deepEqual(Object.keys(body), ['description']);
  assert.deepEqual(body.description.regions, jigsaw.description.regions);
  assert.equal(body.description.givens, '1' + '.'.repeat(34) + '4');
  assert.equal(body.description.size, 6);
  assert.deepEqual(descriptionWithGivens(g, givens), body.description);
});

test('the text box and the file: a line, or the JSON description', () => {
  const classic = parsed((r) => r.puzzle === CLASSIC);
  const g = geoOf(classic);
  assert.equal(puzzleText(g, classic.givens), CLASSIC);
  assert.deepEqual(puzzleFile(g, classic.givens), { text: CLASSIC + '\n', type: 'text/plain', name: 'puzzle.txt' });
  const killer = parsed((r) => r.description && r.description.cages);
  const kg = geoOf(killer);
  const text = puzzleText(kg, killer.givens);
  assert.deepEqual(JSON.parse(text).cages, killer.description.cages);
  const file = puzzleFile(kg, killer.givens);
  assert.equal(file.name, 'puzzle.json');
  assert.equal(file.type, 'application/json');
  assert.deepEqual(JSON.parse(file.text), JSON.parse(text));
  // What the page writes, it reads back as the same source.
  assert.deepEqual(sourceOfText(text, 'classic'), { description: JSON.parse(text) });
  assert.deepEqual(sourceOfText(file.text, 'classic'), { description: JSON.parse(text) });
  assert.deepEqual(sourceOfText(puzzleText(g, classic.givens), 'classic'), puzzleBody(g, classic.givens));
});
