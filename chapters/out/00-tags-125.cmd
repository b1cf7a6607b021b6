# the same on Go 1.25, which sets goexperiment.swissmap
GOTOOLCHAIN=go1.25.5 go list -f "files: {{join .GoFiles \" \"}}; tags: {{join context.ToolTags \" \"}}" ./chapters/code/00-setup/whichmap
