-- advance.lua: a plain Little Wars doctrine written in Lua (docs/doctrine.md).
-- Guns fire at the thickest knot of enemies in range and sight; then every man steps towards
-- his nearest enemy, and closes to contact only where we outnumber the enemy round him.
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

local function men_order(enemies)
  local step = param("step", 0.9)
  local edge = param("edge", 1)
  local order = {type = "move", moves = {}}
  for _, m in ipairs(tw.figures("own", true)) do
    if not m.moved and not m.contact then
      local id, d = tw.nearest(m.x, m.y, "enemy")
      if id then
        local e = tw.figure(id)
        local gap = d - m.radius - e.radius
        local go
        local ours = tw.count_near(e.x, e.y, tw.lw.reach, "own")
        local theirs = tw.count_near(e.x, e.y, tw.lw.reach, "enemy")
        if gap <= m.allowance - 0.2 and ours >= theirs + edge then
          go = gap + 0.05 -- into contact (LW.MEL.2)
        else
          go = math.min(m.allowance * step, gap - 2.5)
        end
        if go > 0.3 then
          local f = go / d
          local n = #order.moves + 1
          for _, frac in ipairs({1, 0.6, 0.3}) do
            order.moves[n] = {figure = m.id, to = {m.x + (e.x - m.x) * f * frac, m.y + (e.y - m.y) * f * frac}}
            if tw.validate(order) then break end
            order.moves[n] = nil
          end
        end
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
