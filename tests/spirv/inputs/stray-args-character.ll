@.str = private unnamed_addr constant [16 x i8] c"sycl-properties\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"x.cpp\00", section "llvm.metadata"
@.args = private unnamed_addr constant { ptr, ptr } { ptr @.str, ` ptr @.str.1 }, section "llvm.metadata"

define void @f(ptr %p) {
  %1 = call ptr @llvm.ptr.annotation.p0.p0(ptr %p, ptr @.str, ptr @.str.1, i32 1, ptr @.args)
  ret void
}

declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
