//! What an NVVM-level `wgmma.mma_async` reads through its shared-memory
//! matrix descriptors. A descriptor is an i64 that packs a start address
//! (bits 0-13, in 16-byte units), the leading and stride byte offsets (LBO,
//! bits 16-29; SBO, bits 32-45, also in 16-byte units), a base offset
//! (bits 49-51) and the swizzle mode (bits 62-63); upstream's
//! convert-nvgpu-to-nvvm builds it from `llvm.ptrtoint` of the tile's
//! pointer with shl, lshr and or, and adds each k step's and each 64-row
//! half's offset to it. Taking the whole memref the pointer came from as
//! what the wgmma reads (as the model once did) is unsound: `desc + 512`
//! reads 8 KB past the pointer, which may be past the memref. Here the
//! descriptor is evaluated as the kernel computes it, at the pointer's
//! address, decoded, and its operand's footprint laid out from the fields
//! and the wgmma's shape (PTX ISA, "Matrix Descriptor Format" and the
//! canonical layouts of wgmma's shared-memory operands).
//!
//! The shared-memory address of a buffer is not known at compile time.
//! The descriptor is evaluated at five addresses of the pointer, with its
//! buffer at 0, 5, 37, 96 and 160 KB (aligned to the 1 KB swizzle atom, as
//! a buffer that TMA fills with a swizzled box must be, and together
//! setting every address bit from 10 to 17, the top one of the 14-bit
//! start field, that a mask of the packing could drop; a placement that
//! would put the pointer past the 227 KB a block can have is skipped): the footprints,
//! relative to the buffer, must agree, else the packing is not a plain
//! function of the address and the model cannot prove the reads. Outside
//! the dynamic shared memory (one buffer for every view of it), a footprint
//! must stay inside the memref its pointer comes from: the model does not
//! know what lies past another buffer's end.

use crate::passes::ir::positions::{BlockPositions, OpPositions};
use super::*;
use crate::passes::ir::nvvm::WgmmaGeometry;

/// How a descriptor depends on the thread that computes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Dependence {
    /// Not at all.
    None,
    /// Through the warpgroup's index only (`tid.x / 128`): the same in
    /// every thread of a warpgroup.
    Warpgroup,
    /// Otherwise through a thread id, lane id or block size.
    Thread,
}

/// Buffer addresses at which a descriptor is evaluated ([module docs](self)).
const BUFFER_ADDRESSES: [i64; 5] = [0, 5 * 1024, 37 * 1024, 96 * 1024, 160 * 1024];

/// The most shared memory a block has on sm_90 (227 KB): no pointer into
/// it lies at or past this address.
const MAX_SHARED_BYTES: i64 = 227 * 1024;

/// Integer nodes a descriptor's evaluation visits at most.
const PACKING_BUDGET: usize = 256;

/// A wgmma shared-memory matrix descriptor, decoded (byte units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MatrixDescriptor {
    pub start: i64,
    pub lbo: i64,
    pub sbo: i64,
    /// The swizzle width in bytes (128, 64, 32), 0 for none (interleaved).
    pub swizzle: i64,
    pub base_offset: i64,
}

impl MatrixDescriptor {
    pub fn decode(descriptor: i64) -> Self {
        let bits = descriptor as u64;
        let field = |shift: u32| (((bits >> shift) & 0x3FFF) * 16) as i64;
        let swizzle = match bits >> 62 {
            0 => 0,
            1 => 128,
            2 => 64,
            _ => 32,
        };
        MatrixDescriptor { start: field(0), lbo: field(16), sbo: field(32), swizzle, base_offset: ((bits >> 49) & 7) as i64 }
    }

