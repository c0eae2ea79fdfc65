-- bench/search.lua: GET /contacts?q=... rotating through BENCH_QUERIES (comma-separated
-- substrings of 3-6 letters that occur in the store); each thread starts at another offset.
dofile(os.getenv("BENCH_DIR") .. "/wrk_json.lua")

local queries = {}
for q in string.gmatch(os.getenv("BENCH_QUERIES") or "son,ann,mar", "[^,]+") do
   table.insert(queries, q)
end
local counter = 0
ok2xx = 0

function request()
   local q = queries[((counter + (id or 0) * 7) % #queries) + 1]
   counter = counter + 1
   return wrk.format("GET", "/contacts?q=" .. q)
end

function response(status, headers, body)
   if status >= 200 and status < 300 then ok2xx = ok2xx + 1 end
end
