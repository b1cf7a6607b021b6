package swiss

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Step 1: SWAR matching on crafted control words.

// randomWord returns a control word of random empty, deleted and full bytes,
// with full bytes drawn from few values so that matches are frequent.
func randomWord(rng *rand.Rand) ctrlGroup {
	var g ctrlGroup
	for i := range groupSlots {
		switch rng.IntN(4) {
		case 0:
			g.set(i, ctrlEmpty)
		case 1:
			g.set(i, ctrlDeleted)
		default:
			g.set(i, ctrl(rng.IntN(4))*0x21) // 0x00, 0x21, 0x42, 0x63
			if rng.IntN(3) == 0 {
				g.set(i, g.get(i)^1) // the false-positive neighbor h^1
			}
		}
	}
	return g
}

func TestStep1MatchH2(t *testing.T) {
	word := ctrlWord(0x15, ctrlEmpty, 0x15, 0x7f, ctrlDeleted, 0x00, 0x15, ctrlEmpty)
	for _, c := range []struct {
		h    ctrl
		want []int
	}{
		{0x15, []int{0, 2, 6}},
		{0x7f, []int{3}},
		{0x00, []int{5}},
		{0x2a, nil},
	} {
		got := word.matchH2(c.h)
		if got != bitsetOf(c.want...) {
			t.Errorf("matchH2(%#02x) on control bytes %s = %s; want slots %v: a slot matches when its control byte equals H2",
				uint8(c.h), ctrlBytes(word), showBitset(got), c.want)
		}
	}

	// Random words: every true match must be reported; empty and deleted
	// slots never; any other slot only as the documented false positive.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		word := randomWord(rng)
		h := ctrl(rng.IntN(4)) * 0x21
		if rng.IntN(4) == 0 {
			h = ctrl(rng.IntN(128))
		}
		got := word.matchH2(h)
		slots, junk := slotsOf(got)
		if junk {
			t.Fatalf("matchH2(%#02x) on control bytes %s = %s", uint8(h), ctrlBytes(word), showBitset(got))
		}
		for j := range groupSlots {
			c := word.get(j)
			in := slices.Contains(slots, j)
			switch {
			case c == h && !in:
				t.Fatalf("matchH2(%#02x) on control bytes %s = %s: slot %d (%02x) is missing", uint8(h), ctrlBytes(word), showBitset(got), j, uint8(c))
			case c >= 0x80 && in:
				t.Fatalf("matchH2(%#02x) on control bytes %s = %s: slot %d is %s, which never matches an H2 (H2 has its top bit 0)",
					uint8(h), ctrlBytes(word), showBitset(got), j, map[bool]string{true: "empty", false: "deleted"}[c == ctrlEmpty])
			case c != h && in && !(c == h^1 && j > 0 && slices.Contains(slots, j-1)):
				t.Fatalf("matchH2(%#02x) on control bytes %s = %s: slot %d (%02x) does not match; the only false positive allowed is a byte h^1 right above a matching slot",
					uint8(h), ctrlBytes(word), showBitset(got), j, uint8(c))
			}
		}
	}
}

func TestStep1MatchH2FalsePositive(t *testing.T) {
	// The case documented in the runtime's portable matchH2: slot 0 holds
	// 0x02 and slot 1 holds 0x03. Subtracting 0x01 from the zero byte of
	// slot 0 borrows from slot 1, and slot 1 may come out as a match too.
	word := ctrlWord(0x02, 0x03)
	got := word.matchH2(0x02)
	slots, junk := slotsOf(got)
	if junk || !slices.Contains(slots, 0) || slices.ContainsFunc(slots, func(s int) bool { return s > 1 }) {
		t.Errorf("matchH2(0x02) on control bytes %s = %s; want slot 0, and possibly slot 1: the SWAR trick may report slot 1 as a false positive, which the key comparison that follows rejects",
			ctrlBytes(word), showBitset(got))
	}
}

func TestStep1MatchEmpty(t *testing.T) {
	word := ctrlWord(ctrlEmpty, ctrlDeleted, 0x00, 0x7f, ctrlEmpty, 0x01, ctrlDeleted, ctrlEmpty)
	if got, want := word.matchEmpty(), bitsetOf(0, 4, 7); got != want {
		t.Errorf("matchEmpty() on control bytes %s = %s; want slots [0 4 7]: only 0x80 is empty (0xfe is a tombstone)", ctrlBytes(word), showBitset(got))
	}
	var all ctrlGroup
	all.setEmpty()
	if got, want := all.matchEmpty(), bitsetOf(0, 1, 2, 3, 4, 5, 6, 7); got != want {
		t.Errorf("matchEmpty() on an empty group = %s; want all 8 slots", showBitset(got))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		word := randomWord(rng)
		var want bitset
		for j := range groupSlots {
			if word.get(j) == ctrlEmpty {
				want |= bitsetOf(j)
			}
		}
		if got := word.matchEmpty(); got != want {
			t.Fatalf("matchEmpty() on control bytes %s = %s; want %s", ctrlBytes(word), showBitset(got), showBitset(want))
		}
	}
}

func TestStep1MatchEmptyOrDeleted(t *testing.T) {
	word := ctrlWord(ctrlEmpty, ctrlDeleted, 0x00, 0x7f, ctrlEmpty, 0x01, ctrlDeleted, ctrlEmpty)
	if got, want := word.matchEmptyOrDeleted(), bitsetOf(0, 1, 4, 6, 7); got != want {
		t.Errorf("matchEmptyOrDeleted() on control bytes %s = %s; want slots [0 1 4 6 7]: every byte with its top bit set", ctrlBytes(word), showBitset(got))
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		word := randomWord(rng)
		var want bitset
		for j := range groupSlots {
			if word.get(j) >= 0x80 {
				want |= bitsetOf(j)
			}
		}
		if got := word.matchEmptyOrDeleted(); got != want {
			t.Fatalf("matchEmptyOrDeleted() on control bytes %s = %s; want %s", ctrlBytes(word), showBitset(got), showBitset(want))
		}
	}
}

func TestStep1First(t *testing.T) {
	for _, c := range []struct {
		set  []int
		want int
	}{
		{[]int{0}, 0}, {[]int{3, 5}, 3}, {[]int{7}, 7}, {[]int{1, 2, 3, 4, 5, 6, 7}, 1}, {[]int{6, 7}, 6},
	} {
		if got := bitsetOf(c.set...).first(); got != c.want {
			t.Errorf("first() of the bitset of slots %v (%#016x) = %d; want %d: %s", c.set, uint64(bitsetOf(c.set...)), got, c.want, slotBit)
		}
	}
	var got []int
	for b := bitsetOf(2, 4, 7); b != 0 && len(got) < 8; b = b.removeFirst() {
		got = append(got, b.first())
	}
	if !slices.Equal(got, []int{2, 4, 7}) {
		t.Errorf("looping with first and removeFirst over the bitset of slots [2 4 7] gave %v; want [2 4 7]", got)
	}
}
