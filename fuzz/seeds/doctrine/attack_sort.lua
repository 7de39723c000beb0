-- issue 13 item 9: table.sort over 3000 references to one 1 MB string (built with few copies: the budget counts them)
local big = ("z"):rep(1000):rep(1000)
local t = {}
for i = 1, 3000 do t[i] = big end
function decide()
  table.sort(t)
  table.sort(t, function(a, b) return a < b end)
  return tw.suggest()
end
