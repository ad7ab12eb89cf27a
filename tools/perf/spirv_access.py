#!/usr/bin/env python3
"""Times `spirv-cbuffer-access`: cblower-opt against opt-22.

Generates SPIR-V compute modules with N member loads (N = 1k, 10k, 100k by
default) shaped like clang-22's -O1 output: one cbuffer of 64 members
(scalars, vectors, padded arrays), the handle created and stored at the top of
`main`, then loads in blocks of 100 instructions: direct member loads,
loads through constant-expression GEPs (array elements) and through run-time
GEPs, all summed so nothing is dead. Each tool runs
`-S -passes=spirv-cbuffer-access -o <file>` on every module RUNS times, alternately
(the two outputs must be byte-identical, or the script stops);
the median wall time, the median CPU time (user + system, which contention
from other processes does not inflate) and the peak RSS of the first run (all
from wait4) are printed as a Markdown table.

With --time-passes, both tools instead run
`-time-passes -disable-output -passes=spirv-cbuffer-access` on each module,
alternately, and the table gives the pass's own time as each tool's timing
report prints it (the `SPIRVCBufferAccess` line, LLVM's format): median
user+system and wall seconds over the runs.

Usage: tools/perf/spirv_access.py CBLOWER_OPT [OPT22] [--runs 5] [--sizes 1000,10000,100000] [--time-passes]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

LAYOUT = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
PAD = 'target("spirv.Padding", 12)'
ARRAY = f'<{{ [3 x <{{ float, {PAD} }}>], float }}>'
HANDLE = 'target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0)'
MEMBERS = 64


def member_types():
    """(LLVM type, kind) per member: float, <4 x float>, padded float[4]."""
    kinds = []
    for i in range(MEMBERS):
        kinds.append(["float", "<4 x float>", ARRAY][i % 3])
    return kinds


def layout_struct(kinds):
    elems = []
    for ty in kinds:
        elems.append(ty)
        if ty == "float":
            elems.append(PAD)
    return "<{ " + ", ".join(elems) + " }>"


def module(loads):
    kinds = member_types()
    out = [
        f'target datalayout = "{LAYOUT}"',
        'target triple = "spirv-unknown-vulkan1.3-compute"',
        "",
        f"%__cblayout_CB = type {layout_struct(kinds)}",
        "",
        f"@CB.cb = local_unnamed_addr global {HANDLE} poison",
    ]
    for i, ty in enumerate(kinds):
        out.append(f"@m{i} = external hidden local_unnamed_addr addrspace(12) global {ty}, align 4")
    out.append('@CB.str = private unnamed_addr constant [3 x i8] c"CB\\00", align 1')
    out.append("")
    out.append("define float @main(i32 %i) {")
    out.append("entry:")
    out.append(
        f"  %h = tail call {HANDLE} @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t"
        "(i32 0, i32 0, i32 1, i32 0, ptr nonnull @CB.str)"
    )
    out.append(f"  store {HANDLE} %h, ptr @CB.cb, align 8")
    out.append("  %s0 = fadd float 0.0, 0.0")
    for k in range(1, loads + 1):
        if k % 100 == 0:
            out.append(f"  br label %b{k}")
            out.append(f"b{k}:")
        m = k % MEMBERS
        ty = kinds[m]
        if ty == "float":
            out.append(f"  %v{k} = load float, ptr addrspace(12) @m{m}, align 4")
        elif ty == "<4 x float>":
            out.append(
                f"  %v{k} = load float, ptr addrspace(12) getelementptr inbounds nuw "
                f"(i8, ptr addrspace(12) @m{m}, i64 {4 * (k % 4)}), align 4"
            )
        elif k % 2:
            out.append(
                f"  %v{k} = load float, ptr addrspace(12) getelementptr inbounds nuw "
                f"(i8, ptr addrspace(12) @m{m}, i64 {16 * (k % 3)}), align 4"
            )
        else:
            out.append(
                f"  %p{k} = getelementptr <{{ float, {PAD} }}>, ptr addrspace(12) @m{m}, i32 %i"
            )
            out.append(f"  %v{k} = load float, ptr addrspace(12) %p{k}, align 4")
        out.append(f"  %s{k} = fadd float %s{k - 1}, %v{k}")
    out.append(f"  ret float %s{loads}")
    out.append("}")
    out.append("")
    out.append(
        f"declare {HANDLE} @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t"
        "(i32, i32, i32, i32, ptr)"
    )
    out.append("")
    out.append("!hlsl.cbs = !{!0}")
    refs = ", ".join(f"ptr addrspace(12) @m{i}" for i in range(MEMBERS))
    out.append(f"!0 = !{{ptr @CB.cb, {refs}}}")
    return "\n".join(out) + "\n"


def run_once(tool, path, out):
    """Wall seconds, CPU seconds (user + system) and peak RSS (KiB) of one run
    writing `out`."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [tool, "-S", "-passes=spirv-cbuffer-access", "-o", out, path],
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if status != 0:
        sys.exit(f"{tool} failed on {path}:\n{err}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


COLUMNS = ("---User Time---", "--System Time--", "--User+System--", "---Wall Time---")


def own_time(report, name):
    """(user+system, wall) seconds of the report line for pass `name`."""
    header = None
    for line in report.splitlines():
        if "--- Name ---" in line:
            header = [c for c in COLUMNS if c in line]
        elif header and line.rstrip().endswith("  " + name):
            values = [float(v) for v in re.findall(r"(\d+\.\d+) \(\s*[\d.]+%\)", line)]
            cols = dict(zip(header, values))
            cpu = cols.get("--User+System--", cols.get("---User Time---", 0.0))
            return cpu, cols["---Wall Time---"]
    sys.exit(f"no timing line for {name} in:\n{report}")


def time_passes_once(tool, path):
    proc = subprocess.run(
        [tool, "-time-passes", "-disable-output", "-passes=spirv-cbuffer-access", path],
        stderr=subprocess.PIPE,
        check=False,
    )
    err = proc.stderr.decode()
    if proc.returncode != 0:
        sys.exit(f"{tool} failed on {path}:\n{err}")
    return own_time(err, "SPIRVCBufferAccess")


def time_passes_table(args, sizes):
    print(
        "| loads | opt-22 SPIRVCBufferAccess CPU | cblower-opt CPU | ratio "
        "| opt-22 wall | cblower-opt wall | ratio |"
    )
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, f"loads-{n}.ll")
            with open(path, "w") as f:
                f.write(module(n))
            runs = {"opt22": [], "ours": []}
            for _ in range(args.runs):
                runs["opt22"].append(time_passes_once(args.opt22, path))
                runs["ours"].append(time_passes_once(args.cblower_opt, path))
            c0 = statistics.median(c for c, _ in runs["opt22"])
            w0 = statistics.median(w for _, w in runs["opt22"])
            c1 = statistics.median(c for c, _ in runs["ours"])
            w1 = statistics.median(w for _, w in runs["ours"])
            print(
                f"| {n} | {c0:.4f} s | {c1:.4f} s | {c1 / c0:.2f} "
                f"| {w0:.4f} s | {w1:.4f} s | {w1 / w0:.2f} |"
            )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cblower_opt")
    ap.add_argument("opt22", nargs="?", default="/usr/lib/llvm-22/bin/opt")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--time-passes", action="store_true")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.time_passes:
        time_passes_table(args, sizes)
        return
    print(
        "| loads | opt-22 wall | cblower-opt wall | ratio | opt-22 CPU | cblower-opt CPU | CPU ratio "
        "| opt-22 peak RSS | cblower-opt peak RSS |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, f"loads-{n}.ll")
            with open(path, "w") as f:
                f.write(module(n))
            # Alternately, so that both tools see the same load.
            runs = {"opt22": [], "ours": []}
            outs = {name: f"{path}.{name}.out" for name in runs}
            for _ in range(args.runs):
                runs["opt22"].append(run_once(args.opt22, path, outs["opt22"]))
                runs["ours"].append(run_once(args.cblower_opt, path, outs["ours"]))
            # The same input and the same output: byte for byte.
            with open(outs["opt22"], "rb") as a, open(outs["ours"], "rb") as b:
                if a.read() != b.read():
                    sys.exit(f"the outputs differ on {n} loads: {outs['opt22']} and {outs['ours']}")
            rows = {
                name: (
                    statistics.median(w for w, _, _ in r),
                    statistics.median(c for _, c, _ in r),
                    r[0][2],
                )
                for name, r in runs.items()
            }
            t0, c0, r0 = rows["opt22"]
            t1, c1, r1 = rows["ours"]
            print(
                f"| {n} | {t0:.3f} s | {t1:.3f} s | {t1 / t0:.2f} | {c0:.3f} s | {c1:.3f} s | {c1 / c0:.2f} "
                f"| {r0 / 1024:.0f} MiB | {r1 / 1024:.0f} MiB |"
            )


if __name__ == "__main__":
    main()
