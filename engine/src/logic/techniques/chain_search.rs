//! The search behind the chain techniques. A chain is a path of "on" states
//! (a cell holding a digit), each forcing the next through one link pair; the
//! states and links differ between chain kinds, the search does not. It is
//! breadth first, so the path it returns is a shortest one, and bounded.

/// No state: what a first state has for a parent.
pub const NONE: u32 = u32::MAX;

/// The links between states, as adjacency lists: `edges_of(s)` lists the
/// states `s` forces, each with the cell the link goes through.
#[derive(Debug, Default)]
pub struct Graph {
    /// `range[s]` indexes `edges`.
    range: Vec<(u32, u32)>,
    edges: Vec<(u32, u32)>,
}

impl Graph {
    /// Rebuilds the graph over `states` states, asking `links(s, out)` to
    /// push the (next state, via) pairs of each `active` state; the other
    /// states lead nowhere. Inlined, so the `links` closure is too.
    #[inline]
    pub fn build(
        &mut self,
        states: usize,
        active: impl IntoIterator<Item = usize>,
        mut links: impl FnMut(usize, &mut Vec<(u32, u32)>),
    ) {
        self.range.clear();
        self.range.resize(states, (0, 0));
        self.edges.clear();
        for s in active {
            let lo = self.edges.len() as u32;
            links(s, &mut self.edges);
            self.range[s] = (lo, self.edges.len() as u32);
        }
    }

    fn states(&self) -> usize {
        self.range.len()
    }

    pub fn edges_of(&self, state: u32) -> &[(u32, u32)] {
        let (lo, hi) = self.range[state as usize];
        &self.edges[lo as usize..hi as usize]
    }
}

/// Scratch space for breadth-first searches, reused across searches.
#[derive(Debug, Default)]
pub struct Search {
    /// The search a state was last reached in (`round`).
    seen: Vec<u32>,
    round: u32,
    /// How each state was reached: (previous state, via).
    parent: Vec<(u32, u32)>,
    layer: Vec<u32>,
    next: Vec<u32>,
}

impl Search {
    /// A shortest path of at most `max_len` states from one of `first` (each
    /// with its via) to a state `hit` accepts, following `graph`; each state
    /// comes with the via it was reached through. Inlined, so `hit` is too.
    #[inline]
    pub fn shortest(
        &mut self,
        graph: &Graph,
        first: &[(u32, u32)],
        max_len: usize,
        hit: impl Fn(u32) -> bool,
    ) -> Option<Vec<(u32, u32)>> {
        let states = graph.states();
        if self.seen.len() < states || self.round == u32::MAX {
            self.seen = vec![0; states];
            self.parent = vec![(NONE, NONE); states];
            self.round = 0;
        }
        self.round += 1;
        if max_len == 0 {
            return None;
        }
        self.next.clear();
        for &(state, via) in first {
            if let Some(end) = self.reach(state, NONE, via, &hit) {
                return Some(self.path(end));
            }
        }
        for _ in 1..max_len {
            std::mem::swap(&mut self.layer, &mut self.next);
            self.next.clear();
            if self.layer.is_empty() {
                break;
            }
            let layer = std::mem::take(&mut self.layer);
            let end = layer.iter().find_map(|&from| {
                graph
                    .edges_of(from)
                    .iter()
                    .find_map(|&(to, via)| self.reach(to, from, via, &hit))
            });
            self.layer = layer;
            if let Some(end) = end {
                return Some(self.path(end));
            }
        }
        None
    }

    /// Marks a state reached (if new) and queues it for the next layer;
    /// `Some(state)` when it ends the chain.
    fn reach(
        &mut self,
        state: u32,
        from: u32,
        via: u32,
        hit: &impl Fn(u32) -> bool,
    ) -> Option<u32> {
        let s = state as usize;
        if self.seen[s] == self.round {
            return None;
        }
        self.seen[s] = self.round;
        self.parent[s] = (from, via);
        if hit(state) {
            return Some(state);
        }
        self.next.push(state);
        None
    }

    /// The states from the first to `end`, each with its via.
    fn path(&self, end: u32) -> Vec<(u32, u32)> {
        let mut path = Vec::new();
        let mut state = end;
        while state != NONE {
            let (from, via) = self.parent[state as usize];
            path.push((state, via));
            state = from;
        }
        path.reverse();
        path
    }
}
