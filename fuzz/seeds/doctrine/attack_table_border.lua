-- #t is 2^40 in a table of 41 entries: insert and remove shift 2^40 elements; move a vast range
local t = {}
for k = 40, 0, -1 do t[1 << k] = true end
function decide()
  pcall(table.insert, t, 1, 0)
  pcall(table.remove, t, 1)
  pcall(table.move, {}, 1, 1e15, 2)
  table.move(t, 1, math.maxinteger, 2)
end
