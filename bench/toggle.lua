-- bench/toggle.lua: unfavorite and favorite contacts in turn (DELETE, then POST
-- /contacts/ID/favorite), cycling through the ids in $BENCH_IDS (one per line). A request
-- function only (no per-response callback): wrk keeps its fast path and measures each toggle's
-- latency. Each thread starts at its own offset.
dofile(os.getenv("BENCH_DIR") .. "/wrk_json.lua")

local ids = {}
for line in io.lines(os.getenv("BENCH_IDS")) do
   if #line > 0 then table.insert(ids, line) end
end
local counter = 0

function request()
   counter = counter + 1
   local n = (id or 1) * 7919 + math.floor((counter - 1) / 2)
   local contact = ids[(n % #ids) + 1]
   local method = (counter % 2 == 1) and "DELETE" or "POST"
   return wrk.format(method, "/contacts/" .. contact .. "/favorite")
end
