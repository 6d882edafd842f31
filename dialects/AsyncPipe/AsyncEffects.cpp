//===- AsyncEffects.cpp - AsyncEffectOpInterface and its models -----------===//
//
// asyncpipe's own async ops implement the interface in ODS; the upstream ops
// asyncpipe lowers to get external models here. Every group lists its
// effects in a fixed order (a copy: its read, then its write; a region: its
// ops in pre-order), so that the passes that ask report the first conflict
// in the same place every time.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipe/AsyncEffects.h"
#include "AsyncOp/AsyncOp.h"
#include "AsyncPipe/AsyncPipe.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asyncpipe;

#include "AsyncPipe/AsyncEffectOpInterface.cpp.inc"

namespace {

/// The memrefs `op` reads or writes (one entry each, in operand order, a
/// write when it writes it at all): from its declared memory effects, where
/// an effect on no value (any memory) touches every memref operand; every
/// memref operand written when it declares none. Ops whose effects are
/// their regions' add nothing (the regions' ops are visited themselves),
/// nor do views, which declare no effect on their operand.
void memrefAccesses(Operation *op, llvm::SmallVectorImpl<AsyncEffect> &effects) {
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return;
  auto interface = dyn_cast<MemoryEffectOpInterface>(op);
  llvm::SmallVector<MemoryEffects::EffectInstance> declared;
  if (interface)
    interface.getEffects(declared);
  for (Value operand : op->getOperands()) {
    if (!isa<BaseMemRefType>(operand.getType()))
      continue;
    bool reads = !interface, writes = !interface;
    for (const MemoryEffects::EffectInstance &effect : declared) {
      if (effect.getValue() && effect.getValue() != operand)
        continue;
      reads |= isa<MemoryEffects::Read>(effect.getEffect());
      writes |= isa<MemoryEffects::Write>(effect.getEffect());
    }
    if (reads || writes)
      effects.push_back({writes, operand, op});
  }
}

/// A group with no effects yet, completed through `sync` (and `handle`),
/// seen by `scope`.
AsyncEffectGroup completedBy(AsyncSync sync, Value handle, AsyncScope scope) {
  AsyncEffectGroup group;
  group.sync = sync;
  group.handle = handle;
  group.scope = scope;
  return group;
}

/// A copy's group: it reads `source` and writes `dest` until it completes.
AsyncEffectGroup transfer(Operation *op, Value source, Value dest, AsyncSync sync, Value handle, AsyncScope scope) {
  AsyncEffectGroup group = completedBy(sync, handle, scope);
  group.effects.push_back({false, source, op});
  group.effects.push_back({true, dest, op});
  return group;
}

/// `nvgpu.device_async_copy`: a cp.async on the thread's one hardware group
/// queue (committed by `device_async_create_group`, which names its token).
struct DeviceAsyncCopyModel
    : public AsyncEffectOpInterface::ExternalModel<DeviceAsyncCopyModel, nvgpu::DeviceAsyncCopyOp> {
  void getAsyncEffectGroups(Operation *op, llvm::SmallVectorImpl<AsyncEffectGroup> &groups) const {
    auto copy = cast<nvgpu::DeviceAsyncCopyOp>(op);
    AsyncEffectGroup group =
        transfer(op, copy.getSrc(), copy.getDst(), AsyncSync::Queue, copy.getAsyncToken(), AsyncScope::Thread);
    group.queue = kTargetQueue;
    groups.push_back(group);
  }
};

/// `nvvm.cp.async.bulk.shared.cluster.global`: a bulk copy that completes
/// the transaction bytes of an mbarrier's phase, seen by every thread that
/// waits for that phase.
struct BulkCopyModel
    : public AsyncEffectOpInterface::ExternalModel<BulkCopyModel, NVVM::CpAsyncBulkGlobalToSharedClusterOp> {
  void getAsyncEffectGroups(Operation *op, llvm::SmallVectorImpl<AsyncEffectGroup> &groups) const {
    auto copy = cast<NVVM::CpAsyncBulkGlobalToSharedClusterOp>(op);
    groups.push_back(
        transfer(op, copy.getSrcMem(), copy.getDstMem(), AsyncSync::MBarrier, copy.getMbar(), AsyncScope::Block));
  }
};

/// `nvgpu.tma.async.load`: a TMA copy of a tile into workgroup memory that
/// completes the transaction bytes of a phase of one of `barriers`; every
/// thread that waits for that phase sees the tile. (Its source is a tensor
/// map in global memory that no op of the kernel writes.)
struct TmaLoadModel : public AsyncEffectOpInterface::ExternalModel<TmaLoadModel, nvgpu::TmaAsyncLoadOp> {
  void getAsyncEffectGroups(Operation *op, llvm::SmallVectorImpl<AsyncEffectGroup> &groups) const {
    auto load = cast<nvgpu::TmaAsyncLoadOp>(op);
    AsyncEffectGroup group = completedBy(AsyncSync::MBarrier, load.getBarriers(), AsyncScope::Block);
    group.effects.push_back({true, load.getDst(), op});
    groups.push_back(group);
  }
};

/// `nvgpu.warpgroup.mma`: wgmma reads the tiles its descriptors name and
/// adds into the accumulator until a `wgmma.wait_group` leaves fewer groups
/// in flight (its own `waitGroup`, then `nvvm.wgmma.wait.group`); the
/// result value names the group. Seen by the issuing warpgroup.
struct WarpgroupMmaModel : public AsyncEffectOpInterface::ExternalModel<WarpgroupMmaModel, nvgpu::WarpgroupMmaOp> {
  void getAsyncEffectGroups(Operation *op, llvm::SmallVectorImpl<AsyncEffectGroup> &groups) const {
    auto mma = cast<nvgpu::WarpgroupMmaOp>(op);
    AsyncEffectGroup group = completedBy(AsyncSync::Token, mma.getMatrixD(), AsyncScope::Thread);
    group.effects.push_back({false, mma.getDescriptorA(), op});
    group.effects.push_back({false, mma.getDescriptorB(), op});
    group.effects.push_back({false, mma.getMatrixC(), op});
    group.effects.push_back({true, mma.getMatrixD(), op});
    groups.push_back(group);
  }
};

/// `asyncop.start`: the wrapped op runs asynchronously and its effects are
/// complete at the `asyncop.done` of the chain (a wait on the handle). In
/// the region form they are the wrapped op's, on the parameters `start`
/// binds (its operands; a parameter an `update` binds later is that
/// update's to report); through a callee, whose effects are not known
/// here, every memref the start binds is read and written.
struct StartModel : public AsyncEffectOpInterface::ExternalModel<StartModel, asyncop::StartOp> {
  void getAsyncEffectGroups(Operation *op, llvm::SmallVectorImpl<AsyncEffectGroup> &groups) const {
    auto start = cast<asyncop::StartOp>(op);
    AsyncEffectGroup group = completedBy(AsyncSync::Token, start.getHandle(), AsyncScope::Thread);
    Region &body = start.getBody();
    if (body.empty()) {
      for (Value arg : start.getArgs())
        if (isa<BaseMemRefType>(arg.getType())) {
          group.effects.push_back({false, arg, op});
          group.effects.push_back({true, arg, op});
        }
      groups.push_back(group);
      return;
    }
    llvm::SmallVector<AsyncEffect, 2> inner;
    body.walk<WalkOrder::PreOrder>([&](Operation *nested) { memrefAccesses(nested, inner); });
    Block &entry = body.front();
    for (const AsyncEffect &effect : inner) {
      auto parameter = dyn_cast<BlockArgument>(effect.value);
      if (!parameter || parameter.getOwner() != &entry || parameter.getArgNumber() >= start.getArgs().size())
        continue;
      group.effects.push_back({effect.write, start.getArgs()[parameter.getArgNumber()], effect.accessor});
    }
    groups.push_back(group);
  }

