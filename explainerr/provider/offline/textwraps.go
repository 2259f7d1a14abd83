package offline

// textWraps is findTextWraps, found once per view of a module: a view
// belongs to one module understanding (loadAppSource keeps one per
// Module), a Module's files never change under it (an edited file makes a
// new one), and findTextWraps reads nothing else, so the answer found
// first is the one findTextWraps would give again. A failure that repeats,
// or another in the same module, then does not read every error maker of
// the module again. The slice is shared: callers only read it.
func (s *appSource) textWraps() []textWrap {
	if s.mod == nil {
		return nil
	}
	s.wrapsOnce.Do(func() { s.wraps = s.findTextWraps() })
	return s.wraps
}

// verbWraps returns the fmt.Errorf calls of the module that wrap a
// sentinel or an error variable with %w (findWraps), found once.
func (s *appSource) verbWraps() []textWrap {
	if s.mod == nil {
		return nil
	}
	s.verbWrapsOnce.Do(func() { s.verbWrapsFound = s.findWraps(true) })
	return s.verbWrapsFound
}
