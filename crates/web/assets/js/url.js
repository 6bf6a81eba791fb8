// The puzzle in the page's address: `#p=<line>&v=<variant>` for a puzzle a
// line can carry, `#d=<description>` (JSON, base64url) for the others, and
// `&e=<line>` for the entries made so far. Pure: no DOM.

import { charDigit, lineOf } from './digits.js';
import { descriptionWithGivens } from './formats.js';

/** `text` (UTF-8) in base64url without padding. */
export function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text (UTF-8) of a base64url string, padded or not. */
export function b64urlDecode(s) {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
}

/** The address fragment (with '#') that names the puzzle and its entries. */
export function puzzleHash(geo, givens, values) {
  const parts = [];
  if (geo.desc) parts.push('d=' + b64urlEncode(JSON.stringify(descriptionWithGivens(geo, givens))));
  else parts.push('p=' + lineOf(givens), 'v=' + encodeURIComponent(geo.variant));
  if (values.some((v) => v)) parts.push('e=' + lineOf(values));
  return '#' + parts.join('&');
}

/**
 * What an address fragment names: `{source, entries}` (source: the
 * /api/parse body; entries: one digit per cell, or undefined), or null
 * when it names no puzzle.
 */
export function sourceOfHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const e = params.get('e');
  const entries = e ? [...e].map(charDigit) : undefined;
  const d = params.get('d');
  if (d) {
    let text;
    try {
      text = b64urlDecode(d);
    } catch (err) {
      throw new Error(`the link's "d" is not base64url-encoded UTF-8 (${err.message})`);
    }
    try {
      return { source: { description: JSON.parse(text) }, entries };
    } catch (err) {
      throw new Error(`the link's "d" does not hold a JSON description (${err.message})`);
    }
  }
  const p = params.get('p');
  if (p) return { source: { puzzle: p, variant: params.get('v') || 'classic' }, entries };
  return null;
}
