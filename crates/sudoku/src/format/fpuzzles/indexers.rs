//! The indexer constraints of the f-puzzles user script: their keys, the
//! names its drawings carry (`fromConstraint`) and the colours it draws
//! them in, which SudokuPad drawings of them keep.

use crate::elements::Indexer;

/// One kind of indexer as the script knows it.
pub(super) struct ScriptIndexer {
    /// The f-puzzles key: `columnindexer`.
    pub(super) key: &'static str,
    /// The kind of every cell of an entry.
    pub(super) kind: Indexer,
    /// The script's name for it: `Column Indexer`.
    pub(super) name: &'static str,
    /// The colour of its cage drawing, and of its shaded cells in SudokuPad.
    pub(super) colour: &'static str,
}

/// Row, column and box indexers.
pub(super) const INDEXERS: [ScriptIndexer; 3] = [
    ScriptIndexer {
        key: "rowindexer",
        kind: Indexer::Row,
        name: "Row Indexer",
        colour: "#7CC77C",
    },
    ScriptIndexer {
        key: "columnindexer",
        kind: Indexer::Column,
        name: "Column Indexer",
        colour: "#C77C7C",
    },
    ScriptIndexer {
        key: "boxindexer",
        kind: Indexer::Box,
        name: "Box Indexer",
        colour: "#7C7CC7",
    },
];

/// The script's description of an indexer kind.
pub(super) fn script_indexer(kind: Indexer) -> &'static ScriptIndexer {
    let index = match kind {
        Indexer::Row => 0,
        Indexer::Column => 1,
        Indexer::Box => 2,
    };
    &INDEXERS[index]
}
