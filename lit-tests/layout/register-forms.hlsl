// cbuffer and tbuffer bindings: register(bN), register(bN, spaceM),
// register(spaceM) (a space without a slot) and none at all.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

cbuffer Slot : register(b3) { float a; };
cbuffer SlotSpace : register(b4, space1) { float b; };
cbuffer SpaceOnly : register(space2) { float c; };
cbuffer Unbound { float d; };
tbuffer TSlot : register(t5, space6) { float4 e; float f; };
tbuffer TSpace : register(space7) { float g; };

// CHECK: cbuffer Slot : register(b3, space0)  [rules: cbuffer, size: 4 bytes]
// CHECK: cbuffer SlotSpace : register(b4, space1)  [rules: cbuffer, size: 4 bytes]
// CHECK: cbuffer SpaceOnly : register(space2)  [rules: cbuffer, size: 4 bytes]
// CHECK: cbuffer Unbound  [rules: cbuffer, size: 4 bytes]
// tbuffers bind t registers and are laid out like cbuffers: e 0..16, f 16.
// CHECK:      tbuffer TSlot : register(t5, space6)  [rules: cbuffer, size: 20 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     16     4  float4                   e
// CHECK-NEXT:       16      4     4  float                    f
// CHECK: tbuffer TSpace : register(space7)  [rules: cbuffer, size: 4 bytes]

// JSON:      "name": "Slot",
// JSON-NEXT: "kind": "cbuffer",
// JSON-NEXT: "binding": {
// JSON-NEXT:   "register": 3,
// JSON-NEXT:   "space": 0
// JSON:      "name": "SpaceOnly",
// JSON-NEXT: "kind": "cbuffer",
// JSON-NEXT: "binding": {
// JSON-NEXT:   "register": null,
// JSON-NEXT:   "space": 2
// JSON:      "name": "Unbound",
// JSON-NEXT: "kind": "cbuffer",
// JSON-NEXT: "binding": null,
// JSON:      "name": "TSlot",
// JSON-NEXT: "kind": "tbuffer",
// JSON-NEXT: "binding": {
// JSON-NEXT:   "register": 5,
// JSON-NEXT:   "space": 6
// JSON:      "size": 20,
