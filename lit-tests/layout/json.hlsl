// The JSON schema of docs/cli.md: absolute offsets, stride and elements for
// arrays, fields for structs, bindings, padding with reasons.
// RUN: %cblower layout --format json %s | FileCheck %s

struct S { float a; float2 b; };
cbuffer CB : register(b3, space1) { float x; S s; float arr[2]; };
cbuffer Spaced : register(space2) { float y; };

// CHECK:      "name": "CB",
// CHECK-NEXT: "kind": "cbuffer",
// CHECK-NEXT: "binding": {
// CHECK-NEXT:   "register": 3,
// CHECK-NEXT:   "space": 1
// CHECK-NEXT: },
// CHECK-NEXT: "rules": "cbuffer",
// CHECK-NEXT: "size": 52,
// CHECK:        "name": "s",
// CHECK-NEXT:   "type": "S",
// CHECK-NEXT:   "offset": 16,
// CHECK-NEXT:   "size": 12,
// CHECK-NEXT:   "align": 16,
// CHECK-NEXT:   "fields": [
// CHECK:          "name": "b",
// CHECK-NEXT:     "type": "float2",
// CHECK-NEXT:     "offset": 20,
// CHECK:        "name": "arr",
// CHECK-NEXT:   "type": "float[2]",
// CHECK-NEXT:   "offset": 32,
// CHECK-NEXT:   "size": 20,
// CHECK-NEXT:   "align": 16,
// CHECK-NEXT:   "stride": 16,
// CHECK-NEXT:   "elements": [
// CHECK:          "name": "[1]",
// CHECK-NEXT:     "type": "float",
// CHECK-NEXT:     "offset": 48,
// CHECK:      "padding": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "offset": 4,
// CHECK-NEXT:     "size": 12,
// CHECK-NEXT:     "reason": "struct_start"
// CHECK:      "name": "Spaced",
// CHECK-NEXT: "kind": "cbuffer",
// CHECK-NEXT: "binding": {
// CHECK-NEXT:   "register": null,
// CHECK-NEXT:   "space": 2
