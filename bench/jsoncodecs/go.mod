module github.com/rulesync/rulesync/bench/jsoncodecs

go 1.26.0

replace github.com/rulesync/rulesync => ../..

require (
	github.com/goccy/go-json v0.12.0
	github.com/rulesync/rulesync v0.0.0-00010101000000-000000000000
)

require (
	github.com/PuerkitoBio/goquery v1.13.0 // indirect
	github.com/andybalholm/cascadia v1.3.4 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/jolestar/go-commons-pool/v2 v2.1.2 // indirect
	github.com/klippa-app/go-pdfium v1.21.4 // indirect
	github.com/shopspring/decimal v1.3.1 // indirect
	github.com/tetratelabs/wazero v1.12.0 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
