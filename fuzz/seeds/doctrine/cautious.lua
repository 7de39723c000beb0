-- cautious.lua: the built-in lw-gunline doctrine's orders, except that it never surrenders.
-- Shows how a Lua doctrine can build on a built-in general with tw.suggest().
function decide()
  local o = tw.suggest("lw-gunline")
  if o and o.type == "surrender" then return nil end
  return o
end
