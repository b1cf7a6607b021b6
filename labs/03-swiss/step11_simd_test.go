//go:build go1.27 && goexperiment.simd && amd64

package swiss

import (
	"fmt"
	"math/rand/v2"
	"simd/archsimd"
	"strings"
	"testing"

	"gomaps/labs/internal/maptest"
)

// Step 11: the runtime's own instructions, with simd/archsimd
// (GOEXPERIMENT=simd, on amd64). match_simd.go compares the 8 control bytes
// of a group with one vector compare, and its bitsets hold one bit per slot;
// memhash_aes.go hashes with AES rounds. These tests build only with
// GOEXPERIMENT=simd on amd64 and Go 1.27: the runner says how to run them.

// wantMatch is what a match must return of g, exactly: the set of the slots
// whose control byte c makes is(c) true, one bit per slot.
func wantMatch(g ctrlGroup, is func(c ctrl) bool) bitset {
	var b bitset
	for i := range groupSlots {
		if is(g.get(i)) {
			b |= 1 << i
		}
	}
	return b
}

// checkMatches checks matchH2(h), matchEmpty, matchEmptyOrDeleted and
// matchFull on g against wantMatch, and says what is wrong: where is the
// group's state that the message names ("every byte value at slot 3").
func checkMatches(t *testing.T, g ctrlGroup, h ctrl, where string) {
	t.Helper()
	for _, c := range []struct {
		call string
		got  bitset
		want bitset
	}{
		{fmt.Sprintf("matchH2(%#02x)", uint8(h)), g.matchH2(h), wantMatch(g, func(c ctrl) bool { return c == h })},
		{"matchEmpty()", g.matchEmpty(), wantMatch(g, func(c ctrl) bool { return c == ctrlEmpty })},
		{"matchEmptyOrDeleted()", g.matchEmptyOrDeleted(), wantMatch(g, func(c ctrl) bool { return c&ctrlEmpty != 0 })},
		{"matchFull()", g.matchFull(), wantMatch(g, func(c ctrl) bool { return c&ctrlEmpty == 0 })},
	} {
		if c.got == c.want {
			continue
		}
		why := ""
		switch {
		case c.got>>groupSlots != 0 && c.got&0xFF == c.want:
			why = ": bits 8 to 15 are set, and a group has 8 slots; the vector has 16 bytes, the 8 above the control bytes are 0 (which an H2 of 0 matches): keep the low 8 bits"
		case c.got>>groupSlots != 0:
			why = ": bits above the low 8 are set; a bitset of match_simd.go has one bit per slot, bit i for slot i, as ToBits returns them"
		case strings.HasPrefix(c.call, "matchH2") && c.got&c.want == c.want:
			why = ": the slots more are not H2; a byte compare (Equal) has no false positive, unlike step 1's SWAR"
		}
		t.Fatalf("%s on control bytes %s (%s) = %#x, %s; want %#x, slots %v (%s)%s",
			c.call, ctrlBytes(g), where, uint64(c.got), showBitset(c.got), uint64(c.want), mustSlots(c.want), slotBit, why)
	}
}

// mustSlots lists the slots of a bitset of one bit per slot.
func mustSlots(b bitset) []int {
	s, _ := slotsOf(b)
	return s
}

// randomCtrl returns a random control byte: empty, deleted or full.
func randomCtrl(rng *rand.Rand) ctrl {
	switch rng.IntN(4) {
	case 0:
		return ctrlEmpty
	case 1:
		return ctrlDeleted
	}
	return ctrl(rng.IntN(128))
}

// TestStep11MatchEveryByte puts each of the 256 byte values in each slot of
// random groups, and checks the matches for every H2.
func TestStep11MatchEveryByte(t *testing.T) {
	needSteps(t)
	rng := rand.New(rand.NewPCG(11, 1))
	for slot := range groupSlots {
		for v := range 256 {
			var g ctrlGroup
			for i := range groupSlots {
				g.set(i, randomCtrl(rng))
			}
			g.set(slot, ctrl(v))
			where := fmt.Sprintf("every byte value in slot %d", slot)
			checkMatches(t, g, ctrl(v)&0x7F, where)
			for h := range ctrl(128) {
				if got, want := g.matchH2(h), wantMatch(g, func(c ctrl) bool { return c == h }); got != want {
					checkMatches(t, g, h, where)
				}
			}
		}
	}
}

// TestStep11MatchEveryState checks the matches on every state of a group,
// each slot empty, deleted or full (3^8 states), with the H2 of each full
// slot and with H2s of no slot.
func TestStep11MatchEveryState(t *testing.T) {
	needSteps(t)
	rng := rand.New(rand.NewPCG(11, 2))
	for state := range 6561 {
		var g ctrlGroup
		var hs []ctrl
		for i, s := 0, state; i < groupSlots; i, s = i+1, s/3 {
			switch s % 3 {
			case 0:
				g.set(i, ctrlEmpty)
			case 1:
				g.set(i, ctrlDeleted)
			default:
				h := ctrl(rng.IntN(128))
				g.set(i, h)
				hs = append(hs, h)
			}
		}
		hs = append(hs, 0, 0x7F, ctrl(rng.IntN(128)))
		for _, h := range hs {
			checkMatches(t, g, h, "every state of a group")
		}
	}
}

