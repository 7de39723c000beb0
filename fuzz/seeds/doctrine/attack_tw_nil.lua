-- issue 13 item 8: the engine's references are its own
local suggest = tw.suggest
tw.params = nil
tw = nil
function decide()
  tw = 1
  return suggest()
end
