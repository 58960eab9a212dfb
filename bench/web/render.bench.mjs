// First render of the whole Ardennes II map with every unit of scenario 7.1, through
// the real UI (the game page: map, counters, panels), against a bare SVG of the same
// hexes (one plain polygon each: no units, no labels, no rivers or roads) drawn in
// the same page and the same browser run. Both are timed from "data in hand" to the
// first painted frame (requestAnimationFrame, then a task); each is run RUNS times
// and the medians are printed with their ratio. Goal: real ≤ 2× bare and ≤ 300 ms.
//
//   make bench-web            (or: node bench/web/render.bench.mjs)
// HEXFRONT_BIN (default build/hexfront), CHROMIUM (default /usr/bin/chromium), RUNS (5);
// the server and browser start as in the browser tests (tests/web/harness.mjs).
import { start } from "../../tests/web/harness.mjs";

const runs = Number(process.env.RUNS ?? 5);
const { base, page, stop } = await start();

try {
  const created = await (await fetch(new URL("/api/games", base), { method: "POST", body: JSON.stringify({ game: "ard2", scenario: "7.1", seed: 1 }) })).json();
  if (!created.id) throw new Error(`cannot create a 7.1 game: ${JSON.stringify(created)}`);
  const url = new URL(`/#/play/${created.id}/${created.seats[0].token}`, base).href;

  const real = [], bare = [];
  let hexes = 0, counters = 0;
  for (let i = 0; i < runs; i++) {
    await page.goto("about:blank");
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName("hexfront:painted").length > 0, null, { timeout: 60000 });
    const r = await page.evaluate(() => {
      const [data] = performance.getEntriesByName("hexfront:data");
      const [painted] = performance.getEntriesByName("hexfront:painted");
      return { ms: painted.startTime - data.startTime, hexes: 0, counters: document.querySelectorAll("svg.map .counter").length };
    });
    real.push(r.ms);
    counters = r.counters;

    // The bare map, in the same page and viewport, with the real map's viewBox.
    bare.push(await page.evaluate(async () => {
      const svgEl = document.querySelector("svg.map");
      const box = svgEl.parentElement.getBoundingClientRect();
      const viewBox = svgEl.getAttribute("viewBox");
      const catalog = await (await fetch("/api/catalog/ard2")).json();
      window.benchHexes = catalog.map.hexes.length;
      document.getElementById("app").replaceChildren();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
      const t0 = performance.now();
      const NS = "http://www.w3.org/2000/svg", S = 64, d = catalog.map.directions;
      const svg = document.createElementNS(NS, "svg");
      svg.setAttribute("viewBox", viewBox);
      svg.setAttribute("style", `position:fixed;left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`);
      for (const h of catalog.map.hexes) {
        const cx = h.x * S, cy = h.y * S;
        const pts = d.map((v, k) => { const w = d[(k + 1) % 6]; return `${cx + ((v[0] + w[0]) * S) / 3},${cy + ((v[1] + w[1]) * S) / 3}`; }).join(" ");
        const p = document.createElementNS(NS, "polygon");
        p.setAttribute("points", pts);
        p.setAttribute("fill", "#e9e4c9");
        p.setAttribute("stroke", "#b5ad90");
        svg.append(p);
      }
      document.body.append(svg);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
      return performance.now() - t0;
    }));
  }
  hexes = await page.evaluate(() => window.benchHexes);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const mr = median(real), mb = median(bare);
  console.log(`Ardennes II map, scenario 7.1: ${hexes} hexes, ${counters} counters; ${runs} runs, medians`);
  console.log(`  real UI first render  ${mr.toFixed(1)} ms   (runs: ${real.map((x) => x.toFixed(0)).join(" ")})`);
  console.log(`  bare SVG of the hexes ${mb.toFixed(1)} ms   (runs: ${bare.map((x) => x.toFixed(0)).join(" ")})`);
  console.log(`  ratio                 ${(mr / mb).toFixed(2)}x   (goal ≤ 2x, ≤ 300 ms)`);
} finally {
  await stop();
}
