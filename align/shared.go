package align

// Shared is the share of the smaller document's items that the
// alignment's confident pairs hold, in [0, 1]: near 1 for two editions
// of one rulebook or a translation and its source (a translation cut
// short still pairs most of its own items), near 0 for two different
// rulebooks or the wrong file. A document without items shares nothing.
func (a *Alignment) Shared() float64 {
	ns, nt := len(a.Source.Items), len(a.Target.Items)
	if ns == 0 || nt == 0 {
		return 0
	}
	s, t := 0, 0
	for i := range a.Pairs {
		if p := &a.Pairs[i]; !p.Low {
			s += len(p.Source)
			t += len(p.Target)
		}
	}
	if ns <= nt {
		return float64(s) / float64(ns)
	}
	return float64(t) / float64(nt)
}
