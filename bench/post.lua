-- bench/post.lua: POST /contacts with JSON bodies, unique-ish name and email per request
-- (run tag + thread + counter); counts the 201 Created answers (durable writes).
dofile(os.getenv("BENCH_DIR") .. "/wrk_json.lua")

local tag = os.getenv("BENCH_RUN_TAG") or tostring(os.time())
local counter = 0
ok2xx = 0

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function request()
   counter = counter + 1
   local body = string.format(
      '{"name":"Bench Writer %s-%d-%d","email":"writer.%s.%d.%d@bench.example","favorite":false}',
      tag, id or 0, counter, tag, id or 0, counter)
   return wrk.format("POST", "/contacts", nil, body)
end

function response(status, headers, body)
   if status == 201 then ok2xx = ok2xx + 1 end
end