    /// The bytes (absolute addresses `[lo, hi)`, sorted and merged) that a
    /// wgmma operand of `mn` rows or columns by `k`, of `bits`-bit
    /// elements, reads through this descriptor; `k_major`: K is the
    /// contiguous dimension. Laid out from 16-byte core-matrix rows, 8 to a
    /// core matrix (or to a swizzle atom of 8 rows of the swizzle width):
    /// K-major, the `mn / 8` groups of 8 rows stand SBO apart (and, with no
    /// swizzle, the K core matrices LBO apart); MN-major, the atoms along MN
    /// and the groups of 8 along K stand LBO and SBO apart (both
    /// assignments are taken: the union covers either reading of the
    /// fields). A swizzle permutes 16-byte chunks within an aligned row of
    /// its width, so each row is widened to the aligned rows it touches.
    /// None where the fields make no layout (a base offset, a K-major row
    /// wider than its swizzle) or the arithmetic overflows.
    pub fn footprint(&self, mn: i64, k: i64, bits: i64, k_major: bool) -> Option<Vec<(i64, i64)>> {
        if self.base_offset != 0 || (k * bits) % 8 != 0 {
            return None;
        }
        let k_bytes = k * bits / 8;
        let mn_bytes = (mn * bits + 7) / 8;
        let width = if self.swizzle == 0 { 16 } else { self.swizzle };
        // A block of 8 rows of `width` bytes at `a`, widened to whole rows.
        let block = |a: i64, row: i64| -> Option<(i64, i64)> {
            let lo = a.checked_div_euclid(width)?.checked_mul(width)?;
            let end = a.checked_add(7i64.checked_mul(width)?)?.checked_add(row)?;
            let hi = end.checked_add(width - 1)?.checked_div_euclid(width)?.checked_mul(width)?;
            Some((lo, hi))
        };
        let mut ranges = Vec::new();
        if k_major {
            if self.swizzle != 0 && k_bytes > self.swizzle {
                return None;
            }
            let along_k = if self.swizzle == 0 { (k_bytes + 15) / 16 } else { 1 };
            let row = if self.swizzle == 0 { 16 } else { k_bytes };
            for i in 0..along_k {
                for g in 0..(mn + 7) / 8 {
                    let a = self.start.checked_add(i.checked_mul(self.lbo)?)?.checked_add(g.checked_mul(self.sbo)?)?;
                    ranges.push(block(a, row)?);
                }
            }
        } else {
            let along_mn = (mn_bytes + width - 1) / width;
            let along_k = (k + 7) / 8;
            // Swizzled, the atoms along MN stand LBO apart and the groups
            // of 8 along K SBO apart (CUTLASS's canonical MN-major layouts,
            // ((T,8,m),(8,k)):((1,T,LBO),(8T,SBO))); interleaved, the
            // roles are the other way round: both are taken there.
            let assignments: &[(i64, i64)] = if self.swizzle != 0 { &[(self.lbo, self.sbo)] } else { &[(self.lbo, self.sbo), (self.sbo, self.lbo)] };
            for &(s1, s2) in assignments {
                for i in 0..along_mn {
                    for j in 0..along_k {
                        let a = self.start.checked_add(i.checked_mul(s1)?)?.checked_add(j.checked_mul(s2)?)?;
                        ranges.push(block(a, width)?);
                    }
                }
            }
        }
        ranges.sort();
        let mut merged: Vec<(i64, i64)> = Vec::new();
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Some(merged)
    }
}

