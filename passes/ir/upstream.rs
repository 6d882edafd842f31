//! The upstream ops asyncpipe's passes recognize or build, by name, and the
//! upstream attributes they read or set, in one place: passes say
//! `Upstream::ScfFor` and `attr::NUM_GROUPS`, never `"scf.for"` or
//! `"numGroups"`. Unit tests check that MLIR registers every op in the table
//! and that each attribute is one its op declares, so a rename upstream
//! fails here rather than silently matching nothing.

use melior::ir::operation::OperationRef;

macro_rules! upstream_ops {
    ($($variant:ident = $name:literal,)*) => {
        /// An upstream op, by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Upstream {
            $($variant,)*
        }

        impl Upstream {
            /// Every op of the table.
            pub const ALL: &'static [Upstream] = &[$(Upstream::$variant,)*];

            /// The op named `name`, if the table has it.
            pub fn named(name: &str) -> Option<Self> {
                match name {
                    $($name => Some(Upstream::$variant),)*
                    _ => None,
                }
            }

            /// The op's full name, e.g. `scf.for`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Upstream::$variant => $name,)*
                }
            }

            /// The namespace of the op's dialect, e.g. `scf`.
            pub fn dialect(self) -> &'static str {
                let name = self.name();
                name.split_once('.').map_or(name, |(dialect, _)| dialect)
            }
        }
    };
}

/// Whether `op` belongs to one of asyncpipe's dialects (asyncpipe, par,
/// asyncop): the ops above the nvgpu and NVVM level.
pub fn is_asyncpipe_dialect(op: OperationRef) -> bool {
    let name = super::op_name(op);
    ["asyncpipe.", "par.", "asyncop."].iter().any(|dialect| name.starts_with(dialect))
}

/// Whether `op` is an `affine` op (whose regions keep one block each,
/// which convert-scf-to-cf leaves in place).
pub fn is_affine(op: OperationRef) -> bool {
    super::op_name(op).starts_with("affine.")
}

/// Whether `op` is an NVVM op (what only the NVPTX backend can select).
pub fn is_nvvm(op: OperationRef) -> bool {
    super::op_name(op).starts_with("nvvm.")
}

/// Whether `op` is an `scf` op (structured control flow, which
/// convert-scf-to-cf turns into blocks).
pub fn is_scf(op: OperationRef) -> bool {
    super::op_name(op).starts_with("scf.")
}

/// Whether `op` is in one of NVVM's families of asynchronous ops (cp.async
/// and bulk copies, mbarriers, tensor memory), named by prefix: each family
/// has dozens of variants, more with each PTX version.
pub fn is_nvvm_async_family(op: OperationRef) -> bool {
    let name = super::op_name(op);
    ["nvvm.cp.async.", "nvvm.mbarrier.", "nvvm.tcgen05."].iter().any(|family| name.starts_with(family))
}