// TestStep11MatchNoFalsePositive checks the group that step 1's SWAR matches
// wrongly (TestStep1MatchH2FalsePositive): slot 0 holds 0x02 and slot 1
// 0x03. A byte compare reports slot 0 alone.
func TestStep11MatchNoFalsePositive(t *testing.T) {
	needSteps(t)
	for _, c := range []struct{ lo, hi ctrl }{{0x02, 0x03}, {0x00, 0x01}, {0x7e, 0x7f}, {0x40, 0x41}} {
		checkMatches(t, ctrlWord(c.lo, c.hi, c.lo, c.hi, c.lo, c.hi, c.lo, c.hi), c.lo, "the false positive of the SWAR trick")
	}
}

func TestStep11First(t *testing.T) {
	needSteps(t)
	for b := bitset(1); b < 256; b++ {
		want := 0
		for b>>want&1 == 0 {
			want++
		}
		if got := b.first(); got != want {
			t.Fatalf("first() of the bitset %#x (slots %v) = %d; want %d: %s", uint64(b), mustSlots(b), got, want, slotBit)
		}
	}
}

// step11Hash64 and step11HashString name step 11's hashes in the messages of
// maptest's checks.
var (
	step11Hash64 = maptest.HashName{Func: "aesHash64", NotYet: "step 11 is not written yet (memhash_aes.go)",
		Reach: "(one AES round mixes each byte into 4 of the 16; run three rounds)",
		Seed:  "put the seed in the state beside the key, before the rounds"}
	step11HashString = maptest.HashName{Func: "aesHashString", NotYet: "step 11 is not written yet (memhash_aes.go)",
		Reach: "(one AES round mixes each byte into 4 of the 16; run three rounds)",
		Seed:  "so the seed must be in the state before the rounds, beside the length"}
)

// withAESKeys gives the AES rounds fixed round keys until the test ends, so
// that its results are the same on every run (each process draws its own).
func withAESKeys(t *testing.T) {
	t.Helper()
	saved := aesKeys
	t.Cleanup(func() { aesKeys = saved })
	for i := range aesKeys {
		for j := range aesKeys[i] {
			aesKeys[i][j] = uint32(0x9e37_79b9 * (4*i + j + 1))
		}
	}
}

// needAES skips a test of the AES hashes on a processor without AES in the
// AVX form that archsimd emits (VAESENC, archsimd.X86.AVXAES): there they
// would die of SIGILL, and the map does not run them (useAES is false).
func needAES(t *testing.T) {
	t.Helper()
	if !archsimd.X86.AVXAES() {
		t.Skip("this processor has no AES with AVX (archsimd.X86.AVXAES), so aesHash64 and aesHashString cannot run here: the map hashes with step 9's hash64 and hashString")
	}
}

func TestStep11Hash64(t *testing.T) {
	needAES(t)
	needSteps(t)
	withAESKeys(t)
	maptest.Hash64Of(t, step11Hash64, aesHash64)
	maptest.EveryKeyHasASeedOf(t, step11Hash64, aesHash64, seedKeys)
}

func TestStep11HashString(t *testing.T) {
	needAES(t)
	needSteps(t)
	withAESKeys(t)
	maptest.HashStringOf(t, step11HashString, aesHashString)
	for _, c := range [][2]string{{"a", "a\x00"}, {"", "\x00"}, {"key-0001", "key-0001\x00"}, {"0123456789abcdef", "0123456789abcdef\x00"}} {
		if a, b := aesHashString(0x5eed, c[0]), aesHashString(0x5eed, c[1]); a == b {
			t.Fatalf("aesHashString(0x5eed, %q) and aesHashString(0x5eed, %q) are both %#x: the length must enter the state with the seed, or a string and the same string with a zero byte more hash alike", c[0], c[1], a)
		}
	}
	maptest.EveryStringHasASeedOf(t, step11HashString, aesHashString, seedKeys)
	maptest.StringsAtPageEdges(t, step11HashString, aesHashString)
}

// TestStep11MemHash checks that the map hashes with AES rounds when the
// processor has them, and with step 9's hashes when it has not.
func TestStep11MemHash(t *testing.T) {
	needAES(t)
	needSteps(t)
	saved := useAES
	t.Cleanup(func() { useAES = saved })
	for _, aes := range []bool{true, false} {
		useAES = aes
		want64, wantStr, names := aesHash64, aesHashString, "aesHash64 and aesHashString"
		if !aes {
			want64, wantStr, names = hash64, hashString, "hash64 and hashString"
		}
		for _, k := range []uint64{0, 1, 1 << 40} {
			if got, want := memHash64(0x5eed, k), want64(0x5eed, k); got != want {
				t.Fatalf("with useAES %v, memHash64(0x5eed, %#x) = %#x; want %#x, as %s give", aes, k, got, want, names)
			}
		}
		for _, s := range []string{"", "a", "key-0123456789abcdef"} {
			if got, want := strHash(0x5eed, s), wantStr(0x5eed, s); got != want {
				t.Fatalf("with useAES %v, strHash(0x5eed, %q) = %#x; want %#x, as %s give", aes, s, got, want, names)
			}
		}
	}
}
