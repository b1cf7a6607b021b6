# Go 1.25 still builds Swiss tables by default
GOTOOLCHAIN=go1.25.5 go run ./chapters/code/00-setup/whichmap
