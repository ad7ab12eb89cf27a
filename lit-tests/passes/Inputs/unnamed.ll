define i32 @f(i32) {
  %2 = add i32 %0, 1
  br label %3

  ret i32 %2
}