impl<'c, 'a> Model<'c, 'a> {
    /// The bytes that operand `which` (0: A, 1: B) of the NVVM `wgmma`
    /// `op` reads through its descriptor `descriptor`, in the coordinates of
    /// the buffer its pointer points into; Err: why it cannot be proven.
    pub(super) fn descriptor_reads(&self, op: OperationRef<'c, 'a>, descriptor: Value<'c, 'a>, which: usize) -> Result<Vec<Bytes>, String> {
        let Some(geometry) = WgmmaGeometry::of(op) else {
            return Err("cannot prove: the shape, element types or layouts of this wgmma.mma_async are not ones the model reads".into());
        };
        let Some((pointer, _)) = self.address_leaf(descriptor) else {
            return Err("cannot prove: which shared memory this wgmma descriptor addresses is not known (the model follows the integer operations that pack a shared-memory pointer, from llvm.ptrtoint of a memref's pointer or memref.extract_aligned_pointer_as_index)".into());
        };
        let Some((buffer, offset)) = self.packed_address(pointer) else {
            return Err("cannot prove: where the pointer that this wgmma descriptor packs points is not known (the model follows getelementptr with indices it evaluates, addrspacecast and a memref descriptor's aligned pointer)".into());
        };
        let leaf = ValueKey::of(Value::from(pointer.result(0).map_err(|_| String::new())?));
        let mn = if which == 0 { geometry.m } else { geometry.n };
        // A buffer of known size lies wholly below the block's shared
        // memory's end: bases that would put its end past it are none it
        // can have (a deep ring's last slots would wrap the descriptor's
        // 18 address bits there, and make the footprint look base-dependent).
        let extent = self.leaf_memref(pointer).and_then(ir::allocation_of).and_then(|alloc| {
            let ty = alloc.result_at(0)?.r#type();
            let shape = ir::shape(ty);
            (!shape.iter().any(|&d| d < 0)).then(|| shape.iter().try_fold(ir::element_bytes(ty), |n, &d| n.checked_mul(d)))?
        });
        let mut answer: Option<Vec<(i64, i64)>> = None;
        for base in BUFFER_ADDRESSES {
            let beyond = |end: Option<i64>| end.is_none_or(|address| address >= MAX_SHARED_BYTES);
            if base != 0 && (beyond(base.checked_add(offset)) || extent.is_some_and(|e| beyond(base.checked_add(e - 1)))) {
                continue;
            }
            let ranges = (|| {
                let address = base.checked_add(offset)?;
                let packed = self.packed(descriptor, leaf, address, &mut PACKING_BUDGET.clone())?;
                let ranges = MatrixDescriptor::decode(packed).footprint(mn, geometry.k, geometry.bits[which], geometry.k_major[which])?;
                ranges.into_iter().map(|(lo, hi)| Some((lo.checked_sub(base)?, hi.checked_sub(base)?))).collect::<Option<Vec<_>>>()
            })();
            let Some(ranges) = ranges else {
                return Err("cannot prove: this wgmma descriptor's value or its fields are not known (its integer operations are evaluated at the pointer's address; a base offset, or a K-major row wider than the swizzle, is no layout the model reads)".into());
            };
            if answer.as_ref().is_some_and(|a| *a != ranges) {
                return Err("cannot prove: what this wgmma descriptor reads depends on where the buffer lies in shared memory (its bits do not follow the address as a start address does)".into());
            }
            answer = Some(ranges);
        }
        let ranges = answer.unwrap_or_default();
        if buffer != Buffer::Dynamic {
            let inside = self.leaf_memref(pointer).and_then(|m| self.view(m).bytes().range);
            let within = |(lo, hi): &(i64, i64)| inside.is_some_and(|(a, b)| a <= *lo && *hi <= b);
            if !ranges.iter().all(within) {
                return Err("cannot prove: this wgmma descriptor reads past the memref its pointer comes from (outside the dynamic shared memory the model does not know what lies there)".into());
            }
        }
        Ok(ranges.into_iter().map(|range| Bytes { buffer: buffer.clone(), range: Some(range) }).collect())
    }

    /// The memref whose address leaf `leaf` takes: the operand of
    /// `memref.extract_aligned_pointer_as_index`, or the memref whose
    /// descriptor's aligned pointer `llvm.ptrtoint` reaches through
    /// getelementptr and addrspacecast.
    pub(super) fn leaf_memref(&self, leaf: OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
        let value = leaf.operand_at(0)?;
        if Upstream::MemrefExtractAlignedPointerAsIndex.is(leaf) {
            return Some(value);
        }
        match self.pointer_origin(value)? {
            Origin::Memref(memref) => Some(memref),
            Origin::Addressof(_) => None,
        }
    }

    /// Where the address that `leaf` ([`Self::address_leaf`]) gives
    /// points: a buffer and a byte offset in it. `llvm.ptrtoint` of a
    /// pointer the model follows ([`Self::pointer`]); the aligned pointer of
    /// a memref (`memref.extract_aligned_pointer_as_index`, as
    /// asyncpipe-lower-mma builds descriptors), its view's base.
    pub(super) fn packed_address(&self, leaf: OperationRef<'c, 'a>) -> Option<(Buffer, i64)> {
        let operand = leaf.operand_at(0)?;
        if Upstream::LlvmPtrtoint.is(leaf) {
            return self.pointer(operand);
        }
        let view = self.view(operand);
        Some((view.buffer, view.base?))
    }

