package ingest

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
)

// TestAddressKind: the addresses a fetch refuses by default, and some it
// takes.
func TestAddressKind(t *testing.T) {
	for a, want := range map[string]string{
		"127.0.0.1": "loopback", "::1": "loopback", "::ffff:127.0.0.1": "loopback",
		"10.1.2.3": "private", "172.16.0.1": "private", "192.168.1.1": "private", "fd00::1": "private",
		"169.254.169.254": "link-local", "fe80::1": "link-local",
		"0.0.0.0": "unspecified", "::": "unspecified", "0.1.2.3": "this-network",
		"100.64.0.1": "shared (carrier-grade NAT)", "224.0.0.1": "link-local", "239.1.2.3": "multicast",
		"192.0.2.2": "documentation", "198.51.100.7": "documentation", "203.0.113.9": "documentation", "2001:db8::1": "documentation",
		"8.8.8.8": "", "2001:4860:4860::8888": "", "93.184.216.34": "",
	} {
		if got := addressKind(netip.MustParseAddr(a)); got != want {
			t.Errorf("%s: %q, want %q", a, got, want)
		}
	}
}

// TestOwnAddress: an address of one of this machine's interfaces is its
// own, whatever its range; another in the same network is not.
func TestOwnAddress(t *testing.T) {
	ifaces := []net.Addr{
		&net.IPNet{IP: net.ParseIP("93.184.216.34"), Mask: net.CIDRMask(24, 32)},
		&net.IPNet{IP: net.ParseIP("2606:2800:220:1::1"), Mask: net.CIDRMask(64, 128)},
	}
	for a, want := range map[string]bool{
		"93.184.216.34": true, "::ffff:93.184.216.34": true, "2606:2800:220:1::1": true,
		"93.184.216.35": false, "8.8.8.8": false,
	} {
		if got := ownAddress(netip.MustParseAddr(a), ifaces); got != want {
			t.Errorf("%s: %v, want %v", a, got, want)
		}
	}
}

// TestProxyRedirectChecked: with a proxy on a loopback address, only
// the connections to the proxy are let through; a redirect to the
// proxy's own host and port, which goes direct (loopback is never
// proxied), is checked and refused like any loopback URL.
func TestProxyRedirectChecked(t *testing.T) {
	var direct, proxied atomic.Int32
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	self := "http://" + ln.Addr().String()
	// The proxy answers a public URL with a redirect to itself.
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.IsAbs() {
			proxied.Add(1)
			http.Redirect(w, r, self+"/s.md", http.StatusFound)
			return
		}
		direct.Add(1)
		w.Write([]byte("1. one rule\n2. two rules\n3. three rules\n"))
	}))
	srv.Listener = ln
	srv.Start()
	defer srv.Close()
	proxy, err := url.Parse(self)
	if err != nil {
		t.Fatal(err)
	}
	// As http.ProxyFromEnvironment does: loopback hosts go direct.
	proxyOf := func(req *http.Request) (*url.URL, error) {
		if a, err := netip.ParseAddr(req.URL.Hostname()); err == nil && a.IsLoopback() {
			return nil, nil
		}
		return proxy, nil
	}
	_, err = Options{Client: guardedClient(proxyOf)}.URL(context.Background(), "http://93.184.216.34/redir")
	if !errors.Is(err, ErrPrivateAddress) {
		t.Errorf("a redirect to the proxy's address: %v, want ErrPrivateAddress", err)
	}
	if n := direct.Load(); n != 0 {
		t.Errorf("the proxy's address was asked directly %d times, want 0", n)
	}
	if n := proxied.Load(); n != 1 {
		t.Errorf("the proxy was asked %d times, want 1 (its connection is let through)", n)
	}
}

// TestPrivateAddrErrorGrammar: the refusal of every kind of address
// reads as English: "an unspecified address", "this machine's own
// address", never "a unspecified" or "a this machine's own".
func TestPrivateAddrErrorGrammar(t *testing.T) {
	kinds := []string{"loopback", "private", "link-local", "unspecified", "multicast", ownKind}
	for _, n := range nonPublic {
		kinds = append(kinds, n.kind)
	}
	want := map[string]string{
		"unspecified": "is an unspecified address", "IETF protocol": "is an IETF protocol address",
		ownKind: "is " + ownKind + " address", "loopback": "is a loopback address",
	}
	for _, k := range kinds {
		msg := (&privateAddrError{host: "h.example", addr: netip.MustParseAddr("0.0.0.0"), kind: k}).Error()
		for _, bad := range []string{"a unspecified", "a IETF", "a this", "an loopback", "a " + ownKind} {
			if strings.Contains(msg, bad) {
				t.Errorf("%s: %q says %q", k, msg, bad)
			}
		}
		if w, ok := want[k]; ok && !strings.Contains(msg, w) {
			t.Errorf("%s: %q, want %q", k, msg, w)
		}
	}
}