upstream_ops! {
    AffineApply = "affine.apply",
    AffineDelinearizeIndex = "affine.delinearize_index",
    AffineLinearizeIndex = "affine.linearize_index",
    AffineMin = "affine.min",
    AsyncAddToGroup = "async.add_to_group",
    AsyncAwait = "async.await",
    AsyncAwaitAll = "async.await_all",
    AsyncCreateGroup = "async.create_group",
    AsyncExecute = "async.execute",
    AsyncYield = "async.yield",
    BuiltinModule = "builtin.module",
    BuiltinUnrealizedConversionCast = "builtin.unrealized_conversion_cast",
    ArithAddi = "arith.addi",
    ArithAndi = "arith.andi",
    ArithBitcast = "arith.bitcast",
    ArithCeildivsi = "arith.ceildivsi",
    ArithCeildivui = "arith.ceildivui",
    ArithCmpi = "arith.cmpi",
    ArithConstant = "arith.constant",
    ArithDivsi = "arith.divsi",
    ArithDivui = "arith.divui",
    ArithExtsi = "arith.extsi",
    ArithExtui = "arith.extui",
    ArithExtf = "arith.extf",
    ArithFloordivsi = "arith.floordivsi",
    ArithIndexCast = "arith.index_cast",
    ArithIndexCastui = "arith.index_castui",
    ArithMaxsi = "arith.maxsi",
    ArithMaxui = "arith.maxui",
    ArithMinsi = "arith.minsi",
    ArithMinui = "arith.minui",
    ArithMuli = "arith.muli",
    ArithOri = "arith.ori",
    ArithRemsi = "arith.remsi",
    ArithRemui = "arith.remui",
    ArithSelect = "arith.select",
    ArithShli = "arith.shli",
    ArithShrsi = "arith.shrsi",
    ArithShrui = "arith.shrui",
    ArithSubi = "arith.subi",
    ArithTruncf = "arith.truncf",
    ArithTrunci = "arith.trunci",
    ArithXori = "arith.xori",
    CfBr = "cf.br",
    CfCondBr = "cf.cond_br",
    FuncCall = "func.call",
    FuncCallIndirect = "func.call_indirect",
    FuncFunc = "func.func",
    FuncReturn = "func.return",
    GpuBarrier = "gpu.barrier",
    GpuBlockDim = "gpu.block_dim",
    GpuBlockId = "gpu.block_id",
    GpuDynamicSharedMemory = "gpu.dynamic_shared_memory",
    GpuFunc = "gpu.func",
    GpuGridDim = "gpu.grid_dim",
    GpuLaneId = "gpu.lane_id",
    GpuLaunch = "gpu.launch",
    GpuLaunchFunc = "gpu.launch_func",
    GpuModule = "gpu.module",
    GpuReturn = "gpu.return",
    GpuShuffle = "gpu.shuffle",
    GpuSubgroupMmaLoadMatrix = "gpu.subgroup_mma_load_matrix",
    GpuSubgroupMmaStoreMatrix = "gpu.subgroup_mma_store_matrix",
    GpuThreadId = "gpu.thread_id",
    IndexCasts = "index.casts",
    IndexCastu = "index.castu",
    LlvmAdd = "llvm.add",
    LlvmAddrspacecast = "llvm.addrspacecast",
    LlvmAnd = "llvm.and",
    LlvmAShr = "llvm.ashr",
    LlvmLShr = "llvm.lshr",
    LlvmMul = "llvm.mul",
    LlvmSDiv = "llvm.sdiv",
    LlvmSRem = "llvm.srem",
    LlvmUDiv = "llvm.udiv",
    LlvmURem = "llvm.urem",
    LlvmOr = "llvm.or",
    LlvmShl = "llvm.shl",
    LlvmStore = "llvm.store",
    LlvmSub = "llvm.sub",
    LlvmXor = "llvm.xor",
    LlvmGetelementptr = "llvm.getelementptr",
    LlvmSext = "llvm.sext",
    LlvmTrunc = "llvm.trunc",
    LlvmZext = "llvm.zext",
    LlvmCall = "llvm.call",
    LlvmExtractvalue = "llvm.extractvalue",
    LlvmFunc = "llvm.func",
    LlvmInlineAsm = "llvm.inline_asm",
    LlvmInsertvalue = "llvm.insertvalue",
    LlvmInttoptr = "llvm.inttoptr",
    LlvmLoad = "llvm.load",
    LlvmMlirAddressof = "llvm.mlir.addressof",
    LlvmMlirConstant = "llvm.mlir.constant",
    LlvmMlirGlobal = "llvm.mlir.global",
    LlvmPoison = "llvm.mlir.poison",
    LlvmPtrtoint = "llvm.ptrtoint",
    MathExp2 = "math.exp2",
    MemrefAlloc = "memref.alloc",
    MemrefAlloca = "memref.alloca",
    MemrefAssumeAlignment = "memref.assume_alignment",
    MemrefCast = "memref.cast",
    MemrefCollapseShape = "memref.collapse_shape",
    MemrefCopy = "memref.copy",
    MemrefDealloc = "memref.dealloc",
    MemrefDim = "memref.dim",
    MemrefExpandShape = "memref.expand_shape",
    MemrefExtractAlignedPointerAsIndex = "memref.extract_aligned_pointer_as_index",
    MemrefExtractStridedMetadata = "memref.extract_strided_metadata",
    MemrefGetGlobal = "memref.get_global",
    MemrefLoad = "memref.load",
    MemrefMemorySpaceCast = "memref.memory_space_cast",
    MemrefReinterpretCast = "memref.reinterpret_cast",
    MemrefStore = "memref.store",
    MemrefSubview = "memref.subview",
    MemrefTranspose = "memref.transpose",
    MemrefView = "memref.view",
    NvgpuDeviceAsyncCopy = "nvgpu.device_async_copy",
    NvgpuDeviceAsyncCreateGroup = "nvgpu.device_async_create_group",
    NvgpuDeviceAsyncWait = "nvgpu.device_async_wait",
    NvgpuLdmatrix = "nvgpu.ldmatrix",
    NvgpuMbarrierArrive = "nvgpu.mbarrier.arrive",
    NvgpuMbarrierArriveExpectTx = "nvgpu.mbarrier.arrive.expect_tx",
    NvgpuMbarrierArriveNocomplete = "nvgpu.mbarrier.arrive.nocomplete",
    NvgpuMbarrierCreate = "nvgpu.mbarrier.create",
    NvgpuMbarrierInit = "nvgpu.mbarrier.init",
    NvgpuMbarrierTestWait = "nvgpu.mbarrier.test.wait",
    NvgpuMbarrierTryWaitParity = "nvgpu.mbarrier.try_wait.parity",
    NvgpuMmaSync = "nvgpu.mma.sync",
    NvgpuTmaAsyncLoad = "nvgpu.tma.async.load",
    NvgpuTmaAsyncStore = "nvgpu.tma.async.store",
    NvgpuTmaPrefetchDescriptor = "nvgpu.tma.prefetch.descriptor",
    NvgpuWarpgroupGenerateDescriptor = "nvgpu.warpgroup.generate.descriptor",
    NvgpuWarpgroupMma = "nvgpu.warpgroup.mma",
    NvgpuWarpgroupMmaInitAccumulator = "nvgpu.warpgroup.mma.init.accumulator",
    NvgpuWarpgroupMmaStore = "nvgpu.warpgroup.mma.store",
    NvvmCpAsyncBulkSharedClusterGlobal = "nvvm.cp.async.bulk.shared.cluster.global",
    NvvmCpAsyncBulkCommitGroup = "nvvm.cp.async.bulk.commit.group",
    NvvmCpAsyncBulkWaitGroup = "nvvm.cp.async.bulk.wait_group",
    NvvmCpAsyncBulkTensorGlobalSharedCta = "nvvm.cp.async.bulk.tensor.global.shared.cta",
    NvvmCpAsyncBulkTensorSharedClusterGlobal = "nvvm.cp.async.bulk.tensor.shared.cluster.global",
    NvvmCpAsyncCommitGroup = "nvvm.cp.async.commit.group",
    NvvmCpAsyncSharedGlobal = "nvvm.cp.async.shared.global",
    NvvmCpAsyncWaitGroup = "nvvm.cp.async.wait.group",
    NvvmLdmatrix = "nvvm.ldmatrix",
    NvvmElectSync = "nvvm.elect.sync",
    NvvmFenceMbarrierInit = "nvvm.fence.mbarrier.init",
    NvvmFenceProxy = "nvvm.fence.proxy",
    NvvmMbarrierArrive = "nvvm.mbarrier.arrive",
    NvvmMbarrierArriveExpectTx = "nvvm.mbarrier.arrive.expect_tx",
    NvvmMbarrierExpectTx = "nvvm.mbarrier.expect_tx",
    NvvmMbarrierInit = "nvvm.mbarrier.init",
    NvvmMbarrierTryWaitParity = "nvvm.mbarrier.try_wait.parity",
    NvvmReadPtxSregLaneid = "nvvm.read.ptx.sreg.laneid",
    NvvmReadPtxSregTidX = "nvvm.read.ptx.sreg.tid.x",
    NvvmReadPtxSregTidY = "nvvm.read.ptx.sreg.tid.y",
    NvvmReadPtxSregTidZ = "nvvm.read.ptx.sreg.tid.z",
    NvvmSetmaxregister = "nvvm.setmaxregister",
    NvvmShflSync = "nvvm.shfl.sync",
    NvvmWgmmaCommitGroupSyncAligned = "nvvm.wgmma.commit.group.sync.aligned",
    NvvmWgmmaFenceAligned = "nvvm.wgmma.fence.aligned",
    NvvmWgmmaMmaAsync = "nvvm.wgmma.mma_async",
    NvvmWgmmaWaitGroupSyncAligned = "nvvm.wgmma.wait.group.sync.aligned",
    ScfExecuteRegion = "scf.execute_region",
    ScfFor = "scf.for",
    ScfForall = "scf.forall",
    ScfForallInParallel = "scf.forall.in_parallel",
    ScfIf = "scf.if",
    ScfWhile = "scf.while",
    ScfYield = "scf.yield",
    TensorDim = "tensor.dim",
    TensorExtractSlice = "tensor.extract_slice",
    TensorInsertSlice = "tensor.insert_slice",
    TensorParallelInsertSlice = "tensor.parallel_insert_slice",
    UbPoison = "ub.poison",
    VectorExtract = "vector.extract",
    VectorFromElements = "vector.from_elements",
    VectorLoad = "vector.load",
    VectorStore = "vector.store",
    VectorTransferRead = "vector.transfer_read",
    VectorTransferWrite = "vector.transfer_write",
}

