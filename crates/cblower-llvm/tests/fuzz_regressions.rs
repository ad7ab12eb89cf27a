//! Regressions found by the fuzz targets in `fuzz/` (inputs kept under
//! `fuzz/regressions/`), one test per finding.

use cblower_llvm::ir_io::parse_module;
use cblower_llvm::passes::{parse_pipeline, run_pipeline};
use inkwell::context::Context;

/// Resident set size of this process in bytes (Linux).
fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

/// `opt` target, every input: inkwell's `create_module_from_ir` leaked the
/// whole input buffer on each parse (LLVM 22's parser no longer takes it).
/// 24 parses of a 16 MiB module would keep 384 MiB if the buffer leaked.
#[test]
fn parsing_ir_frees_the_input_buffer() {
    let mut text = String::from("define i32 @f() {\n  ret i32 7\n}\n");
    let filler =
        "; padding comment line that the lexer skips ...................................\n";
    while text.len() < 16 << 20 {
        text.push_str(filler);
    }
    let ctx = Context::create();
    // One parse first, so allocator pools and LLVM's statics are warm.
    drop(parse_module(&ctx, text.as_bytes(), "big.ll").unwrap());
    let before = resident_bytes();
    for _ in 0..24 {
        let m = parse_module(&ctx, text.as_bytes(), "big.ll").unwrap();
        assert!(m.get_function("f").is_some());
    }
    let grown = resident_bytes().saturating_sub(before);
    assert!(
        grown < 64 << 20,
        "resident memory grew by {} MiB over 24 parses",
        grown >> 20
    );
    // A rejected input frees its buffer too.
    let before = resident_bytes();
    for _ in 0..24 {
        let mut bad = text.clone();
        bad.push_str("this is not IR\n");
        assert!(parse_module(&ctx, bad.as_bytes(), "bad.ll").is_err());
    }
    let grown = resident_bytes().saturating_sub(before);
    assert!(grown < 64 << 20, "grew by {} MiB on errors", grown >> 20);
}

/// `opt` target, `fuzz/regressions/opt/unsized-layout-op-lower.ll`: a
/// mutated `target("dx.Padding", 12)` became an unknown target extension
/// type, the layout struct lost its size, and `dxil-op-lower` asked LLVM
/// for the struct's alloc size, which traps (SIGTRAP) inside LLVM.
#[test]
fn op_lower_refuses_an_unsized_cbuffer_layout() {
    let text = r#"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float, target("fuzz.Unknown", 12), float }>

@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

define void @main() {
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding(i32 1, i32 3, i32 1, i32 0, ptr @CB.str)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  %r0 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %h, i32 0)
  %x0 = extractvalue { float, float, float, float } %r0, 0
  call void @use(float %x0)
  ret void
}

declare void @use(float)
"#;
    let ctx = Context::create();
    let module = parse_module(&ctx, text.as_bytes(), "unsized.ll").unwrap();
    let passes = parse_pipeline("dxil-op-lower").unwrap();
    let err = run_pipeline(&module, &passes, &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.to_string().lines().next().unwrap(),
        "dxil-op-lower: in function 'main': the cbuffer layout type %__cblayout_CB = type <{ float, target(\"fuzz.Unknown\", 12), float }> has no size (it holds a target extension type LLVM cannot lay out)"
    );
}

/// `opt` target, `fuzz/regressions/opt/spirv-handle-type-mismatch.ll`: the
/// handle global holds `target("spirv.VulkanBuffer", %CB, 3, 0)` but the
/// handle stored into it is `..., 2, 0)`. `spirv-cbuffer-access` declared
/// `getpointer` for the global's type and passed it the stored handle, so
/// its output failed the verifier ("Call parameter type does not match").
#[test]
fn spirv_access_refuses_a_handle_of_another_type() {
    let text = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

%__cblayout_CB = type <{ float }>

@CB.cb = global target("spirv.VulkanBuffer", %__cblayout_CB, 3, 0) poison
@x = external hidden addrspace(12) global float, align 4
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

define float @main() {
  %h = call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
  store target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %h, ptr @CB.cb, align 8
  %v = load float, ptr addrspace(12) @x, align 4
  ret float %v
}

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(12) @x}
"#;
    let ctx = Context::create();
    let module = parse_module(&ctx, text.as_bytes(), "mismatch.ll").unwrap();
    let passes = parse_pipeline("spirv-cbuffer-access").unwrap();
    let err = run_pipeline(&module, &passes, &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.to_string().lines().next().unwrap(),
        "spirv-cbuffer-access: in function 'main': the handle stored into @CB.cb has type target(\"spirv.VulkanBuffer\", %__cblayout_CB, 2, 0), but the global holds target(\"spirv.VulkanBuffer\", %__cblayout_CB, 3, 0)"
    );
}

/// `opt` target, `fuzz/regressions/opt/op-lower-handle-stored-twice.ll`: a
/// handle stored twice into the same global made `dxil-op-lower` delete
/// that global twice (a use after free: SIGSEGV inside LLVM).
#[test]
fn op_lower_deletes_a_twice_stored_handle_global_once() {
    let text = r#"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float }>

@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

define float @main() {
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %h, i32 0)
  %x = extractvalue { float, float, float, float } %r, 0
  ret float %x
}
"#;
    let ctx = Context::create();
    let module = parse_module(&ctx, text.as_bytes(), "twice.ll").unwrap();
    let passes = parse_pipeline("dxil-op-lower").unwrap();
    run_pipeline(&module, &passes, &mut Vec::new()).unwrap();
    assert!(module.get_global("CB.cb").is_none());
    assert!(module.get_global("CB.str").is_none());
    let text = module.print_to_string().to_string();
    assert!(
        text.contains("@dx.op.cbufferLoadLegacy.f32(i32 59"),
        "{text}"
    );
}
