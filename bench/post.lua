-- bench/post.lua: POST /contacts with JSON bodies, unique-ish name and email per request
-- (run tag + thread + counter). No response() callback (plain wrk reads the answers): POST
-- /contacts answers 201 or an error status, so the durable writes are the requests wrk did not
-- count as status errors (bench/report.py), and the run checks them against the rows added.
dofile(os.getenv("BENCH_DIR") .. "/wrk_json.lua")

local tag = os.getenv("BENCH_RUN_TAG") or tostring(os.time())
local counter = 0

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function request()
   counter = counter + 1
   local body = string.format(
      '{"name":"Bench Writer %s-%d-%d","email":"writer.%s.%d.%d@bench.example","favorite":false}',
      tag, id or 0, counter, tag, id or 0, counter)
   return wrk.format("POST", "/contacts", nil, body)
end
