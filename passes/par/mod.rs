//! Passes over the `par` dialect (`foreach_thread`) that stay in it: the
//! disjointness check.

pub mod par_verify_disjoint;
