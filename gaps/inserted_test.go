package gaps_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestInsertedArticleThroughEnglish inserts an article after article 3
// of the real Chinese and Japanese pages ("第三条之二", "第３条の２"), which
// the English lacks: gaps finds it extra, and no other finding names
// the translation's article 3 (a number read twice once left the
// original article 3 extra and put the inserted one in its place).
func TestInsertedArticleThroughEnglish(t *testing.T) {
	dir := testcorpus.Path(t, "udhr")
	en, err := ingest.Options{}.File(filepath.Join(dir, "udhr-1948-en.md"))
	if err != nil {
		t.Fatal(err)
	}
	four := regexp.MustCompile(`(?m)^## 第(四|４)条`)
	for file, heading := range map[string]string{"udhr-1948-zh.md": "第三条之二", "udhr-1948-ja.md": "第３条の２"} {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			at := four.FindIndex(data)
			if at == nil {
				t.Fatal("no heading of article 4")
			}
			page := string(data[:at[0]]) + "## " + heading + "\n\n内容：" + heading + "。\n\n" + string(data[at[0]:])
			tr, err := ingest.Options{}.Bytes(file, []byte(page))
			if err != nil {
				t.Fatal(err)
			}
			r := gaps.Options{}.Gaps(en, tr, nil)
			extra := false
			for _, f := range r.Findings {
				switch {
				case f.Check == gaps.Extra && f.TargetID == "rule:3.2":
					extra = true
				case f.TargetID == "rule:3" || f.SourceID == "rule:3":
					t.Errorf("%s %s %s: %s", f.Check, f.SourceID, f.TargetID, f.Message)
				}
			}
			if !extra {
				t.Errorf("no finding says rule:3.2 is extra: %+v", r.Findings)
			}
		})
	}
}