  /// The chain's `done` (reached through its updates) completes it.
  bool doesSync(Operation *op, unsigned group, Operation *other) const {
    if (group != 0 || !other)
      return false;
    // Through updates, and through the scf.for loops that carry the handle
    // to a later iteration (a done of the block argument or of the result).
    SmallVector<Value> worklist{cast<asyncop::StartOp>(op).getHandle()};
    while (!worklist.empty()) {
      Value handle = worklist.pop_back_val();
      for (OpOperand &use : handle.getUses()) {
        Operation *user = use.getOwner();
        if (user == other)
          return isa<asyncop::DoneOp>(user);
        if (auto update = dyn_cast<asyncop::UpdateOp>(user))
          worklist.push_back(update.getResult());
        else if (auto loop = dyn_cast<scf::ForOp>(user)) {
          if (use.getOperandNumber() >= loop.getNumControlOperands()) {
            unsigned k = use.getOperandNumber() - loop.getNumControlOperands();
            worklist.push_back(loop.getRegionIterArgs()[k]);
            worklist.push_back(loop.getResult(k));
          }
        }
      }
    }
    return false;
  }
};

/// Whether `type` is a memref in workgroup memory (`#gpu.address_space<
/// workgroup>`, or 3 as the NVVM lowering spells it).
bool inWorkgroupMemory(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  if (!memref || !memref.getMemorySpace())
    return false;
  if (auto space = dyn_cast<gpu::AddressSpaceAttr>(memref.getMemorySpace()))
    return space.getValue() == gpu::AddressSpace::Workgroup;
  if (auto number = dyn_cast<IntegerAttr>(memref.getMemorySpace()))
    return number.getInt() == 3;
  return false;
}

/// Whether `value` is computed from a thread or lane id (its defining ops'
/// operands, transitively; block arguments are taken as uniform): a view
/// that differs per thread.
bool dependsOnThreadId(Value value) {
  llvm::SmallVector<Value> work{value};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || !seen.insert(def).second)
      continue;
    if (isa<gpu::ThreadIdOp, gpu::LaneIdOp>(def))
      return true;
    llvm::append_range(work, def->getOperands());
  }
  return false;
}

