//! The JSON layers of a penpa-edit link, read in one pass.
//!
//! Only what a Star Battle needs is kept, each piece as it is read: the region
//! borders (the puzzle layer's `lineE`), the star count (its `number`), the
//! player's stars and X marks (the solution layer's `symbol`) and the genre tags.
//! Every other value, and every value of a shape penpa never writes, is passed
//! over unheld. So a layer costs a few bytes beyond its own text whatever its JSON
//! holds (as a tree of values, 4 MiB of `[0,0,…]` took 16 times that).
//!
//! Cells and points are numbered as [`Grid`] says (see `penpa.rs` for the scheme).

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::Cell;

/// penpa's edge styles that its Star Battle checker takes as region borders.
const BORDER_STYLES: [i64; 2] = [2, 21];

/// How penpa numbers the cells and corners of one board.
pub(crate) struct Grid {
    /// Board side.
    pub(crate) n: usize,
    /// Columns of the padded grid (margins and penpa's padding of 2 included).
    pub(crate) nx0: usize,
    /// Rows of the padded grid.
    pub(crate) ny0: usize,
    /// Margin rows above the board.
    pub(crate) top: usize,
    /// Margin columns left of the board.
    pub(crate) left: usize,
}

impl Grid {
    /// penpa's index of board cell (`r`, `c`).
    pub(crate) fn cell_index(&self, r: usize, c: usize) -> usize {
        (r + self.top + 2) * self.nx0 + (c + self.left + 2)
    }

    /// The board cell at penpa's index `i`, if it is one.
    fn cell_at(&self, i: usize) -> Option<Cell> {
        let (y, x) = (i / self.nx0, i % self.nx0);
        let r = y.checked_sub(self.top + 2).filter(|&r| r < self.n)?;
        let c = x.checked_sub(self.left + 2).filter(|&c| c < self.n)?;
        (i < self.nx0 * self.ny0).then(|| Cell::new(r, c))
    }

    /// penpa's corner point at the top-left of board cell (`r`, `c`) (`r`, `c` up to N).
    pub(crate) fn corner(&self, r: usize, c: usize) -> usize {
        self.nx0 * self.ny0 + (r + self.top + 1) * self.nx0 + (c + self.left + 1)
    }

    /// Marks the wall that border edge `key` draws, if it separates two board cells.
    /// An edge on the board's frame or outside it separates nothing and is passed over.
    fn edge(&self, key: &str, layer: &mut Layer) {
        let mut ends = key.split(',').map(|v| v.trim().parse::<usize>().ok());
        let (Some(Some(a)), Some(Some(b)), None) = (ends.next(), ends.next(), ends.next()) else {
            if layer.bad_edge.is_none() {
                layer.bad_edge = Some(crate::error::quote(key));
            }
            return;
        };
        let (n, corners) = (self.n, self.nx0 * self.ny0);
        let (a, b) = (a.min(b), a.max(b));
        let Some(p) = a.checked_sub(corners).filter(|&p| p < corners) else { return };
        // Board coordinates of corner `a`: the top-left corner of cell (y, x).
        let (Some(y), Some(x)) = ((p / self.nx0).checked_sub(self.top + 1), (p % self.nx0).checked_sub(self.left + 1))
        else {
            return;
        };
        if b - a == 1 && (1..n).contains(&y) && x < n {
            // A horizontal edge: the top of (y, x), below (y - 1, x).
            layer.below[(y - 1) * n + x] = true;
            layer.any_border = true;
        } else if b - a == self.nx0 && (1..n).contains(&x) && y < n {
            // A vertical edge: the left of (y, x), right of (y, x - 1).
            layer.right[y * n + x - 1] = true;
            layer.any_border = true;
        }
    }
}

/// The first number a layer writes, as far as a star count needs it.
pub(crate) enum Number {
    /// Text (penpa writes numbers as text): quoted, cut, when it is not a count.
    Text(String),
    /// A whole number.
    Whole(u64),
    /// Anything else (a list, a fraction, a negative number).
    Other,
}

/// What one layer says, as read.
pub(crate) struct Layer {
    /// `right[r·n + c]`: a wall between (r, c) and (r, c + 1).
    pub(crate) right: Vec<bool>,
    /// `below[r·n + c]`: a wall between (r, c) and (r + 1, c).
    pub(crate) below: Vec<bool>,
    /// True when some border edge separates two board cells.
    pub(crate) any_border: bool,
    /// The first border edge whose key is not two point numbers, quoted.
    pub(crate) bad_edge: Option<String>,
    /// How many numbers the layer writes.
    pub(crate) numbers: usize,
    /// The first one's value (`[text, …]` in penpa).
    pub(crate) first_number: Option<Number>,
    /// The player's stars and X marks on board cells, `None` without any.
    pub(crate) marks: Option<Marks>,
}

/// Reads one layer's JSON line. JSON that is not an object is an empty layer, as
/// penpa reads it; `Err` when the line is not JSON at all.
pub(crate) fn layer(line: &str, grid: &Grid) -> Result<Layer, ()> {
    let n = grid.n;
    let mut layer = Layer {
        right: vec![false; n * n],
        below: vec![false; n * n],
        any_border: false,
        bad_edge: None,
        numbers: 0,
        first_number: None,
        marks: None,
    };
    let mut de = serde_json::Deserializer::from_str(line);
    de.deserialize_any(Fields { grid, layer: &mut layer }).and_then(|()| de.end()).map_err(|_| ())?;
    Ok(layer)
}

