// Imported first by server.ts: the server logs at `info` unless LOG_LEVEL says otherwise, also when a
// test run starts it (the logger stays silent by default only inside the test runner's own process).
process.env.LOG_LEVEL ||= 'info';
