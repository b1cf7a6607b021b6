# chapter 03, step 11: what the lab's matchH2 and aesHash64 (lab 03's solution) and the runtime's
# matchH2 and memHash64AES compile to, by go tool objdump, on the variant simd-1.27 of labs/lanes
# (GOEXPERIMENT=simd, amd64), which the program picks itself
go run ./chapters/code/03-swiss/simdmatch
