-- bench/accounts.lua: GET /shortcuts as a random account, for section (7). init() reads
-- $BENCH_TOKENS (lines "TOKEN ETAG BYTES", from bench/load_accounts.py) and builds every request
-- string once; request() only picks one. No response() callback, so wrk keeps its fast path.
--   BENCH_ACCOUNTS_MODE=uniform  every account equally likely
--   BENCH_ACCOUNTS_MODE=zipf     Zipf over the accounts, s = $BENCH_ZIPF_S (default 1.1): rank k
--                                has weight 1/k^s; ranks map onto accounts by a fixed permutation,
--                                so the hot accounts are spread over the store, not its first rows
--   BENCH_ACCOUNTS_MODE=304      uniform, each request with its account's If-None-Match (a 304)
--   BENCH_ACCOUNTS_MODE=zipf304  Zipf, each request with its account's If-None-Match (a 304)
dofile(os.getenv("BENCH_DIR") .. "/wrk_json.lua")

local requests = {}
local cdf = nil

function init(args)
   local mode = os.getenv("BENCH_ACCOUNTS_MODE") or "uniform"
   for line in io.lines(os.getenv("BENCH_TOKENS")) do
      local token, etag = line:match("^(%S+)%s+(%S+)")
      if token then
         local headers = { ["Host"] = wrk.host .. ":" .. wrk.port, ["Authorization"] = "Bearer " .. token }
         if mode == "304" or mode == "zipf304" then headers["If-None-Match"] = etag end
         table.insert(requests, wrk.format("GET", "/shortcuts", headers))
      end
   end
   assert(#requests > 0, "no accounts in " .. tostring(os.getenv("BENCH_TOKENS")))
   if mode == "zipf" or mode == "zipf304" then
      local s = tonumber(os.getenv("BENCH_ZIPF_S") or "1.1")
      local n = #requests
      -- A permutation of 1..n: 48271 is prime and shares no factor with the counts used here
      -- (checked: the permuted list must hold every account once).
      local permuted, seen = {}, {}
      for k = 1, n do
         local index = ((k - 1) * 48271) % n + 1
         assert(not seen[index], "48271 shares a factor with " .. n)
         seen[index] = true
         permuted[k] = requests[index]
      end
      requests = permuted
      cdf = {}
      local total = 0
      for k = 1, n do
         total = total + 1 / k ^ s
         cdf[k] = total
      end
      for k = 1, n do cdf[k] = cdf[k] / total end
   end
   math.randomseed(os.time() * 1000 + (id or 0))
end

function request()
   if cdf == nil then return requests[math.random(#requests)] end
   -- The smallest rank whose cumulative weight reaches a uniform draw (binary search).
   local u, low, high = math.random(), 1, #cdf
   while low < high do
      local middle = math.floor((low + high) / 2)
      if cdf[middle] < u then low = middle + 1 else high = middle end
   end
   return requests[low]
end