/// `memref.copy` into workgroup memory in SPMD code (a kernel, or a
/// `gpu.launch` body): the block's threads share the copy, which may
/// finish in one thread before the others have written their part; the
/// whole target is complete for every thread after the next block barrier
/// (the async-side-effects document's cooperative copy). Elsewhere the
/// copy is synchronous: no group; so is a copy whose target differs per
/// thread (a view indexed by the thread id), which each thread does alone.
struct CooperativeCopyModel : public AsyncEffectOpInterface::ExternalModel<CooperativeCopyModel, memref::CopyOp> {
  void getAsyncEffectGroups(Operation *op, llvm::SmallVectorImpl<AsyncEffectGroup> &groups) const {
    auto copy = cast<memref::CopyOp>(op);
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    bool spmd = (kernel && kernel.isKernel()) || op->getParentOfType<gpu::LaunchOp>();
    if (!spmd || !inWorkgroupMemory(copy.getTarget().getType()) || dependsOnThreadId(copy.getTarget()))
      return;
    groups.push_back(
        transfer(op, copy.getSource(), copy.getTarget(), AsyncSync::BlockBarrier, Value(), AsyncScope::Block));
  }
};

/// A counting-form op is committed on its queue (or its enclosing commit's);
/// a token-form one by the commit that names its token.
void setQueueOrToken(AsyncEffectGroup &group, Value token, std::optional<uint64_t> queue) {
  if (token) {
    group.sync = AsyncSync::Token;
    group.handle = token;
  } else {
    group.sync = AsyncSync::Queue;
  }
  group.queue = queue ? static_cast<int64_t>(*queue) : kEnclosingQueue;
  group.scope = AsyncScope::Thread;
}

} // namespace

void CopyOp::getAsyncEffectGroups(llvm::SmallVectorImpl<AsyncEffectGroup> &groups) {
  AsyncEffectGroup group = transfer(getOperation(), getSource(), getDest(), AsyncSync::Queue, Value(), AsyncScope::Thread);
  setQueueOrToken(group, getToken(), getQueue());
  groups.push_back(group);
}

