// async_dma: a DMA engine's transfers, as another project would define
// them, with asyncpipe's AsyncEffectOpInterface.
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "AsyncPipe/AsyncEffectOpInterface.td"

def AsyncDma_Dialect : Dialect {
  let name = "async_dma";
  let cppNamespace = "::asyncdma";
}

def AsyncDma_StartOp : Op<AsyncDma_Dialect, "start", [
    DeclareOpInterfaceMethods<AsyncPipe_AsyncEffectOpInterface>]> {
  let summary = "start a transfer of `source` into `dest` on DMA engine `engine`";
  let description = [{
    The transfer runs after the op returns. Its engine is asyncpipe's
    logical queue of the same number: `asyncpipe.commit` closes the group of
    the transfers started on it, and `asyncpipe.wait_queue` waits for them.
    Without an engine, the transfer goes on the queue of its enclosing
    `asyncpipe.commit_queue`.
  }];
  let arguments = (ins Arg<AnyMemRef, "read", [MemRead]>:$source,
                       Arg<AnyMemRef, "written", [MemWrite]>:$dest,
                       OptionalAttr<I64Attr>:$engine);
  let assemblyFormat = "$source `,` $dest (`engine` $engine^)? attr-dict `:` type($source) `to` type($dest)";
}