macro_rules! upstream_attributes {
    ($($constant:ident = $op:ident . $name:literal,)*) => {
        /// Names of upstream attributes the passes read or set, each
        /// declared by the op it is listed with in [`ATTRIBUTES`] (some,
        /// like `operandSegmentSizes`, by other ops too).
        pub mod attr {
            $(
                #[doc = concat!("`", $name, "` (on `Upstream::", stringify!($op), "`).")]
                pub const $constant: &str = $name;
            )*
        }

        /// Every attribute of [`attr`], with an op that declares it.
        pub const ATTRIBUTES: &[(Upstream, &str)] = &[$((Upstream::$op, $name),)*];
    };
}

/// `size` (its bytes) of `nvvm.cp.async.shared.global`: kept out of
/// [`ATTRIBUTES`], whose names tests/layering.rs looks for spelled out in
/// the passes, since "size" is also a word of their messages.
pub const CP_ASYNC_SIZE: &str = "size";

upstream_attributes! {
    ALIGNMENT = MemrefAlloc."alignment",
    ARG_ATTRS = GpuFunc."arg_attrs",
    BYPASS_L1 = NvgpuDeviceAsyncCopy."bypassL1",
    CALLEE = FuncCall."callee",
    CONTAINER_MODULE = BuiltinModule."gpu.container_module",
    DIMENSION = GpuThreadId."dimension",
    DST_ELEMENTS = NvgpuDeviceAsyncCopy."dstElements",
    FUNCTION_TYPE = FuncFunc."function_type",
    GPU_FUNCTION_TYPE = GpuFunc."function_type",
    GROUP = NvvmWgmmaWaitGroupSyncAligned."group",
    SETMAXNREG_ACTION = NvvmSetmaxregister."action",
    REG_COUNT = NvvmSetmaxregister."regCount",
    BULK_WAIT_GROUP = NvvmCpAsyncBulkWaitGroup."group",
    PROXY_KIND = NvvmFenceProxy."kind",
    LAYOUT_A = NvvmWgmmaMmaAsync."layoutA",
    LAYOUT_B = NvvmWgmmaMmaAsync."layoutB",
    POSITION = LlvmExtractvalue."position",
    ELEM_TYPE = LlvmGetelementptr."elem_type",
    RAW_CONSTANT_INDICES = LlvmGetelementptr."rawConstantIndices",
    SCALE_A = NvvmWgmmaMmaAsync."scaleA",
    SCALE_B = NvvmWgmmaMmaAsync."scaleB",
    SCALE_D = NvvmWgmmaMmaAsync."scaleD",
    SHAPE = NvvmWgmmaMmaAsync."shape",
    TYPE_A = NvvmWgmmaMmaAsync."typeA",
    TYPE_B = NvvmWgmmaMmaAsync."typeB",
    TYPE_D = NvvmWgmmaMmaAsync."typeD",
    GPU_KERNEL = GpuFunc."gpu.kernel",
    GLOBAL_NAME = MemrefGetGlobal."name",
    LDMATRIX_NUM = NvvmLdmatrix."num",
    LDMATRIX_LAYOUT = NvvmLdmatrix."layout",
    LDMATRIX_SHAPE = NvvmLdmatrix."shape",
    LDMATRIX_ELEMENT = NvvmLdmatrix."eltType",
    LLVM_CONSTANT_VALUE = LlvmMlirConstant."value",
    ADDRESSOF_NAME = LlvmMlirAddressof."global_name",
    LLVM_ADDR_SPACE = LlvmMlirGlobal."addr_space",
    LLVM_GLOBAL_TYPE = LlvmMlirGlobal."global_type",
    KERNEL = GpuLaunchFunc."kernel",
    KNOWN_BLOCK_SIZE = GpuFunc."known_block_size",
    LEAD_DIMENSION = GpuSubgroupMmaLoadMatrix."leadDimension",
    MMA_TRANSPOSE = GpuSubgroupMmaLoadMatrix."transpose",
    MMA_SHAPE = NvgpuMmaSync."mmaShape",
    NUM_GROUPS = NvgpuDeviceAsyncWait."numGroups",
    NUM_TILES = NvgpuLdmatrix."numTiles",
    WAIT_GROUP = NvgpuWarpgroupMma."waitGroup",
    SHUFFLE_KIND = NvvmShflSync."kind",
    SHUFFLE_MODE = GpuShuffle."mode",
    ASM_STRING = LlvmInlineAsm."asm_string",
    ASM_CONSTRAINTS = LlvmInlineAsm."constraints",
    ASM_SIDE_EFFECTS = LlvmInlineAsm."has_side_effects",
    WAIT_GROUP_COUNT = NvvmCpAsyncWaitGroup."n",
    OPERAND_SEGMENT_SIZES = NvgpuDeviceAsyncCopy."operandSegmentSizes",
    OVERFLOW_FLAGS = ArithAddi."overflowFlags",
    PREDICATE = ArithCmpi."predicate",
    STATIC_LOWER_BOUND = ScfForall."staticLowerBound",
    STATIC_OFFSETS = MemrefSubview."static_offsets",
    STATIC_POSITION = VectorExtract."static_position",
    STATIC_SIZES = MemrefSubview."static_sizes",
    STATIC_STEP = ScfForall."staticStep",
    STATIC_STRIDES = MemrefSubview."static_strides",
    STATIC_UPPER_BOUND = ScfForall."staticUpperBound",
    MAPPING = ScfForall."mapping",
    SYM_NAME = FuncFunc."sym_name",
    SYM_VISIBILITY = FuncFunc."sym_visibility",
    TF32_ENABLED = NvgpuMmaSync."tf32Enabled",
    TRANSPOSE = NvgpuLdmatrix."transpose",
    VALUE = ArithConstant."value",
    VECTOR_ALIGNMENT = VectorStore."alignment",
    WORKGROUP_ATTRIBUTIONS = GpuFunc."workgroup_attributions",
    WORKGROUP_ATTRIB_ATTRS = GpuFunc."workgroup_attrib_attrs",
}

