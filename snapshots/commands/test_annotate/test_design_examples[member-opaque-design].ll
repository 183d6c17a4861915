; compile-time-properties design, "Properties on a non-global variable type", as clang-19 -fsycl-is-device writes it.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%class.annotated_ptr = type { ptr addrspace(4) }
@.str = private unnamed_addr constant [27 x i8] c"sycl-properties:foo,bar=32\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [9 x i8] c"file.cpp\00", section "llvm.metadata"

define spir_func void @foo(ptr addrspace(4) %ptr) #5246 {
entry:
  %aptr = alloca %class.annotated_ptr, align 8
  %aptr.ascast = addrspacecast ptr %aptr to ptr addrspace(4)
  %field = getelementptr inbounds %class.annotated_ptr, ptr addrspace(4) %aptr.ascast, i32 0, i32 0, !dbg !522281
  %field.annotated = call ptr addrspace(4) @llvm.ptr.annotation.p4.p0(ptr addrspace(4) %field, ptr @.str, ptr @.str.1, i32 3, ptr null)
  store ptr addrspace(4) %ptr, ptr addrspace(4) %field.annotated, align 8
  %again = load ptr addrspace(4), ptr addrspace(4) %field.annotated, align 8
  ret void
}
declare ptr addrspace(4) @llvm.ptr.annotation.p4.p0(ptr addrspace(4), ptr, ptr, i32, ptr)

attributes #5246 = { convergent noinline nounwind optnone "frame-pointer"="all" }

!llvm.module.flags = !{!98242}
!llvm.dbg.cu = !{!899051}
!98242 = !{i32 2, !"Debug Info Version", i32 3}
!469087 = !DISubroutineType(types: !{})
!522281 = !DILocation(line: 3, column: 7, scope: !867586)
!701948 = !DIFile(filename: "file.cpp", directory: "/src")
!867586 = distinct !DISubprogram(name: "foo", scope: !701948, file: !701948, line: 1, type: !469087, spFlags: DISPFlagDefinition, unit: !899051)
!899051 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !701948, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
