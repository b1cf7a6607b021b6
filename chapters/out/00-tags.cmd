# the files of whichmap that Go 1.26 and newer build, and the tags they set: no goexperiment.swissmap
go list -f "files: {{join .GoFiles \" \"}}; tags: {{join context.ToolTags \" \"}}" ./chapters/code/00-setup/whichmap
