package reports_test

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	xhtml "golang.org/x/net/html"
)

// browser is a headless Chromium driven over the DevTools protocol on a
// pipe (--remote-debugging-pipe: commands on its descriptor 3, answers
// and events on 4, each message ended by a NUL byte): tabs of a given
// size open pages, run scripts in them, click, type, take screenshots,
// and keep the errors the pages log (uncaught exceptions,
// console.error, and the browser's own log of errors: a blocked
// script, a file that failed to load, a Content-Security-Policy
// violation).
type browser struct {
	t   *testing.T
	cmd *exec.Cmd
	in  *os.File

	mu      sync.Mutex
	next    int
	waiting map[int]chan cdpMessage
	errors  map[string][]string      // by session
	loaded  map[string]chan struct{} // by session: the page's load event
	closed  chan struct{}
}

// cdpMessage is a DevTools protocol message: an answer (ID) or an event
// (Method).
type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// newBrowser starts headless Chromium for the test, skipping it when
// Chromium is not installed; the browser is closed when the test ends.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	chrome := chromiumPath(t)
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chrome, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir="+t.TempDir(), "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{cmdR, evW}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmdR.Close()
	evW.Close()
	b := &browser{t: t, cmd: cmd, in: cmdW, waiting: map[int]chan cdpMessage{}, errors: map[string][]string{}, loaded: map[string]chan struct{}{}, closed: make(chan struct{})}
	go b.read(bufio.NewReader(evR))
	t.Cleanup(func() {
		b.call("", "Browser.close", nil)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		cmdW.Close()
	})
	return b
}

// read dispatches the browser's messages: answers to their callers,
// errors and load events to the tabs.
func (b *browser) read(r *bufio.Reader) {
	defer close(b.closed)
	for {
		data, err := r.ReadBytes(0)
		if err != nil {
			return
		}
		var m cdpMessage
		if json.Unmarshal(data[:len(data)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		switch {
		case m.ID != 0:
			if ch, ok := b.waiting[m.ID]; ok {
				ch <- m
				delete(b.waiting, m.ID)
			}
		case m.Method == "Page.loadEventFired":
			if ch, ok := b.loaded[m.SessionID]; ok {
				close(ch)
				delete(b.loaded, m.SessionID)
			}
		default:
			if e := pageError(m); e != "" {
				b.errors[m.SessionID] = append(b.errors[m.SessionID], e)
			}
		}
		b.mu.Unlock()
	}
}

// pageError is the error an event reports, or "".
func pageError(m cdpMessage) string {
	switch m.Method {
	case "Runtime.exceptionThrown":
		var p struct {
			ExceptionDetails struct {
				Text      string `json:"text"`
				Exception struct {
					Description string `json:"description"`
				} `json:"exception"`
			} `json:"exceptionDetails"`
		}
		json.Unmarshal(m.Params, &p)
		return "exception: " + p.ExceptionDetails.Text + " " + p.ExceptionDetails.Exception.Description
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		json.Unmarshal(m.Params, &p)
		if p.Type == "error" || p.Type == "assert" {
			return fmt.Sprintf("console.%s: %v", p.Type, p.Args)
		}
	case "Log.entryAdded":
		var p struct {
			Entry struct {
				Level, Source, Text, URL string
			} `json:"entry"`
		}
		json.Unmarshal(m.Params, &p)
		if p.Entry.Level == "error" {
			return fmt.Sprintf("%s error: %s %s", p.Entry.Source, p.Entry.Text, p.Entry.URL)
		}
	}
	return ""
}

// call sends a command (to a tab's session, or to the browser for "")
// and returns its result.
func (b *browser) call(session, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan cdpMessage, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, _ := json.Marshal(msg)
	if _, err := b.in.Write(append(data, 0)); err != nil {
		return nil, err
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		return m.Result, nil
	case <-b.closed:
		return nil, fmt.Errorf("%s: the browser exited", method)
	case <-time.After(60 * time.Second):
		return nil, fmt.Errorf("%s: no answer in 60 s", method)
	}
}

// tab is a browser tab of a fixed size.
type tab struct {
	b       *browser
	t       *testing.T
	session string
}

// tab opens a tab of width x height CSS pixels (mobile: a phone's
// viewport, as a phone shows the page).
func (b *browser) tab(t *testing.T, width, height int, mobile bool) *tab {
	t.Helper()
	must := func(res json.RawMessage, err error) json.RawMessage {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	var target struct {
		TargetID string `json:"targetId"`
	}
	json.Unmarshal(must(b.call("", "Target.createTarget", map[string]any{"url": "about:blank"})), &target)
	var att struct {
		SessionID string `json:"sessionId"`
	}
	json.Unmarshal(must(b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true})), &att)
	tb := &tab{b: b, t: t, session: att.SessionID}
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable"} {
		must(b.call(tb.session, m, nil))
	}
	must(b.call(tb.session, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}))
	return tb
}