/// The argument attribute by which a function says that a buffer argument
/// aliases no other argument (LLVM's `noalias`; CUDA's `__restrict__`).
pub const NOALIAS: &str = "llvm.noalias";

/// The attributes of [`ATTRIBUTES`] that their op's C++ API sets without
/// declaring them (so no registry lists them; a test parses an op that has
/// each instead): the gpu dialect's discardable `gpu.container_module` and
/// `gpu.kernel`, and the count gpu.func's parser keeps.
pub const UNDECLARED: &[&str] = &[attr::CONTAINER_MODULE, attr::GPU_KERNEL, attr::WORKGROUP_ATTRIBUTIONS];

impl Upstream {
    /// `op` as a table entry, if it is one.
    pub fn of(op: OperationRef) -> Option<Self> {
        Self::named(super::op_name(op))
    }

    /// Whether `op` is this op.
    pub fn is(self, op: OperationRef) -> bool {
        super::op_name(op) == self.name()
    }
}

impl AsRef<str> for Upstream {
    fn as_ref(&self) -> &str {
        self.name()
    }
}

/// Whether `op` reads the thread's position in its block or warp.
pub fn reads_thread_id(op: OperationRef) -> bool {
    thread_position(op).is_some()
}

/// What `op` reads of the thread's position: its id in dimension `Some(d)`
/// of the block (`gpu.thread_id`, `nvvm.read.ptx.sreg.tid.*`), or its lane
/// in the warp (`None`: `gpu.lane_id`, `nvvm.read.ptx.sreg.laneid`).
pub fn thread_position(op: OperationRef) -> Option<Option<usize>> {
    match Upstream::of(op)? {
        Upstream::GpuThreadId => super::gpu_dimension(op).map(Some),
        Upstream::NvvmReadPtxSregTidX => Some(Some(0)),
        Upstream::NvvmReadPtxSregTidY => Some(Some(1)),
        Upstream::NvvmReadPtxSregTidZ => Some(Some(2)),
        Upstream::GpuLaneId | Upstream::NvvmReadPtxSregLaneid => Some(None),
        _ => None,
    }
}

