-- A doctrine for the core's test rule set "toy": it reads the decisions the rules ask of its
-- side, the records by name, and the alliances. Bids high, always evades, attacks the nearest
-- enemy in reach, else closes with it, then ends the turn.
local moved = {}

local function mine()
  local t = {}
  for _, f in ipairs(tw.figures("own")) do if f.status == "active" then t[#t + 1] = f end end
  return t
end

local function enemies()
  local t = {}
  for _, f in ipairs(tw.figures("all")) do
    if f.status == "active" and not tw.allied(tw.side, f.side) then t[#t + 1] = f end
  end
  -- "enemy" means not allied now: the engine's list and tw.enemies agree with tw.allied.
  local n = 0
  for _, f in ipairs(tw.figures("enemy", true)) do
    if tw.allied(tw.side, f.side) then error("an ally among tw.figures('enemy')") end
    n = n + 1
  end
  if n ~= #t then error("tw.figures('enemy') has " .. n .. " free men, not " .. #t) end
  for _, name in ipairs(tw.enemies) do
    if tw.allied(tw.side, name) then error("an ally among tw.enemies") end
  end
  return t
end

function decide()
  local mine_now = tw.decisions()
  local d
  for _, x in ipairs(mine_now) do if x.side == tw.side then d = x end end
  if not d then return nil end
  if d.kind == "bid" then return {type = "bid", n = 9} end
  if d.kind == "react" then return {type = "react", n = "evade"} end
  local st = tw.state()
  for _, f in ipairs(mine()) do
    local best, bd
    for _, e in ipairs(enemies()) do
      local dd = tw.dist(f.x, f.y, e.x, e.y)
      if not bd or dd < bd then best, bd = e, dd end
    end
    if best and bd <= 6 then return {type = "attack", attacker = {f.id}, target = {best.id}} end
    local key = st.data.round .. ":" .. f.id
    if best and not moved[key] then
      moved[key] = true
      local step = math.min(5.5, bd - 3)
      if step > 0.5 then
        return {type = "move", figures = {f.id},
                path = {{f.x + (best.x - f.x) / bd * step, f.y + (best.y - f.y) / bd * step}}}
      end
    end
  end
  return {type = "end"}
end
