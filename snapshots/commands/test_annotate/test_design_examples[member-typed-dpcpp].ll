; compile-time-properties design, "Properties on a non-global variable type": annotated_ptr<int,
;   property_list_t<foo::value_t, bar::value_t<32>>> aptr(p); the design's simplified IR, as clang-15 writes it.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%class.annotated_ptr = type { i32* }
@.str = private unnamed_addr constant [16 x i8] c"sycl-properties\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [9 x i8] c"file.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [4 x i8] c"foo\00", section "llvm.metadata"
@.str.3 = private unnamed_addr constant [4 x i8] c"bar\00", section "llvm.metadata"
@.str.4 = private unnamed_addr constant [3 x i8] c"32\00", section "llvm.metadata"
@.args = private unnamed_addr constant { i8*, i8*, i8*, i8* } { i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str.2, i32 0, i32 0), i8* null, i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str.3, i32 0, i32 0), i8* getelementptr inbounds ([3 x i8], [3 x i8]* @.str.4, i32 0, i32 0) }, section "llvm.metadata"

define spir_func void @foo(i32* %ptr) #5246 {
entry:
  %aptr = alloca %class.annotated_ptr, align 8
  %field = getelementptr inbounds %class.annotated_ptr, %class.annotated_ptr* %aptr, i32 0, i32 0
  %field.i8 = bitcast i32** %field to i8*
  %field.annotated = call i8* @llvm.ptr.annotation.p0i8(i8* %field.i8, i8* getelementptr inbounds ([16 x i8], [16 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([9 x i8], [9 x i8]* @.str.1, i32 0, i32 0), i32 0, i8* bitcast ({ i8*, i8*, i8*, i8* }* @.args to i8*))
  %field.field = bitcast i8* %field.annotated to i32**
  store i32* %ptr, i32** %field.field, align 8
  %again = load i32*, i32** %field.field, align 8
  ret void
}
declare i8* @llvm.ptr.annotation.p0i8(i8*, i8*, i8*, i32, i8*)

attributes #5246 = { convergent noinline nounwind optnone "frame-pointer"="all" }
