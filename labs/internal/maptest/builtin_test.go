package maptest

import (
	"iter"
	"testing"
)

// builtin wraps the built-in map in the labs' API: the suite must pass on
// the map it takes as its reference.
type builtin[K comparable, V any] struct{ m map[K]V }

func newBuiltin[K comparable, V any](hint int) Map[K, V] {
	return &builtin[K, V]{make(map[K]V, hint)}
}

func (b *builtin[K, V]) Get(k K) (V, bool) { v, ok := b.m[k]; return v, ok }
func (b *builtin[K, V]) Put(k K, v V)      { b.m[k] = v }
func (b *builtin[K, V]) Delete(k K)        { delete(b.m, k) }
func (b *builtin[K, V]) Len() int          { return len(b.m) }
func (b *builtin[K, V]) Clear()            { clear(b.m) }
func (b *builtin[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		for k, v := range b.m {
			if !yield(k, v) {
				return
			}
		}
	}
}

var builtinImpl = Impl{
	Int:    newBuiltin[int64, int64],
	String: newBuiltin[string, int],
	Float:  newBuiltin[float64, int],
	Any:    newBuiltin[any, int],
}

func TestBuiltinBasics(t *testing.T)          { Basics(t, builtinImpl) }
func TestBuiltinNaN(t *testing.T)             { NaN(t, builtinImpl) }
func TestBuiltinUnhashable(t *testing.T)      { Unhashable(t, builtinImpl) }
func TestBuiltinGetAllocs(t *testing.T)       { GetAllocs(t, builtinImpl) }
func TestBuiltinRotation(t *testing.T)        { Rotation(t, builtinImpl) }
func TestBuiltinMutateDuringAll(t *testing.T) { MutateDuringAll(t, builtinImpl) }
func TestBuiltinDifferential(t *testing.T)    { Differential(t, builtinImpl) }
func TestBuiltinCollide(t *testing.T)         { Collide(t, builtinImpl) }
func FuzzBuiltin(f *testing.F)                { Fuzz(f, builtinImpl) }
