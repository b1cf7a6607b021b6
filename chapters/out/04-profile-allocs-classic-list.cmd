# step 2 on the classic map, from the profile 04-profile-allocs-classic wrote
# vary Build ID: [0-9a-f]+
# vary Time: .*
# vary [0-9.]+(B|kB|MB|GB)
# vary [0-9.]+%
go tool pprof -list ^main\.fill build/04-growth/allocs-classic.pprof
