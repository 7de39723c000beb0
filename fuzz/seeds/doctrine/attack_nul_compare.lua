-- one VM instruction that takes long: comparing 0.5 MB strings of NULs (strcoll once a NUL)
local a = ("\0"):rep(1000):rep(500)
local b = ("\0"):rep(1000):rep(499) .. ("\0"):rep(1000)
function decide()
  while true do local _ = a < b, a == b end
end
