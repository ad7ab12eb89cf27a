// `reordercoherent` (shader model 6.9, for shader execution reordering)
// qualifies a UAV like `globallycoherent`: the resource is read as a
// resource, never a `$Globals` member, and the file needs no warning.
// RUN: %cblower layout --color never %s 2>&1 | FileCheck %s

reordercoherent RWTexture2D<float4> Accum : register(u3);
globallycoherent RWByteAddressBuffer Counters : register(u4);
float  Exposure;
uint2  Extent;

[shader("raygeneration")]
void main()
{
    reordercoherent RWTexture2D<float4> view = Accum;
    view[DispatchRaysIndex().xy] = Exposure;
}

// CHECK-NOT:  warning
// CHECK:      cbuffer $Globals  [rules: cbuffer, size: 12 bytes]
// CHECK-NEXT:   offset{{ +}}size{{ +}}align{{ +}}type{{ +}}name
// CHECK-NEXT:        0{{ +}}4{{ +}}4{{ +}}float{{ +}}Exposure
// CHECK-NEXT:        4{{ +}}8{{ +}}4{{ +}}uint2{{ +}}Extent
