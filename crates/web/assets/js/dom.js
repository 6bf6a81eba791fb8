// Small helpers over the page's elements: look-up by id, the status line,
// a definition list of figures, SVG elements, whether the focus is in a
// text field, a download, and a link to the page put on show.

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

/** Downloads `file` ({text, type, name}) through a link clicked once. */
export function downloadFile(file) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  a.download = file.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Puts the address fragment `hash` in the address bar and the page's address in the link box, selected. */
export function showLink(hash) {
  history.replaceState(null, '', hash);
  const box = $('share-link');
  box.value = location.href;
  box.focus();
  box.select();
  say('The address bar and the box hold a link to this puzzle.');
}
