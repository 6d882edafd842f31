// Custom parser errors of !asyncop.handle<(operands), (outputs), context>: parenthesized tuples, separators, context type, closing '>'.
// RUN: asyncpipe-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{expected ','}}
func.func private @missing_comma(!asyncop.handle<(f32) (), i32>)

// -----

// expected-error @below {{expected ','}}
func.func private @missing_context(!asyncop.handle<(f32), ()>)

// -----

// expected-error @below {{expected '('}}
func.func private @operands_not_parenthesized(!asyncop.handle<f32, (), i32>)

// -----

// expected-error @below {{expected '('}}
func.func private @outputs_not_parenthesized(!asyncop.handle<(f32), f32, i32>)

// -----

// expected-error @below {{expected non-function type}}
func.func private @trailing_comma(!asyncop.handle<(f32,), (), i32>)

// -----

// expected-error @below {{expected '>'}}
func.func private @extra_parameter(!asyncop.handle<(), (), i32, i32>)

// -----

// expected-error @below {{expected '<'}}
func.func private @no_parameters(!asyncop.handle)

// -----

// expected-error @below {{unknown  type `handles` in dialect `asyncop`}}
func.func private @wrong_mnemonic(!asyncop.handles<(), (), i32>)