    /// The one address leaf (`llvm.ptrtoint`, or
    /// `memref.extract_aligned_pointer_as_index`) whose pointer a
    /// descriptor (or an integer made a pointer by `llvm.inttoptr`) packs: the pure integer operations that build it are
    /// followed back to it (upstream packs the address with shl, lshr and
    /// or, and adds each k step's offset; asyncpipe-lower-mma adds the
    /// view's element offset, read from memref.extract_strided_metadata, to
    /// the aligned pointer). None when a path ends elsewhere (a
    /// loop-carried descriptor, a load, a call: bits the walk cannot see)
    /// or reaches two pointers.
    /// With it: how the descriptor depends on the thread
    /// ([`Self::descriptor_reads_of`]).
    pub(super) fn address_leaf(&self, descriptor: Value<'c, 'a>) -> Option<(OperationRef<'c, 'a>, Dependence)> {
        let mut found: Option<OperationRef> = None;
        let mut dependence = Dependence::None;
        let x_ids: HashSet<ValueKey> = self.block.thread_ids.iter().filter(|(_, d)| *d == 0).map(|(v, _)| ValueKey::of(*v)).collect();
        let block_values: HashSet<ValueKey> = self
            .block
            .thread_ids
            .iter()
            .chain(&self.block.block_dims)
            .map(|(v, _)| ValueKey::of(*v))
            .chain(self.block.lane_ids.iter().map(|v| ValueKey::of(*v)))
            .collect();
        let mut stack = vec![descriptor];
        let mut seen = HashSet::new();
        while let Some(value) = stack.pop() {
            if seen.len() > PACKING_BUDGET {
                return None;
            }
            if !seen.insert(ValueKey::of(value)) {
                continue;
            }
            // A number the model knows (a loaded counter it follows,
            // [`super::private`]; a thread id bound for one thread): no
            // pointer's address is known to it, so the value does not
            // depend on the leaf.
            if self.eval_int(value).is_some() {
                continue;
            }
            if block_values.contains(&ValueKey::of(value)) {
                dependence = Dependence::Thread;
                continue;
            }
            let def = ir::defining_op(value)?;
            if self.warpgroup_index(def, &x_ids) {
                dependence = dependence.max(Dependence::Warpgroup);
                continue;
            }
            if Upstream::LlvmPtrtoint.is(def) || Upstream::MemrefExtractAlignedPointerAsIndex.is(def) {
                if found.is_some_and(|f| f != def) {
                    return None;
                }
                found = Some(def);
                continue;
            }
            if matches!(Upstream::of(def), Some(Upstream::LlvmMlirConstant | Upstream::ArithConstant)) {
                continue;
            }
            if Upstream::MemrefExtractStridedMetadata.is(def) {
                // A view's offset, sizes and strides that the model cannot
                // evaluate here (the known ones were taken above): they may
                // depend on the thread (a row per thread).
                dependence = Dependence::Thread;
                continue;
            }
            // Pure integer arithmetic only: a call, a load, a special
            // register or inline asm may contribute bits the walk cannot see.
            let pure = ir::memory_effects(def).is_some_and(|effects| effects.is_empty());
            let integer = |t: Type| t.is_integer() || t.is_index();
            if !pure || def.operand_count() == 0 || def.region_count() > 0 || def.result_count() != 1 || !def.operands().all(|o| integer(o.r#type())) {
                return None;
            }
            stack.extend(def.operands());
        }
        let found = found?;
        // The address leaf's own view may depend on the thread (a subview
        // at a thread's row): then so does the descriptor.
        if dependence != Dependence::Thread && self.packed_address(found).is_none() {
            dependence = Dependence::Thread;
        }
        Some((found, dependence))
    }

    /// The bytes of the box of a TMA load whose tensor map is a kernel
    /// argument that asyncpipe's bulk queues made: the kernel's
    /// `asyncpipe.tensor_maps` names it (source argument, box rows, box
    /// columns, swizzle), and the box's elements are the source memref's.
    pub(super) fn asyncpipe_box_bytes(&self, op: OperationRef<'c, 'a>, map: Value<'c, 'a>) -> Option<i64> {
        use melior::ir::ValueLike;
        let argument = melior::ir::block::BlockArgument::try_from(map).ok()?;
        let function = ir::enclosing_function(op)?;
        let entry = ir::region_entry(function, 0)?;
        if argument.owner() != entry {
            return None;
        }
        let maps = function.attribute(crate::passes::ir::ods::asyncpipe::attrs::TENSOR_MAPS).ok()?.to_string();
        let records: Vec<Vec<i64>> = maps
            .split("array<i64:")
            .skip(1)
            .map(|r| r.split('>').next().unwrap_or("").split(',').filter_map(|n| n.trim().parse().ok()).collect())
            .collect();
        // The maps are the function's last inputs, one per record in order
        // (asyncpipe-lower-to-nvgpu appends them); a gpu.func's workgroup
        // and private attributions come after its inputs.
        let inputs = ir::function_input_count(function);
        let first = inputs.checked_sub(records.len())?;
        let index = argument.argument_number().checked_sub(first).filter(|i| *i < records.len())?;
        let [source, rows, columns, ..] = records[index][..] else { return None };
        // The box's elements are those of the source memref the map
        // describes (an input before the maps).
        let source = usize::try_from(source).ok().filter(|s| *s < first)?;
        let source = entry.argument_at(source)?;
        if !source.r#type().is_mem_ref() {
            return None;
        }
        let element = ir::element_bytes(source.r#type());
        rows.checked_mul(columns)?.checked_mul(element).filter(|b| *b > 0)
    }

    /// Whether `def` is `tid.x / c` (divui, divsi, floordivsi, or shrui by
    /// a constant) with `c` a multiple of 128 and the block's x size too:
    /// the same number in every thread of a warpgroup.
    fn warpgroup_index(&self, def: OperationRef<'c, 'a>, x_ids: &HashSet<ValueKey>) -> bool {
        let kind = Upstream::of(def);
        let divides = matches!(kind, Some(Upstream::ArithDivui | Upstream::ArithDivsi | Upstream::ArithFloordivsi));
        if !(divides || kind == Some(Upstream::ArithShrui)) || self.block.shape[0] % 128 != 0 {
            return false;
        }
        let (Ok(x), Ok(c)) = (def.operand(0), def.operand(1)) else { return false };
        let Some(c) = self.eval_int(c) else { return false };
        let per_warpgroup = if divides { c > 0 && c % 128 == 0 } else { (7..64).contains(&c) };
        per_warpgroup && x_ids.contains(&ValueKey::of(x))
    }

    /// [`Self::descriptor_reads`] for the `threads` that issue `op`: once
    /// when the descriptor is the same number in every thread; once per
    /// warpgroup when it depends on the thread through the warpgroup's
    /// index only; else once per thread, with its ids bound. wgmma is a
    /// warpgroup's collective op, issued with one descriptor: it must be
    /// the same in every thread of a warpgroup (a warpgroup's rows of A,
    /// say, from the warpgroup's index), and the reads are the union over
    /// the warpgroups.
    pub(super) fn descriptor_reads_of(&mut self, op: OperationRef<'c, 'a>, descriptor: Value<'c, 'a>, which: usize, threads: &Threads) -> Result<Vec<Bytes>, String> {
        let dependence = self.address_leaf(descriptor).map_or(Dependence::None, |(_, d)| d);
        if dependence == Dependence::None {
            return self.descriptor_reads(op, descriptor, which);
        }
        // Per warpgroup: its first thread in `threads` stands for it.
        let mut evaluated = Threads::none(self.block.size);
        let mut last_group = None;
        for t in threads.iter() {
            if dependence == Dependence::Thread || last_group != Some(t / 128) {
                evaluated.insert(t);
                last_group = Some(t / 128);
            }
        }
        let original = self.bindings.clone();
        let mut warpgroups: BTreeMap<usize, Vec<Bytes>> = BTreeMap::new();
        let mut outcome = Ok(());
        for t in evaluated.iter() {
            self.block.bind(&mut self.bindings, t as i64);
            let reads = self.descriptor_reads(op, descriptor, which);
            match reads {
                Err(why) => outcome = Err(why),
                Ok(reads) => match warpgroups.get(&(t / 128)) {
                    Some(earlier) if *earlier != reads => {
                        outcome = Err("cannot prove: this wgmma's descriptor differs between threads of one warpgroup (wgmma is issued by the warpgroup with one descriptor)".into())
                    }
                    Some(_) => {}
                    None => {
                        warpgroups.insert(t / 128, reads);
                    }
                },
            }
            if outcome.is_err() {
                break;
            }
        }
        self.bindings = original;
        outcome?;
        let mut union: Vec<Bytes> = warpgroups.into_values().flatten().collect();
        union.sort();
        union.dedup();
        Ok(union)
    }

    /// The i64 `value` with the `llvm.ptrtoint` result `leaf` taken as
    /// `address`: the 64-bit integer operations of a descriptor's packing,
    /// evaluated; any other value by [`Self::eval_int`] (which knows no
    /// pointer's address, so a value that depends on the leaf otherwise is
    /// not evaluated).
    pub(super) fn packed(&self, value: Value<'c, 'a>, leaf: ValueKey, address: i64, budget: &mut usize) -> Option<i64> {
        use Upstream::*;
        if ValueKey::of(value) == leaf {
            return Some(address);
        }
        *budget = budget.checked_sub(1)?;
        // A block argument (a ring's slot carried in iter_args): what the
        // model knows of it.
        let Some(def) = ir::defining_op(value) else { return self.eval_int(value) };
        let kind = Upstream::of(def);
        let wide = |v: Value| symbolic::integer_bits(v.r#type()) == Some(64);
        if matches!(kind, Some(ArithIndexCast | ArithIndexCastui | BuiltinUnrealizedConversionCast)) && def.operand_count() == 1 && wide(value) {
            // index <-> i64: the same 64 bits.
            let source = def.operand_at(0).filter(|s| wide(*s))?;
            return self.packed(source, leaf, address, budget);
        }
        let binary = matches!(
            kind,
            Some(LlvmAdd | LlvmSub | LlvmMul | LlvmShl | LlvmLShr | LlvmAShr | LlvmAnd | LlvmOr | LlvmXor | ArithAddi | ArithSubi | ArithMuli | ArithShli | ArithShrui | ArithShrsi | ArithAndi | ArithOri | ArithXori)
        );
        if !binary || def.operand_count() != 2 || !wide(value) {
            return self.eval_int(value);
        }
        let x = self.packed(def.operand_at(0)?, leaf, address, budget)?;
        let y = self.packed(def.operand_at(1)?, leaf, address, budget)?;
        let shift = || u32::try_from(y).ok().filter(|s| *s < 64);
        Some(match kind? {
            LlvmAdd | ArithAddi => x.wrapping_add(y),
            LlvmSub | ArithSubi => x.wrapping_sub(y),
            LlvmMul | ArithMuli => x.wrapping_mul(y),
            LlvmShl | ArithShli => ((x as u64) << shift()?) as i64,
            LlvmLShr | ArithShrui => ((x as u64) >> shift()?) as i64,
            LlvmAShr | ArithShrsi => x >> shift()?,
            LlvmAnd | ArithAndi => x & y,
            LlvmOr | ArithOri => x | y,
            _ => x ^ y,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::MatrixDescriptor;

    /// Upstream's A descriptor of a 128x64 f16 tile, swizzle 128 B, K-major:
    /// SBO 1 KB (field 64), LBO 16 KB (field 1024, unused), and its
    /// m64k16 operand: 8 groups of 8 rows of 128 B, 1 KB apart.
    #[test]
    fn k_major_swizzled() {
        let d = MatrixDescriptor { start: 0, lbo: 16384, sbo: 1024, swizzle: 128, base_offset: 0 };
        assert_eq!(d.footprint(64, 16, 16, true), Some(vec![(0, 8192)]));
        // The third k step (+96 bytes) stays in the same rows.
        let step = MatrixDescriptor { start: 96, ..d };
        assert_eq!(step.footprint(64, 16, 16, true), Some(vec![(0, 8192)]));
        // The second 64-row half (+8 KB).
        let half = MatrixDescriptor { start: 8192, ..d };
        assert_eq!(half.footprint(64, 16, 16, true), Some(vec![(8192, 16384)]));
    }

    /// Upstream's B descriptor (64x128 f16, N-major, swizzle 128 B): atoms of
    /// 64 columns 8 KB apart (LBO), groups of 8 k rows 1 KB apart (SBO).
    #[test]
    fn mn_major_swizzled() {
        let d = MatrixDescriptor { start: 2048, lbo: 8192, sbo: 1024, swizzle: 128, base_offset: 0 };
        assert_eq!(d.footprint(128, 16, 16, false), Some(vec![(2048, 4096), (10240, 12288)]));
    }

    #[test]
    fn interleaved_and_refused() {
        // No swizzle, K-major: 2 core matrices along K (LBO 128), 8 along M (SBO 256).
        let d = MatrixDescriptor { start: 0, lbo: 128, sbo: 256, swizzle: 0, base_offset: 0 };
        assert_eq!(d.footprint(64, 16, 16, true), Some(vec![(0, 2048)]));
        assert_eq!(MatrixDescriptor { base_offset: 1, ..d }.footprint(64, 16, 16, true), None);
        // A 32-byte swizzle holds a 32-byte K row (k16 of f16), not a 64-byte one.
        let narrow = MatrixDescriptor { swizzle: 32, ..d };
        assert!(narrow.footprint(64, 16, 16, true).is_some());
        assert_eq!(narrow.footprint(64, 32, 16, true), None);
        // Decoding: upstream's packing of address 0x400 with swizzle 128.
        let packed = (1i64 << 62) | (64 << 32) | (1024 << 16) | (0x400 >> 4);
        assert_eq!(MatrixDescriptor::decode(packed), MatrixDescriptor { start: 0x400, lbo: 16384, sbo: 1024, swizzle: 128, base_offset: 0 });
    }
}