// open loads a page and waits for its load event (the scripts at the end
// of its body have run by then).
func (tb *tab) open(u string) {
	tb.t.Helper()
	ch := make(chan struct{})
	tb.b.mu.Lock()
	tb.b.loaded[tb.session] = ch
	tb.b.mu.Unlock()
	if _, err := tb.b.call(tb.session, "Page.navigate", map[string]any{"url": u}); err != nil {
		tb.t.Fatal(err)
	}
	select {
	case <-ch:
	case <-time.After(60 * time.Second):
		tb.t.Fatalf("%s did not load in 60 s", u)
	}
}

// eval runs a script in the page and decodes its value into out.
func (tb *tab) eval(expr string, out any) {
	tb.t.Helper()
	res, err := tb.b.call(tb.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true})
	if err != nil {
		tb.t.Fatal(err)
	}
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	json.Unmarshal(res, &r)
	if r.ExceptionDetails != nil {
		tb.t.Fatalf("%s: %s", expr, r.ExceptionDetails.Text)
	}
	if out != nil && len(r.Result.Value) > 0 {
		if err := json.Unmarshal(r.Result.Value, out); err != nil {
			tb.t.Fatalf("%s: %v (%s)", expr, err, r.Result.Value)
		}
	}
}

// click clicks the middle of the element selector finds, as a mouse
// does: the element must be on the page and visible.
func (tb *tab) click(selector string) {
	tb.t.Helper()
	var box struct{ X, Y float64 }
	tb.eval(fmt.Sprintf(`(function(){var e=document.querySelector(%q); e.scrollIntoView({block:"center"}); var r=e.getBoundingClientRect(); return {X:r.left+r.width/2, Y:r.top+r.height/2};})()`, selector), &box)
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		if _, err := tb.b.call(tb.session, "Input.dispatchMouseEvent", map[string]any{"type": typ, "x": box.X, "y": box.Y, "button": "left", "clickCount": 1}); err != nil {
			tb.t.Fatal(err)
		}
	}
}

// typeText types text into the focused element.
func (tb *tab) typeText(text string) {
	tb.t.Helper()
	if _, err := tb.b.call(tb.session, "Input.insertText", map[string]any{"text": text}); err != nil {
		tb.t.Fatal(err)
	}
}

// dom is the page as the browser built it.
func (tb *tab) dom() string {
	var s string
	tb.eval(`"<!DOCTYPE html>"+document.documentElement.outerHTML`, &s)
	return s
}

