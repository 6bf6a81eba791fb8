//! HoDoKu's path, step for step: what HoDoKu's solver takes where several
//! steps of its order are available.
//!
//! Walking HoDoKu's order ([`hodoku_order`](crate::hodoku_order)) is not
//! enough to score a puzzle as HoDoKu does: its score adds up every step,
//! and a hidden single (14) placed where HoDoKu would place a naked single
//! (4), or one chain taken for another, changes what follows. So the path
//! of HoDoKu's order follows HoDoKu's choices too:
//!
//! * **singles** come from the queues HoDoKu's grid keeps ([`Queues`]), in
//!   the order the eliminations made them;
//! * **other techniques** take HoDoKu's instance where its search order or
//!   sorting picks another than fdoku's finder reports first
//!   ([`first_step`]);
//! * **nice loops, AICs and forcing chains** come from HoDoKu's own search,
//!   its implication tables ([`tables`]): which chain a table remembers
//!   decides which loops it sees;
//! * **almost locked sets** come from HoDoKu's enumeration of them.

mod als;
mod choice;
mod forcing_chains;
mod loops;
mod rectangles;
mod singles;
mod sue_de_coq;
mod tables;

pub(crate) use choice::first_step;
pub(crate) use singles::Queues;
