// Command dates measures github.com/markusmobius/go-dateparser (a port of
// Python's dateparser, 200+ locales) on the version lines of
// ingest/testdata/dates.txt, the table rulesync's own date reader is
// tested on: how many dates it finds with the day, and what it costs to
// start, per line and in binary size.
//
// It lives in a module of its own so that the library is not a
// dependency of rulesync unless the measurement says it should be.
//
//	cd bench/dates && go run .
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	dps "github.com/markusmobius/go-dateparser"
	"github.com/markusmobius/go-dateparser/date"
)

func main() {
	f, err := os.Open(filepath.Join("..", "..", "ingest", "testdata", "dates.txt"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	type row struct{ lang, line, want string }
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		fs := strings.Split(l, "\t")
		rows = append(rows, row{fs[0], fs[1], fs[2]})
	}
	var m0 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for _, mode := range []string{"language given", "language detected"} {
		p := &dps.Parser{}
		ok, n := 0, 0
		var first, total time.Duration
		var wrong []string
		for i, r := range rows {
			cfg := &dps.Configuration{CurrentTime: time.Date(2000, 6, 15, 0, 0, 0, 0, time.UTC), PreferredDayOfMonth: dps.First}
			t := time.Now()
			var res []dps.SearchResult
			if mode == "language given" {
				res, err = p.SearchWithLanguage(cfg, r.lang, r.line)
			} else {
				_, res, err = p.Search(cfg, r.line)
			}
			d := time.Since(t)
			if i == 0 {
				first = d
			}
			total += d
			got := ""
			for _, x := range res {
				if x.Date.Time.Year() < 1990 {
					continue
				}
				switch x.Date.Period {
				case date.Month:
					got = x.Date.Time.Format("2006-01")
				case date.Year:
					got = x.Date.Time.Format("2006")
				default:
					got = x.Date.Time.Format("2006-01-02")
				}
				break
			}
			n++
			if got == r.want {
				ok++
			} else {
				wrong = append(wrong, fmt.Sprintf("%s %q: %q", r.lang, r.line, got))
			}
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		fmt.Printf("go-dateparser, %s: %d of %d right; first call %v, mean %v a line; heap %.0f MB\n", mode, ok, n, first.Round(time.Millisecond), (total / time.Duration(n)).Round(time.Microsecond), float64(m.HeapAlloc-m0.HeapAlloc)/(1<<20))
		for _, w := range wrong {
			fmt.Println("  wrong:", w)
		}
	}
}
