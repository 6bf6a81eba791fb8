//! The variables ordered by activity: a binary max-heap that knows where
//! each variable sits, so a bumped variable moves up in place.

/// A max-heap of variable indices keyed by an outside activity array.
pub(super) struct ActivityHeap {
    items: Vec<u32>,
    /// Where each variable sits in `items`; `NONE` when it is not there.
    position: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl ActivityHeap {
    /// Every variable of `0..count`, ordered by `activity`.
    pub(super) fn new(count: usize, activity: &[f64]) -> Self {
        let mut heap = ActivityHeap {
            items: Vec::with_capacity(count),
            position: vec![NONE; count],
        };
        for var in 0..count as u32 {
            heap.insert(var, activity);
        }
        heap
    }

    pub(super) fn contains(&self, var: u32) -> bool {
        self.position[var as usize] != NONE
    }

    /// Puts `var` back (after backtracking unassigns it).
    pub(super) fn insert(&mut self, var: u32, activity: &[f64]) {
        if self.contains(var) {
            return;
        }
        self.position[var as usize] = self.items.len() as u32;
        self.items.push(var);
        self.up(self.items.len() - 1, activity);
    }

    /// Restores the order after `var`'s activity grew.
    pub(super) fn increased(&mut self, var: u32, activity: &[f64]) {
        if let Some(&at) = self.position.get(var as usize).filter(|&&p| p != NONE) {
            self.up(at as usize, activity);
        }
    }

    /// The variable of highest activity, taken out.
    pub(super) fn pop(&mut self, activity: &[f64]) -> Option<u32> {
        let top = *self.items.first()?;
        let last = self.items.pop()?;
        self.position[top as usize] = NONE;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.position[last as usize] = 0;
            self.down(0, activity);
        }
        Some(top)
    }

    fn up(&mut self, mut at: usize, activity: &[f64]) {
        let var = self.items[at];
        while at > 0 {
            let parent = (at - 1) / 2;
            let above = self.items[parent];
            if activity[above as usize] >= activity[var as usize] {
                break;
            }
            self.items[at] = above;
            self.position[above as usize] = at as u32;
            at = parent;
        }
        self.items[at] = var;
        self.position[var as usize] = at as u32;
    }

    fn down(&mut self, mut at: usize, activity: &[f64]) {
        let var = self.items[at];
        loop {
            let left = 2 * at + 1;
            if left >= self.items.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.items.len()
                && activity[self.items[right] as usize] > activity[self.items[left] as usize]
            {
                right
            } else {
                left
            };
            let below = self.items[child];
            if activity[below as usize] <= activity[var as usize] {
                break;
            }
            self.items[at] = below;
            self.position[below as usize] = at as u32;
            at = child;
        }
        self.items[at] = var;
        self.position[var as usize] = at as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_order_of_activity_after_changes() {
        let mut activity = vec![0.5, 3.0, 1.0, 2.0, 0.0];
        let mut heap = ActivityHeap::new(5, &activity);
        assert_eq!(heap.pop(&activity), Some(1));
        activity[4] = 10.0;
        heap.increased(4, &activity);
        heap.insert(1, &activity);
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop(&activity)).collect();
        assert_eq!(order, vec![4, 1, 3, 2, 0]);
    }
}
