//! Passes over the `asyncop` dialect (start/update/done chains): wrapping
//! calls into chains, unwrapping them, and scheduling them for overlap.

pub mod asyncop_wrap;
pub mod asyncop_unwrap;
pub mod asyncop_schedule;
