//! Random register bindings for the generated buffers, and where the
//! backend must put them.
//!
//! A buffer is bound explicitly (`register(b<lower>, space<s>)`) or
//! implicitly (an order ID); its handle is created for element `index` of a
//! range of `range` registers (1 for a `cbuffer`, more for an element of a
//! `ConstantBuffer<T>` array, 0 for an unbounded one), the index being a
//! constant or a run-time value. The generator resolves implicit bindings on
//! its own (lowest free run of registers, in order-ID order) so the
//! `dxil-lower` run can be checked against it.

use super::gen::Rng;

/// A buffer's binding as declared and as resolved.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// `Some(order ID)` for a buffer declared without a register.
    pub implicit_order: Option<u32>,
    pub space: u32,
    /// Registers in the range; 0 is unbounded.
    pub range: u32,
    /// The element of the range whose handle is created.
    pub index: u32,
    /// Whether that index is a run-time value (`freeze i32 <index>`).
    pub dynamic_index: bool,
    /// First register of the range: declared, or resolved for an implicit
    /// binding (the lowest free run of `range` registers left by the
    /// explicit bindings and the implicit ones of lower order ID).
    pub lower: u32,
}

impl Binding {
    /// Last register of the range (`u32::MAX` when unbounded).
    pub fn upper(&self) -> u32 {
        if self.range == 0 {
            u32::MAX
        } else {
            self.lower + self.range - 1
        }
    }

    /// The register the handle reads.
    pub fn register(&self) -> u32 {
        self.lower + self.index
    }
}

/// Triples of the `dxil-lower` runs, by seed: DXIL 1.3 and 1.5 use
/// `createHandle`, 1.6 and 1.8 `createHandleFromBinding` + `annotateHandle`;
/// the version is spelled both ways (arch and shader model).
pub const DXIL_TRIPLES: [&str; 4] = [
    "dxilv1.3-pc-shadermodel6.3-library",
    "dxil-pc-shadermodel6.5-compute",
    "dxilv1.6-pc-shadermodel6.6-library",
    "dxil-pc-shadermodel6.8-compute",
];

/// Random bindings for `count` buffers of module `seed`, from their own
/// generator so the buffers and reads of a seed do not depend on them.
/// Drawings whose explicit ranges overlap, or whose implicit ones find no
/// room, are drawn again.
pub fn bindings(seed: u64, count: usize) -> Vec<Binding> {
    let mut rng = Rng::new(seed ^ 0x6b1d_0a5e_c0de_0001);
    loop {
        let mut drawn: Vec<Binding> = (0..count).map(|b| draw(&mut rng, b, count)).collect();
        if count >= 2 && drawn[0].range != 1 && rng.chance(30) {
            // Two elements of one `ConstantBuffer<T>` array: same range
            // (and order ID), another element.
            let first = drawn[0];
            let index = if first.range == 0 {
                first.index + 1 + rng.below(3) as u32
            } else {
                (first.index + 1 + rng.below(u64::from(first.range - 1)) as u32) % first.range
            };
            drawn[1] = Binding {
                index,
                dynamic_index: rng.chance(30),
                ..first
            };
        }
        if let Some(resolved) = resolve(drawn) {
            return resolved;
        }
    }
}

/// Whether `a` and `b` are two elements of one range (one array): the same
/// declaration, not a single register, another index. Anything else
/// sharing registers is an overlap.
pub fn same_range(a: &Binding, b: &Binding) -> bool {
    a.range != 1
        && a.index != b.index
        && a.implicit_order == b.implicit_order
        && a.space == b.space
        && a.range == b.range
        && (a.implicit_order.is_some() || a.lower == b.lower)
}

fn draw(rng: &mut Rng, b: usize, count: usize) -> Binding {
    let space = rng.below(2) as u32;
    let range = match rng.below(10) {
        0..=5 => 1,
        6..=8 => 2 + rng.below(3) as u32,
        _ => 0,
    };
    let index = rng.below(if range == 0 { 4 } else { u64::from(range) }) as u32;
    let dynamic_index = rng.chance(30);
    let (implicit_order, lower) = if rng.chance(40) {
        // Distinct order IDs, not always in buffer order.
        (Some(rng.below(4) as u32 * count as u32 + b as u32), 0)
    } else {
        (None, rng.below(6) as u32)
    };
    Binding {
        implicit_order,
        space,
        range,
        index,
        dynamic_index,
        lower,
    }
}

