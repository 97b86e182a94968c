// Command rulesync keeps rulebooks in sync across editions and languages.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
