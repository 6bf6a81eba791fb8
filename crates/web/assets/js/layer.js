// The variant elements on the board: an SVG layer inside the board, over
// the cells' colours and under their digits, drawn from the geometry's
// marks (elements.js); a ring of room around the grid when clues stand
// outside it; the legend under the grid; and the elements lit: the one the
// trace's current event names, or those behind a hint or explanation step.

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
  S.board.litMarks = '';
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

/** Lights the elements named in `names` (a trace event's `by`, a step's elements) and no other. */
export function lightMarks(S, names) {
  const B = S.board;
  const groups = B.markGroups || new Map();
  const lit = new Set(names.filter((name) => groups.has(name)));
  const key = [...lit].sort().join('\n');
  if (B.litMarks === key) return;
  for (const [name, group] of groups) group.classList.toggle('lit', lit.has(name));
  B.litMarks = key;
}
