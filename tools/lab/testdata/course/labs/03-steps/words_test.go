package steps

import "testing"

func TestStep1Shout(t *testing.T) {
	if got := Shout("hi"); got != "HI!" {
		t.Errorf("Shout(%q) = %q; want %q", "hi", got, "HI!")
	}
}

func TestStep2ShoutOnce(t *testing.T) {
	if got := Shout("hi!!"); got != "HI!" {
		t.Errorf("Shout(%q) = %q; want %q", "hi!!", got, "HI!")
	}
}

func TestStep2Whisper(t *testing.T) {
	if got := Whisper("Hi"); got != "(hi)" {
		t.Errorf("Whisper(%q) = %q; want %q", "Hi", got, "(hi)")
	}
}
