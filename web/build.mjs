// Builds the UI into dist/: one bundled, minified app.js (milsymbol included, so
// nothing is fetched from the network at run time), plus the page and its styles.
import { build } from "esbuild";
import { cpSync, mkdirSync, rmSync } from "node:fs";

const here = new URL(".", import.meta.url).pathname;
rmSync(here + "dist", { recursive: true, force: true });
mkdirSync(here + "dist");
await build({
  entryPoints: [here + "src/main.ts"],
  bundle: true,
  minify: true,
  sourcemap: true,
  target: "es2020",
  outfile: here + "dist/app.js",
  logLevel: "warning",
});
cpSync(here + "index.html", here + "dist/index.html");
cpSync(here + "style.css", here + "dist/style.css");
