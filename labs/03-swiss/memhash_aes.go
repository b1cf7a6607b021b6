//go:build go1.27 && goexperiment.simd && amd64

package swiss

import (
	"math/rand/v2"
	"simd/archsimd"
	"unsafe"
)

// Step 11, continued: hashing with AES rounds, as the runtime does on amd64
// (internal/runtime/maps: memHash64AES in memhash_aes_simd.go, memHashAES in
// memhash_amd64.s). One AES round, AESENC, mixes 16 bytes in one
// instruction: each byte goes through the AES S-box, and each column of 4
// bytes through a mix that makes every byte of it depend on all 4; two rounds
// reach every byte of the 16 from every other. Built with GOEXPERIMENT=simd
// on amd64, the lab compiles this file in place of memhash_noaes.go: Map.hash
// calls memHash64 and strHash, which take AES rounds when the processor has
// them, and step 9's hash64 and hashString when it has not.

// useAES reports whether the processor runs the AES round in the AVX form
// that archsimd emits (VAESENC). It is read once, when the program starts,
// as the runtime's AlgInit sets maps.UseAeshash.
var useAES = archsimd.X86.AVXAES()

// aesKeys are the round keys: random, new in every process, as the runtime's
// aeskeysched. A map's seed enters the state that the rounds mix, beside the
// key; these keys are the process's, shared by all its maps.
var aesKeys [3][4]uint32

func init() {
	for i := range aesKeys {
		for j := range aesKeys[i] {
			aesKeys[i][j] = rand.Uint32()
		}
	}
}

// aesKey returns round key i as a vector.
func aesKey(i int) archsimd.Uint32x4 { return archsimd.LoadUint32x4Array(&aesKeys[i]) }

// pair returns a vector of two 64-bit words: lo in bytes 0 to 7, hi in bytes
// 8 to 15.
func pair(lo, hi uint64) archsimd.Uint8x16 {
	var v archsimd.Uint64x2
	return v.SetElem(0, lo).SetElem(1, hi).AsUint8x16()
}

// low returns bytes 0 to 7 of x: the hash.
func low(x archsimd.Uint8x16) uint64 { return x.AsUint64x2().GetElem(0) }

// scramble runs one AES round on x with x itself as the round key, as the
// runtime's AESENC X1, X1 does: no key to load.
func scramble(x archsimd.Uint8x16) archsimd.Uint8x16 {
	return x.AESEncryptOneRound(x.AsUint32x4())
}

// aesHash64 returns the hash of an 8-byte key x under seed: the state is
// seed in bytes 0 to 7 and x in bytes 8 to 15, three AES rounds with the
// process's round keys mix it, and bytes 0 to 7 are the hash. Every bit of x
// and of seed reaches every bit of the hash, and, the rounds being a
// permutation of the state, two seeds never give a key the same state.
func aesHash64(seed, x uint64) uint64 {
	// TODO(03): step 11: return the hash of x under seed, with three AES rounds
	// as said above.
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// aesHashString returns the hash of s under seed, with AES rounds in the
// shape of the runtime's memHashAES: the seed and the length make a state,
// scrambled by one round with a process key; up to 16 bytes are one block,
// 17 to 32 two (the first 16 and the last 16, which may overlap), and longer
// strings take 32 bytes a round, after the last 32. Each block is xored into
// a state and scrambled by three rounds; the states are xored together. It
// reads no byte outside s: a string may end at the end of the memory mapped
// for it.
func aesHashString(seed uint64, s string) uint64 {
	// TODO(03): step 11: return the hash of s under seed, with AES rounds as
	// said above, using pair, scramble, load16, loadShort and aesKey.
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// load16 returns the 16 bytes of s from i on as a vector; i+16 must be at
// most len(s).
func load16(s string, i int) archsimd.Uint8x16 {
	s = s[i : i+16]
	return archsimd.LoadUint8x16Array((*[16]uint8)(unsafe.Pointer(unsafe.StringData(s))))
}

// loadShort returns a block made of the 1 to 15 bytes of s, reading none
// outside s: two words that may overlap (le64 or le32), or three bytes. For
// one length, two strings that differ give two blocks that differ.
func loadShort(s string) archsimd.Uint8x16 {
	// TODO(03): step 11: return a block made of the 1 to 15 bytes of s, as said
	// above, reading no byte outside s.
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return archsimd.Uint8x16{}
}

// memHash64 returns the hash of an 8-byte key x under seed: aesHash64 when
// the processor has AES, else step 9's hash64, as the runtime's MemHash64
// chooses by UseAeshash.
func memHash64(seed, x uint64) uint64 {
	// TODO(03): step 11: hash with aesHash64 when useAES is true, else with
	// hash64. As shipped, it is step 9's hash64 alone.
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return hash64(seed, x)
}

// strHash returns the hash of s under seed: aesHashString when the processor
// has AES, else step 9's hashString.
func strHash(seed uint64, s string) uint64 {
	// TODO(03): step 11: hash with aesHashString when useAES is true, else
	// with hashString. As shipped, it is step 9's hashString alone.
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return hashString(seed, s)
}
