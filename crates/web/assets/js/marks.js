// Hint marks: what a hint or explanation step colours on the board — its
// pattern, extra (fin) candidates, eliminations and placements, the
// houses it works in, the links of its chain — and the cells a hint on
// wrong entries names. Pure: no DOM.

/**
 * The marks of a step (an /api/hint or /api/explain step):
 * `cells` maps a cell to a map digit → class, `houseCells`, `placeCells`
 * and `wrongCells` are sets of cells, `links` the chain's links.
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
  const placeCells = new Set((step.placements || []).map((p) => p.cell));
  return { cells, houseCells, placeCells, wrongCells: new Set(), links: step.links || [] };
}

/** The marks of a hint on wrong entries: those cells, nothing else. */
export function marksOfMistakes(cells) {
  return { cells: new Map(), houseCells: new Set(), placeCells: new Set(), wrongCells: new Set(cells), links: [] };
}
