//===- NVVMPasses.h - asyncpipe's C++ passes on NVVM targets ----*- C++ -*-===//
//
// Registration of the C++ passes in this folder, for the pipelines
// (passes/Pipelines.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef ASYNCPIPE_PASSES_NVVM_NVVMPASSES_H
#define ASYNCPIPE_PASSES_NVVM_NVVMPASSES_H

namespace mlir::asyncpipe {

/// `asyncpipe-attach-nvvm-target` (AttachNVVMTarget.cpp).
void registerAttachNVVMTargetPass();

/// `asyncpipe-check-nvvm-target` (CheckNVVMTarget.cpp).
void registerCheckNVVMTargetPass();

/// `asyncpipe-extern-dynamic-shared` (ExternDynamicShared.cpp).
void registerExternDynamicSharedPass();

} // namespace mlir::asyncpipe

#endif // ASYNCPIPE_PASSES_NVVM_NVVMPASSES_H
