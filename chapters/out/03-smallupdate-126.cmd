# chapter 03, step 2: the same on Go 1.26, whose Map.PutSlot grows a full small map before it
# looks for the key
GOTOOLCHAIN=go1.26.8 go run ./chapters/code/03-swiss/smallupdate
