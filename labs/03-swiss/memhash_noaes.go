//go:build !(go1.27 && goexperiment.simd && amd64)

package swiss

// memHash64 and strHash are the hashes of the fast paths: Map.hash calls
// them, as the runtime's fast paths call internal/runtime/maps.MemHash64 and
// StrHash. Here they are step 9's hash64 and hashString. Built with
// GOEXPERIMENT=simd on amd64 (Go 1.27), the lab compiles memhash_aes.go,
// step 11, in place of this file: there they hash with AES rounds when the
// processor has them, as the runtime's do.

// memHash64 returns the hash of an 8-byte key x under seed: hash64.
func memHash64(seed, x uint64) uint64 { return hash64(seed, x) }

// strHash returns the hash of s under seed: hashString.
func strHash(seed uint64, s string) uint64 { return hashString(seed, s) }
