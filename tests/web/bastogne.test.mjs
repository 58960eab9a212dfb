// Ardennes II 7.5 (Bastogne) in a real browser, by clicks: the lobby starts a German
// (human) vs Allied (AI) game; a German unit is selected, its reachable hexes shown
// and it moves by a click; an attack is planned and the odds panel read against the
// engine's own odds; the attack is declared, joined and resolved; then the phases are
// ended with the UI's own buttons (and defensive choices answered by clicks) until
// the end screen names the victory level. The Allied seat is the engine's random AI
// (fast enough for `make test`; the searching AI takes minutes per turn on 7.5), but
// it goes through the same background worker and polling as any AI.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { adjacency, myTurn, start, until } from "./harness.mjs";

let h, page, shot, api, view;

before(async () => {
  h = await start(["--ai", "random", "--ai-budget-ms", "50"]);
  ({ page, shot, api, view } = h);
});

after(async () => {
  await h?.stop();
});

const GERMAN = 1;

test("Ardennes II 7.5 Bastogne plays in the browser from the lobby to the victory level", { timeout: 280000 }, async () => {
  await page.goto(h.base);
  await page.waitForSelector("#start");
  await page.selectOption("#new-game", "ard2");
  await page.selectOption("#new-scenario", "7.5");
  await page.selectOption('select[data-side="0"]', "ai");
  await page.selectOption('select[data-side="1"]', "human");
  await page.fill("#new-seed", "11");
  await shot("bastogne-01-lobby");
  await page.click("#start");
  await page.waitForSelector(".counter");
  await myTurn(page);
  await shot("bastogne-02-start");
  // Bastogne, the scenario's objective, shows what it is worth (the VP table's 3).
  assert.equal(await page.locator('.vp[data-hex="B1.16"]').textContent(), "★3Bastogne: 3 VP"); // the badge, then its hover title

  const catalog = await api("/api/catalog/ard2");
  const adjacent = adjacency(catalog);
  const sideOf = new Map(catalog.units.map((d) => [d.id, d.side]));
  const allied = (v) => v.state.units.filter((u) => sideOf.get(u.id) !== GERMAN && u.where === "map" && u.hex).map((u) => u.hex);

  // Movement: a German unit moves next to an Allied unit, by two clicks.
  let v = await view();
  assert.equal(v.seat.side, GERMAN);
  assert.match(await page.locator(".phase").innerText(), /German Movement/);
  const enemy = allied(v);
  const move = v.legal.find((a) => a.type === "move" && enemy.some((e) => adjacent(a.hex, e)) && !enemy.includes(a.hex));
  assert.ok(move, "some German unit can move next to an Allied unit");
  await page.click(`.counter[data-unit="${move.unit}"]`, { force: true });
  await page.waitForSelector(`.reach[data-hex="${move.hex}"]`);
  const reachable = await page.locator(".reach").count();
  const { moves } = await api(`/api/games/${v.id}/moves?unit=${encodeURIComponent(move.unit)}`);
  assert.ok(reachable > 1 && reachable <= moves.length, `the map shades the reachable hexes (${reachable} of ${moves.length})`);
  assert.match(await page.locator(".unit-panel").innerText(), new RegExp(catalog.units.find((d) => d.id === move.unit).name.replace(/[()]/g, ".")));
  await shot("bastogne-03-reach");
  await page.click(`.reach[data-hex="${move.hex}"]`, { force: true });
  await page.waitForSelector(`.counter[data-unit="${move.unit}"][data-hex="${move.hex}"]`);
  await shot("bastogne-04-moved");

  // To combat: end movement; the Allied barrage (AI) comes in between.
  for (let i = 0; i < 5 && !/Combat/.test(await page.locator(".phase").innerText()); i++) {
    await page.click('button[data-action="end_phase"]');
    await myTurn(page);
  }
  assert.match(await page.locator(".phase").innerText(), /German Combat/);
  v = await view();
  const declare = v.legal.filter((a) => a.type === "declare_attack").find((a) => adjacent(a.hex, move.hex) && allied(v).includes(a.hex));
  assert.ok(declare, "the moved unit can attack an Allied unit next to it");
  const attacker = v.state.units.find((u) => u.id === move.unit);
  assert.ok(attacker?.hex === move.hex, "the moved unit stands where it moved");

  // The odds panel, checked against the engine's odds for the same attack.
  await page.click(`.counter[data-unit="${move.unit}"]`, { force: true });
  const card = page.locator(`.odds-card[data-hex="${declare.hex}"]`);
  await card.waitFor();
  const odds = await (await fetch(new URL(`/api/games/${v.id}/odds`, h.base), { method: "POST", body: JSON.stringify({ attackers: [move.unit], defender: declare.hex }) })).json();
  const text = await card.innerText();
  assert.doesNotMatch(text, /\btrue\b|\bfalse\b/, "no raw booleans");
  assert.match(text, /Strength/);
  assert.match(text, new RegExp(`Odds\\s+${odds.odds}`));
  if (odds.allowed !== false) assert.equal(await card.locator(".odds-column").innerText(), odds.column, "the headline is the CRT column");
  assert.match(text, new RegExp(`Column\\s+${odds.column}`));
  if (Array.isArray(odds.shifts)) assert.equal(await card.locator(".shifts li").count(), odds.shifts.length, "one line per column shift");
  if (Array.isArray(odds.results) && odds.allowed !== false) {
    const rows = card.locator("table.results tr[data-result]");
    assert.equal(await rows.count(), odds.results.length, "one row per result");
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.probability)));
    assert.ok(Math.abs(shown.reduce((a, b) => a + b, 0) - 1) < 0.01, "the chances add up to 1");
    assert.match(await rows.first().innerText(), /%/);
  }
  await page.locator(".attack-panel").scrollIntoViewIfNeeded();
  await shot("bastogne-05-odds");

  // Declare on the defender's hex, join with the unit(s), resolve.
  await page.click(`.target[data-hex="${declare.hex}"]`, { force: true });
  await until(async () => (await view()).legal.some((a) => a.type === "resolve_attack" || a.type === "add_attacker"), 10000, "the attack to open");
  v = await view();
  for (const a of v.legal.filter((x) => x.type === "add_attacker" && x.unit === move.unit)) {
    // The first click on a closed stack only fans it out, a click while the page is busy
    // is ignored, and one that lands while the counters are redrawn finds its element
    // gone ("not visible"): click again until the unit has joined.
    const n = v.entries;
    for (let attempt = 1; ; attempt++) {
      try {
        await page.click(`.counter[data-unit="${a.unit}"]`, { force: true, timeout: 5000 });
        await until(async () => (await view()).entries > n, 5000, "the attacker to join");
        break;
      } catch (e) {
        if (attempt === 3) throw e;
      }
    }
  }
  await shot("bastogne-06-declared");
  v = await view();
  if (v.legal.some((a) => a.type === "resolve_attack")) {
    const logBefore = await page.locator(".log li").count();
    await page.click('button[data-action="resolve_attack"]');
    await page.waitForFunction((n) => document.querySelectorAll(".log li").length > n, logBefore);
    assert.match(await page.locator(".log").innerText(), new RegExp(`${declare.hex}`));
  }
  await myTurn(page);
  await shot("bastogne-07-resolved");

  // Phase after phase with the UI's buttons (and the German side's choices when the
  // AI attacks) to the end of Turn 11.
  let screenshotTaken = false;
  for (let i = 0; i < 400; i++) {
    await myTurn(page, 120000);
    if (await page.locator(".end.shown").count()) break;
    v = await view();
    if (!v.legal.length) continue; // the page saw it first; the API catches up
    if (!screenshotTaken && v.state.turn >= 5 && /Movement/.test(v.prompt.phase)) {
      await shot("bastogne-08-turn5");
      screenshotTaken = true;
    }
    const n = v.entries;
    const button = v.legal.find((a) => a.type === "end_phase") ?? v.legal.find((a) => !a.unit && !a.hex);
    if (button) await page.click(`.bar button[data-action="${button.type}"]`);
    else {
      const a = v.legal[0];
      if (a.hex) await page.click(`.target[data-hex="${a.hex}"]`, { force: true });
      else await page.click(`.counter[data-unit="${a.unit}"]`, { force: true });
    }
    await until(async () => (await view()).entries > n, 15000, `${JSON.stringify(v.legal[0])} to be taken`);
  }
  await page.waitForSelector(".end.shown");
  const end = await page.locator(".end-card").innerText();
  const outcome = (await view()).outcome;
  assert.ok(outcome?.level, "the engine names a victory level");
  assert.match(end, new RegExp(outcome.level));
  assert.match(end, new RegExp(outcome.winner ?? "Draw"));
  await shot("bastogne-09-end");
});
