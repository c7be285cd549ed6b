//go:build !linux

package web

import "errors"

// processDescriptors has nothing to count by outside Linux: the page
// keeps no descriptor reserve there, only its connection caps.
func processDescriptors() (open, limit int, err error) {
	return 0, 0, errors.New("no descriptor count on this system")
}
