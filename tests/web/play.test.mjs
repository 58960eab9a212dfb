// Plays a toy game in a real browser: lobby, a move by clicks, an attack with its
// odds, phases to the end screen. Starts `hexfront serve` on a free port with a
// temporary database; Debian's chromium through playwright-core. Screenshots go to
// build/web-artifacts/ (HEXFRONT_ARTIFACTS) for a person to look at.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { myTurn, start, until } from "./harness.mjs";

let h, page, shot, api, view;

before(async () => {
  // Red is played by the engine's random AI: fast, and it still goes through the
  // background AI worker and the UI's polling like any AI seat.
  h = await start(["--ai", "random"]);
  ({ page, shot, api, view } = h);
});

after(async () => {
  await h?.stop();
});

const logLength = () => page.locator(".log li").count();

test("a toy game plays in the browser from the lobby to the end screen", async () => {
  await page.goto(h.base);
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
  for (let i = 0; i < 40 && (await myTurn(page), !(await page.locator(".end.shown").count())); i++) {
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
