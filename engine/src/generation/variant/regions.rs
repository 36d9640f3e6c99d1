//! Random jigsaw regions: start from the boxes and trade cells across
//! region borders, a cell each way so every region keeps n cells, keeping a
//! trade only when both regions stay connected. Many trades later the
//! regions have no trace of the boxes left, and every layout is a fresh
//! one, not drawn from a list.

use rand::seq::IndexedRandom;
use rand::{Rng, RngExt};

use crate::board::geometry::Shape;
use crate::board::rules::{beside as sides, cut_off};

/// Trades kept per cell of the board: enough that no box survives.
const TRADES_PER_CELL: usize = 6;

/// Random connected regions of n cells each, a label per cell.
pub fn random_regions<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Vec<u8> {
    let n = shape.n();
    let geometry = shape.geometry();
    let mut label: Vec<u8> = (0..n * n).map(|c| geometry.box_of(c) as u8).collect();
    let wanted = TRADES_PER_CELL * n * n;
    let (mut kept, mut tries) = (0, 0);
    while kept < wanted && tries < 20 * wanted {
        tries += 1;
        let a = rng.random_range(0..n * n);
        let Some(&b) = sides(n, a).collect::<Vec<_>>().choose(rng) else {
            continue;
        };
        let (from, to) = (label[a], label[b]);
        if from == to {
            continue;
        }
        // `a` goes to `to`; a cell of `to` bordering what is left of `from` comes back
        label[a] = to;
        let back: Vec<usize> = (0..n * n)
            .filter(|&c| label[c] == to && c != a && sides(n, c).any(|s| label[s] == from))
            .collect();
        let Some(&c) = back.choose(rng) else {
            label[a] = from;
            continue;
        };
        label[c] = from;
        let connected = |region: u8| {
            let cells: Vec<usize> = (0..n * n).filter(|&x| label[x] == region).collect();
            cut_off(shape, &cells).is_none()
        };
        if connected(from) && connected(to) {
            kept += 1;
        } else {
            label[a] = from;
            label[c] = to;
        }
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::{Rules, RulesSpec};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_regions_are_valid_and_not_the_boxes() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for shape in [(2, 3), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(shape.0, shape.1).unwrap();
            let mut layouts = Vec::new();
            for _ in 0..3 {
                let regions = random_regions(shape, &mut rng);
                let spec = RulesSpec {
                    regions: Some(regions),
                    ..RulesSpec::default()
                };
                let rules = Rules::new(shape, spec).expect("n connected regions of n cells");
                assert!(rules.variant().jigsaw, "{shape}: still the boxes");
                layouts.push(rules.regions().unwrap().to_vec());
            }
            layouts.dedup();
            assert_eq!(layouts.len(), 3, "{shape}: the same layout twice");
        }
    }
}
