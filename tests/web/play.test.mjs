// Plays a toy game in a real browser: lobby, a move by clicks, an attack with its
// odds, phases to the end screen. Starts `hexfront serve` on a free port with a
// temporary database; Debian's chromium through playwright-core. Screenshots go to
// build/web-artifacts/ (HEXFRONT_ARTIFACTS) for a person to look at.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// playwright-core is installed with the UI's packages, in web/node_modules.
const { chromium } = createRequire(path.join(root, "web", "package.json"))("playwright-core");
const binary = process.env.HEXFRONT_BIN ?? path.join(root, "build", "hexfront");
const artifacts = process.env.HEXFRONT_ARTIFACTS ?? path.join(root, "build", "web-artifacts");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

let server, base, browser, page, dataDir, profileDir;

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), "hexfront-web-data-"));
  profileDir = mkdtempSync(path.join(tmpdir(), "hexfront-web-profile-"));
  server = spawn(binary, ["serve", "--port", "0", "--data", dataDir, "--web", path.join(root, "web", "dist")], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/[^/]+\/)/);
      if (m) resolve(m[1]);
    });
    server.on("exit", (code) => reject(new Error(`hexfront serve exited with ${code}`)));
  });
  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  page = await browser.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
});

after(async () => {
  await browser?.close();
  server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
});

const shot = (name) => page.screenshot({ path: path.join(artifacts, `${name}.png`) });
const api = async (p) => (await fetch(new URL(p, base))).json();

// The game id and seat token from the page's #/play/<id>/<token> link.
function seat() {
  const [, , id, token] = new URL(page.url()).hash.split("/");
  return { id, token };
}
const view = () => api(`/api/games/${seat().id}?token=${seat().token}`);
async function until(check, ms = 10000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await check()) return;
  throw new Error("timed out waiting");
}
const logLength = () => page.locator(".log li").count();

test("a toy game plays in the browser from the lobby to the end screen", async () => {
  await page.goto(base);
  await page.waitForSelector("#start");
  await page.selectOption("#new-game", "toy");
  await page.fill("#new-seed", "7");
  await shot("01-lobby");
  await page.click("#start");
  await page.waitForSelector(".counter");
  await shot("02-game");
  const catalog = await api("/api/catalog/toy");
  const centre = new Map(catalog.map.hexes.map((h) => [h.id, [h.x, h.y]]));
  const adjacent = (a, b) => Math.hypot(centre.get(a)[0] - centre.get(b)[0], centre.get(a)[1] - centre.get(b)[1]) < 1.01;

  // Movement: a move that ends next to an enemy unit, made by two clicks.
  let v = await view();
  assert.match(await page.locator(".phase").innerText(), /Movement/);
  const enemy = v.state.units.filter((u) => catalog.units.find((d) => d.id === u.id).side !== 0 && u.hex).map((u) => u.hex);
  const move = v.legal.find((a) => a.type === "move" && enemy.some((e) => adjacent(a.hex, e)));
  assert.ok(move, "some unit can move next to an enemy");
  await page.click(`.counter[data-unit="${move.unit}"]`);
  await page.waitForSelector(`.reach[data-hex="${move.hex}"]`);
  await shot("03-reach");
  await page.click(`.reach[data-hex="${move.hex}"]`, { force: true });
  await page.waitForSelector(`.counter[data-unit="${move.unit}"][data-hex="${move.hex}"]`);
  await shot("04-moved");

  // Combat: the engine's odds on a target, then declare, commit the unit, resolve.
  await page.click('button[data-action="end_phase"]');
  await page.waitForFunction(() => /Combat/.test(document.querySelector(".phase")?.textContent ?? ""));
  v = await view();
  const declare = v.legal.find((a) => a.type === "declare_attack" && adjacent(a.hex, move.hex));
  assert.ok(declare, "an attack can be declared on the enemy next to the moved unit");
  await page.click(`.counter[data-unit="${move.unit}"]`);
  await page.waitForSelector(".odds");
  const odds = await page.locator(".odds").first().textContent();
  assert.match(odds, /\d/, "the map shows the odds");
  await shot("05-odds");
  await page.click(`.target[data-hex="${declare.hex}"]`, { force: true });
  await page.waitForSelector('button[data-action="resolve"], .counter.playable');
  v = await view();
  for (const a of v.legal.filter((x) => x.type === "add_attacker" && x.unit === move.unit)) {
    await page.click(`.counter[data-unit="${a.unit}"]`, { force: true });
    await page.waitForFunction((u) => !document.querySelector(`.counter.playable[data-unit="${u}"]`), a.unit);
  }
  const before = await logLength();
  await page.click('button[data-action="resolve"]');
  await page.waitForFunction((n) => document.querySelectorAll(".log li").length > n, before);
  assert.match(await page.locator(".log").innerText(), /\d/);
  await shot("06-resolved");

  // The defender's choice, when it is Blue's, and then phase after phase to the end.
  for (let i = 0; i < 40 && !(await page.locator(".end.shown").count()); i++) {
    v = await view();
    const next = v.legal.find((a) => a.type === "end_phase") ?? v.legal.find((a) => !a.unit && !a.hex) ?? v.legal[0];
    assert.ok(next, "Blue has something to do until the game ends");
    const n = v.entries;
    if (!next.unit && !next.hex) await page.click(`button[data-action="${next.type}"]`);
    else await page.click(`.counter[data-unit="${next.unit}"]`, { force: true });
    await until(async () => (await view()).entries > n && !(await page.locator("body.busy").count()));
  }
  await page.waitForSelector(".end.shown");
  assert.match(await page.locator(".end-card").innerText(), /wins|Draw/);
  await shot("07-end");
});
