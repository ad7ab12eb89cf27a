; Not valid IR: a missing type.

define i32 @f(, i32) {
  ret i32 0
}
