"""The C++ front-end: libclang and a real clang turn SYCL-style sources into property lists."""
