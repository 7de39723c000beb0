-- issue 13 item 8: fill the memory to the cap, then return a number where a type name goes
local keep = {}
function decide()
  local n = 1 << 16
  while n >= 1 do
    pcall(function() while true do keep[#keep + 1] = string.rep("y", n) end end)
    n = n // 2
  end
  return {type = 1.25, figures = {1.5, "2"}, path = {{1, 2}}}
end
