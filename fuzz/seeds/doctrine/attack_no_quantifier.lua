-- issue 13 item 9: a pattern of 2 * 10^5 single classes, tried at every position
local subj = ("a"):rep(1000):rep(500)
local pat = ("."):rep(1000):rep(200) .. "b"
function decide()
  return string.find(subj, pat) or tw.suggest()
end
