// What bench/peers.py asks of a Node server before it reads its memory: a full collection of
// V8's heap on SIGURG (the server run with `node --expose-gc`), as tictac makes one of
// Python's (TICTAC_BENCH_COLLECT), so that all three are measured after a collection.

if (typeof globalThis.gc === "function") process.on("SIGURG", () => globalThis.gc());
