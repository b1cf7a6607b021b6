# the control-word tricks of step 1, one operation per line
go run ./chapters/code/03-swiss/swar
