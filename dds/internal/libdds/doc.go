// Package libdds is a cgo binding to the system's DDS library (Debian
// libdds-dev), used only by openroom's differential tests and side-by-side
// benchmarks. It is built only with the build tag "libdds"; without the tag
// the package is empty, so the default build stays pure Go.
package libdds
