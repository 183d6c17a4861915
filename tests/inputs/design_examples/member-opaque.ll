; compile-time-properties design, "Properties on a non-global variable type", as clang-19 -fsycl-is-device writes it.
source_filename = "file.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%class.annotated_ptr = type { ptr addrspace(4) }

define spir_func void @foo(ptr addrspace(4) %ptr) #0 {
entry:
  %aptr = alloca %class.annotated_ptr, align 8
  %aptr.ascast = addrspacecast ptr %aptr to ptr addrspace(4)
  %field = getelementptr inbounds %class.annotated_ptr, ptr addrspace(4) %aptr.ascast, i32 0, i32 0, !dbg !5
  store ptr addrspace(4) %ptr, ptr addrspace(4) %field, align 8
  %again = load ptr addrspace(4), ptr addrspace(4) %field, align 8
  ret void
}

attributes #0 = { convergent noinline nounwind optnone "frame-pointer"="all" }

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !2, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "file.cpp", directory: "/src")
!3 = distinct !DISubprogram(name: "foo", scope: !2, file: !2, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !1)
!4 = !DISubroutineType(types: !{})
!5 = !DILocation(line: 3, column: 7, scope: !3)
