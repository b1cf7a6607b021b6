# which map implementation the default toolchain builds
go run ./chapters/code/00-setup/whichmap
