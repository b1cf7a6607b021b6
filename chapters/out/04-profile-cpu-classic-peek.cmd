# step 2: callers and callees of the classic map's growth functions, from the profile
# 04-profile-cpu-classic wrote
# vary Build ID: [0-9a-f]+
# vary Time: .*
# vary Total samples = .*
# vary (?m)^[ 0-9.a-zµ%]+%
# vary [0-9.]+%
# vary [ \t]+
go tool pprof -cum -peek runtime\.(growWork_fast64|hashGrow)$ -show=^main\.fillGrowing$|runtime\.(mapassign_fast64|hashGrow|growWork_fast64|evacuate_fast64|makeBucketArray)$ build/04-growth/cpu-classic.pprof
