# step 2: the source lines charged with the allocations, from the profile 04-profile-allocs wrote
# vary Build ID: [0-9a-f]+
# vary Time: .*
# vary [0-9.]+(B|kB|MB|GB)
# vary [0-9.]+%
go tool pprof -list ^main\.fill build/04-growth/allocs.pprof
