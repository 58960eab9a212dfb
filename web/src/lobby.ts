// The lobby: pick a game, a scenario and who plays each side; resume a stored game;
// upload a record.
import { api, tokens, GameInfo, CreatedGame } from "./api";
import { el } from "./dom";

function openCreated(created: CreatedGame) {
  for (const s of created.seats) tokens.remember(created.id, s.side, s.token);
  const human = created.seats.find((s) => s.kind === "human");
  location.hash = human ? `#/play/${created.id}/${human.token}` : `#/watch/${created.id}`;
}

export async function showLobby(root: HTMLElement) {
  const status = el("p.status");
  const page = el("main.lobby", {}, el("h1", {}, "hexfront"), el("p.tagline", {}, "Classic hex-and-counter wargames, every rule enforced."));
  root.append(page);
  let catalog: GameInfo[];
  try {
    catalog = (await api.catalog()).games;
  } catch (e) {
    page.append(el("p.error", {}, `Cannot reach the server: ${(e as Error).message}`));
    return;
  }

  // New game: game -> scenario -> sides -> start.
  const gameSel = el("select#new-game", { "aria-label": "Game" });
  for (const g of catalog) gameSel.append(el("option", { value: g.id }, `${g.title}${g.series ? ` (${g.series})` : ""}`));
  const scenarioSel = el("select#new-scenario", { "aria-label": "Scenario" });
  const summary = el("p.summary");
  const sidesBox = el("div.sides");
  const seedInput = el("input#new-seed", { type: "number", placeholder: "random", min: "0" });
  const current = () => catalog.find((g) => g.id === gameSel.value)!;
  const fillScenarios = () => {
    const g = current();
    scenarioSel.replaceChildren(...g.scenarios.map((s) => el("option", { value: s.id }, `${s.id} ${s.name}`)));
    sidesBox.replaceChildren(
      ...g.sides.map((side, i) =>
        el(
          "label.side",
          {},
          `${side}: `,
          el(
            "select",
            { "data-side": String(i), "aria-label": `${side} player` },
            el("option", { value: "human" }, "Human"),
            el("option", { value: "ai", selected: i > 0 }, "AI"),
          ),
        ),
      ),
    );
    fillSummary();
  };
  const fillSummary = () => {
    const s = current().scenarios.find((x) => x.id === scenarioSel.value);
    summary.textContent = s ? `Turns ${s.first_turn}–${s.last_turn}. ${s.summary}` : "";
  };
  gameSel.addEventListener("change", fillScenarios);
  scenarioSel.addEventListener("change", fillSummary);
  const start = el("button#start.primary", {
    onclick: async () => {
      const seats = [...sidesBox.querySelectorAll("select")].map((s) => (s as HTMLSelectElement).value);
      const seed = seedInput.value === "" ? undefined : Number(seedInput.value);
      try {
        openCreated(await api.create(gameSel.value, scenarioSel.value, seed, seats));
      } catch (e) {
        status.textContent = (e as Error).message;
      }
    },
  }, "Start");
  if (catalog.length) fillScenarios();
  page.append(
    el("section.card", {},
      el("h2", {}, "New game"),
      el("label", {}, "Game ", gameSel),
      el("label", {}, "Scenario ", scenarioSel),
      summary,
      sidesBox,
      el("label", {}, "Seed ", seedInput),
      start,
      status,
    ),
  );

  // Stored games; the ones this browser holds a seat of can be resumed.
  const list = el("ul.games");
  const resume = el("section.card", {}, el("h2", {}, "Games"), list);
  page.append(resume);
  const { games } = await api.games();
  if (!games.length) list.append(el("li.empty", {}, "No games yet."));
  for (const g of games) {
    const mine = tokens.forGame(g.id);
    const links = g.seats
      .filter((s) => s.kind === "human" && mine[String(s.side)])
      .map((s) => el("a", { href: `#/play/${g.id}/${mine[String(s.side)]}` }, `play ${s.name}`));
    const who = g.seats.map((s) => `${s.name}: ${s.kind === "ai" ? "AI" : "human"}`).join(", ");
    list.append(
      el("li", {},
        el("span.title", {}, `#${g.id} ${g.title} ${g.scenario}`),
        el("span.meta", {}, ` turn ${g.turn}${g.over ? " (over)" : ""} · ${who} · ${g.updated}`),
        ...links.flatMap((l) => [" ", l]), " ",
        el("a", { href: `#/watch/${g.id}` }, "watch"), " ",
        el("a", { href: api.recordUrl(g.id), download: `hexfront-${g.id}.json` }, "record"),
      ),
    );
  }

  // Upload a record: a new game replayed from it, with the sides chosen above.
  const file = el("input#upload", { type: "file", accept: ".json,application/json" });
  file.addEventListener("change", async () => {
    const f = file.files?.[0];
    if (!f) return;
    try {
      const record = JSON.parse(await f.text());
      const seats = [...sidesBox.querySelectorAll("select")].map((s) => (s as HTMLSelectElement).value);
      openCreated(await api.upload(record, seats));
    } catch (e) {
      status.textContent = `Upload: ${(e as Error).message}`;
    }
  });
  resume.append(el("label.upload", {}, "Load a record: ", file));
}
