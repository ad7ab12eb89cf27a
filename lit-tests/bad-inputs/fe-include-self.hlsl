// A file that includes itself without a guard: an include cycle, not a stack overflow.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#include "fe-include-self.hlsl"
cbuffer CB { float a; };

// CHECK: error: #include cycle: {{.*}}fe-include-self.hlsl -> {{.*}}fe-include-self.hlsl
// CHECK-NEXT: --> {{.*}}fe-include-self.hlsl:5:10
// CHECK: exit=1
