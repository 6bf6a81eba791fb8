// Hint marks: what a hint or explanation step colours on the board — its
// pattern, extra (fin) candidates, eliminations and placements, the
// houses it works in, the variant elements behind it, the links of its
// chain — and the cells a hint on wrong entries names. Pure: no DOM.

/**
 * The element marks (elements.js) behind a step: those its `elements`
 * name, as indices into the puzzle's elements.
 */
function marksBehind(geo, step) {
  const named = new Set(step.elements || []);
  return (geo.marks || []).filter((m) => m.name && named.has(m.order));
}

/**
 * The marks of a step (an /api/hint or /api/explain step):
 * `cells` maps a cell to a map digit → class, `houseCells`, `placeCells`
 * and `wrongCells` are sets of cells, `links` the chain's links,
 * `elements` the names of the element marks behind the step (their cells
 * are among `houseCells`).
 */
export function marksOfStep(geo, step) {
  const cells = new Map();
  const put = (list, cls) => {
    for (const c of list || []) {
      if (!cells.has(c.cell)) cells.set(c.cell, new Map());
      cells.get(c.cell).set(c.digit, cls);
    }
  };
  put(step.pattern, 'c-pattern');
  put(step.extra, 'c-extra');
  put(step.eliminations, 'c-elim');
  put(step.placements, 'c-place');
  const houseCells = new Set();
  if (Array.isArray(step.house_cells)) {
    step.house_cells.forEach((list) => list.forEach((c) => houseCells.add(c)));
  } else {
    for (const h of step.houses || []) {
      const house = geo.houses[h];
      if (house) house.cells.forEach((c) => houseCells.add(c));
    }
  }
  const behind = marksBehind(geo, step);
  for (const mark of behind) mark.cells.forEach((c) => houseCells.add(c));
  const placeCells = new Set((step.placements || []).map((p) => p.cell));
  return { cells, houseCells, placeCells, wrongCells: new Set(), links: step.links || [], elements: behind.map((m) => m.name) };
}

/** The marks of a hint on wrong entries: those cells, nothing else. */
export function marksOfMistakes(cells) {
  return { cells: new Map(), houseCells: new Set(), placeCells: new Set(), wrongCells: new Set(cells), links: [], elements: [] };
}
