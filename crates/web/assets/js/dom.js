// Small helpers over the page's elements: look-up by id, the status line,
// a definition list of figures, SVG elements, and whether the focus is in
// a text field.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** Shows a message in the status line (red when `error`). */
export function say(message, error = false) {
  const el = $('status');
  el.textContent = message;
  el.classList.toggle('error', error);
}

/** Shows an error in the status line after what failed. */
export function fail(prefix, e) {
  say(`${prefix}: ${e.message}`, true);
}

/** A <dl> of [name, value] pairs, leaving out those without a value. */
export function statsList(pairs) {
  const dl = document.createElement('dl');
  for (const [k, v] of pairs) {
    if (v === undefined || v === null) continue;
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    dl.append(dt, dd);
  }
  return dl;
}

/** Whether typing in `el` is typing text (so the page's own keys stay out of it). */
export const isTextField = (el) => !!el && (el.tagName === 'TEXTAREA'
  || (el.tagName === 'INPUT' && !['button', 'range', 'checkbox', 'radio', 'file'].includes(el.type))
  || el.tagName === 'SELECT' || el.isContentEditable);

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with these attributes. */
export function svgEl(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}