/// Whether `ty` is `!nvgpu.device.async.token` (the type of both a copy's
/// token and a group's). nvgpu has no C API for its types, so this compares
/// the printed form, here and nowhere else.
pub fn is_nvgpu_token_type(ty: melior::ir::Type) -> bool {
    ty.to_string() == "!nvgpu.device.async.token"
}

/// The rows and columns of a `!gpu.mma_matrix<RxCxT, "...">` (the gpu
/// dialect has no C API for its types: the printed form, here and nowhere
/// else).
pub fn mma_matrix_shape(ty: melior::ir::Type) -> Option<(i64, i64)> {
    let text = ty.to_string();
    let inner = text.strip_prefix("!gpu.mma_matrix<")?;
    let mut sizes = inner.split('x');
    let rows = sizes.next()?.trim().parse().ok()?;
    let columns = sizes.next()?.trim().parse().ok()?;
    Some((rows, columns))
}

/// Whether `op` is a collective of a warp whose lanes' indices address
/// each other's parts (`nvgpu.ldmatrix`: each lane gives a row address;
/// the subgroup MMA loads and stores): what one lane touches depends on
/// the other lanes' indices.
pub fn is_warp_collective_access(op: OperationRef) -> bool {
    matches!(Upstream::of(op), Some(Upstream::NvgpuLdmatrix | Upstream::GpuSubgroupMmaLoadMatrix | Upstream::GpuSubgroupMmaStoreMatrix))
}