/// The genre tags' line: the first three tags, how many there are, and whether
/// `starbattle` is among them; `None` when the line is not a list of texts.
pub(crate) fn tags(line: &str) -> Option<(Vec<String>, usize, bool)> {
    struct Tags;
    impl<'de> Visitor<'de> for Tags {
        type Value = (Vec<String>, usize, bool);
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list of tags")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let (mut first, mut count, mut star) = (Vec::new(), 0, false);
            while let Some(tag) = seq.next_element::<String>()? {
                star |= tag == "starbattle";
                if first.len() < 3 {
                    first.push(tag);
                }
                count += 1;
            }
            Ok((first, count, star))
        }
    }
    let mut de = serde_json::Deserializer::from_str(line);
    de.deserialize_seq(Tags).ok().filter(|_| de.end().is_ok())
}

/// Every kind of JSON value but the one a visitor is for: passed over.
macro_rules! pass_over_others {
    ($value:expr) => {
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok($value)
        }
    };
}

/// A layer's top level: the three fields read, the others passed over.
struct Fields<'a> {
    grid: &'a Grid,
    layer: &'a mut Layer,
}

impl<'de> Visitor<'de> for Fields<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a penpa layer")
    }
    pass_over_others!(());
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            let (grid, layer) = (self.grid, &mut *self.layer);
            match key.as_str() {
                "lineE" => map.next_value_seed(Each { grid, layer, what: What::Edges })?,
                "number" => map.next_value_seed(Each { grid, layer, what: What::Numbers })?,
                "symbol" => map.next_value_seed(Each { grid, layer, what: What::Symbols })?,
                _ => map.next_value::<IgnoredAny>().map(|_| ())?,
            }
        }
        Ok(())
    }
}

/// Which of a layer's objects an [`Each`] reads.
#[derive(Clone, Copy)]
enum What {
    Edges,
    Numbers,
    Symbols,
}

/// One of a layer's objects, read entry by entry into the layer.
struct Each<'a> {
    grid: &'a Grid,
    layer: &'a mut Layer,
    what: What,
}

impl<'de> DeserializeSeed<'de> for Each<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Each<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    pass_over_others!(());
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let (grid, layer) = (self.grid, self.layer);
        while let Some(key) = map.next_key::<String>()? {
            match self.what {
                What::Edges => {
                    let style = map.next_value::<Items>()?;
                    let style = if style.list { None } else { style.first.as_ref().and_then(Item::int) };
                    if style.is_some_and(|s| BORDER_STYLES.contains(&s)) {
                        grid.edge(&key, layer);
                    }
                }
                What::Numbers => {
                    let value = map.next_value::<Items>()?;
                    layer.numbers += 1;
                    if layer.numbers == 1 {
                        layer.first_number = Some(match value.first {
                            Some(Item::Text(t)) if value.list => Number::Text(t),
                            Some(Item::Whole(k)) if value.list => Number::Whole(k),
                            _ => Number::Other,
                        });
                    }
                }
                What::Symbols => {
                    let value = map.next_value::<Items>()?;
                    let Some(cell) = key.trim().parse::<usize>().ok().and_then(|i| grid.cell_at(i)) else { continue };
                    let mark = match (value.list, value.first.as_ref().and_then(Item::int), value.second_is_star) {
                        (true, Some(2), true) => Mark::Queen,
                        (true, Some(0), true) => Mark::Cross,
                        _ => continue,
                    };
                    layer.marks.get_or_insert_with(|| Marks::new(grid.n)).set(cell, mark);
                }
            }
        }
        Ok(())
    }
}

/// A scalar as an entry's value or its list's first element.
enum Item {
    Text(String),
    Whole(u64),
    Negative(i64),
    Other,
}

impl Item {
    /// The value as penpa's `as_i64` reads a style or a symbol's kind.
    fn int(&self) -> Option<i64> {
        match *self {
            Item::Whole(k) => i64::try_from(k).ok(),
            Item::Negative(k) => Some(k),
            _ => None,
        }
    }
}

/// An entry's value: a scalar, or a list of which the first element and whether
/// the second is the text `star` are kept (penpa's `[2, "star", 2]`).
#[derive(Default)]
struct Items {
    /// True when the value is a list.
    list: bool,
    /// The scalar, or the list's first element.
    first: Option<Item>,
    /// The list's second element is `"star"`.
    second_is_star: bool,
}

impl<'de> serde::Deserialize<'de> for Items {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        de.deserialize_any(ItemsVisitor)
    }
}

struct ItemsVisitor;

impl<'de> Visitor<'de> for ItemsVisitor {
    type Value = Items;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value")
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Items, E> {
        Ok(Items { first: Some(Item::Other), ..Items::default() })
    }
    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Items, E> {
        self.visit_unit()
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Items, E> {
        self.visit_unit()
    }
    fn visit_u64<E: serde::de::Error>(self, k: u64) -> Result<Items, E> {
        Ok(Items { first: Some(Item::Whole(k)), ..Items::default() })
    }
    fn visit_i64<E: serde::de::Error>(self, k: i64) -> Result<Items, E> {
        Ok(Items { first: Some(Item::Negative(k)), ..Items::default() })
    }
    fn visit_str<E: serde::de::Error>(self, t: &str) -> Result<Items, E> {
        Ok(Items { first: Some(Item::Text(t.to_string())), ..Items::default() })
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Items, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        self.visit_unit()
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Items, A::Error> {
        let first = seq.next_element::<Items>()?.and_then(|i| if i.list { Some(Item::Other) } else { i.first });
        let second = seq.next_element::<Items>()?;
        let second_is_star =
            second.is_some_and(|s| !s.list && matches!(s.first, Some(Item::Text(ref t)) if t == "star"));
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Items { list: true, first, second_is_star })
    }
}
