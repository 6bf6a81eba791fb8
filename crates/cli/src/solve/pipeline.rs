//! The parallel pipeline of `fdoku solve`: the main thread reads the input
//! in pieces (runs of lines, or puzzles already read) and hands them out
//! in order; each worker reads its piece's puzzles, solves them, checks
//! every solution and writes the piece's output and notes into buffers of
//! its own; the main thread writes the buffers in input order. At most a
//! few pieces per worker are in flight, so memory stays flat however long
//! the input, and a worker that finishes takes the next piece at once.
//!
//! Puzzles are numbered across the whole run: each worker counts the
//! puzzles of its piece first (a quick pass over its lines) and tells the
//! count, then waits for the counts of the pieces before its own, which
//! come as quickly. It then reads, solves, checks and writes the puzzles
//! one at a time, a line's puzzle rebuilt in place, so nothing is
//! allocated per puzzle beyond what the solver needs.

use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::Scope;

use fdoku_sudoku::Puzzle;
use fdoku_sudoku::format::{Item, LineRead, LineReader, ParseError, PlainVariant};
use fdoku_sudoku::solve::Goal;

use super::{Context, Entry, Tally, print, solve_item, verify};
use crate::cli::SolveArgs;
use crate::inputs::LineChunk;
use crate::records::{JsonLayout, JsonRecords};

/// Pieces in flight per worker: enough that no worker waits for the main
/// thread, few enough that memory stays small.
const IN_FLIGHT_PER_WORKER: usize = 4;

/// A piece of an input to solve.
pub(super) enum Work {
    /// Lines of puzzles, to read.
    Lines(LineChunk),
    /// Puzzles already read.
    Items(Vec<Item>),
}

/// What a worker made of a piece: its output and notes, in order.
#[derive(Default)]
struct Piece {
    out: Vec<u8>,
    err: Vec<u8>,
    puzzles: usize,
    tally: Tally,
    /// The error that ends the run (a solution that failed the check),
    /// after the output of the puzzles before it.
    failure: Option<anyhow::Error>,
}

/// One piece handed to the workers, with where its result goes.
struct Job {
    slot: usize,
    work: Work,
    done: SyncSender<Piece>,
}

/// What is waiting to be written, in input order.
enum Pending {
    /// A piece being solved, and its number.
    Piece(usize, Receiver<Piece>),
    /// The end of an input: the message to give if it held no puzzle
    /// (none when it was reported already).
    InputEnd(Option<String>),
}

/// The puzzle numbers of the pieces in flight: each piece's count, and
/// the number before each piece as far as the counts are known. Pieces
/// written are forgotten, so it holds no more than the pieces in flight.
struct Numbering {
    counts: Mutex<Counts>,
    changed: Condvar,
}

struct Counts {
    /// The first piece not yet forgotten.
    first: usize,
    /// The count of each piece from `first`, once read.
    known: VecDeque<Option<usize>>,
    /// The number before each piece from `first`, as far as the pieces
    /// before it are all counted.
    before: VecDeque<usize>,
}

impl Numbering {
    fn lock(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts again from `numbered` puzzles, piece 0 next.
    fn restart(&self, numbered: usize) {
        let mut counts = self.lock();
        counts.first = 0;
        counts.known.clear();
        counts.before = VecDeque::from([numbered]);
    }

    /// Piece `slot` holds `count` puzzles.
    fn publish(&self, slot: usize, count: usize) {
        let mut counts = self.lock();
        let at = slot - counts.first;
        if counts.known.len() <= at {
            counts.known.resize(at + 1, None);
        }
        counts.known[at] = Some(count);
        loop {
            let next = counts.before.len() - 1;
            let Some(Some(count)) = counts.known.get(next).copied() else {
                break;
            };
            let before = counts.before[next] + count;
            counts.before.push_back(before);
        }
        self.changed.notify_all();
    }

    /// How many puzzles come before piece `slot`, once known.
    fn before(&self, slot: usize) -> usize {
        let mut counts = self.lock();
        while counts.before.len() <= slot - counts.first {
            counts = self
                .changed
                .wait(counts)
                .unwrap_or_else(PoisonError::into_inner);
        }
        counts.before[slot - counts.first]
    }

    /// Piece `slot`, the oldest, is written: no worker asks for it again.
    fn forget(&self, slot: usize) {
        let mut counts = self.lock();
        if slot == counts.first && counts.before.len() > 1 {
            counts.first += 1;
            counts.known.pop_front();
            counts.before.pop_front();
        }
    }
}

/// What the workers share.
struct Shared<'a> {
    goal: Goal,
    args: &'a SolveArgs,
    cancel: &'a Arc<AtomicBool>,
    variant: PlainVariant,
    layout: Option<JsonLayout>,
    /// Whether one worker takes every piece: then each piece is numbered
    /// as it is written, without counting it first.
    alone: bool,
    numbering: Numbering,
    jobs: Mutex<Receiver<Job>>,
}

