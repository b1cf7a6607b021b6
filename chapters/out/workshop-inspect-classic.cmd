# the instructor's guide, chapter 02's live demo: the inspector reads a real classic map whose
# 13 keys were chosen by hash for bucket 0 of 2, so the output is the same on every run
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./tools/inspect -noseed overflow
