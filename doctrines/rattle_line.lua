-- rattle_line.lua: a plain A Rattle of Dice doctrine written in Lua (docs/doctrine.md).
-- The initiative and the winner's choice are left to the rule set's default general
-- (tw.suggest()). In its phase, each unit shoots at the enemy unit nearest to it when the rules
-- allow (RD.SHOOT: range, arc, sight, one action), else marches straight at it and halts
-- `stand` inches short (inside a musket's 6 in, RD.SHOOT.5), moving at most `step` of its
-- allowance; then the phase ends. The Generals are left where they are.
-- Decisions asked of its seat outside its own moves are answered here: a charge (RD.CHARGE.7:
-- counter-charge when it may, else evade when it may, else stand), the fire before a melee step
-- (RD.MELEE.6/7: every unit fires), Steady Men! and the colour (RD.GEN.5, RD.FLAG.2: always
-- rolled) and a promotion (RD.GEN.8: its first surviving General).
-- Parameters (tinwar sim --vary red.stand=4,8): stand = inches to halt short of the nearest
-- enemy, step = fraction of the 12 in allowance (RD.MOVE.1) used.

local phase_key = nil -- the phase whose units we are ordering
local tried = {}      -- units already given their order (or found unable) this phase

local function param(name, default)
  local v = tw.params[name]
  if v == nil then return default end
  return v
end

-- The units of the figures in `list`: {id = {figs = {ids}, x, y}} (centres of active men).
local function units_of(list)
  local units = {}
  for _, f in ipairs(list) do
    if f.unit and f.unit >= 0 and f.status == "active" and f.kind ~= "general" then
      local u = units[f.unit]
      if not u then u = {figs = {}, sx = 0, sy = 0}; units[f.unit] = u end
      u.figs[#u.figs + 1] = f.id
      u.sx, u.sy = u.sx + f.x, u.sy + f.y
    end
  end
  for _, u in pairs(units) do u.x, u.y = u.sx / #u.figs, u.sy / #u.figs end
  return units
end

-- The enemy unit with a man nearest to (x, y), and that man.
local function nearest_enemy(x, y, enemies)
  local best, bestd, bx, by = nil, math.huge, 0, 0
  for id, u in pairs(enemies) do
    for _, fid in ipairs(u.figs) do
      local f = tw.figure(fid)
      local d = tw.dist(x, y, f.x, f.y)
      if d < bestd then best, bestd, bx, by = id, d, f.x, f.y end
    end
  end
  return best, bestd, bx, by
end

local function unit_order(id, u, enemies)
  local t, d, tx, ty = nearest_enemy(u.x, u.y, enemies)
  if not t then return nil end
  local o = {type = "shoot", figures = u.figs, target = enemies[t].figs}
  if tw.validate(o) then return o end
  local len = math.min(12 * param("step", 1.0), d - param("stand", 5))
  for _, part in ipairs({1.0, 0.6, 0.3}) do
    local l = len * part
    if l < 0.25 then return nil end
    local m = {type = "move", figures = u.figs,
               path = {{u.x + (tx - u.x) * l / d, u.y + (ty - u.y) * l / d}}}
    if tw.validate(m) then return m end
  end
  return nil
end

-- The answer to a decision other than our phase's orders, or nil.
local function answer()
  local d = tw.decisions()[1]
  if not d or #d.types ~= 1 then return nil end
  local t = d.types[1]
  if t == "respond" then
    for _, n in ipairs({"counter", "evade"}) do
      local o = {type = "respond", n = n}
      if tw.validate(o) then return o end
    end
    return {type = "respond", n = "stand"}
  elseif t == "fire" then
    return {type = "fire"}
  elseif t == "steady" then
    return {type = "steady", n = "roll"}
  elseif t == "promote" then
    for _, f in ipairs(tw.figures("own")) do
      if f.kind == "general" and f.status == "active" then return {type = "promote", general = {f.id}} end
    end
  end
  return nil
end

function decide()
  local a = answer()
  if a then return a end
  local st = tw.state()
  if st.phase ~= "first" and st.phase ~= "second" then return tw.suggest() end
  local key = st.move .. ":" .. st.phase
  if key ~= phase_key then phase_key, tried = key, {} end
  local mine, enemies = units_of(tw.figures("own")), units_of(tw.figures("enemy"))
  local ids = {}
  for id in pairs(mine) do ids[#ids + 1] = id end
  table.sort(ids) -- a fixed order: the same game from the same seed
  for _, id in ipairs(ids) do
    if not tried[id] then
      tried[id] = true
      local o = unit_order(id, mine[id], enemies)
      if o then return o end
    end
  end
  return nil -- the end of our phase
end