// screenshot writes what the tab shows (the whole page, up to 6000
// pixels) to path as PNG.
func (tb *tab) screenshot(path string) {
	tb.t.Helper()
	res, err := tb.b.call(tb.session, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": false})
	if err != nil {
		tb.t.Fatal(err)
	}
	var r struct {
		Data string `json:"data"`
	}
	json.Unmarshal(res, &r)
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil || len(png) < 5000 {
		tb.t.Errorf("screenshot %s: %d bytes, %v", path, len(png), err)
		return
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// errors returns the errors the tab's pages logged since the last call.
func (tb *tab) errors() []string {
	tb.b.mu.Lock()
	defer tb.b.mu.Unlock()
	e := tb.b.errors[tb.session]
	delete(tb.b.errors, tb.session)
	return e
}

// links returns the addresses a page's links, style sheets and scripts
// point to, as the browser resolved them.
func (tb *tab) links() []string {
	var out []string
	tb.eval(`Array.from(document.querySelectorAll("a[href],link[href],script[src]")).map(function(e){return e.href||e.src})`, &out)
	return out
}

// linkChecker checks that the file:// links of a site resolve: the file
// exists and, for a fragment, the page has an element with that id.
type linkChecker struct {
	ids map[string]map[string]bool // by file
}

// broken returns why u does not resolve, or "".
func (lc *linkChecker) broken(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "file" {
		return fmt.Sprintf("%s is not a file:// address", u)
	}
	path := p.Path
	if _, err := os.Stat(path); err != nil {
		return fmt.Sprintf("%s: no such file", u)
	}
	if p.Fragment == "" || !strings.HasSuffix(path, ".html") {
		return ""
	}
	if lc.ids == nil {
		lc.ids = map[string]map[string]bool{}
	}
	ids, ok := lc.ids[path]
	if !ok {
		ids = map[string]bool{}
		f, err := os.Open(path)
		if err != nil {
			return err.Error()
		}
		z := xhtml.NewTokenizer(f)
		for {
			tt := z.Next()
			if tt == xhtml.ErrorToken {
				break
			}
			if tt == xhtml.StartTagToken || tt == xhtml.SelfClosingTagToken {
				for _, a := range z.Token().Attr {
					if a.Key == "id" {
						ids[a.Val] = true
					}
				}
			}
		}
		f.Close()
		lc.ids[path] = ids
	}
	if !ids[p.Fragment] {
		return fmt.Sprintf("%s: %s has no element with id %q", u, filepath.Base(path), p.Fragment)
	}
	return ""
}

// sitePages lists the HTML pages of a built site, relative to it.
func sitePages(t *testing.T, out string) []string {
	var pages []string
	filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".html") {
			rel, _ := filepath.Rel(out, path)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return nil
	})
	if len(pages) == 0 {
		t.Fatalf("no pages in %s", out)
	}
	return pages
}

// TestBrowserHarness: the harness the site tests rest on sees what they
// look for, so that a clean run means a clean site: an exception thrown
// by a script, a script the Content-Security-Policy refuses, a file that
// does not load and a broken fragment are reported; a click on a label
// checks its radio button.
func TestBrowserHarness(t *testing.T) {
	b := newBrowser(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "throws.js"), []byte(`document.body.setAttribute("data-ran", "yes"); null.x;`), 0o644)
	page := `<!DOCTYPE html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'"><title>t</title></head><body>
<form><label for="r"><input type="radio" id="r" name="x" value="1"> one</label></form><a href="#nowhere">a</a><a href="other.html">b</a>
<script>document.title = "inline ran"</script><script src="throws.js"></script><script src="absent.js"></script></body></html>`
	os.WriteFile(filepath.Join(dir, "page.html"), []byte(page), 0o644)
	tb := b.tab(t, 800, 600, false)
	tb.open("file://" + filepath.Join(dir, "page.html"))
	var ran, title string
	tb.eval(`document.body.getAttribute("data-ran")`, &ran)
	tb.eval(`document.title`, &title)
	if ran != "yes" || title == "inline ran" {
		t.Errorf("the page's own script ran: %q; the inline one ran: %v", ran, title == "inline ran")
	}
	errs := strings.Join(tb.errors(), "\n")
	for _, want := range []string{"exception", "Content Security Policy", "absent.js"} {
		if !strings.Contains(errs, want) {
			t.Errorf("no error reported for %q; errors:\n%s", want, errs)
		}
	}
	var lc linkChecker
	var broken []string
	for _, u := range tb.links() {
		if why := lc.broken(u); why != "" {
			broken = append(broken, why)
		}
	}
	if len(broken) != 3 { // #nowhere, other.html, absent.js
		t.Errorf("broken links %q, want 3", broken)
	}
	tb.click("label[for=r]")
	var checked bool
	tb.eval(`document.getElementById("r").checked`, &checked)
	if !checked {
		t.Error("a click on the label did not check its radio button")
	}
}
