//! `cumulative`: tasks on a renewable resource, propagated by overload
//! checking and the time-table of compulsory parts (bounds reasoning).
//!
//! A task that starts by its latest start `lst` and lasts at least its
//! least duration runs, whatever happens, from `lst` to its earliest end
//! `ect = est + dmin` when `lst < ect`: its compulsory part, using at least
//! its least resource. The compulsory parts add up to a profile. The
//! capacity is at least the profile's highest point (and not negative once
//! there is a task). A task cannot start where it would overlap, for its
//! least duration, a time where the others' compulsory parts plus its own
//! least resource exceed the capacity: its earliest start moves past such
//! times, its latest start back before them.
//!
//! Overload checking (Wolf and Schrader 2006) comes first: the tasks that
//! must run entirely within a window `[a, b)` — from their earliest start to
//! their latest end, `lst + dmax` — need at least `dmin · rmin` each, and
//! together no more than `capacity · (b − a)`; else the run fails. Every
//! window from an earliest start to a latest end is looked at.
//!
//! With capacity 2, task A fixed at 0 for 3 units using 2, and task B
//! (duration 2, resource 1) starting in `0..=5`: the profile is 2 over
//! `[0, 3)`, so B starts at 3 or later.

use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

/// A stretch of time `[start, end)` with the height of the compulsory
/// parts over it.
#[derive(Clone, Copy, Debug)]
struct Segment {
    start: i64,
    end: i64,
    height: i64,
}

/// What the bounds say of one task.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    est: i64,
    lst: i64,
    dmin: i64,
    rmin: i64,
    /// The latest end: `lst` plus the largest duration.
    lct: i64,
}

impl Bounds {
    /// The compulsory part `[lst, ect)`, when not empty.
    fn compulsory(&self) -> Option<(i64, i64)> {
        let ect = self.est + self.dmin;
        (self.lst < ect && self.rmin > 0).then_some((self.lst, ect))
    }

    /// The height this task itself adds to `segment`.
    fn own(&self, segment: &Segment) -> i64 {
        match self.compulsory() {
            Some((lo, hi)) if lo <= segment.start && segment.end <= hi => self.rmin,
            _ => 0,
        }
    }
}

pub(crate) struct Cumulative {
    starts: Vec<Var>,
    durations: Vec<Var>,
    resources: Vec<Var>,
    capacity: Var,
}

impl Cumulative {
    pub(crate) fn new(
        starts: Vec<Var>,
        durations: Vec<Var>,
        resources: Vec<Var>,
        capacity: Var,
    ) -> Self {
        Cumulative {
            starts,
            durations,
            resources,
            capacity,
        }
    }

    fn bounds(&self, ctx: &PropCtx<'_>, i: usize) -> Bounds {
        Bounds {
            est: i64::from(ctx.min(self.starts[i])),
            lst: i64::from(ctx.max(self.starts[i])),
            dmin: i64::from(ctx.min(self.durations[i])),
            rmin: i64::from(ctx.min(self.resources[i])),
            lct: i64::from(ctx.max(self.starts[i])) + i64::from(ctx.max(self.durations[i])),
        }
    }

    /// Whether some window holds more work than the capacity allows: for
    /// each latest end `b`, the tasks ending by `b` taken by decreasing
    /// earliest start `a`, their energy against `capacity · (b − a)`.
    fn overloaded(tasks: &[Bounds], capacity: i64) -> bool {
        let mut by_start: Vec<&Bounds> = tasks.iter().filter(|t| t.dmin * t.rmin > 0).collect();
        by_start.sort_unstable_by_key(|t| std::cmp::Reverse(t.est));
        by_start.iter().any(|last| {
            let end = last.lct;
            let mut energy: i64 = 0;
            by_start.iter().filter(|t| t.lct <= end).any(|t| {
                energy = energy.saturating_add(t.dmin.saturating_mul(t.rmin));
                energy > capacity.saturating_mul(end - t.est)
            })
        })
    }

    /// The profile of the compulsory parts: sorted, disjoint segments
    /// covering every time some compulsory part covers.
    fn profile(tasks: &[Bounds]) -> Vec<Segment> {
        let mut events: Vec<(i64, i64)> = Vec::new();
        for task in tasks {
            if let Some((lo, hi)) = task.compulsory() {
                events.push((lo, task.rmin));
                events.push((hi, -task.rmin));
            }
        }
        events.sort_unstable();
        let mut segments = Vec::new();
        let mut height = 0;
        for (k, &(time, change)) in events.iter().enumerate() {
            height += change;
            let next = events.get(k + 1).map_or(time, |&(t, _)| t);
            if next > time && height > 0 {
                segments.push(Segment {
                    start: time,
                    end: next,
                    height,
                });
            }
        }
        segments
    }

    /// The earliest start from `task.est` on whose run of `task.dmin`
    /// overlaps no segment that the task would overload.
    fn earliest(task: &Bounds, profile: &[Segment], capacity: i64) -> i64 {
        let mut start = task.est;
        for segment in profile {
            if segment.start >= start + task.dmin {
                break;
            }
            if segment.end > start && segment.height - task.own(segment) + task.rmin > capacity {
                start = segment.end;
            }
        }
        start
    }

