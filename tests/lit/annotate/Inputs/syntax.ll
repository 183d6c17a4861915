@x = global i32 0
define void @f() {
entry:
  %a = bogus i32 1
  ret void
}
