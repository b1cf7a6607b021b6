# the line a learner pastes into the room's chat (a fresh clone: nothing started)
go run ./tools/lab progress
