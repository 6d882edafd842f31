//! CPU models: lowerings whose only purpose is to run a kernel on the CPU
//! with the GPU's asynchrony simulated (sequential queues, copies and MMAs
//! that land late, a block of threads under adversarial schedules). Tests
//! of meaning use them; no GPU path does.

pub mod lower_block;
pub mod lower_deferred;
pub mod lower_sequential;