fn overlaps(a: (u32, u32), b: (u32, u32)) -> bool {
    a.0 <= b.1 && b.0 <= a.1
}

/// Checks the explicit ranges and places the implicit ones.
fn resolve(mut bindings: Vec<Binding>) -> Option<Vec<Binding>> {
    let mut occupied: Vec<(u32, (u32, u32))> = Vec::new();
    for (k, b) in bindings.iter().enumerate() {
        if b.implicit_order.is_some() || bindings[..k].iter().any(|o| same_range(o, b)) {
            continue;
        }
        let range = (b.lower, b.upper());
        if occupied
            .iter()
            .any(|(space, r)| *space == b.space && overlaps(*r, range))
        {
            return None;
        }
        occupied.push((b.space, range));
    }
    let mut implicit: Vec<usize> = (0..bindings.len())
        .filter(|&k| bindings[k].implicit_order.is_some())
        .collect();
    implicit.sort_by_key(|&k| bindings[k].implicit_order);
    for k in implicit {
        let b = bindings[k];
        if let Some(earlier) = bindings[..k].iter().find(|o| same_range(o, &b)) {
            bindings[k].lower = earlier.lower;
            continue;
        }
        let starts = std::iter::once(0).chain(
            occupied
                .iter()
                .filter(|(space, _)| *space == b.space)
                .filter_map(|(_, (_, end))| end.checked_add(1)),
        );
        let fits = |start: u32| {
            let end = if b.range == 0 {
                u32::MAX
            } else {
                start.checked_add(b.range - 1)?
            };
            let free = !occupied
                .iter()
                .any(|(space, r)| *space == b.space && overlaps(*r, (start, end)));
            free.then_some(end)
        };
        let (start, end) = starts
            .filter_map(|s| fits(s).map(|e| (s, e)))
            .min_by_key(|(s, _)| *s)?;
        occupied.push((b.space, (start, end)));
        bindings[k].lower = start;
    }
    Some(bindings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explicit(space: u32, lower: u32, range: u32) -> Binding {
        Binding {
            implicit_order: None,
            space,
            range,
            index: 0,
            dynamic_index: false,
            lower,
        }
    }

    fn implicit(order: u32, space: u32, range: u32) -> Binding {
        Binding {
            implicit_order: Some(order),
            ..explicit(space, 0, range)
        }
    }

    #[test]
    fn implicit_ranges_take_the_lowest_free_run_in_order() {
        let got = resolve(vec![
            explicit(0, 1, 1),
            implicit(5, 0, 2),
            implicit(2, 0, 1),
            implicit(3, 1, 0),
            explicit(0, 4, 2),
        ])
        .unwrap();
        let lowers: Vec<u32> = got.iter().map(|b| b.lower).collect();
        assert_eq!(lowers, [1, 2, 0, 0, 4]);
        assert!(resolve(vec![explicit(0, 2, 3), explicit(0, 4, 1)]).is_none());
        // Elements of one array share its range.
        let got = resolve(vec![
            implicit(3, 0, 4),
            Binding {
                index: 2,
                ..implicit(3, 0, 4)
            },
            explicit(0, 0, 1),
        ])
        .unwrap();
        let lowers: Vec<u32> = got.iter().map(|b| b.lower).collect();
        assert_eq!(lowers, [1, 1, 0]);
        let second = Binding {
            index: 1,
            ..explicit(0, 2, 2)
        };
        assert!(resolve(vec![explicit(0, 2, 2), second]).is_some());
        assert!(resolve(vec![explicit(0, 2, 2), explicit(0, 2, 2)]).is_none());
        assert!(resolve(vec![explicit(0, 2, 1), explicit(0, 2, 1)]).is_none());
        assert!(resolve(vec![explicit(1, 0, 0), implicit(0, 1, 1)]).is_none());
    }
}
