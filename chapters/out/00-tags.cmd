# the files of whichmap that Go 1.26 builds, and the tags it sets: no goexperiment.swissmap
go list -f "files: {{join .GoFiles \" \"}}; tags: {{join context.ToolTags \" \"}}" ./chapters/code/00-setup/whichmap
