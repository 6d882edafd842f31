//! How the block model lowers each op of a kernel: thread ids, barriers
//! and waits as yield points of the runner, cp.async copies, commits and
//! waits, mbarriers and bulk copies, and the warp collectives (ldmatrix,
//! mma.sync, wgmma) as per-lane exchanges through the runtime.

use crate::passes::ir::positions::OpPositions;
use super::*;

/// Lowers the kernel's ids, returns, cp.async ops, bulk copies and
/// mbarrier ops; collects the barriers and the mbarrier waits.
pub(super) fn lower_op<'c, 'a>(
    op: OperationRef<'c, 'a>,
    info: &Kernel<'c, 'a>,
    bid: Value<'c, 'a>,
    tid: Value<'c, 'a>,
    stops: &mut Stops<'c, 'a>,
) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let replace = |value: Value<'c, 'a>| {
        rewrite::replace_uses(op.result(0).unwrap().into(), value);
        ir::erase(op);
    };
    match Upstream::of(op) {
        Some(Upstream::GpuThreadId) => replace(if ir::gpu_dimension(op) == Some(0) { tid } else { b.index_constant(0, at) }),
        Some(Upstream::GpuBlockId) => replace(bid),
        Some(Upstream::GpuBlockDim) => {
            replace(b.index_constant(if ir::gpu_dimension(op) == Some(0) { info.threads } else { 1 }, at))
        }
        // The grid's size is the test's (block_sim_configure_grid), for
        // kernels whose blocks walk the tiles (persistent ones).
        Some(Upstream::GpuGridDim) => replace(if ir::gpu_dimension(op) == Some(0) {
            b.call(GRID_DIM, &[], &[b.index_type()], at).result(0).unwrap().into()
        } else {
            b.index_constant(1, at)
        }),
        Some(Upstream::GpuBarrier) => stops.barriers.push(op),
        Some(Upstream::MemrefSubview) => check_view(op, info, &b),
        Some(Upstream::NvvmMbarrierTryWaitParity) => stops.waits.push(op),
        Some(Upstream::NvgpuLdmatrix | Upstream::NvgpuMmaSync) => stops.collectives.push(op),
        // The runtime's mbarriers need no fence: every thread sees them at once.
        Some(Upstream::NvvmFenceMbarrierInit) => ir::erase(op),
        Some(Upstream::NvvmMbarrierInit) => {
            // (barrier, arrival count)
            let operands = [tid, address_of(&b, operand(op, 0), at), index_of(&b, operand(op, 1), at)];
            b.call(MBARRIER_INIT, &operands, &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvvmMbarrierExpectTx) => {
            // (barrier, bytes)
            let operands = [tid, address_of(&b, operand(op, 0), at), index_of(&b, operand(op, 1), at)];
            b.call(EXPECT_TX, &operands, &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvvmCpAsyncBulkSharedClusterGlobal) => {
            // (destination, source, barrier, bytes)
            let dst = address_of(&b, operand(op, 0), at);
            let src = address_of(&b, operand(op, 1), at);
            let barrier = address_of(&b, operand(op, 2), at);
            let bytes = index_of(&b, operand(op, 3), at);
            stops.yields.push(b.call(BULK_COPY, &[tid, dst, src, bytes, barrier], &[], at));
            ir::erase(op);
        }
        Some(Upstream::NvvmMbarrierArrive) => {
            b.call(ARRIVE, &[tid, address_of(&b, operand(op, 0), at)], &[], at);
            // Its result (the barrier's state before the arrival) is opaque.
            if op.result_count() > 0 {
                rewrite::poison_and_erase(op);
            } else {
                ir::erase(op);
            }
        }
        Some(Upstream::NvvmWgmmaFenceAligned) => ir::erase(op),
        Some(Upstream::NvvmWgmmaMmaAsync) => wgmma(op, tid, stops),
        // (check() refused any other inline assembly.)
        Some(Upstream::LlvmInlineAsm) => match InlinePtx::of(op) {
            Some(InlinePtx::Ex2) => replace(b.value(Upstream::MathExp2, &[operand(op, 0)], Type::float32(b.ctx()), &[], at)),
            Some(InlinePtx::WgmmaRegisters(_)) => stops.collectives.push(op),
            None => {}
        },
        Some(Upstream::GpuShuffle) => stops.collectives.push(op),
        Some(Upstream::NvvmWgmmaCommitGroupSyncAligned) => {
            b.call(WGMMA_COMMIT, &[tid], &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvvmWgmmaWaitGroupSyncAligned | Upstream::NvvmSetmaxregister) => stops.warpgroup_waits.push(op),
        Some(Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal) => {
            // (destination, tensor map, column, row, barrier)
            let dst = address_of(&b, operand(op, 0), at);
            let map = address_of(&b, operand(op, 1), at);
            let x = index_of(&b, operand(op, 2), at);
            let y = index_of(&b, operand(op, 3), at);
            let barrier = address_of(&b, operand(op, 4), at);
            stops.yields.push(b.call(TENSOR_COPY, &[tid, dst, map, x, y, barrier], &[], at));
            ir::erase(op);
        }
        Some(Upstream::GpuReturn) => {
            let end = b.index_constant(0, at);
            b.op(Upstream::FuncReturn, &[end], &[], &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvgpuDeviceAsyncCopy) => {
            stops.yields.push(cp_async(op, tid));
            rewrite::poison_and_erase(op);
        }
        Some(Upstream::NvgpuDeviceAsyncCreateGroup) => {
            b.call(COMMIT, &[tid], &[], at);
            rewrite::poison_and_erase(op);
        }
        Some(Upstream::NvvmCpAsyncCommitGroup) => {
            b.call(COMMIT, &[tid], &[], at);
            ir::erase(op);
        }
        Some(Upstream::NvgpuDeviceAsyncWait | Upstream::NvvmCpAsyncWaitGroup) => {
            let count = if Upstream::NvvmCpAsyncWaitGroup.is(op) { attr::WAIT_GROUP_COUNT } else { attr::NUM_GROUPS };
            let allowed = ir::int_attr(op, count).unwrap_or(0);
            let allowed = b.index_constant(allowed, at);
            b.call(WAIT, &[tid, allowed], &[], at);
            ir::erase(op);
        }
        _ => {}
    }
}

/// A view of a kernel argument (global memory) asks the runtime whether its
/// last element lies inside the argument, dimension by dimension
/// (`block_sim_view(last, extent)`): a block past the kernel's tiles, or a
/// wrong offset, would otherwise write the host's memory (a crash or a hang
/// of the runner, far from the cause). Views with dynamic sizes or strides,
/// or of arguments of dynamic shape, are not checked.
fn check_view<'c, 'a>(view: OperationRef<'c, 'a>, info: &Kernel<'c, 'a>, b: &Builder<'c>) {
    let Some((source, slice)) = Slice::of(view) else { return };
    let Some(block) = ir::argument_owner(source) else { return };
    let is_kernel_argument = block.parent_operation().and_then(|f| ir::region_entry(f, 0)) == Some(block)
        && ir::argument_index(source).is_some_and(|k| k < info.arguments.len());
    let shape = ir::shape(source.r#type());
    if !is_kernel_argument || shape.len() != slice.offsets.len() || shape.iter().any(|d| *d < 0) {
        return;
    }
    let at = Point::Before(view);
    for (k, &extent) in shape.iter().enumerate() {
        let (Mixed::Static(size), Mixed::Static(stride)) = (slice.sizes[k], slice.strides[k]) else { continue };
        let Some(reach) = size.checked_sub(1).and_then(|s| s.checked_mul(stride)).filter(|_| size > 0) else { continue };
        let offset = match slice.offsets[k] {
            Mixed::Static(offset) => b.index_constant(offset, at),
            Mixed::Dynamic(offset) => offset,
        };
        let reach = b.index_constant(reach, at);
        let last = b.binary(Upstream::ArithAddi, offset, reach, at);
        let extent = b.index_constant(extent, at);
        b.call(VIEW, &[last, extent], &[], at);
    }
}

/// The NVVM ops `lower_op` lowers (any other would reach the CPU's code
/// generator, which cannot select it).
pub(super) fn is_modeled_nvvm(op: OperationRef) -> bool {
    matches!(
        Upstream::of(op),
        Some(
            Upstream::NvvmFenceMbarrierInit
                | Upstream::NvvmMbarrierInit
                | Upstream::NvvmMbarrierExpectTx
                | Upstream::NvvmMbarrierArrive
                | Upstream::NvvmMbarrierTryWaitParity
                | Upstream::NvvmCpAsyncBulkSharedClusterGlobal
                | Upstream::NvvmCpAsyncBulkTensorSharedClusterGlobal
                | Upstream::NvvmCpAsyncCommitGroup
                | Upstream::NvvmCpAsyncWaitGroup
                | Upstream::NvvmWgmmaFenceAligned
                | Upstream::NvvmWgmmaMmaAsync
                | Upstream::NvvmWgmmaCommitGroupSyncAligned
                | Upstream::NvvmWgmmaWaitGroupSyncAligned
                | Upstream::NvvmSetmaxregister
        )
    )
}

/// A warpgroup's wait as a stop (see `stop_before`):
/// - `nvvm.wgmma.wait.group.sync.aligned N` asks
///   `block_sim_wgmma_ready(tid, N)` whether every thread of the warpgroup
///   has committed the groups it waits for (a wgmma is the warpgroup's
///   operation: it cannot complete before every warp has issued it), then
///   `block_sim_wgmma_wait(tid, N)` completes them for the warpgroup;
/// - `nvvm.setmaxregister` arrives (`block_sim_setmaxnreg(tid, increase,
///   count)`) and asks `block_sim_setmaxnreg_ready(tid)` whether its
///   warpgroup's request is granted: every thread has arrived and, for an
///   increase, the block's pool holds the registers (others released them).
///
/// Returns the block that asks.
pub(super) fn warpgroup_wait<'c, 'a>(op: OperationRef<'c, 'a>, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    if Upstream::NvvmSetmaxregister.is(op) {
        let increase = b.index_constant(i64::from(nvvm::setmaxnreg_increases(op)), at);
        let count = b.index_constant(ir::int_attr(op, attr::REG_COUNT).unwrap_or(0), at);
        b.call(SETMAXNREG, &[tid, increase, count], &[], at);
        let (ask, _) = stop_before(op, number, SETMAXNREG_READY, &[tid]);
        ir::erase(op);
        return ask;
    }
    let group = ir::int_attr(op, attr::GROUP).unwrap_or(0);
    let allowed = b.index_constant(group, at);
    let (ask, _) = stop_before(op, number, WGMMA_READY, &[tid, allowed]);
    let at = Point::Before(op);
    let allowed = b.index_constant(group, at);
    b.call(WGMMA_WAIT, &[tid, allowed], &[], at);
    ir::erase(op);
    ask
}

/// `nvvm.wgmma.mma_async` as one thread's part (see block-sim's
/// block_sim_wgmma): the thread's registers in, its products computed, the
/// registers out; a register the code keeps in memory (its home, in the
/// thread's private memory) is left to land there at the wait that
/// completes the wgmma (the store that would put it there goes, in
/// `stops.landed`).
pub(super) fn wgmma<'c, 'a>(op: OperationRef<'c, 'a>, tid: Value<'c, 'a>, stops: &mut Stops<'c, 'a>) {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    // The thread's registers in, the thread's part computed, out.
    let form = Wgmma::of(op).expect("check() accepted this wgmma");
    let (inouts, n) = (operand(op, 0), form.n);
    let f32_type = Type::float32(b.ctx());
    for r in 0..n / 2 {
        let position = b.i64_array(&[r]);
        let value = b.value(Upstream::LlvmExtractvalue, &[inouts], f32_type, &[(attr::POSITION, position)], at);
        let home = register_home(&b, inouts, r, at);
        b.call(WGMMA_IN, &[tid, b.index_constant(r, at), home, value], &[], at);
    }
    let kind = wgmma_kind(form.bf16, false, form.b_k_major);
    let kind = b.index_constant(kind, at);
    let operands = [tid, index_of(&b, operand(op, 1), at), index_of(&b, operand(op, 2), at), b.index_constant(n, at), kind];
    b.call(WGMMA, &operands, &[], at);
    wgmma_results(&b, op, n, tid, &mut stops.landed);
}

/// The runtime's `kind` of a wgmma: bit 0 bf16 (else f16), bit 1 A from
/// registers (else through its descriptor, K-major), bit 2 B K-major (else
/// N-major: a row-major K x N tile, wgmma's transposed B).
fn wgmma_kind(bf16: bool, a_registers: bool, b_k_major: bool) -> i64 {
    i64::from(bf16) | i64::from(a_registers) << 1 | i64::from(b_k_major) << 2
}

/// The registers out of the wgmma just issued (`block_sim_wgmma_out`), in
/// place of `op`'s struct of results; a register the code keeps in memory
/// (its home, in the thread's private memory) is left to land there at the
/// wait that completes the wgmma (the store that would put it there goes,
/// in `landed`).
fn wgmma_results<'c, 'a>(b: &Builder<'c>, op: OperationRef<'c, 'a>, n: i64, tid: Value<'c, 'a>, landed: &mut Vec<OperationRef<'c, 'a>>) {
    let at = Point::Before(op);
    let f32_type = Type::float32(b.ctx());
    let ty = op.result(0).unwrap().r#type();
    let mut result = b.value(Upstream::LlvmPoison, &[], ty, &[], at);
    for r in 0..n / 2 {
        let value: Value = b.call(WGMMA_OUT, &[b.index_constant(r, at)], &[f32_type], at).result(0).unwrap().into();
        let position = b.i64_array(&[r]);
        result = b.value(Upstream::LlvmInsertvalue, &[result, value], ty, &[(attr::POSITION, position)], at);
    }
    for extract in ir::users(op.result(0).unwrap().into()).into_iter().filter(|u| Upstream::LlvmExtractvalue.is(*u)) {
        let Some(r) = ir::dense_i64_attr(extract, attr::POSITION).and_then(|p| p.first().copied()) else { continue };
        for store in ir::users(extract.result(0).unwrap().into()).into_iter().filter(|u| Upstream::MemrefStore.is(*u)) {
            let here = Point::Before(store);
            let memref = operand(store, 1);
            let indices: Vec<Value> = store.operands().skip(2).collect();
            let home = b.byte_address(memref, &indices, 4, here);
            b.call(WGMMA_HOME, &[tid, b.index_constant(r, here), home], &[], here);
            landed.push(store);
        }
    }
    rewrite::replace_uses(op.result(0).unwrap().into(), result);
    ir::erase(op);
}

/// A wgmma with A from registers (inline PTX, see [`InlinePtx`]) as a warp
/// collective: wgmma is `.sync.aligned`, and a thread's rows of D need the
/// A elements its quad's other lanes hold. Each lane supplies its 8 A
/// elements (as f32, with where each was loaded from: its home, which must
/// not change until the wait that completes the wgmma) and arrives; once
/// the whole warp has, it hands in its accumulators and issues its part,
/// with A from the warp's registers and B through the descriptor. Returns
/// the block that asks whether the warp has arrived.
fn wgmma_registers<'c, 'a>(op: OperationRef<'c, 'a>, form: WgmmaRegisters, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let f32_type = Type::float32(b.ctx());
    let d = form.accumulators();
    let half_type = if form.bf16 { Type::bfloat16(b.ctx()) } else { Type::float16(b.ctx()) };
    for k in 0..4 {
        let register = operand(op, d + k);
        for h in 0..2 {
            // The low half holds the first of the register's two elements.
            let bits = if h == 0 {
                register
            } else {
                let sixteen = b.int_constant(b.int_type(32), 16, at);
                b.binary(Upstream::ArithShrui, register, sixteen, at)
            };
            let narrow = b.value(Upstream::ArithTrunci, &[bits], b.int_type(16), &[], at);
            let half = b.value(Upstream::ArithBitcast, &[narrow], half_type, &[], at);
            let value = b.value(Upstream::ArithExtf, &[half], f32_type, &[], at);
            let home = half_home(&b, register, h, at);
            let slot = b.index_constant((2 * k + h) as i64, at);
            b.call(WGMMA_A, &[tid, slot, home, value], &[], at);
        }
    }
    b.call(WARP_ARRIVE, &[tid], &[], at);
    let (ask, _) = stop_before(op, number, WARP_READY, &[tid]);
    let at = Point::Before(op);
    // scale-d 0: D = A B, the accumulators' values unread.
    let scale = operand(op, d + 5);
    let zero32 = b.int_constant(b.int_type(32), 0, at);
    let predicate = b.int_attr(64, ir::upstream::cmpi::NE);
    let accumulate = b.value(Upstream::ArithCmpi, &[scale, zero32], b.i1_type(), &[(attr::PREDICATE, predicate)], at);
    let zero = b.float_constant(f32_type, 0.0, at);
    let nowhere = b.index_constant(0, at);
    for r in 0..d {
        let value = operand(op, r);
        let home = scalar_home(&b, value, at);
        let value = b.value(Upstream::ArithSelect, &[accumulate, value, zero], f32_type, &[], at);
        let home = b.value(Upstream::ArithSelect, &[accumulate, home, nowhere], b.index_type(), &[], at);
        b.call(WGMMA_IN, &[tid, b.index_constant(r as i64, at), home, value], &[], at);
    }
    let kind = b.index_constant(wgmma_kind(form.bf16, true, !form.b_transposed), at);
    let descriptor = index_of(&b, operand(op, d + 4), at);
    b.call(WGMMA, &[tid, nowhere, descriptor, b.index_constant(form.n, at), kind], &[], at);
    b.call(WARP_DONE, &[tid], &[], at);
    let mut landed = Vec::new();
    wgmma_results(&b, op, form.n, tid, &mut landed);
    landed.into_iter().for_each(ir::erase);
    ask
}

/// Where an f32 register handed to a wgmma was loaded from (its byte
/// address), or 0: a `memref.load`, or element `r` of a struct built from
/// such loads ([`register_home`]).
fn scalar_home<'c, 'a>(b: &Builder<'c>, value: Value<'c, 'a>, at: Point<'c, 'a>) -> Value<'c, 'a> {
    if let Some(home) = load_home(b, value, at) {
        return home;
    }
    match ir::defining_op(value) {
        Some(extract) if Upstream::LlvmExtractvalue.is(extract) => {
            match ir::dense_i64_attr(extract, attr::POSITION).as_deref() {
                Some(&[r]) => register_home(b, operand(extract, 0), r, at),
                _ => b.index_constant(0, at),
            }
        }
        _ => b.index_constant(0, at),
    }
}

/// Where half `h` (0: the low 16 bits) of a 32-bit A register was loaded
/// from (its byte address), when the register is two 16-bit loads packed
/// as `lo | hi << 16` (each `extui(bitcast(memref.load))`); else 0 (the
/// model then cannot see the home change, only the value it read).
fn half_home<'c, 'a>(b: &Builder<'c>, register: Value<'c, 'a>, h: usize, at: Point<'c, 'a>) -> Value<'c, 'a> {
    let def = |v: Value<'c, 'a>, kind: Upstream| ir::defining_op(v).filter(|op| kind.is(*op));
    let shifted = |v: Value<'c, 'a>| {
        def(v, Upstream::ArithShli).filter(|shl| ir::constant_int(operand(*shl, 1)) == Some(16)).map(|shl| operand(shl, 0))
    };
    let half = def(register, Upstream::ArithOri).and_then(|or| {
        let (x, y) = (operand(or, 0), operand(or, 1));
        let (low, high) = match (shifted(x), shifted(y)) {
            (None, Some(high)) => (x, high),
            (Some(high), None) => (y, high),
            _ => return None,
        };
        let part = if h == 0 { low } else { high };
        let bits = operand(def(part, Upstream::ArithExtui)?, 0);
        Some(operand(def(bits, Upstream::ArithBitcast)?, 0))
    });
    half.and_then(|half| load_home(b, half, at)).unwrap_or_else(|| b.index_constant(0, at))
}

/// `gpu.shuffle` (width 32) as a warp collective: the lane supplies its
/// value and arrives; once the whole warp has, it reads the value of the
/// lane the mode names (xor: lane ^ offset; down: lane + offset; up: lane -
/// offset; idx: offset), or its own where that lane is outside the warp
/// (the `valid` result false), as PTX's shfl.sync. Returns the block that
/// asks whether the warp has arrived.
fn shuffle<'c, 'a>(op: OperationRef<'c, 'a>, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let slot = b.index_constant(0, at);
    b.call(WARP_VALUE, &[tid, slot, operand(op, 0)], &[], at);
    b.call(WARP_ARRIVE, &[tid], &[], at);
    let (ask, _) = stop_before(op, number, WARP_READY, &[tid]);
    let at = Point::Before(op);
    let mode = op.attribute(attr::SHUFFLE_MODE).map(|a| a.to_string()).unwrap_or_default();
    let lanes = b.index_constant(32, at);
    let lane = b.binary(Upstream::ArithRemui, tid, lanes, at);
    let offset = index_of(&b, operand(op, 1), at);
    let source = if mode.contains("xor") {
        b.binary(Upstream::ArithXori, lane, offset, at)
    } else if mode.contains("down") {
        b.binary(Upstream::ArithAddi, lane, offset, at)
    } else if mode.contains("up") {
        b.binary(Upstream::ArithSubi, lane, offset, at)
    } else {
        offset
    };
    // (up: a lane below the offset wraps to a large unsigned index.)
    let predicate = b.int_attr(64, ir::upstream::cmpi::ULT);
    let valid = b.value(Upstream::ArithCmpi, &[source, lanes], b.i1_type(), &[(attr::PREDICATE, predicate)], at);
    let source = b.value(Upstream::ArithSelect, &[valid, source, lane], b.index_type(), &[], at);
    let value: Value = b.call(WARP_READ, &[tid, source, slot], &[Type::float32(b.ctx())], at).result(0).unwrap().into();
    b.call(WARP_DONE, &[tid], &[], at);
    rewrite::replace_uses(op.result(0).unwrap().into(), value);
    rewrite::replace_uses(op.result(1).unwrap().into(), valid);
    ir::erase(op);
    ask
}

pub(super) fn operand<'c, 'a>(op: OperationRef<'c, 'a>, k: usize) -> Value<'c, 'a> {
    op.operand(k).expect("the operands the NVVM op's verifier requires")
}

/// Whether the block model runs this `nvgpu.ldmatrix`: of 16-bit floats
/// (the runtime reads 2-byte elements).
pub(super) fn is_modeled_ldmatrix(op: OperationRef) -> bool {
    op.result_at(0).is_some_and(|r| {
        let element = ir::element_type(r.r#type());
        element.is_f16() || element.is_bf16()
    })
}

/// Whether the block model runs this `nvgpu.mma.sync`: m16n8k16 on f16 or
/// bf16 fragments into f32.
pub(super) fn is_modeled_mma(op: OperationRef) -> bool {
    let shape: Vec<i64> = op
        .attribute(attr::MMA_SHAPE)
        .map(|a| ir::array_elements(a).into_iter().filter_map(|e| IntegerAttribute::try_from(e).ok().map(|i| i.value())).collect())
        .unwrap_or_default();
    let a = op.operand(0).map(|v| ir::element_type(v.r#type()));
    let c = op.operand(2).map(|v| ir::element_type(v.r#type()));
    shape == [16, 8, 16]
        && a.is_ok_and(|t| t.is_f16() || t.is_bf16())
        && c.is_ok_and(|t| t.is_f32())
        && op.attribute(attr::TF32_ENABLED).is_err()
}

/// The scalars of a vector value, in row-major order: those a
/// `vector.from_elements` (a collective's results) was built from, or
/// extracted one by one.
pub(super) fn elements<'c, 'a>(b: &Builder<'c>, vector: Value<'c, 'a>, at: Point<'c, 'a>) -> Vec<Value<'c, 'a>> {
    if let Some(def) = ir::defining_op(vector).filter(|d| Upstream::VectorFromElements.is(*d)) {
        return def.operands().collect();
    }
    let shape = ir::shape(vector.r#type());
    let element = ir::element_type(vector.r#type());
    let count: i64 = shape.iter().product();
    (0..count)
        .map(|k| {
            let mut position = Vec::new();
            let mut rest = k;
            for d in shape.iter().rev() {
                position.push(rest % d);
                rest /= d;
            }
            position.reverse();
            let position = b.i64_array(&position);
            b.value(Upstream::VectorExtract, &[vector], element, &[(attr::STATIC_POSITION, position)], at)
        })
        .collect()
}

/// A warp collective (`nvgpu.ldmatrix`, `nvgpu.mma.sync`) as a stop: the
/// lane supplies its part (ldmatrix: the address of its row; mma.sync: its
/// A, B and C fragment values, as f32) and arrives, then a block of its own
/// asks `block_sim_warp_ready(tid)` and returns `number` while the warp has
/// not all arrived (the thread runs again from that block). After it, the
/// lane takes its result elements from the runtime and is done. The result
/// vector's element extractions use the scalars directly, and later
/// collectives look through the `vector.from_elements` that stands for it
/// ([`elements`]), so that no vector lives across a stop. Returns the
/// asking block.
pub(super) fn warp_collective<'c, 'a>(op: OperationRef<'c, 'a>, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    if let Some(InlinePtx::WgmmaRegisters(form)) = InlinePtx::of(op) {
        return wgmma_registers(op, form, tid, number);
    }
    if Upstream::GpuShuffle.is(op) {
        return shuffle(op, tid, number);
    }
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let f32_type = Type::float32(b.ctx());
    let ldmatrix = Upstream::NvgpuLdmatrix.is(op);
    let result: Value = op.result(0).expect("a collective's result").into();
    let result_type = result.r#type();
    let element = ir::element_type(result_type);
    if ldmatrix {
        let memref = operand(op, 0);
        let indices: Vec<Value> = op.operands().skip(1).collect();
        let bytes = ir::element_bytes(memref.r#type());
        let address = b.byte_address(memref, &indices, bytes, at);
        b.call(WARP_ADDRESS, &[tid, address], &[], at);
        // The last lane to arrive makes the warp read the rows.
        let tiles = b.index_constant(ir::int_attr(op, attr::NUM_TILES).unwrap_or(1), at);
        b.call(LDMATRIX_ARRIVE, &[tid, tiles], &[], at);
    } else {
        let mut slot = 0;
        for k in 0..3 {
            for value in elements(&b, operand(op, k), at) {
                let value = if value.r#type().is_f32() { value } else { b.value(Upstream::ArithExtf, &[value], f32_type, &[], at) };
                let index = b.index_constant(slot, at);
                b.call(WARP_VALUE, &[tid, index, value], &[], at);
                slot += 1;
            }
        }
        b.call(WARP_ARRIVE, &[tid], &[], at);
    }
    // The stop until the whole warp has arrived.
    let (ask, rest) = stop_before(op, number, WARP_READY, &[tid]);
    // The results, at the start of the code after the stop (where `op` is).
    debug_assert_eq!(rest.first_operation(), Some(op));
    let here = Point::Before(op);
    let shape = ir::shape(result_type);
    let mut values = Vec::new();
    if ldmatrix {
        let transpose = ir::bool_attr(op, attr::TRANSPOSE).unwrap_or(false);
        let kind = b.index_constant(i64::from(element.is_bf16()), here);
        let transpose = b.index_constant(i64::from(transpose), here);
        for i in 0..shape[0] {
            for j in 0..shape[1] {
                let (i, j) = (b.index_constant(i, here), b.index_constant(j, here));
                let wide = b.call(LDMATRIX_VALUE, &[tid, i, j, transpose, kind], &[f32_type], here).result(0).unwrap().into();
                values.push(b.value(Upstream::ArithTruncf, &[wide], element, &[], here));
            }
        }
    } else {
        for e in 0..4 {
            let e = b.index_constant(e, here);
            values.push(b.call(MMA_RESULT, &[tid, e], &[f32_type], here).result(0).unwrap().into());
        }
    }
    b.call(WARP_DONE, &[tid], &[], here);
    // Extractions of one element use it directly; other uses get a vector.
    for user in ir::users(result) {
        if !Upstream::VectorExtract.is(user) || user.operand_count() != 1 {
            continue;
        }
        if let Some(&[row, column]) = ir::dense_i64_attr(user, attr::STATIC_POSITION).as_deref() {
            // A position outside the fragment (vector.extract's poison
            // index -1, say) keeps its extraction, from the vector below.
            let k = row.checked_mul(shape[1]).and_then(|r| r.checked_add(column)).and_then(|k| usize::try_from(k).ok());
            let Some(&element) = k.and_then(|k| values.get(k)).filter(|_| row >= 0 && column >= 0 && column < shape[1]) else {
                continue;
            };
            rewrite::replace_uses(user.result(0).unwrap().into(), element);
            ir::erase(user);
        }
    }
    if !ir::users(result).is_empty() {
        let vector = b.value(Upstream::VectorFromElements, &values, result_type, &[], here);
        rewrite::replace_uses(result, vector);
    }
    ir::erase(op);
    ask
}

/// The address a pointer holds, as an `index` (the runtime's unit).
pub(super) fn address_of<'c, 'a>(b: &Builder<'c>, pointer: Value<'c, 'a>, at: Point<'c, 'a>) -> Value<'c, 'a> {
    let int = b.value(Upstream::LlvmPtrtoint, &[pointer], b.int_type(64), &[], at);
    b.value(Upstream::ArithIndexCast, &[int], b.index_type(), &[], at)
}

/// An integer operand (an arrival count, bytes, a parity) as an `index`.
pub(super) fn index_of<'c, 'a>(b: &Builder<'c>, value: Value<'c, 'a>, at: Point<'c, 'a>) -> Value<'c, 'a> {
    b.value(Upstream::ArithIndexCast, &[value], b.index_type(), &[], at)
}

/// `nvvm.mbarrier.try_wait.parity %barrier, %parity` as a stop: a block of
/// its own that asks `block_sim_try_wait(tid, barrier, parity)` and goes on
/// when the phase is complete, or returns `number` (the thread is run
/// again from that block). Returns the block.
pub(super) fn mbarrier_wait<'c, 'a>(wait: OperationRef<'c, 'a>, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    let b = Builder::new(wait.context(), wait.location());
    let at = Point::Before(wait);
    let barrier = address_of(&b, operand(wait, 0), at);
    let parity = index_of(&b, operand(wait, 1), at);
    let (ask, _) = stop_before(wait, number, TRY_WAIT, &[tid, barrier, parity]);
    ir::erase(wait);
    ask
}

/// A yield point after `after` (an async copy's runtime call): a block of
/// its own that asks `block_sim_yield(tid)` and goes on, or returns
/// `number` (the thread is run again from that block, which then goes on).
/// Returns the block.
pub(super) fn yield_point<'c, 'a>(after: OperationRef<'c, 'a>, tid: Value<'c, 'a>, number: i64) -> BlockRef<'c, 'a> {
    let next = after.next_in_block().expect("a call is not a block's terminator");
    stop_before(next, number, YIELD, &[tid]).0
}

/// A stop before `op`: `op` and what follows move into a block of their own
/// (ask), entered by a branch from the code before; there the runtime call
/// `ask(tid, operands)` is made, and the thread goes on to `op` when it
/// returns non-zero, or returns `number` (the driver runs it again from the
/// ask block). Returns the ask block and the block that starts at `op`.
pub(super) fn stop_before<'c, 'a>(
    op: OperationRef<'c, 'a>,
    number: i64,
    ask: &str,
    operands: &[Value<'c, 'a>],
) -> (BlockRef<'c, 'a>, BlockRef<'c, 'a>) {
    let b = Builder::new(op.context(), op.location());
    let before = op.block().expect("an op in a block");
    let asking = rewrite::split_before(op);
    b.branch(asking, &[], Point::End(before));
    let at = Point::Before(op);
    let answer = b.call(ask, operands, &[b.index_type()], at).result(0).unwrap().into();
    let zero = b.index_constant(0, at);
    let predicate = b.int_attr(64, ir::upstream::cmpi::NE);
    let goes_on = b.value(Upstream::ArithCmpi, &[answer, zero], b.i1_type(), &[(attr::PREDICATE, predicate)], at);
    let rest = rewrite::split_before(op);
    let region = asking.parent_region().expect("a block in a region");
    let stop = region.insert_block_after(asking, Block::new(&[]));
    let code = b.index_constant(number, Point::End(stop));
    b.op(Upstream::FuncReturn, &[code], &[], &[], Point::End(stop));
    b.cond_branch(goes_on, (rest, &[]), (stop, &[]), Point::End(asking));
    (asking, rest)
}


/// `nvgpu.device_async_copy` as `block_sim_cp_async(tid, dst, src, bytes,
/// src bytes)` with the byte addresses of its first elements.
pub(super) fn cp_async<'c, 'a>(op: OperationRef<'c, 'a>, tid: Value<'c, 'a>) -> OperationRef<'c, 'a> {
    let b = Builder::new(op.context(), op.location());
    let at = Point::Before(op);
    let copy = DeviceAsyncCopy::of(op).expect("an nvgpu.device_async_copy");
    let element_bytes = ir::element_bytes(copy.dst.r#type());
    let dst_at = b.byte_address(copy.dst, &copy.dst_indices, element_bytes, at);
    let src_at = b.byte_address(copy.src, &copy.src_indices, element_bytes, at);
    let size = b.index_constant(copy.dst_elements * element_bytes, at);
    let src_size = match copy.src_elements {
        Some(elements) => {
            let width = b.index_constant(element_bytes, at);
            b.binary(Upstream::ArithMuli, elements, width, at)
        }
        None => size,
    };
    b.call(CP_ASYNC, &[tid, dst_at, src_at, size, src_size], &[], at)
}

/// The runner's entry block branches on `resume` to the code after that
/// barrier (block `resumes[k - 1]` for barrier k), or to the kernel's first
/// block for 0.
pub(super) fn dispatch<'c, 'a>(runner: OperationRef<'c, 'a>, resume: Value<'c, 'a>, resumes: &[BlockRef<'c, 'a>]) -> Vec<BlockRef<'c, 'a>> {
    let region = runner.region(0).expect("a function body");
    let blocks = ir::region_blocks(region);
    let (entry, start) = (blocks[0], blocks[1]);
    let b = Builder::new(runner.context(), runner.location());
    let mut at = entry;
    let mut dispatcher = vec![entry];
    for (k, target) in resumes.iter().enumerate() {
        let number = b.index_constant(k as i64 + 1, Point::End(at));
        let predicate = b.int_attr(64, ir::upstream::cmpi::EQ);
        let here = b.value(Upstream::ArithCmpi, &[resume, number], b.i1_type(), &[(attr::PREDICATE, predicate)], Point::End(at));
        let next = region.insert_block_after(at, Block::new(&[]));
        b.cond_branch(here, (*target, &[]), (next, &[]), Point::End(at));
        at = next;
        dispatcher.push(next);
    }
    b.branch(start, &[], Point::End(at));
    dispatcher
}
