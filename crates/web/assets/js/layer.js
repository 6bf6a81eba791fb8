// The variant elements on the board: an SVG layer inside the board, over
// the cells' colours and under their digits, drawn from the geometry's
// marks (elements.js); a ring of room around the grid when clues stand
// outside it; the legend under the grid; and the element that the trace's
// current event names, lit.

import { $, svgEl } from './dom.js';

/** The layer of the state's geometry (appended to the board by buildBoard); sets the ring and the legend. */
export function buildMarksLayer(S) {
  const g = S.geo;
  const n = g.n;
  const svg = svgEl('svg', { id: 'marks', class: 'marks', viewBox: `0 0 ${n} ${n}`, 'aria-hidden': 'true' });
  const groups = new Map();
  for (const mark of g.marks) {
    const group = svgEl('g', { class: `el-mark el-kind-${mark.kind}` });
    if (mark.name) {
      group.dataset.name = mark.name;
      groups.set(mark.name, group);
    }
    for (const shape of mark.shapes) {
      const el = svgEl(shape.tag, shape.attrs);
      if (shape.text != null) el.textContent = shape.text;
      group.appendChild(el);
    }
    svg.appendChild(group);
  }
  S.board.markGroups = groups;
  S.board.litMark = null;
  // Clues outside the grid get a ring one cell wide.
  $('board').parentElement.style.setProperty('--ring', g.outside ? `calc(100% / ${n + 2})` : '0px');
  const legend = $('rules-legend');
  legend.replaceChildren(...g.legend.map((words) => {
    const li = document.createElement('li');
    li.textContent = words;
    return li;
  }));
  legend.hidden = g.legend.length === 0;
  return svg;
}

/** Lights the element named `name` (a trace event's `by`; null: none). */
export function showTracedMark(S, name) {
  const B = S.board;
  const groups = B.markGroups || new Map();
  const lit = groups.has(name) ? name : null;
  if (B.litMark === lit) return;
  if (B.litMark) groups.get(B.litMark).classList.remove('lit');
  if (lit) groups.get(lit).classList.add('lit');
  B.litMark = lit;
}
