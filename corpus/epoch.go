package corpus

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// maxEpoch is the last second of the year 9999: times beyond it do not
// fit the formats the outputs write.
const maxEpoch = 253402300799

// SourceDateEpoch returns the time the SOURCE_DATE_EPOCH environment
// variable fixes for reproducible output (reproducible-builds.org): ok
// is false when it is unset or empty. A value that is not a decimal
// number of seconds since 1970-01-01 UTC (as `date +%s` prints it) is an
// error, never the clock's time in silence. Every reader of the variable
// goes through this one parser.
func SourceDateEpoch() (t time.Time, ok bool, err error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		return time.Time{}, false, nil
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return time.Time{}, false, badEpoch(s)
		}
	}
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil || sec > maxEpoch {
		return time.Time{}, false, badEpoch(s)
	}
	return time.Unix(sec, 0).UTC(), true, nil
}

func badEpoch(s string) error {
	return fmt.Errorf("SOURCE_DATE_EPOCH %q: want the number of seconds since 1970-01-01 UTC, as date +%%s prints it (or unset it)", s)
}
