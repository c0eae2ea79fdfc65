-- bench/wrk_json.lua: shared by the wrk scripts. At the end of a run, prints one line
-- "WRKJSON {...}" with the exact counts and latency percentiles (microseconds) that
-- bench/report.py reads, so nothing depends on wrk's human-readable output.
-- A script that defines `response` counts 2xx answers in `ok2xx` per thread; setup()
-- keeps the threads so done() can add those up.

local threads = {}

function setup(thread)
   thread:set("id", #threads + 1)
   table.insert(threads, thread)
end

function done(summary, latency, requests)
   local ok2xx = 0
   local counted = false
   for _, thread in ipairs(threads) do
      local n = thread:get("ok2xx")
      if n ~= nil then
         counted = true
         ok2xx = ok2xx + n
      end
   end
   local e = summary.errors
   io.write(string.format(
      'WRKJSON {"requests": %d, "duration_us": %d, "bytes": %d, "connect": %d, "read": %d, '
      .. '"write": %d, "status": %d, "timeout": %d, "ok2xx": %s, "p50_us": %d, "p90_us": %d, '
      .. '"p99_us": %d, "max_us": %d, "mean_us": %.1f}\n',
      summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
      e.timeout, counted and tostring(ok2xx) or "null", latency:percentile(50),
      latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
