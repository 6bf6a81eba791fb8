// The page's state: one object, made once by app.js and passed to every
// function that reads or changes it — the puzzle (geometry, givens,
// entries, pencil marks), the selection and editing mode, undo and redo,
// the trace, the hint marks, the explanation, and the board's element
// caches. Pure: no DOM.

/** The state before any puzzle is loaded. */
export function createState() {
  return {
    geo: null,          // the rules' geometry (geometry.js makeGeo), shared by snapshots
    meta: null,         // the title, author and rules text a loaded f-puzzles or SudokuPad puzzle carries
    givens: [],
    values: [],         // the user's entries (0 = none)
    cands: [],          // pencil marks as bitmasks (bit d = digit d)
    candMode: 'none',   // 'none' | 'manual' | 'auto' (auto: an empty mask is a red cell)
    sel: 0,
    mode: 'entries',    // what typed digits become: 'givens' | 'entries'
    pencil: false,
    undo: [],
    redo: [],
    view: 'edit',       // 'edit' | 'trace'
    trace: null,        // trace.js startTrace, while a solve's trace is loaded
    marks: null,        // marks.js: what a hint or explanation step colours
    hintStage: 0,       // the next hint level: 0 vague, 1 the step, 2 apply
    explain: null,      // {steps, current} of the last explanation
    lastHash: '',       // the address fragment last written or read
    multi: null,        // multigrid-view.js: the grid of several overlapping Sudokus shown, if one is
    board: {            // board.js: the cell elements and what each shows
      cells: [],
      tabCell: -1,
      renderCache: [],
      classCache: [],
    },
  };
}

/** Givens and entries as one grid. */
export const merged = (S) => S.givens.map((g, i) => g || S.values[i]);

/** Givens and entries as one grid when there are entries, else undefined. */
export const valuesIfAny = (S) => (S.values.some((v) => v) ? merged(S) : undefined);

/** What undo restores: the puzzle (with its words), the entries and the pencil marks. */
export function snapshot(S) {
  return {
    geo: S.geo,
    meta: S.meta,
    givens: S.givens.slice(),
    values: S.values.slice(),
    cands: S.cands.slice(),
    candMode: S.candMode,
  };
}

/** Puts a snapshot back; says whether the geometry changed (the board must be rebuilt). */
export function applySnapshot(S, snap) {
  const rebuild = snap.geo !== S.geo;
  S.geo = snap.geo;
  S.meta = snap.meta;
  S.givens = snap.givens.slice();
  S.values = snap.values.slice();
  S.cands = snap.cands.slice();
  S.candMode = snap.candMode;
  return rebuild;
}
