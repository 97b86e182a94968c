package main

import (
	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/gaps"
)

// checkCommand is "rulesync check": the checks that need no source.
func checkCommand() *cli.Command {
	return &cli.Command{
		Name:        "check",
		Usage:       "the checks that need no source: duplicate, enumeration, terminology, truncated",
		ArgsUsage:   "DOCUMENT",
		Description: "The text lists errors first, then warnings, then info. Exit status 1 when a finding at or above --fail-on exists.",
		Flags: withCommon(sourceFlags("input-format"), toFlag(reportFormats, true),
			failOnFlag(),
			outputFlag()),
		Action: act(func(c *call) error {
			in, err := oneArg(c)
			if err != nil {
				return err
			}
			if err := checkReportFlags(c); err != nil {
				return err
			}
			d, err := load(c, in)
			if err != nil {
				return err
			}
			r := gaps.Options{Context: c.Context}.Check(d)
			if c.Context.Err() != nil {
				return interrupted(c)
			}
			return writeReport(c, r)
		}),
	}
}
