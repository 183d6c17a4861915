# LLVM 15 cannot read every construct clang 19 writes: drop the ones newer than LLVM 15 that
# carry no meaning the translator uses (sed -E -f examples/dpcpp/llvm15.sed in.ll > out.ll).
s/ (dead_on_unwind|writable)//g
s/ memory\([^)]*\)//g
s/ (range|initializes)\([^)]*\)//g
s/getelementptr inbounds nuw/getelementptr inbounds/g
s/ (nneg|samesign) / /g
