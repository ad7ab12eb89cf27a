// Arrays far larger than any real cbuffer: the text report elides elements
// and skips the row diagram, the JSON report lists at most 100000 nodes per
// buffer and says how many elements it left out; all in well under a second.
// RUN: %cblower layout --color never %s | FileCheck %s --check-prefix=TEXT
// RUN: %cblower layout --format json %s > %t.json
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json

cbuffer Big {
  float2 small[2];
  float4 a[150000];
  float c[3][4000000];
}

// TEXT:      cbuffer Big  [rules: cbuffer, size: 194400020 bytes]
// TEXT:           0     24    16  float2[2]                small  (stride 16)
// TEXT:          32 2400000   16  float4[150000]           a  (stride 16)
// TEXT-NEXT:     32     16     4  float4                     [0]
// TEXT-NEXT:     48     16     4  float4                     [1]
// TEXT-NEXT:                                                 ... [2] to [149998] like the others
// TEXT-NEXT: 2400016     16     4  float4                     [149999]
// TEXT:      (row diagram omitted: 12150002 rows, more than the 65536 a diagram shows)

// JSON:      "name": "a",
// JSON:      "elements_omitted": 50004
// JSON:      "name": "c",
// JSON:      "stride": 64000000,
// JSON-NEXT: "elements": [],
// JSON-NEXT: "elements_omitted": 3
// JSON:      "padding_truncated": true
