// Front-end errors are diagnostics with a location and a fix; exit 1.
// RUN: sh -c '%cblower layout --color never %s; echo "exit=$?"' 2>&1 | FileCheck %s

cbuffer CB {
  flaot4 color;
};

// CHECK: error: unknown type name `flaot4`
// CHECK-NEXT: --> {{.*}}syntax-error.hlsl:5:3
// CHECK: help: did you mean `float4`?
// CHECK: exit=1
