package ingest

import (
	"net/netip"
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
		"8.8.8.8": "", "2001:4860:4860::8888": "", "93.184.216.34": "",
	} {
		if got := addressKind(netip.MustParseAddr(a)); got != want {
			t.Errorf("%s: %q, want %q", a, got, want)
		}
	}
}
