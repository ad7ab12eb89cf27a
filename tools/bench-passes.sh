#!/usr/bin/env bash
# Benchmark of the DXIL access passes against LLVM's parse-and-print floor.
#
#   tools/bench-passes.sh [RUNS]      (default 5 runs per measurement)
#
# For modules with 1k, 10k and 100k cbuffer loads it prints, from one run of
# this script, the median wall time and the median peak RSS of
#   cblower-opt -S -passes=dxil-cbuffer-lowering   (the work measured)
#   opt-22      -S -passes=verify                  (the floor: parse, verify, print)
# on the same module, and their ratio (target: at most 1.15x, linear), plus
# opt-22 -S -passes=verify on cblower-opt's output: the lowered module is
# about four times the input's size, so that is what printing it costs.
#
# The modules are what clang emits at -O0 for a cbuffer with scalars, vectors
# spanning rows, padded arrays and a struct: 100 loads per function, a quarter
# of them through a run-time array index (%cbufferidx GEPs), the rest through
# constant-expression GEPs or the member globals directly.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-5}"
llvm_bin="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
target_dir="${CARGO_TARGET_DIR:-$repo/target}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --quiet --release -p cblower-cli --bin cblower-opt --manifest-path "$repo/Cargo.toml"
cblower_opt="$target_dir/release/cblower-opt"

generate() { # $1 = number of loads, $2 = output file
  python3 - "$1" "$2" <<'EOF'
import sys
loads, path = int(sys.argv[1]), sys.argv[2]
out = [
    'target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"',
    'target triple = "dxilv1.3-pc-shadermodel6.3-library"',
    '; cbuffer Bench { float scale; int2 range; double3 origin; float weights[8]; float4 colors[4]; Inner inner; }',
    '%Inner = type <{ float, target("dx.Padding", 4), double, float }>',
    '%__cblayout_Bench = type <{ float, <2 x i32>, target("dx.Padding", 4), <3 x double>, target("dx.Padding", 8),'
    ' <{ [7 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12), [4 x <4 x float>], %Inner }>',
    '@Bench.cb = global target("dx.CBuffer", %__cblayout_Bench) poison',
    '@scale = external hidden addrspace(2) global float, align 4',
    '@range = external hidden addrspace(2) global <2 x i32>, align 4',
    '@origin = external hidden addrspace(2) global <3 x double>, align 8',
    '@weights = external hidden addrspace(2) global <{ [7 x <{ float, target("dx.Padding", 12) }>], float }>, align 4',
    '@colors = external hidden addrspace(2) global [4 x <4 x float>], align 4',
    '@inner = external hidden addrspace(2) global %Inner, align 1',
]
shapes = [
    ('float', 'load float, ptr addrspace(2) @scale, align 4'),
    ('<2 x i32>', 'load <2 x i32>, ptr addrspace(2) @range, align 4'),
    ('<3 x double>', 'load <3 x double>, ptr addrspace(2) @origin, align 8'),
    ('float', 'load float, ptr addrspace(2) getelementptr (<{ float, target("dx.Padding", 12) }>, ptr addrspace(2) @weights, i32 5, i32 0), align 16'),
    ('double', 'load double, ptr addrspace(2) getelementptr inbounds nuw (%Inner, ptr addrspace(2) @inner, i32 0, i32 2), align 8'),
    ('<4 x float>', 'load <4 x float>, ptr addrspace(2) getelementptr inbounds ([4 x <4 x float>], ptr addrspace(2) @colors, i32 0, i32 2), align 16'),
]
per_fn = 100
n = 0
f = 0
while n < loads:
    count = min(per_fn, loads - n)
    out.append(f'define void @f{f}(ptr %out, i32 %i) {{')
    out.append('entry:')
    for k in range(count):
        if k % 4 == 3:
            if k % 8 == 3:
                out.append(f'  %g{k} = getelementptr <{{ float, target("dx.Padding", 12) }}>, ptr addrspace(2) @weights, i32 %i, i32 0')
                ty = 'float'
                out.append(f'  %v{k} = load float, ptr addrspace(2) %g{k}, align 16')
            else:
                out.append(f'  %g{k} = getelementptr inbounds [4 x <4 x float>], ptr addrspace(2) @colors, i32 0, i32 %i')
                ty = '<4 x float>'
                out.append(f'  %v{k} = load <4 x float>, ptr addrspace(2) %g{k}, align 16')
        else:
            ty, load = shapes[k % len(shapes)]
            out.append(f'  %v{k} = {load}')
        out.append(f'  store volatile {ty} %v{k}, ptr %out, align 4')
    out.append('  ret void')
    out.append('}')
    n += count
    f += 1
out.append('!hlsl.cbs = !{!0}')
out.append('!0 = !{ptr @Bench.cb, ptr addrspace(2) @scale, ptr addrspace(2) @range, ptr addrspace(2) @origin, ptr addrspace(2) @weights, ptr addrspace(2) @colors, ptr addrspace(2) @inner}')
open(path, 'w').write('\n'.join(out) + '\n')
EOF
}

measure() { # command... ; prints "<median seconds> <median peak KiB>"
  local times=() rss=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f "%M" -o "$work/time" "$@" > /dev/null 2>&1
    end=$(date +%s%N)
    times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')")
    rss+=("$(cat "$work/time")")
  done
  local mt mr
  mt=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  mr=$(printf '%s\n' "${rss[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$mt $mr"
}

printf '| loads | cblower-opt | opt-22 verify (floor) | ratio | cblower-opt RSS | floor RSS | RSS ratio | opt-22 verify on the output |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for loads in 1000 10000 100000; do
  module="$work/bench-$loads.ll"
  generate "$loads" "$module"
  read -r ct cm < <(measure "$cblower_opt" -S -passes=dxil-cbuffer-lowering "$module" -o "$work/out.ll")
  read -r ot om < <(measure "$llvm_bin/opt" -S -passes=verify "$module" -o "$work/floor.ll")
  read -r pt _ < <(measure "$llvm_bin/opt" -S -passes=verify "$work/out.ll" -o "$work/floor2.ll")
  awk -v l="$loads" -v ct="$ct" -v ot="$ot" -v cm="$cm" -v om="$om" -v pt="$pt" 'BEGIN {
    printf "| %d | %.3f s | %.3f s | %.2fx | %.1f MiB | %.1f MiB | %.2fx | %.3f s |\n", l, ct, ot, ct / ot, cm / 1024, om / 1024, cm / om, pt
  }'
done
