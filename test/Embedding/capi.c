// Every function of asyncpipe's C API (dialects/include/asyncpipe-c/), called
// from C against the installed package, as a C embedder would: dialect
// handles and registration, types, passes (Rust, C++ pipelines, and a pass
// written in C through the external-pass bridge), diagnostics, memory
// effects, multi-buffering and the opt driver.
// REQUIRES: installed
// UNSUPPORTED: plugin
// RUN: cc -std=c11 -Wall -Werror %s -o %t %capi-flags
// RUN: %t %t.input.mlir 2>&1 | FileCheck %s
// RUN: python3 %S/../tools/capi-coverage.py %S/../../dialects/include %s | FileCheck %s --check-prefix=COVERAGE
// COVERAGE: capi-coverage: 38 functions declared, 38 called

#include "asyncpipe-c/Dialect/AsyncOp.h"
#include "asyncpipe-c/Dialect/AsyncPipe.h"
#include "asyncpipe-c/Dialect/Par.h"
#include "asyncpipe-c/Passes.h"
#include "asyncpipe-c/Diagnostics.h"
#include "asyncpipe-c/ExternalPass.h"
#include "asyncpipe-c/OptMain.h"
#include "asyncpipe-c/Registration.h"
#include "asyncpipe-c/Transforms.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

static void printString(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static void printType(const char *label, MlirType type) {
  printf("%s: ", label);
  mlirTypePrint(type, printString, NULL);
  printf("\n");
}

static void printOp(MlirOperation op) {
  mlirOperationPrint(op, printString, NULL);
  printf("\n");
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic diagnostic, void *userData) {
  (void)userData;
  static const char *names[] = {"error", "warning", "note", "remark"};
  printf("diagnostic %s: ", names[mlirDiagnosticGetSeverity(diagnostic)]);
  mlirDiagnosticPrint(diagnostic, printString, NULL);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diagnostic); ++i) {
    printf(" | note: ");
    mlirDiagnosticPrint(mlirDiagnosticGetNote(diagnostic, i), printString, NULL);
  }
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

// A pass written in C: counts the ops named by its option and reports the
// count as a remark at the op it runs on, with a note.
typedef struct {
  const char *name;
  int count;
} Counter;

static void countOps(MlirOperation op, Counter *counter) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length == strlen(counter->name) && !strncmp(name.data, counter->name, name.length))
    ++counter->count;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o))
        countOps(o, counter);
}

static bool runCountPass(void *userData, MlirOperation op, const MlirStringRef *options,
                         size_t numOptions) {
  char name[64];
  snprintf(name, sizeof name, "%.*s", (int)options[0].length, options[0].data);
  Counter counter = {name, 0};
  countOps(op, &counter);
  char message[128];
  snprintf(message, sizeof message, "%d %s (%s, %zu option)", counter.count, name,
           (const char *)userData, numOptions);
  asyncpipeEmitDiagnostic(mlirOperationGetLocation(op), AsyncpipeRemark, str(message),
                          mlirOperationGetLocation(op), str("counted by a C pass"));
  return counter.count > 0;
}

static void onAsyncEffect(AsyncpipeAsyncEffect effect, void *userData) {
  (void)userData;
  printf("async effect: group %d, %s ", (int)effect.group, effect.write ? "write" : "read");
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  MlirAsmState state = mlirAsmStateCreateForValue(effect.value, flags);
  mlirValuePrintAsOperand(effect.value, state, printString, NULL);
  mlirAsmStateDestroy(state);
  mlirOpPrintingFlagsDestroy(flags);
  printf(", sync %d, queue %lld, scope %d, token %d\n", (int)effect.sync, (long long)effect.queue,
         (int)effect.scope, !mlirValueIsNull(effect.handle));
}

static void onEffect(void *userData, AsyncpipeEffectKind kind, MlirValue value) {
  (void)userData;
  static const char *names[] = {"read", "write", "allocate", "free"};
  printf("effect %s on ", names[kind]);
  if (mlirValueIsNull(value))
    printf("<none>");
  else
    mlirValuePrintAsOperand(value, mlirAsmStateCreateForValue(value, mlirOpPrintingFlagsCreate()),
                            printString, NULL);
  printf("\n");
}