/// Whether `op` is one of upstream nvgpu's cp.async ops (copy, group, wait).
pub fn is_nvgpu_async(op: OperationRef) -> bool {
    super::op_name(op).starts_with("nvgpu.device_async")
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::operation::OperationLike;

    /// Every name in the table is an op MLIR registers.
    #[test]
    fn every_name_is_registered() {
        let context = crate::Context::new();
        context.mlir().load_all_available_dialects();
        let unknown: Vec<&str> = Upstream::ALL
            .iter()
            .map(|op| op.name())
            .filter(|name| !context.mlir().is_registered_operation(name))
            .collect();
        assert!(unknown.is_empty(), "not registered operations: {unknown:?}");
        assert_eq!(Upstream::named("scf.for"), Some(Upstream::ScfFor));
        assert_eq!(Upstream::named("scf.parallel"), None);
    }

    /// Every attribute in the table is one its op declares.
    #[test]
    fn every_attribute_is_declared() {
        let context = crate::Context::new();
        context.mlir().load_all_available_dialects();
        let wrong: Vec<String> = ATTRIBUTES
            .iter()
            .filter(|(op, name)| super::super::declares_attribute(context.mlir(), op.name(), name) == UNDECLARED.contains(name))
            .map(|(op, name)| format!("{}: {name}", op.name()))
            .collect();
        assert!(wrong.is_empty(), "attributes declared, or not, unlike the table says: {wrong:?}");
        assert!(!super::super::declares_attribute(context.mlir(), "arith.constant", "numGroups"));
        // The undeclared one is where gpu.func's parser puts the count.
        let module = melior::ir::Module::parse(
            context.mlir(),
            "gpu.module @m { gpu.func @k() workgroup(%a: memref<4xf32, 3>) kernel { gpu.return } }",
        )
        .expect("parses");
        let mut found = false;
        super::super::walk(module.as_operation().into(), &mut |op| {
            if Upstream::GpuFunc.is(op) {
                found = super::super::int_attr(op, attr::WORKGROUP_ATTRIBUTIONS) == Some(1);
            }
        });
        assert!(found, "gpu.func keeps its workgroup attribution count in {}", attr::WORKGROUP_ATTRIBUTIONS);
        // The gpu dialect's discardable names are the ones its parser sets.
        let module = melior::ir::Module::parse(
            context.mlir(),
            "module attributes {gpu.container_module} { gpu.module @m { gpu.func @k() kernel { gpu.return } } }",
        )
        .expect("parses");
        assert!(module.as_operation().attribute(attr::CONTAINER_MODULE).is_ok());
        let mut kernels = 0;
        super::super::walk(module.as_operation().into(), &mut |op| {
            if Upstream::GpuFunc.is(op) && op.attribute(attr::GPU_KERNEL).is_ok() {
                kernels += 1;
            }
        });
        assert_eq!(kernels, 1, "gpu.func's `kernel` keyword sets {}", attr::GPU_KERNEL);
    }

    /// The dimension spellings the IR layer reads and writes are MLIR's:
    /// parsed thread ids read back as the dimension written, and so do
    /// `known_block_size`'s three sizes.
    #[test]
    fn gpu_dimensions_read_back() {
        let context = crate::Context::new();
        context.mlir().load_all_available_dialects();
        let module = melior::ir::Module::parse(
            context.mlir(),
            "gpu.module @m { gpu.func @k() kernel attributes {known_block_size = array<i32: 4, 2, 1>} { \
             %x = gpu.thread_id x %y = gpu.thread_id y %z = gpu.thread_id z gpu.return } }",
        )
        .expect("parses");
        let mut dimensions = Vec::new();
        let mut sizes = None;
        super::super::walk(module.as_operation().into(), &mut |op| {
            if Upstream::GpuThreadId.is(op) {
                dimensions.push(super::super::gpu_dimension(op));
            }
            if Upstream::GpuFunc.is(op) {
                sizes = super::super::known_block_size(op);
            }
        });
        assert_eq!(dimensions, vec![Some(0), Some(1), Some(2)]);
        assert_eq!(sizes, Some([4, 2, 1]));
    }
}

