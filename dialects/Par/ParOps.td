//===- ParOps.td - par dialect: foreach_thread --------------*- tablegen -*-===//
//
// Parallelism with explicit thread ids on tensors and buffers
// (mlir-foreach-thread-rfc).
//
//===----------------------------------------------------------------------===//

#ifndef PAR_OPS_TD
#define PAR_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def Par_Dialect : Dialect {
  let name = "par";
  let cppNamespace = "::mlir::par";
  let summary = "Thread-first parallelism on tensors and buffers";
  let description = [{
    `par.foreach_thread` evaluates its region once per value of its thread
    ids, in parallel and in unspecified order. On buffers it has no results;
    on tensors its `par.perform_concurrently` terminator holds
    `par.parallel_insert_slice` ops whose destinations are tied, one to one,
    to the results. Bufferization is in place: result `#n` shares the buffer
    of the destination of slice `#n`.

    The ops implement upstream's `BufferizableOpInterface` (external models in
    `dialects/Par/BufferizableOpInterfaceImpl.cpp`), so `-one-shot-bufferize`
    takes the tensor form to the buffer form: a destination read after the op
    is copied once, before it; a thread that computes in the matching
    `tensor.extract_slice` of its destination computes in the destination's
    buffer, and its insertion becomes a copy of a subview onto itself, which
    `cse` and `canonicalize` remove. The analysis reads the body as one
    thread's program: threads own disjoint parts of each destination, which
    `par-verify-disjoint` checks.
  }];
}

class Par_Op<string mnemonic, list<Trait> traits = []>
    : Op<Par_Dialect, mnemonic, traits>;

def Par_ForeachThreadOp : Par_Op<"foreach_thread", [
    SingleBlockImplicitTerminator<"PerformConcurrentlyOp">,
    RecursiveMemoryEffects, AutomaticAllocationScope]> {
  let summary = "parallel region with explicit N-D thread ids";
  let description = [{
    Runs the body once for every thread id `(%i0, ..., %iN)` with
    `0 <= %ik < %num_threads_k`, concurrently; the order of memory accesses
    across threads is unspecified. The op is not isolated from above.

    Buffer form (side effects, no results):

    ```mlir
    par.foreach_thread (%i, %j) in (%n, %m) {
      %s = memref.subview %C[%i, %j] [1, 1] [1, 1] : ...
      ...
    }
    ```

    Pure form on tensors: the terminator inserts each thread's slice into a
    tensor captured from above; result `#n` is that tensor with every slice
    of the `#n`-th `par.parallel_insert_slice` inserted.

    ```mlir
    %r = par.foreach_thread (%i) in (%n) -> (tensor<?xf32>) {
      %s = ... : tensor<4xf32>
      par.perform_concurrently {
        par.parallel_insert_slice %s into %C[%o] [4] [1] : tensor<4xf32> into tensor<?xf32>
      }
    }
    ```

    The optional `mapping` names, per dimension, the processor a lowering
    maps the thread id to (for example `[#gpu.thread<x>, #gpu.thread<y>]`).
  }];
  let arguments = (ins Variadic<Index>:$num_threads,
                       OptionalAttr<ArrayAttr>:$mapping);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "TypeRange":$resultTypes, "ValueRange":$numThreads)>
  ];
  let extraClassDeclaration = [{
    int64_t getRank() { return getNumThreads().size(); }
    Block::BlockArgListType getThreadIds() { return getBody().getArguments(); }
    PerformConcurrentlyOp getTerminator();
  }];
}

def Par_PerformConcurrentlyOp : Par_Op<"perform_concurrently", [
    Terminator, NoTerminator, SingleBlock, HasParent<"ForeachThreadOp">,
    RecursiveMemoryEffects]> {
  let summary = "terminator assembling the results of par.foreach_thread";
  let description = [{
    Holds only `par.parallel_insert_slice` ops; the `#n`-th one produces
    result `#n` of the enclosing `par.foreach_thread`. Empty in buffer form,
    where it is implicit.
  }];
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = "$region attr-dict-with-keyword";
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins)>];
  let extraClassDeclaration = [{
    SmallVector<ParallelInsertSliceOp> getSlices();
  }];
}

def Par_ParallelInsertSliceOp : Par_Op<"parallel_insert_slice", [
    AttrSizedOperandSegments, OffsetSizeAndStrideOpInterface,
    HasParent<"PerformConcurrentlyOp">]> {
  let summary = "insert one thread's slice into a shared tensor";
  let description = [{
    Inserts `source` into `dest` at the given offsets, sizes and strides,
    each static or dynamic, as `tensor.insert_slice` does; `source` may be
    rank-reduced (unit dimensions dropped). `dest` is captured from above the
    `par.foreach_thread`. The updates of all threads happen in unspecified
    order; overlapping slices race.

    ```mlir
    par.parallel_insert_slice %s into %C[%i, 0] [2, %n] [1, 1]
        : tensor<2x?xf32> into tensor<?x?xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$source, AnyRankedTensor:$dest,
                       Variadic<Index>:$offsets, Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let assemblyFormat = [{
    $source `into` $dest ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `into` type($dest)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    RankedTensorType getSourceType() {
      return cast<RankedTensorType>(getSource().getType());
    }
    RankedTensorType getDestType() {
      return cast<RankedTensorType>(getDest().getType());
    }
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 2; }
    std::array<unsigned, 3> getArrayAttrMaxRanks() {
      unsigned rank = getDestType().getRank();
      return {rank, rank, rank};
    }
  }];
}

#endif // PAR_OPS_TD
