-- issue 13 item 9: string.rep of nothing, 2^62 times
function decide()
  local s = string.rep("", 1 << 62)
  local t = ("x"):rep(1 << 40, "")
  return tw.suggest()
end
