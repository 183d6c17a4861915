; compile-time-properties design, "Properties on a non-global variable type": annotated_ptr<int,
;   property_list_t<foo::value_t, bar::value_t<32>>> aptr(p); the design's simplified IR, as clang-15 writes it.
source_filename = "file.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%class.annotated_ptr = type { i32* }

define spir_func void @foo(i32* %ptr) #0 {
entry:
  %aptr = alloca %class.annotated_ptr, align 8
  %field = getelementptr inbounds %class.annotated_ptr, %class.annotated_ptr* %aptr, i32 0, i32 0
  store i32* %ptr, i32** %field, align 8
  %again = load i32*, i32** %field, align 8
  ret void
}

attributes #0 = { convergent noinline nounwind optnone "frame-pointer"="all" }