/// An MMA reads its input tiles and accumulates into its accumulator (a
/// read and a write of registers) until it completes; a synchronous one
/// has no async effects.
void MmaOp::getAsyncEffectGroups(llvm::SmallVectorImpl<AsyncEffectGroup> &groups) {
  if (isSynchronous())
    return;
  AsyncEffectGroup group;
  group.effects.push_back({false, getA(), getOperation()});
  group.effects.push_back({false, getB(), getOperation()});
  group.effects.push_back({false, getAcc(), getOperation()});
  group.effects.push_back({true, getAcc(), getOperation()});
  setQueueOrToken(group, getToken(), getQueue());
  groups.push_back(group);
}

void AsyncScopeOp::getAsyncEffectGroups(llvm::SmallVectorImpl<AsyncEffectGroup> &groups) {
  AsyncEffectGroup group;
  getBody().walk<WalkOrder::PreOrder>([&](Operation *nested) { memrefAccesses(nested, group.effects); });
  setQueueOrToken(group, getToken(), getQueue());
  groups.push_back(group);
}

namespace {
/// Group `group` of `op`, if it has one.
std::optional<AsyncEffectGroup> groupOf(Operation *op, unsigned group) {
  auto interface = dyn_cast<AsyncEffectOpInterface>(op);
  if (!interface)
    return std::nullopt;
  llvm::SmallVector<AsyncEffectGroup> groups;
  interface.getAsyncEffectGroups(groups);
  if (group >= groups.size())
    return std::nullopt;
  return groups[group];
}
} // namespace

Operation *mlir::asyncpipe::createDefaultAsyncWait(Operation *op, unsigned group, OpBuilder &builder) {
  std::optional<AsyncEffectGroup> found = groupOf(op, group);
  if (!found)
    return nullptr;
  if (found->sync == AsyncSync::Queue && found->queue >= 0)
    return builder.create<WaitQueueOp>(op->getLoc(), builder.getI64IntegerAttr(found->queue),
                                       builder.getI64IntegerAttr(0), Value());
  if (found->sync == AsyncSync::BlockBarrier)
    return builder.create<gpu::BarrierOp>(op->getLoc());
  return nullptr;
}

bool mlir::asyncpipe::doesDefaultAsyncSync(Operation *op, unsigned group, Operation *other) {
  std::optional<AsyncEffectGroup> found = groupOf(op, group);
  if (!found || !other)
    return false;
  if (found->sync == AsyncSync::Queue && found->queue >= 0) {
    auto wait = dyn_cast<WaitQueueOp>(other);
    return wait && static_cast<int64_t>(wait.getQueue()) == found->queue && wait.getConstantCount() == 0;
  }
  if (found->sync == AsyncSync::BlockBarrier)
    return isa<gpu::BarrierOp, NVVM::Barrier0Op>(other);
  return false;
}

void mlir::asyncpipe::registerAsyncEffectExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, nvgpu::NVGPUDialect *) {
    nvgpu::DeviceAsyncCopyOp::attachInterface<DeviceAsyncCopyModel>(*context);
    nvgpu::TmaAsyncLoadOp::attachInterface<TmaLoadModel>(*context);
    nvgpu::WarpgroupMmaOp::attachInterface<WarpgroupMmaModel>(*context);
  });
  registry.addExtension(+[](MLIRContext *context, NVVM::NVVMDialect *) {
    NVVM::CpAsyncBulkGlobalToSharedClusterOp::attachInterface<BulkCopyModel>(*context);
  });
  registry.addExtension(+[](MLIRContext *context, asyncop::AsyncOpDialect *) {
    asyncop::StartOp::attachInterface<StartModel>(*context);
  });
  registry.addExtension(+[](MLIRContext *context, memref::MemRefDialect *) {
    memref::CopyOp::attachInterface<CooperativeCopyModel>(*context);
  });
}