    /// The latest start from `task.lst` back whose run overlaps no
    /// segment that the task would overload.
    fn latest(task: &Bounds, profile: &[Segment], capacity: i64) -> i64 {
        let mut start = task.lst;
        for segment in profile.iter().rev() {
            if segment.end <= start {
                break;
            }
            if segment.start < start + task.dmin
                && segment.height - task.own(segment) + task.rmin > capacity
            {
                start = segment.start - task.dmin;
            }
        }
        start
    }
}

/// `v` as a bound of an `i32` variable: beyond the 32 bits, the extreme.
fn clamp(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

impl Propagator for Cumulative {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.starts
            .iter()
            .chain(&self.durations)
            .chain(&self.resources)
            .map(|&v| (v, Events::BOUNDS))
            .chain([(self.capacity, Events::BOUNDS)])
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Expensive
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let n = self.starts.len();
        if n == 0 {
            return Ok(());
        }
        for i in 0..n {
            ctx.set_min(self.durations[i], 0)?;
            ctx.set_min(self.resources[i], 0)?;
        }
        ctx.set_min(self.capacity, 0)?;
        let tasks: Vec<Bounds> = (0..n).map(|i| self.bounds(ctx, i)).collect();
        if Self::overloaded(&tasks, i64::from(ctx.max(self.capacity))) {
            return Err(ctx.fail());
        }
        let profile = Self::profile(&tasks);
        let peak = profile.iter().map(|s| s.height).max().unwrap_or(0);
        ctx.set_min(self.capacity, clamp(peak))?;
        let capacity = i64::from(ctx.max(self.capacity));
        for (i, task) in tasks.iter().enumerate() {
            if task.dmin == 0 || task.rmin == 0 {
                continue;
            }
            ctx.set_min(
                self.starts[i],
                clamp(Self::earliest(task, &profile, capacity)),
            )?;
            ctx.set_max(
                self.starts[i],
                clamp(Self::latest(task, &profile, capacity)),
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    /// Tasks `0..n`: starts, durations, resources, then the capacity.
    fn cumulative(n: u32) -> Cumulative {
        Cumulative::new(
            (0..n).map(Var).collect(),
            (n..2 * n).map(Var).collect(),
            (2 * n..3 * n).map(Var).collect(),
            Var(3 * n),
        )
    }

    #[test]
    fn a_task_starts_after_the_compulsory_parts_it_cannot_join() {
        // The example above.
        let before: &[&[i32]] = &[&[0], &[0, 1, 2, 3, 4, 5], &[3], &[2], &[2], &[1], &[2]];
        let after = after_one_run(&mut cumulative(2), before);
        assert_eq!(after.unwrap()[1], "{3..5}");
    }

    #[test]
    fn a_task_ends_before_the_compulsory_parts_it_cannot_join() {
        // Task A fixed at 6 for 2 units; B (duration 3, starting in 2..=7)
        // must end by 6.
        let before: &[&[i32]] = &[&[6], &[2, 3, 4, 5, 6, 7], &[2], &[3], &[1], &[1], &[1]];
        let after = after_one_run(&mut cumulative(2), before);
        assert_eq!(after.unwrap()[1], "{2, 3}");
    }

    #[test]
    fn more_work_than_a_window_holds_fails() {
        // Three tasks of 2 units using 1 on a resource of 1, all within
        // [0, 5): no compulsory part, but 6 units of work in 5.
        let starts: &[i32] = &[0, 1, 2, 3];
        let before: &[&[i32]] = &[
            starts,
            starts,
            starts,
            &[2],
            &[2],
            &[2],
            &[1],
            &[1],
            &[1],
            &[1],
        ];
        assert_eq!(after_one_run(&mut cumulative(3), before), None);
        // Within [0, 6) they fit, one after the other.
        let starts: &[i32] = &[0, 1, 2, 3, 4];
        let before: &[&[i32]] = &[
            starts,
            starts,
            starts,
            &[2],
            &[2],
            &[2],
            &[1],
            &[1],
            &[1],
            &[1],
        ];
        assert!(after_one_run(&mut cumulative(3), before).is_some());
    }

    #[test]
    fn overlapping_compulsory_parts_raise_the_capacity_or_fail() {
        // Two tasks fixed over [0, 2) using 2 and 3: the capacity is at least 5.
        let before: &[&[i32]] = &[&[0], &[1], &[2], &[2], &[2], &[3], &[0, 4, 5, 6]];
        let after = after_one_run(&mut cumulative(2), before);
        assert_eq!(after.unwrap()[6], "{5, 6}");
        let before: &[&[i32]] = &[&[0], &[1], &[2], &[2], &[2], &[3], &[0, 4]];
        assert_eq!(after_one_run(&mut cumulative(2), before), None);
    }
}
