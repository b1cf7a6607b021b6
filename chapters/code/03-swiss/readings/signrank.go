package main

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// alpha is the significance level of the readings' tests, benchstat's default.
const alpha = 0.05

// rowMoves is how a group of a map's rows moved from one release to the other: each row's ratio
// on the two releases, paired.
type rowMoves struct {
	up, down, same int     // rows whose ratio rose, fell, or is the same to the table's two decimals
	p              float64 // the signed-rank test's two-sided p-value over the rows that moved
	corrected      float64 // p corrected for the other tests made with it (holm); p for a test alone
}

// significant reports whether the rows moved together by more than their noise, once the
// p-value is corrected for the tests made with it: corrected < alpha.
func (m rowMoves) significant() bool { return m.corrected < alpha }

// alone reports whether the test, taken alone, finds the rows moved: p < alpha. Of many tests
// of rows that did not move, some are under alpha by chance.
func (m rowMoves) alone() bool { return m.p < alpha }

// holm corrects the p-values of tests made together by Holm's step-down method: the i-th
// smallest of n, multiplied by n-i (i from 0), and never less than the one before it. A
// corrected p-value under alpha has at most alpha's chance, over all n tests, of coming from
// rows that did not move, whatever the tests' dependence.
func holm(ms []*rowMoves) {
	sorted := slices.Clone(ms)
	slices.SortStableFunc(sorted, func(a, b *rowMoves) int { return cmp.Compare(a.p, b.p) })
	floor := 0.0
	for i, m := range sorted {
		floor = max(floor, min(1, float64(len(ms)-i)*m.p))
		m.corrected = floor
	}
}

// movesOf pairs prev[i] with cur[i] and tests whether the rows' moves, log(cur/prev), are
// centred on 0: the Wilcoxon signed-rank test, exact, by flipping the sign of every subset of
// the moves (ties share their mean rank; rows that did not move are left out, as Wilcoxon does).
// Each row is a median of runs on both releases against the built-in map of the same runs, so
// a row is one paired observation, and a group whose rows all went the same way by chance is
// as likely as 2 in 2^n.
func movesOf(prev, cur []float64) rowMoves {
	var m rowMoves
	var d []float64
	for i := range prev {
		switch x := math.Log(cur[i] / prev[i]); {
		case cur[i] == prev[i]:
			m.same++
		case x > 0:
			m.up++
			d = append(d, x)
		default:
			m.down++
			d = append(d, x)
		}
	}
	m.p = signedRankP(d)
	m.corrected = m.p
	return m
}

// signedRankP is the exact two-sided p-value of the signed-rank statistic of d (no zeros).
func signedRankP(d []float64) float64 {
	n := len(d)
	if n == 0 {
		return 1
	}
	ranks := absRanks(d)
	total, observed := 0.0, 0.0
	for i, r := range ranks {
		total += r
		if d[i] > 0 {
			observed += r
		}
	}
	mean := total / 2
	dev := math.Abs(observed-mean) - 1e-9
	extreme := 0
	for mask := range 1 << n {
		w := 0.0
		for i, r := range ranks {
			if mask&(1<<i) != 0 {
				w += r
			}
		}
		if math.Abs(w-mean) >= dev {
			extreme++
		}
	}
	return float64(extreme) / float64(int(1)<<n)
}

// absRanks ranks the absolute values of d from 1, ties sharing their mean rank.
func absRanks(d []float64) []float64 {
	idx := make([]int, len(d))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return math.Abs(d[idx[a]]) < math.Abs(d[idx[b]]) })
	ranks := make([]float64, len(d))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && math.Abs(d[idx[j+1]]) == math.Abs(d[idx[i]]) {
			j++
		}
		for k := i; k <= j; k++ {
			ranks[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return ranks
}