/// `arith.cmpi` predicates (`arith::CmpIPredicate`), the values of its
/// `predicate` attribute ([`attr::PREDICATE`]).
pub mod cmpi {
    pub const EQ: i64 = 0;
    pub const NE: i64 = 1;
    pub const SLT: i64 = 2;
    pub const SLE: i64 = 3;
    pub const SGT: i64 = 4;
    pub const SGE: i64 = 5;
    pub const ULT: i64 = 6;
    pub const ULE: i64 = 7;
    pub const UGT: i64 = 8;
    pub const UGE: i64 = 9;
}

/// An `nvgpu.device_async_copy`'s operands, by their segments (dst,
/// dstIndices, src, srcIndices, srcElements) and its element count.
pub struct DeviceAsyncCopy<'c, 'a> {
    pub dst: melior::ir::Value<'c, 'a>,
    pub dst_indices: Vec<melior::ir::Value<'c, 'a>>,
    pub src: melior::ir::Value<'c, 'a>,
    pub src_indices: Vec<melior::ir::Value<'c, 'a>>,
    /// Elements read from `src` (the rest of `dst_elements` are zeroes);
    /// None: all of them.
    pub src_elements: Option<melior::ir::Value<'c, 'a>>,
    pub dst_elements: i64,
}

impl<'c, 'a> DeviceAsyncCopy<'c, 'a> {
    /// The view of `op`, None for another op.
    pub fn of(op: OperationRef<'c, 'a>) -> Option<Self> {
        if !Upstream::NvgpuDeviceAsyncCopy.is(op) {
            return None;
        }
        let sizes = super::dense_i32_attr(op, attr::OPERAND_SEGMENT_SIZES)?;
        let operands: Vec<melior::ir::Value> = melior::ir::operation::OperationLike::operands(&op).collect();
        let (dst_rank, src_rank) = (*sizes.get(1)? as usize, *sizes.get(3)? as usize);
        Some(Self {
            dst: *operands.first()?,
            dst_indices: operands.get(1..1 + dst_rank)?.to_vec(),
            src: *operands.get(1 + dst_rank)?,
            src_indices: operands.get(2 + dst_rank..2 + dst_rank + src_rank)?.to_vec(),
            src_elements: (sizes.get(4) == Some(&1)).then(|| operands.get(2 + dst_rank + src_rank).copied()).flatten(),
            dst_elements: super::int_attr(op, attr::DST_ELEMENTS)?,
        })
    }
}
