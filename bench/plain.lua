-- bench/plain.lua: wrk's default request (the URL given on the command line), with the
-- machine-readable summary. No per-response callback, so wrk keeps its fast path.
dofile(os.getenv("BENCH_DIR") .. "/wrk_json.lua")
