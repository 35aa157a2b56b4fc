import { PGlite } from "@electric-sql/pglite";
let t=Date.now();
const db = new PGlite();
await db.waitReady; console.log("mem init", Date.now()-t, process.memoryUsage().rss/1e6|0);
t=Date.now();
const dump = await db.dumpDataDir("none"); console.log("dump", Date.now()-t, dump.size);
t=Date.now();
const db2 = new PGlite({loadDataDir: dump}); await db2.waitReady; console.log("load", Date.now()-t, process.memoryUsage().rss/1e6|0);
const r = await db2.query("select 1 as x"); console.log(r.rows);