static void onMessage(void *userData, MlirStringRef message) {
  printf("%s: ", (const char *)userData);
  printString(message, NULL);
  printf("\n");
}

static MlirOperation firstNamed(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length == strlen(name) && !strncmp(n.data, name, n.length))
    return op;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
           o = mlirOperationGetNextInBlock(o)) {
        MlirOperation found = firstNamed(o, name);
        if (!mlirOperationIsNull(found))
          return found;
      }
  return (MlirOperation){NULL};
}

static bool runPipeline(MlirContext ctx, MlirModule module, const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirOpPassManagerAddPipeline(
      mlirPassManagerGetAsOpPassManager(pm), str(pipeline), printString, NULL);
  bool ok = mlirLogicalResultIsSuccess(parsed) &&
            mlirLogicalResultIsSuccess(
                mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  return ok;
}

static const char kTokens[] =
    "func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>) {\n"
    "  %t0 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token\n"
    "  %g0 = asyncpipe.commit_group queue 0 (%t0)\n"
    "  %t1 = asyncpipe.copy %a, %b : memref<4xf32> to memref<4xf32, 3> -> !asyncpipe.token\n"
    "  %g1 = asyncpipe.commit_group queue 0 (%t1)\n"
    "  asyncpipe.wait %g0\n"
    "  return\n"
    "}\n";

static const char kLoop[] =
    "func.func @g(%src: memref<8xf32>, %n: index) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %buf = memref.alloc() : memref<8xf32, 3>\n"
    "  scf.for %i = %c0 to %n step %c1 {\n"
    "    memref.copy %src, %buf : memref<8xf32> to memref<8xf32, 3>\n"
    "  }\n"
    "  memref.dealloc %buf : memref<8xf32, 3>\n"
    "  return\n"
    "}\n";

int main(int argc, char **argv) {
  // Dialect handles and registration.
  MlirDialectHandle handles[] = {mlirGetDialectHandle__asyncpipe__(),
                                 mlirGetDialectHandle__par__(),
                                 mlirGetDialectHandle__asyncop__()};
  MlirDialectRegistry own = mlirDialectRegistryCreate();
  asyncpipeRegisterDialects(own);
  MlirContext small = mlirContextCreateWithRegistry(own, false);
  for (int i = 0; i < 3; ++i) {
    MlirStringRef ns = mlirDialectHandleGetNamespace(handles[i]);
    MlirDialect loaded = mlirContextGetOrLoadDialect(small, ns);
    // CHECK: dialect asyncpipe loaded 1
    // CHECK-NEXT: dialect par loaded 1
    // CHECK-NEXT: dialect asyncop loaded 1
    printf("dialect %.*s loaded %d\n", (int)ns.length, ns.data, !mlirDialectIsNull(loaded));
  }
  // CHECK-NEXT: only asyncpipe's: gpu loaded 0
  printf("only asyncpipe's: gpu loaded %d\n",
         !mlirDialectIsNull(mlirContextGetOrLoadDialect(small, str("gpu"))));
  mlirContextDestroy(small);
  mlirDialectRegistryDestroy(own);

  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  asyncpipeRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirContextLoadAllAvailableDialects(ctx);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);

  // Types.
  MlirType token = asyncpipeTokenTypeGet(ctx), group = asyncpipeGroupTypeGet(ctx);
  // CHECK: token: !asyncpipe.token
  // CHECK-NEXT: group: !asyncpipe.group
  // CHECK-NEXT: isa: token 1 0, group 0 1, f32 0 0
  printType("token", token);
  printType("group", group);
  MlirType f32 = mlirF32TypeGet(ctx), i32 = mlirIntegerTypeGet(ctx, 32);
  printf("isa: token %d %d, group %d %d, f32 %d %d\n", asyncpipeTypeIsAToken(token),
         asyncpipeTypeIsAGroup(token), asyncpipeTypeIsAToken(group), asyncpipeTypeIsAGroup(group),
         asyncpipeTypeIsAToken(f32), asyncpipeTypeIsAGroup(f32));
  int64_t shape[2] = {64, 128};
  MlirType acc = asyncpipeAccumulatorTypeGet(ctx, 2, shape, f32);
  // CHECK-NEXT: accumulator: !asyncpipe.accumulator<64x128xf32>
  // CHECK-NEXT: isa accumulator: 1 0, tile 64 x 128 of : f32
  printType("accumulator", acc);
  printf("isa accumulator: %d %d, tile %d x %d of ", asyncpipeTypeIsAAccumulator(acc), asyncpipeTypeIsAAccumulator(f32),
         (int)asyncpipeAccumulatorTypeGetRows(acc), (int)asyncpipeAccumulatorTypeGetColumns(acc));
  printType("", asyncpipeAccumulatorTypeGetElementType(acc));
  // CHECK-NEXT: diagnostic error: an accumulator tile's dimensions are positive, not 0
  // CHECK-NEXT: accumulator 0x4 null: 1
  printf("accumulator 0x4 null: %d\n", mlirTypeIsNull(asyncpipeAccumulatorTypeGet(ctx, 2, (int64_t[]){0, 4}, f32)));
  MlirType handle = asyncopHandleTypeGet(ctx, 1, &f32, 1, &i32, mlirIndexTypeGet(ctx));
  // CHECK-NEXT: handle: !asyncop.handle<(f32), (i32), index>
  // CHECK-NEXT: isa handle: 1 0
  printType("handle", handle);
  printf("isa handle: %d %d\n", asyncopTypeIsAHandle(handle), asyncopTypeIsAHandle(token));
  // CHECK-NEXT: handle parts: 1 operands, 1 outputs
  // CHECK-NEXT: handle operand: f32
  // CHECK-NEXT: handle output: i32
  // CHECK-NEXT: handle context: index
  printf("handle parts: %d operands, %d outputs\n", (int)asyncopHandleTypeGetNumOperands(handle),
         (int)asyncopHandleTypeGetNumOutputs(handle));
  printType("handle operand", asyncopHandleTypeGetOperand(handle, 0));
  printType("handle output", asyncopHandleTypeGetOutput(handle, 0));
  printType("handle context", asyncopHandleTypeGetContext(handle));

  // Passes: upstream, asyncpipe's (Rust, with the C++ pipelines), twice.
  asyncpipeRegisterUpstreamPasses();
  asyncpipeRegisterPasses();
  asyncpipeRegisterPasses();
  asyncpipeRegisterPipelines();
  MlirModule module = mlirModuleCreateParse(ctx, str(kTokens));
  // CHECK-NEXT: token-to-count: 1
  // CHECK: asyncpipe.wait_queue 0, 1
  printf("token-to-count: %d\n", runPipeline(ctx, module, "asyncpipe-token-to-count,canonicalize"));
  printOp(mlirModuleGetOperation(module));
  mlirModuleDestroy(module);

  // A pass written in C, registered through the bridge and run from a
  // pipeline with its option; a failing run fails the pass manager.
  const char *optionNames[] = {"op"}, *optionDescriptions[] = {"the op to count"},
             *optionDefaults[] = {"asyncpipe.copy"};
  AsyncpipeExternalPassInfo info = {
      "test-c-count-ops", "Counts ops (a pass written in C)", NULL, 1, optionNames,
      optionDescriptions, optionDefaults, runCountPass, (void *)"from C"};
  asyncpipeRegisterExternalPass(&info);
  asyncpipeRegisterExternalPass(&info); // a second registration is a no-op
  // An option's description, as pipelines forwarding it read it; none for
  // an option or a pass that does not exist.
  // CHECK: option description: the op to count, (null), (null)
  const char *described = asyncpipeExternalPassOptionDescription("test-c-count-ops", "op");
  const char *noOption = asyncpipeExternalPassOptionDescription("test-c-count-ops", "nothing");
  const char *noPass = asyncpipeExternalPassOptionDescription("no-such-pass", "op");
  printf("option description: %s, %s, %s\n", described ? described : "(null)", noOption ? noOption : "(null)",
         noPass ? noPass : "(null)");
  module = mlirModuleCreateParse(ctx, str(kTokens));
  // CHECK: diagnostic remark: 2 asyncpipe.copy (from C, 1 option) | note: counted by a C pass
  // CHECK-NEXT: C pass: 1
  printf("C pass: %d\n", runPipeline(ctx, module, "test-c-count-ops"));
  // CHECK-NEXT: diagnostic remark: 1 func.return (from C, 1 option) | note: counted by a C pass
  // CHECK-NEXT: C pass with option: 1
  printf("C pass with option: %d\n", runPipeline(ctx, module, "test-c-count-ops{op=func.return}"));
  // CHECK-NEXT: diagnostic remark: 0 scf.for (from C, 1 option) | note: counted by a C pass
  // CHECK-NEXT: C pass failing: 0
  printf("C pass failing: %d\n", runPipeline(ctx, module, "test-c-count-ops{op=scf.for}"));

  // Diagnostics of each severity, with and without a note.
  MlirLocation loc = mlirLocationFileLineColGet(ctx, str("capi.c"), 7, 3);
  // CHECK-NEXT: diagnostic error: an error
  // CHECK-NEXT: diagnostic warning: a warning | note: its note
  // CHECK-NEXT: diagnostic remark: a remark
  asyncpipeEmitDiagnostic(loc, AsyncpipeError, str("an error"), loc, (MlirStringRef){NULL, 0});
  asyncpipeEmitDiagnostic(loc, AsyncpipeWarning, str("a warning"), loc, str("its note"));
  asyncpipeEmitDiagnostic(loc, AsyncpipeRemark, str("a remark"), loc, (MlirStringRef){NULL, 0});

  // Memory effects: known for asyncpipe.copy; unknown for an unregistered op.
  // CHECK-NEXT: effect read on %arg0
  // CHECK-NEXT: effect write on %arg1
  // CHECK-NEXT: copy effects known: 1
  MlirOperation copy = firstNamed(mlirModuleGetOperation(module), "asyncpipe.copy");
  printf("copy effects known: %d\n", asyncpipeMemoryEffects(copy, onEffect, NULL));
  // Its async effects (AsyncEffectOpInterface): one group, completed through
  // its token (it names no queue of its own), read then write, seen by the
  // issuing thread; a func.return has none.
  // CHECK-NEXT: async effects: 1
  // CHECK-NEXT: async effect: group 0, read %arg0, sync 1, queue -1, scope 0, token 1
  // CHECK-NEXT: async effect: group 0, write %arg1, sync 1, queue -1, scope 0, token 1
  // CHECK-NEXT: groups: 1
  // CHECK-NEXT: return: 0 0
  printf("async effects: %d\n", asyncpipeOperationHasAsyncEffects(copy));
  printf("groups: %d\n", (int)asyncpipeOperationWalkAsyncEffects(copy, onAsyncEffect, NULL));
  MlirOperation ret = firstNamed(mlirModuleGetOperation(module), "func.return");
  printf("return: %d %d\n", asyncpipeOperationHasAsyncEffects(ret),
         (int)asyncpipeOperationWalkAsyncEffects(ret, onAsyncEffect, NULL));
  mlirModuleDestroy(module);
  // The interface's builders, on a counting-form copy on queue 2: no init
  // (null, and null is what initializes it), a wait that drains the queue
  // (which then synchronizes it; the return does not), no fill; nothing for
  // a group the op does not have.
  // CHECK-NEXT: init: null 1, fill: null
  // CHECK-NEXT: asyncpipe.wait_queue 2, 0
  // CHECK-NEXT: syncs: wait 1, return 0, out of range: null 0
  module = mlirModuleCreateParse(ctx, str("func.func @q(%a: memref<4xf32>, %b: memref<4xf32, 3>) {\n"
                                          "  asyncpipe.copy %a, %b queue 2 : memref<4xf32> to memref<4xf32, 3>\n"
                                          "  return\n}\n"));
  copy = firstNamed(mlirModuleGetOperation(module), "asyncpipe.copy");
  ret = firstNamed(mlirModuleGetOperation(module), "func.return");
  MlirOperation init = asyncpipeOperationCreateAsyncInit(copy, 0, 0, ret);
  MlirOperation fill = asyncpipeOperationCreateAsyncFill(copy, 0, ret);
  printf("init: %s %d, fill: %s\n", mlirOperationIsNull(init) ? "null" : "op",
         asyncpipeOperationDoesAsyncInitialize(copy, 0, init), mlirOperationIsNull(fill) ? "null" : "op");
  MlirOperation wait = asyncpipeOperationCreateAsyncWait(copy, 0, ret);
  printOp(wait);
  MlirOperation none = asyncpipeOperationCreateAsyncWait(copy, 1, ret);
  printf("syncs: wait %d, return %d, out of range: %s %d\n", asyncpipeOperationDoesAsyncSync(copy, 0, wait),
         asyncpipeOperationDoesAsyncSync(copy, 0, ret), mlirOperationIsNull(none) ? "null" : "op",
         asyncpipeOperationDoesAsyncSync(copy, 1, wait));
  mlirModuleDestroy(module);
  mlirContextSetAllowUnregisteredDialects(ctx, true);
  module = mlirModuleCreateParse(ctx, str("\"test.unknown\"() : () -> ()"));
  // CHECK-NEXT: unknown effects known: 0
  printf("unknown effects known: %d\n",
         asyncpipeMemoryEffects(firstNamed(mlirModuleGetOperation(module), "test.unknown"),
                                onEffect, NULL));
  mlirModuleDestroy(module);

  // Multi-buffering: a check, a refusal with its reason, the rewrite.
  module = mlirModuleCreateParse(ctx, str(kLoop));
  MlirOperation alloc = firstNamed(mlirModuleGetOperation(module), "memref.alloc");
  MlirOperation loop = firstNamed(mlirModuleGetOperation(module), "scf.for");
  MlirOperation newAlloc = {NULL};
  // CHECK-NEXT: check only: 1
  printf("check only: %d\n", asyncpipeMultiBuffer(alloc, loop, 2, false, NULL, onMessage, "why"));
  // CHECK-NEXT: why: the loop is not an scf.for
  // CHECK-NEXT: not a loop: 0
  printf("not a loop: %d\n", asyncpipeMultiBuffer(alloc, alloc, 2, true, NULL, onMessage, "why"));
  // CHECK-NEXT: applied: 1, new allocation: %alloc = memref.alloc() : memref<3x8xf32, 3>
  printf("applied: %d, new allocation: ",
         asyncpipeMultiBuffer(alloc, loop, 3, true, &newAlloc, onMessage, "why"));
  printOp(newAlloc);
  // CHECK: memref.subview %alloc[{{.*}}, 0] [1, 8] [1, 1]
  // CHECK: memref.dealloc %alloc : memref<3x8xf32, 3>
  printOp(mlirModuleGetOperation(module));
  mlirModuleDestroy(module);

  // Attributes registered ops declare.
  // CHECK: declares: numGroups 1, queue 0, unregistered 0
  printf("declares: numGroups %d, queue %d, unregistered %d\n",
         asyncpipeOperationDeclaresAttribute(ctx, str("nvgpu.device_async_wait"), str("numGroups")),
         asyncpipeOperationDeclaresAttribute(ctx, str("nvgpu.device_async_wait"), str("queue")),
         asyncpipeOperationDeclaresAttribute(ctx, str("test.unknown"), str("numGroups")));
  mlirContextDestroy(ctx);
  mlirDialectRegistryDestroy(registry);

  // The opt driver, on a file, with an asyncpipe pass flag.
  if (argc < 2)
    return 1;
  FILE *input = fopen(argv[1], "w");
  fputs(kTokens, input);
  fclose(input);
  fflush(stdout);
  char *optArgv[] = {"capi-opt", argv[1], "--asyncpipe-token-to-count", NULL};
  // CHECK: func.func @f
  // CHECK: asyncpipe.wait_queue 0, 1
  int code = asyncpipeOptMain(3, optArgv);
  // CHECK: opt main: 0
  printf("opt main: %d\n", code);
  return 0;
}
