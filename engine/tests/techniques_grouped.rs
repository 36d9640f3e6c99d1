//! Grouped AICs and ALS-XY-wings on hand-made candidate positions: the
//! exact eliminations, worked out by hand in the comments, a position where
//! each must not fire, and the chain spelled link by link.

use tudoku_engine::Technique;
use tudoku_engine::techniques::*;

#[path = "techniques_common/positions.rs"]
mod positions;
use positions::*;

/// 1 fits column 1 in r1 and r5 only, row 5 in c1 and the group r5c78
/// (box 6) only, and box 6 in that group and r6c9 only.
fn grouped_position(extra_in_box_6: bool) -> Board {
    let mut b = only_in(Board::empty(shape(9)), 1, &[(false, 1, &[1, 5])]);
    b = only_in(b, 1, &[(true, 5, &[1, 7, 8])]);
    for cell in ["r4c7", "r4c8", "r4c9", "r5c9", "r6c7", "r6c8"] {
        if !(extra_in_box_6 && cell == "r4c9") {
            b.eliminate(at(9, cell), 1);
        }
    }
    b
}

#[test]
fn grouped_aic() {
    // If r1c1 is not 1, r5c1 is (column 1), so the group r5c78 is not
    // (row 5), so r6c9 is (box 6): r1c1 or r6c9 is 1, and r1c9, which sees
    // both, loses it. No chain of single cells does this: row 5 and box 6
    // hold 1 in three cells each.
    let b = grouped_position(false);
    assert_eq!(find_x_chain(&b), None);
    let step = find_grouped_aic(&b).unwrap();
    assert_eq!(step.technique, Technique::GroupedAic);
    assert_eliminates(&step, 9, &[("r1c9", 1)]);
    let spelled = [
        "r1c1≠1 → r5c1=1 → r5c78≠1 → r6c9=1",
        "r6c9≠1 → r5c78=1 → r5c1≠1 → r1c1=1",
    ];
    assert!(
        spelled.iter().any(|s| step.explanation.contains(s)),
        "{}",
        step.explanation
    );
    assert!(step.explanation.contains("r1c9"), "{}", step.explanation);
    // a third place for 1 in box 6 (r4c9) breaks its strong link
    assert_eq!(find_grouped_aic(&grouped_position(true)), None);
}

/// A = r5c1 {4,6,7} and r5c2 {4,6} (row 5), B = r5c5 {4,5}, C = r1c5
/// {5,7,8} and r2c5 {5,8} (column 5): three cells with two candidates that
/// make no XY-wing.
fn wing_position(c_holds_4: bool) -> Board {
    let c2: &[u8] = if c_holds_4 { &[4, 5, 8] } else { &[5, 8] };
    with(
        Board::empty(shape(9)),
        &[
            ("r5c1", &[4, 6, 7]),
            ("r5c2", &[4, 6]),
            ("r5c5", &[4, 5]),
            ("r1c5", &[5, 7, 8]),
            ("r2c5", c2),
        ],
    )
}

#[test]
fn als_xy_wing() {
    // B holds 4 or 5. If 4, A loses 4 and its two cells hold 6 and 7; if 5,
    // C loses 5 and holds 7 and 8. Either way r5c1 or r1c5 is 7, and r1c1
    // sees both.
    let b = wing_position(false);
    let step = find_als_xy_wing(&b).unwrap();
    assert_eq!(step.technique, Technique::AlsXyWing);
    assert_eliminates(&step, 9, &[("r1c1", 7)]);
    assert!(
        step.explanation
            .contains("r5c1≠7 → r5c12=4 → r5c5≠4 → r5c5=5 → r12c5≠5 → r1c5=7")
            || step
                .explanation
                .contains("r1c5≠7 → r12c5=5 → r5c5≠5 → r5c5=4 → r5c12≠4 → r5c1=7"),
        "{}",
        step.explanation
    );
    assert_eq!(find_xy_wing(&b), None);
    // with 4 in r2c5 too, r1c5 and r2c5 hold four digits, no ALS, and no
    // wing is left
    assert_eq!(find_als_xy_wing(&wing_position(true)), None);
}