/// The main thread's end of the pipeline.
pub(super) struct Pipeline<'a> {
    shared: Arc<Shared<'a>>,
    jobs: Sender<Job>,
    pending: VecDeque<Pending>,
    in_flight: usize,
    most_in_flight: usize,
    next_slot: usize,
    /// Puzzles of the input being written, so far.
    input_puzzles: usize,
}

impl<'a> Pipeline<'a> {
    /// Starts `workers` threads in `scope`, numbering puzzles after
    /// `numbered`.
    pub(super) fn start<'scope>(
        scope: &'scope Scope<'scope, '_>,
        workers: usize,
        goal: Goal,
        args: &'a SolveArgs,
        cancel: &'a Arc<AtomicBool>,
    ) -> Pipeline<'a>
    where
        'a: 'scope,
    {
        let (jobs, waiting) = channel();
        let shared = Arc::new(Shared {
            goal,
            args,
            cancel,
            variant: args.variant.plain(),
            layout: args.format.json(),
            alone: workers == 1,
            numbering: Numbering {
                counts: Mutex::new(Counts {
                    first: 0,
                    known: VecDeque::new(),
                    before: VecDeque::from([0]),
                }),
                changed: Condvar::new(),
            },
            jobs: Mutex::new(waiting),
        });
        for _ in 0..workers {
            let shared = Arc::clone(&shared);
            scope.spawn(move || work(&shared));
        }
        Pipeline {
            shared,
            jobs,
            pending: VecDeque::new(),
            in_flight: 0,
            most_in_flight: (workers * IN_FLIGHT_PER_WORKER).max(1),
            next_slot: 0,
            input_puzzles: 0,
        }
    }

    /// Hands `work` to the workers, first writing what is done while too
    /// many pieces are in flight.
    pub(super) fn send(&mut self, work: Work, context: &mut Context<'_>) -> anyhow::Result<()> {
        while self.in_flight >= self.most_in_flight {
            self.write_next(context)?;
        }
        let (done, result) = sync_channel(1);
        let slot = self.next_slot;
        let job = Job { slot, work, done };
        self.next_slot += 1;
        // The workers only stop once the pipeline is dropped.
        self.jobs
            .send(job)
            .map_err(|_| anyhow::anyhow!("internal error: the solving threads stopped"))?;
        self.pending.push_back(Pending::Piece(slot, result));
        self.in_flight += 1;
        Ok(())
    }

    /// Counts `puzzles` of the input being read, solved on the main thread
    /// (with `--all`).
    pub(super) fn solved_here(&mut self, puzzles: usize) {
        self.input_puzzles += puzzles;
    }

    /// Marks the end of an input: once its pieces are written, `message` is
    /// reported if it held no puzzle.
    pub(super) fn end_input(&mut self, message: Option<String>, context: &mut Context<'_>) {
        match self.pending.is_empty() {
            true => self.input_ended(message, context),
            false => self.pending.push_back(Pending::InputEnd(message)),
        }
    }

    /// The end of an input is reached in the output: `message` is reported
    /// if it held no puzzle.
    fn input_ended(&mut self, message: Option<String>, context: &mut Context<'_>) {
        if let Some(message) = message.filter(|_| self.input_puzzles == 0) {
            eprintln!("fdoku: {message}");
            context.tally.failed = true;
        }
        self.input_puzzles = 0;
    }

    /// Writes everything in flight; puzzles are numbered after
    /// `context.numbered` from then on.
    pub(super) fn drain(&mut self, context: &mut Context<'_>) -> anyhow::Result<()> {
        while !self.pending.is_empty() {
            self.write_next(context)?;
        }
        self.shared.numbering.restart(context.numbered);
        self.next_slot = 0;
        Ok(())
    }

    /// Writes the oldest thing pending (waiting for its piece).
    fn write_next(&mut self, context: &mut Context<'_>) -> anyhow::Result<()> {
        match self.pending.pop_front() {
            Some(Pending::Piece(slot, result)) => {
                self.in_flight -= 1;
                let piece = result
                    .recv()
                    .map_err(|_| anyhow::anyhow!("internal error: a solving thread stopped"))?;
                self.shared.numbering.forget(slot);
                self.input_puzzles += piece.puzzles;
                std::io::stderr().write_all(&piece.err)?;
                context.out.write_all(&piece.out)?;
                if let Some(failure) = piece.failure {
                    return Err(failure);
                }
                context.json.wrote(piece.puzzles);
                context.tally.add(&piece.tally);
                context.numbered += piece.puzzles;
                context.progress.inc(piece.puzzles as u64);
            }
            Some(Pending::InputEnd(message)) => self.input_ended(message, context),
            None => {}
        }
        Ok(())
    }
}

