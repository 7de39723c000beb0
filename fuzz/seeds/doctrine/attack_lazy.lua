-- issue 13 item 9: ".-b" over 99999 characters (10^10 steps), through every pattern function
local subj = ("a"):rep(1000):rep(100):sub(2)
function decide()
  pcall(string.find, subj, ".-b")
  pcall(string.match, subj, "(.-)b")
  pcall(function() for x in subj:gmatch("a-b") do end end)
  pcall(string.gsub, subj, ".-b", "%0%0")
  pcall(string.find, ("("):rep(1000):rep(100), "%b()")
  return string.find(subj, "(a*)(a*)(a*)%1b")
end
