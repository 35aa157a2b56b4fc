#!/usr/bin/env node
// The `settlement-console` command (package.json "bin"): the TypeScript CLI in lib/cli, compiled
// on the fly by tsx's loader (a quarter of a second), from any working directory.
import { register } from "tsx/esm/api";

register();
await import(new URL("../lib/cli/main.ts", import.meta.url).href);
