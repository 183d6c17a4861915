define void @f() {
  ret void
