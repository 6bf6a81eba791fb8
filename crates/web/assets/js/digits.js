// Digits and candidate sets: the character of a digit (1-9, then A = 10 …
// W = 32), candidates as bit masks (bit d = digit d) and a grid as one line
// of characters. Pure: no DOM, no state.

/** The character of a digit: 1-9, then A = 10 … W = 32; '.' for empty. */
export function digitChar(d) {
  if (!d) return '.';
  return d <= 9 ? String(d) : String.fromCharCode(55 + d);
}

/** The digit of a character (1-9, A-W in either case), or 0. */
export function charDigit(c) {
  if (typeof c !== 'string' || c.length !== 1) return 0;
  if (c >= '1' && c <= '9') return c.charCodeAt(0) - 48;
  const u = c.toUpperCase();
  if (u >= 'A' && u <= 'W') return u.charCodeAt(0) - 55;
  return 0;
}

/** The mask of one digit. */
export const bit = (d) => 1 << d;

/** The mask of every digit 1..n. */
export const fullMask = (n) => ((1 << (n + 1)) - 1) & ~1;

/** The mask of a list of digits. */
export const maskOf = (digits) => digits.reduce((m, d) => m | bit(d), 0);

/** The digits of a mask, ascending, up to n. */
export function digitsOf(mask, n) {
  const out = [];
  for (let d = 1; d <= n; d++) if (mask & bit(d)) out.push(d);
  return out;
}

/** How many digits a mask holds. */
export function popcount(m) {
  let c = 0;
  while (m) { m &= m - 1; c++; }
  return c;
}

/** A grid's digits as one line ('.' for empty). */
export const lineOf = (values) => values.map(digitChar).join('');
