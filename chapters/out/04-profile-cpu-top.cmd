# step 2: read the profile 04-profile-cpu wrote (outputs runs in name order). The functions
# shown form one call chain, with split well above grow, so their order is stable.
# vary Build ID: [0-9a-f]+
# vary Time: .*
# vary Total samples = .*
# vary (?m)^[ 0-9.a-zµ%]+%
# vary [0-9.]+%
# vary [ \t]+
go tool pprof -top -cum -show=^main\.fillGrowing$|mapassign_fast64$|\(\*table\)\.(rehash|split|grow)$ build/04-growth/cpu.pprof
