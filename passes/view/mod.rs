//! Viewers: passes that print what the analyses see (remarks, timelines,
//! the async-effects interface, test printers) and leave the IR as it is.

pub mod timeline;
pub mod explain;
pub mod print_async_effects;
