module github.com/rulesync/rulesync/bench/langid

go 1.26.8

replace github.com/rulesync/rulesync => ../..

require (
	github.com/abadojack/whatlanggo v1.0.1
	github.com/pemistahl/lingua-go v1.4.0
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
	golang.org/x/exp v0.0.0-20221106115401-f9659909a136 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.44.0 // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)
