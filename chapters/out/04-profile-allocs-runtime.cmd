# step 3: the allocations whose stack is made of runtime frames alone, from the profile
# 04-profile-allocs wrote: pprof keeps those frames, since nothing else is left to show
# vary Build ID: [0-9a-f]+
# vary Time: .*
# vary for [0-9]+, .* of [0-9]+ total
# vary (?m)^ +[0-9][0-9. %]+ runtime\.mallocgc$
go tool pprof -sample_index=alloc_objects -top -show ^runtime\.mallocgc$ build/04-growth/allocs.pprof
