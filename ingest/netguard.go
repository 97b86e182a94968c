package ingest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
)

// ErrPrivateAddress is the error of a fetch that would connect to a
// loopback, private, link-local or otherwise non-public address (after
// DNS resolution, and after each redirect) when Options.AllowPrivate is
// not set: a manifest from a stranger must not make a build read the
// services of the machine or network it runs on (cloud metadata at
// 169.254.169.254, an admin page on 127.0.0.1) and publish them.
var ErrPrivateAddress = errors.New("not a public address")

// privateAddrError names the host and the address it resolved to.
type privateAddrError struct {
	host string
	addr netip.Addr
	kind string
}

func (e *privateAddrError) Error() string {
	at := e.host
	if e.host != e.addr.String() {
		at = fmt.Sprintf("%s (%s)", e.host, e.addr)
	}
	return fmt.Sprintf("%s is %s: rulesync fetches from loopback, private and link-local addresses only when allowed (allow_private_urls = true in a manifest, --allow-private-urls on the command line)", at, addressPhrase(e.kind))
}

// addressPhrase is the noun phrase of an address of kind, with its
// article: "a loopback address", "an unspecified address", "this
// machine's own address".
func addressPhrase(kind string) string {
	switch {
	case kind == ownKind:
		return kind + " address"
	case kind == "this-network":
		return `an address of "this network" (0.0.0.0/8)`
	case kind != "" && strings.IndexByte("aeiouAEIOU", kind[0]) >= 0:
		return "an " + kind + " address"
	}
	return "a " + kind + " address"
}

func (e *privateAddrError) Is(target error) bool { return target == ErrPrivateAddress }

// Address ranges that are neither loopback, private nor link-local by
// net/netip's tests but reach no public host either (RFC 6890).
var nonPublic = []struct {
	prefix netip.Prefix
	kind   string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "this-network"},
	{netip.MustParsePrefix("100.64.0.0/10"), "shared (carrier-grade NAT)"},
	{netip.MustParsePrefix("192.0.0.0/24"), "IETF protocol"},
	{netip.MustParsePrefix("198.18.0.0/15"), "benchmarking"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved"},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "local-use translation"},
	{netip.MustParsePrefix("192.0.2.0/24"), "documentation"},
	{netip.MustParsePrefix("198.51.100.0/24"), "documentation"},
	{netip.MustParsePrefix("203.0.113.0/24"), "documentation"},
	{netip.MustParsePrefix("2001:db8::/32"), "documentation"},
}

// ownKind is the kind of an address of one of this machine's
// interfaces: a URL to it reaches the services listening on all of them,
// as loopback does.
const ownKind = "this machine's own"

// ownAddress reports whether a is one of the interface addresses
// (net.InterfaceAddrs's).
func ownAddress(a netip.Addr, ifaces []net.Addr) bool {
	for _, ia := range ifaces {
		if p, err := netip.ParsePrefix(ia.String()); err == nil && p.Addr().Unmap() == a.Unmap() {
			return true
		}
	}
	return false
}

// addressKind says what kind of non-public address a is ("loopback",
// "private", "link-local", ...), "" for a public one. An IPv4 address
// mapped into IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address.
func addressKind(a netip.Addr) string {
	a = a.Unmap()
	switch {
	case a.IsLoopback():
		return "loopback"
	case a.IsPrivate():
		return "private"
	case a.IsLinkLocalUnicast(), a.IsLinkLocalMulticast():
		return "link-local"
	case a.IsUnspecified():
		return "unspecified"
	case a.IsMulticast(), a.IsInterfaceLocalMulticast():
		return "multicast"
	}
	for _, n := range nonPublic {
		if n.prefix.Contains(a) {
			return n.kind
		}
	}
	return ""
}

// guardedClient is the client of a fetch that may connect to public
// addresses only: every connection (the first request's and each
// redirect's) resolves its host and dials the address it checked, so
// that a name that resolves differently the second time (DNS rebinding)
// gains nothing. A proxy (proxyOf: http.ProxyFromEnvironment) is
// dialled as given, for the requests sent through it only; the host
// asked of it is checked by its resolution here. A request sent direct
// is checked whatever its address, the proxy's own included (a
// redirect to a loopback proxy's host and port goes direct, since
// loopback is never proxied).
func guardedClient(proxyOf func(*http.Request) (*url.URL, error)) *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = func(req *http.Request) (*url.URL, error) {
		p, err := proxyOf(req)
		if p == nil || err != nil {
			return p, err
		}
		if _, err := publicAddrs(req.Context(), req.URL.Hostname()); err != nil {
			return nil, err
		}
		return p, nil
	}
	d := &net.Dialer{}
	t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		// The transport dials with the request's context values: a
		// connection pooled for a proxy is keyed by it, so it serves
		// proxied requests only.
		if proxy, _ := ctx.Value(proxyKey{}).(string); proxy != "" && proxy == addr {
			return d.DialContext(ctx, network, addr)
		}
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		ips, err := publicAddrs(ctx, host)
		if err != nil {
			return nil, err
		}
		var conn net.Conn
		for _, ip := range ips {
			if conn, err = d.DialContext(ctx, network, net.JoinHostPort(ip.String(), port)); err == nil {
				return conn, nil
			}
		}
		return nil, err
	}
	return &http.Client{Transport: roundTripper(func(req *http.Request) (*http.Response, error) {
		proxy := ""
		if p, err := proxyOf(req); err == nil && p != nil {
			proxy = canonicalHostPort(p)
		}
		return t.RoundTrip(req.WithContext(context.WithValue(req.Context(), proxyKey{}, proxy)))
	})}
}

// proxyKey is the context key of the host and port of the proxy a
// request is sent through ("" for none).
type proxyKey struct{}

// roundTripper is a function that is an http.RoundTripper.
type roundTripper func(*http.Request) (*http.Response, error)

// RoundTrip calls f.
func (f roundTripper) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }

// canonicalHostPort is a proxy URL's host and port as the transport
// dials it.
func canonicalHostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"https": "443", "socks5": "1080"}[u.Scheme]
		if port == "" {
			port = "80"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// publicAddrs resolves host and returns its addresses, an error when
// any of them is not public.
func publicAddrs(ctx context.Context, host string) ([]netip.Addr, error) {
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else {
		ips, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		if err != nil {
			return nil, err
		}
		addrs = ips
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("%s: no address", host)
	}
	ifaces, _ := net.InterfaceAddrs()
	for i, a := range addrs {
		kind := addressKind(a)
		if kind == "" && ownAddress(a, ifaces) {
			kind = ownKind
		}
		if kind != "" {
			return nil, &privateAddrError{host: host, addr: a.Unmap(), kind: kind}
		}
		addrs[i] = a.Unmap()
	}
	return addrs, nil
}

// publicClient is the guarded client fetches share (its connections
// pooled).
var publicClient = sync.OnceValue(func() *http.Client { return guardedClient(http.ProxyFromEnvironment) })
