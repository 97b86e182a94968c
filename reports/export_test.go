package reports

// SetProgram makes the build take the running program to be name, as if
// another build of rulesync ran, until the returned function restores it.
func SetProgram(name string) (restore func()) {
	was := program
	program = func() string { return name }
	return func() { program = was }
}