/// A worker: takes pieces in order until there are no more.
fn work(shared: &Shared<'_>) {
    loop {
        let job = match shared
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv()
        {
            Ok(job) => job,
            Err(_) => return,
        };
        // The main thread may have stopped waiting (on an error): then the
        // piece is not needed.
        let _ = job.done.send(solve_piece(job.work, job.slot, shared));
    }
}

/// Reads, solves, checks and writes one piece; a solution that fails the
/// check ends it, after the output of the puzzles before it.
fn solve_piece(work: Work, slot: usize, shared: &Shared<'_>) -> Piece {
    let mut piece = Piece::default();
    piece.failure = match work {
        Work::Lines(chunk) => {
            let reader =
                || LineReader::new(&chunk.name, &chunk.text, chunk.first_line, &shared.variant);
            // A worker alone has the pieces before this one numbered already.
            let counted = (!shared.alone).then(|| reader().count());
            let mut writer = PieceWriter::start(shared, slot, counted, &mut piece);
            let written = writer.lines(reader());
            writer.finish(slot);
            written.err()
        }
        Work::Items(items) => {
            let mut writer = PieceWriter::start(shared, slot, Some(items.len()), &mut piece);
            let written = items
                .iter()
                .try_for_each(|item| writer.puzzle(&item.input, &item.puzzle));
            writer.finish(slot);
            written.err()
        }
    };
    piece
}

/// Solves, checks and writes the puzzles of a piece into its buffers, in
/// order.
struct PieceWriter<'p, 's, 'a> {
    shared: &'s Shared<'a>,
    piece: &'p mut Piece,
    json: JsonRecords,
    /// The number of the puzzle before the piece's first.
    before: usize,
    /// The number of the last puzzle written.
    numbered: usize,
    /// Whether the piece's count is told.
    published: bool,
}

impl<'p, 's, 'a> PieceWriter<'p, 's, 'a> {
    /// Tells that piece `slot` holds `puzzles`, when counted, and waits
    /// for the puzzles before it to be counted.
    fn start(
        shared: &'s Shared<'a>,
        slot: usize,
        puzzles: Option<usize>,
        piece: &'p mut Piece,
    ) -> Self {
        if let Some(puzzles) = puzzles {
            shared.numbering.publish(slot, puzzles);
        }
        let before = shared.numbering.before(slot);
        PieceWriter {
            shared,
            piece,
            json: JsonRecords::continuing(shared.layout, before),
            before,
            numbered: before,
            published: puzzles.is_some(),
        }
    }

    /// Ends piece `slot`: its count, told now if it was not counted first.
    fn finish(self, slot: usize) {
        let puzzles = self.numbered - self.before;
        if !self.published {
            self.shared.numbering.publish(slot, puzzles);
        }
        self.piece.puzzles = puzzles;
    }

    /// Writes what each line holds: a puzzle's result, or the note that
    /// it was passed over.
    fn lines(&mut self, mut reader: LineReader<'_>) -> anyhow::Result<()> {
        while let Some(read) = reader.read_next() {
            match read {
                LineRead::Puzzle(line) => self.puzzle(line.input, line.puzzle)?,
                LineRead::Skipped(passed) => writeln!(self.piece.err, "fdoku: {passed}")?,
            }
        }
        Ok(())
    }

    /// Solves, checks and writes the next puzzle.
    fn puzzle(&mut self, input: &str, puzzle: &Result<Puzzle, ParseError>) -> anyhow::Result<()> {
        self.numbered += 1;
        let entry = Entry {
            index: self.numbered,
            input,
            puzzle,
        };
        let Shared {
            goal, args, cancel, ..
        } = *self.shared;
        let solved = solve_item(entry, goal, args, cancel);
        verify(entry, &solved)?;
        let piece = &mut *self.piece;
        piece.tally.note(&solved);
        print(
            entry,
            &solved,
            args,
            goal,
            &mut piece.out,
            &mut piece.err,
            &mut self.json,
        )
    }
}
