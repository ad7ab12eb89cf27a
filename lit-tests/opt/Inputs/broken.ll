; Parses, but LLVM's verifier rejects it.
define i32 @f() {
entry:
  br label %loop
loop:
  %a = add i32 %a, 1
  br label %loop
}
