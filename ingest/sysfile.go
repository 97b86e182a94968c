package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// systemTrees are the folders of the kernel's and the devices' files.
// Their files may stat as regular ones and still block, never end or
// tell the machine's state: /proc/kmsg is a "regular empty file" whose
// read waits for the kernel's next message.
var systemTrees = []string{"/proc", "/sys", "/dev"}

// SystemTree is the folder of the kernel's or the devices' files
// (/proc, /sys, /dev) that holds the file at real, an absolute path
// with its symlinks resolved, or "": such a file is never an input of
// a command nor a source of a build.
func SystemTree(real string) string {
	for _, sys := range systemTrees {
		if rel, err := filepath.Rel(sys, real); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return sys
		}
	}
	return ""
}

// systemFile refuses, before it is opened, a regular file of the
// system's folders (SystemTree) at path, symlinks resolved. Devices,
// pipes and sockets there are left to openInput, which names their
// kind.

func systemFile(path string) error {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil // the open names the error
	}
	if real, err = filepath.Abs(real); err != nil {
		return nil
	}
	sys := SystemTree(real)
	if sys == "" {
		return nil
	}
	if fi, err := os.Stat(real); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("is %s, a file of the system (%s), never an input: give its content as standard input (-)", real, sys)
}
