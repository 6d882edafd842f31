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

def AsyncDma_TransferOp : Op<AsyncDma_Dialect, "transfer", [
    DeclareOpInterfaceMethods<AsyncPipe_AsyncEffectOpInterface,
        ["createInit", "doesInitialize", "createWait", "doesSync", "createFill"]>]> {
  let summary = "start a transfer of `source` into `dest` that signals a semaphore";
  let description = [{
    The engine has a few numbered semaphores (asyncpipe's `BarrierSlot`): a
    transfer signals its semaphore when it completes, `semaphore_wait`
    blocks until the semaphore is signalled and clears it. A semaphore must
    be initialized (`semaphore_init`) before its first transfer; a transfer
    on a semaphore that is still busy, or a wait on one that nothing will
    signal, hangs the engine. Written without a semaphore, the transfer
    gets one from asyncpipe-synchronize (the interface's createInit).
  }];
  let arguments = (ins Arg<AnyMemRef, "read", [MemRead]>:$source,
                       Arg<AnyMemRef, "written", [MemWrite]>:$dest,
                       OptionalAttr<I64Attr>:$semaphore);
  let assemblyFormat = "$source `,` $dest (`semaphore` $semaphore^)? attr-dict `:` type($source) `to` type($dest)";
}

class AsyncDma_SemaphoreOp<string mnemonic, string what> : Op<AsyncDma_Dialect, mnemonic> {
  let summary = what;
  let arguments = (ins I64Attr:$semaphore);
  let assemblyFormat = "$semaphore attr-dict";
}

def AsyncDma_SemaphoreInitOp : AsyncDma_SemaphoreOp<"semaphore_init",
    "configure a semaphore for transfers (nothing may be in flight on it)">;
def AsyncDma_SemaphoreWaitOp : AsyncDma_SemaphoreOp<"semaphore_wait",
    "block until the semaphore is signalled, then clear it">;
def AsyncDma_SemaphoreSignalOp : AsyncDma_SemaphoreOp<"semaphore_signal",
    "signal a semaphore with no transfer (fill it, so that the next wait passes)">;
