//! Visiting the k-element subsets of a list, in lexicographic order, without
//! allocating per subset. Subsets, fish and almost locked sets all need it.
//!
//! ```
//! use std::ops::ControlFlow;
//! use fdoku_logic::for_each_combination;
//!
//! let mut seen = Vec::new();
//! let _ = for_each_combination(&[1, 2, 3], 2, &mut |pick: &[i32]| {
//!     seen.push(pick.to_vec());
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(seen, [vec![1, 2], vec![1, 3], vec![2, 3]]);
//! ```

use std::ops::ControlFlow;

/// Calls `visit` with every `k`-subset of `items` (in order) until it breaks.
pub fn for_each_combination<T: Copy>(
    items: &[T],
    k: usize,
    visit: &mut dyn FnMut(&[T]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k > items.len() {
        return ControlFlow::Continue(());
    }
    let mut picked = Vec::with_capacity(k);
    extend(items, 0, k, &mut picked, visit)
}

fn extend<T: Copy>(
    items: &[T],
    from: usize,
    k: usize,
    picked: &mut Vec<T>,
    visit: &mut dyn FnMut(&[T]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if picked.len() == k {
        return visit(picked);
    }
    let needed = k - picked.len();
    for i in from..=items.len() - needed {
        picked.push(items[i]);
        let flow = extend(items, i + 1, k, picked, visit);
        picked.pop();
        flow?;
    }
    ControlFlow::Continue(())
}
