-- advance.lua: a plain Little Wars doctrine written in Lua (docs/doctrine.md).
-- Guns fire at the thickest knot of enemies in range and sight; then the men step together
-- towards the enemy, and close to contact only where we outnumber the enemy round a man.
-- Parameters (tinwar sim --vary red.step=0.5,1): step = fraction of the move allowance used,
-- edge = how many more men than the enemy we want near a man before we charge him.

local planned = -1 -- game move whose men's move we have given

local function param(name, default)
  local v = tw.params[name]
  if v == nil then return default end
  return v
end

-- The enemy man in range and sight of gun g with most of his friends round him.
local function gun_target(g, enemies)
  local best, bestv = nil, 0
  for _, e in ipairs(enemies) do
    local d = tw.dist(g.x, g.y, e.x, e.y)
    if d > 4 and d < g.range * 0.95 and tw.los(g.x, g.y, e.x, e.y, 1.5, 1.0) then
      local v = 1 + tw.count_near(e.x, e.y, 2.5, "enemy") - d / 400
      if v > bestv then best, bestv = e, v end
    end
  end
  return best
end

local function guns_order(st, enemies)
  if st.men_moved then return nil end
  if st.firing_gun then
    for _, g in ipairs(tw.guns("own")) do
      if g.id == st.firing_gun then
        local t = g.shots < tw.lw.gun_shots and gun_target(g, enemies)
        if t then
          local o = {type = "fire", gun = g.id, target = {t.x, t.y}}
          if tw.validate(o) then return o end
        end
      end
    end
    return {type = "trail", gun = st.firing_gun}
  end
  for _, g in ipairs(tw.guns("own")) do
    if g.in_action and not g.acted then
      local t = gun_target(g, enemies)
      if t then
        local o = {type = "fire", gun = g.id, target = {t.x, t.y}}
        if tw.validate(o) then return o end
      end
    end
  end
  return nil
end

local function centroid(list)
  local x, y = 0, 0
  for _, f in ipairs(list) do x, y = x + f.x, y + f.y end
  return x / #list, y / #list
end

-- Everyone moves by one common step towards the enemy's centre (so that paths do not cross),
-- stopping short of the nearest enemy; a man who can reach an enemy where we outnumber him
-- charges instead.
local function men_order(enemies)
  local step = param("step", 0.9)
  local edge = param("edge", 1)
  local own = tw.figures("own", true)
  if #own == 0 or #enemies == 0 then return nil end
  local ox, oy = centroid(own)
  local ex, ey = centroid(enemies)
  local dx, dy = ex - ox, ey - oy
  local dl = math.sqrt(dx * dx + dy * dy)
  if dl < 1e-9 then return nil end
  dx, dy = dx / dl, dy / dl
  local order = {type = "move", moves = {}}
  for _, m in ipairs(own) do
    if not m.moved and not m.contact then
      local id, d = tw.nearest(m.x, m.y, "enemy")
      local e = tw.figure(id)
      local gap = d - m.radius - e.radius
      local tx, ty
      local ours = tw.count_near(e.x, e.y, tw.lw.reach, "own")
      local theirs = tw.count_near(e.x, e.y, tw.lw.reach, "enemy")
      if gap <= m.allowance - 0.2 and ours >= theirs + edge then
        local f = (gap + 0.05) / d -- into contact (LW.MEL.2)
        tx, ty = m.x + (e.x - m.x) * f, m.y + (e.y - m.y) * f
      else
        local go = math.min(m.allowance * step, gap - 2.5)
        tx, ty = m.x + dx * go, m.y + dy * go
      end
      -- Round trees, houses and rivers: try the straight way first, then turning aside.
      local n = #order.moves + 1
      local vx, vy = tx - m.x, ty - m.y
      for _, a in ipairs({0, 30, -30, 60, -60, 90, -90}) do
        local c, s = math.cos(math.rad(a)), math.sin(math.rad(a))
        local wx, wy = vx * c - vy * s, vx * s + vy * c
        for _, frac in ipairs({1, 0.5}) do
          order.moves[n] = {figure = m.id, to = {m.x + wx * frac, m.y + wy * frac}}
          if tw.validate(order) then break end
          order.moves[n] = nil
        end
        if order.moves[n] then break end
      end
    end
  end
  if #order.moves > 0 then return order end
  return nil
end

function decide()
  local st = tw.state()
  if st.phase ~= "play" then
    return tw.suggest() -- toss, chance men and putting down: the rule set's default general
  end
  local enemies = tw.figures("enemy", true)
  local o = guns_order(st, enemies)
  if o then return o end
  if planned ~= st.move then
    planned = st.move
    o = men_order(enemies)
    if o then return o end
  end
  return nil -- end the move
end
