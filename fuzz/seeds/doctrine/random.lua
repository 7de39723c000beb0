-- random.lua: plays the first legal order the rule set's sampler offers (a baseline in Lua).
function decide()
  local st = tw.state()
  if st.phase ~= "play" then return tw.suggest() end
  local orders = tw.legal_orders(4)
  if #orders > 0 and math.random() < 0.8 then return orders[1] end
  return nil
end
