-- reactions_blue.lua: a scripted computer for blue in reactions.json (tests/test_terminal.c). In
-- its phase its horse charges red's horse, its rifles shoot at red's line (whose Army Commander is
-- joined); then the phase ends. Red, a person at the terminal, answers the reactions.
local done = {}
function decide()
  local st = tw.state()
  if st.phase ~= "first" and st.phase ~= "second" then return tw.suggest() end
  local key = st.move .. st.phase
  if not done[key .. "c"] then
    done[key .. "c"] = true
    local o = {type = "move", figures = {24, 25, 26, 27, 28, 29}, path = {{80, 41.5}}}
    if tw.validate(o) then return o end
  end
  if not done[key .. "s"] then
    done[key .. "s"] = true
    local o = {type = "shoot", figures = {16, 17, 18, 19, 20, 21, 22, 23}, targets = {0, 1, 2, 3, 4, 5, 6, 7}}
    if tw.validate(o) then return o end
  end
  return nil
end
