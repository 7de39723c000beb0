-- lloyd_nq.lua: a small doctrine for Nikolas Lloyd's NQ skirmish (rule set lloyd, docs/lloyd.md),
-- written in Lua (docs/doctrine.md). The start (NQ.TURN.1's roll-off) is left to the rule set's
-- default general (tw.suggest()). In its own move (phase "move"), once a turn, each body (a
-- formed group moves as one, NQ.MOVE.3; else a man alone): a loaded man alone shoots at the
-- nearest enemy when the rules allow (NQ.SHT); otherwise the body walks straight at the enemy
-- nearest its centre, as far as its slowest man's M allows (data.m, NQ.STAT.5; less 2 wounded,
-- NQ.DMG.2; less 1 in a group), stopping when its leading man would touch him (`stand` inches
-- short of that), so that the next move charges (ending engaged is a charge, NQ.MOVE.1). When
-- the enemy moves (phase "react") it makes no opportunity shots and no evades: it ends at once,
-- and the melee follows.
-- Parameters (tinwar sim --vary spearmen.stand=0,2): stand = inches short of touching the
-- nearest enemy (default 0), charge = 0 to stop a further half inch short (default 1).

local turn_key = nil -- the turn whose men we are ordering
local tried = {}     -- bodies already given their order (or found unable) this turn

local function param(name, default)
  local v = tw.params[name]
  if v == nil then return default end
  return v
end

-- Our free men in bodies: a formed group (data.group >= 0, NQ.GRP: it moves as one body,
-- NQ.MOVE.3) or a man alone; each body {key, figs = {figures}}, in the order of their first ids.
local function bodies()
  local mine = tw.figures("own", true)
  table.sort(mine, function(a, b) return a.id < b.id end) -- a fixed order: the same game from the same seed
  local list, by = {}, {}
  for _, f in ipairs(mine) do
    local g = f.data and f.data.group or -1
    local key = g >= 0 and ("g" .. g) or ("m" .. f.id)
    if not by[key] then by[key] = {key = key, figs = {}}; list[#list + 1] = by[key] end
    local b = by[key]
    b.figs[#b.figs + 1] = f
  end
  return list
end

local function order_for(b)
  local cx, cy, m = 0, 0, math.huge
  for _, f in ipairs(b.figs) do
    cx, cy = cx + f.x / #b.figs, cy + f.y / #b.figs
    local fm = (f.data and f.data.m or 4) - ((f.data and f.data.wounded) and 2 or 0) -- NQ.STAT.5, NQ.DMG.2
    if #b.figs > 1 then fm = fm - 1 end -- NQ.GRP: a group moves 1 in less
    m = math.min(m, fm)
  end
  local id, gap = tw.nearest(cx, cy, "enemy")
  if not id then return nil end
  local e = tw.figure(id)
  local ids = {}
  for _, f in ipairs(b.figs) do ids[#ids + 1] = f.id end
  if #b.figs == 1 and b.figs[1].data and b.figs[1].data.loaded then
    local shot = {type = "shoot", figures = ids, targets = {e.id}}
    if tw.validate(shot) then return shot end
  end
  -- The man of the body nearest the enemy leads: the body stops when he would touch him.
  local lead = math.huge
  for _, f in ipairs(b.figs) do lead = math.min(lead, tw.dist(f.x, f.y, e.x, e.y) - f.radius - e.radius) end
  local dx, dy = e.x - cx, e.y - cy
  local dl = math.sqrt(dx * dx + dy * dy)
  if dl < 0.01 then return nil end
  local want = lead - param("stand", 0)
  if param("charge", 1) == 0 then want = want - 0.5 end
  for _, part in ipairs({1.0, 0.75, 0.5, 0.25}) do
    local l = math.min(m, want) * part
    if l < 0.1 then return nil end
    local moves = {}
    for _, f in ipairs(b.figs) do moves[#moves + 1] = {figure = f.id, to = {f.x + dx * l / dl, f.y + dy * l / dl}} end
    local o = {type = "move", moves = moves}
    if tw.validate(o) then return o end
  end
  return nil
end

function decide()
  local st = tw.state()
  if st.phase == "react" then return nil end -- no opportunity shots, no evades: the melee follows
  if st.phase ~= "move" then return tw.suggest() end
  local key = tostring(st.move)
  if key ~= turn_key then turn_key, tried = key, {} end
  for _, b in ipairs(bodies()) do
    if not tried[b.key] then
      tried[b.key] = true
      local o = order_for(b)
      if o then return o end
    end
  end
  return nil -- the end of our move
end
