-- issue 13 item 9: a plain find of 300 k characters in 600 k (quadratic in Lua's own search)
local hay = ("a"):rep(1000):rep(600)
local needle = ("a"):rep(1000):rep(299) .. ("a"):rep(999) .. "b"
function decide()
  string.find(hay, needle, 1, true)
  hay:find(needle:sub(2))
  return tw.suggest()
end
