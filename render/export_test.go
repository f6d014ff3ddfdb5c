package render

// CaptionRoom is, for the external tests, the room a caption line has in
// an n×n board's picture size pixels wide (its width inside the frame),
// in line heights.
func CaptionRoom(n, size int) float64 {
	g := newGeometry(n, size, false, 1)
	return float64(size-2*g.x0) / float64(lineHeight(size))
}
