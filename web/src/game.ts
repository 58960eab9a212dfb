// A game for one seat: phase bar, map with counters, unit panel, attack planner,
// log, end screen. Everything the player may do comes from the view's `legal`
// actions; the UI only arranges them as clicks.
import { api, tokens, Action, Catalog, RequestError, Reach, UnitDef, UnitState, View } from "./api";
import { el, svg, words } from "./dom";
import { drawCounter, valueLine, C } from "./counters";
import { MapView, S } from "./map";
import { allowed, oddsCard, oddsHeadline, Odds } from "./odds";

const STACK_STEP = 4;
// Action types that start or make an attack: their target hexes get odds.
const ATTACK = /attack|assault|bombard|overrun/; // pixels each counter of a stack sits above and right of the one below

interface Ui {
  id: number;
  token: string;
  catalog: Catalog;
  defs: Map<string, UnitDef>;
  map: MapView;
  view: View;
  replayAt: number | null; // showing the position after this many entries, read-only
  selected: string | null;
  attackers: Set<string>;
  defender: string | null; // the hex of the attack being built, once declared
  reach: Map<string, Reach>;
  fanned: string | null; // hex whose stack is spread out
  odds: Map<string, Odds>; // defender hex -> engine odds
  busy: boolean;
  recent: Set<string>; // hexes the other side's last actions touched, outlined until we act
}

// The outcome's facts a player reads: not the engine's indexes and side numbers.
const OUTCOME_WORDS: Record<string, string> = { vp: "Victory points", rule: "Decided by", reason: "Why", turn: "Turn" };
function outcomeFacts(o: Record<string, unknown>): [string, string][] {
  return Object.entries(o)
    .filter(([k, v]) => !["over", "winner", "level"].includes(k) && !/(_index|_side|^side)$/.test(k) && v !== null && v !== "")
    .map(([k, v]) => [OUTCOME_WORDS[k] ?? words(k), typeof v === "boolean" ? (v ? "yes" : "no") : typeof v === "object" ? JSON.stringify(v) : String(v)]);
}

// "German wins — Major Victory"; just the level when it names the winner already.
function resultLine(o: Record<string, unknown>): string {
  const winner = o.winner ? `${o.winner} wins` : "Draw";
  if (!o.level) return winner;
  return o.winner && String(o.level).includes(String(o.winner)) ? `${o.level}` : `${winner} — ${o.level}`;
}

function label(a: Action): string {
  return words(a.type) + (a.arg !== undefined ? ` ${a.arg}` : "");
}

export async function showGame(root: HTMLElement, id: number, token: string) {
  let view: View, catalog: Catalog;
  try {
    view = await api.view(id, token);
    catalog = await api.game(view.game);
  } catch (e) {
    root.append(el("main.lobby", {}, el("p.error", {}, (e as Error).message), el("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  if (view.seat && token) tokens.remember(id, view.seat.side, token);
  // The render bench (bench/web) times from here to the first painted frame.
  performance.mark("hexfront:data");

  const phase = el("div.phase");
  const buttons = el("div.buttons");
  const bar = el("header.bar", {}, el("a.home", { href: "#/", title: "Lobby" }, "hexfront"), phase, buttons);
  const mapBox = el("div.mapbox");
  const hover = el("div.hover");
  const unitPanel = el("section.panel.unit-panel");
  const attackPanel = el("section.panel.attack-panel");
  const replayPanel = el("section.panel.replay-panel");
  const log = el("ol.log");
  const side = el("aside.side", {}, unitPanel, attackPanel, el("section.panel.log-panel", {}, el("h3", {}, "Log"), log), replayPanel);
  const endScreen = el("div.end");
  root.append(el("div.game", {}, bar, el("div.body", {}, mapBox, side), hover, endScreen));

  const ui: Ui = {
    id, token, catalog, view,
    defs: new Map(catalog.units.map((d) => [d.id, d])),
    map: null as unknown as MapView,
    replayAt: null, selected: null, attackers: new Set(), defender: null, reach: new Map(), fanned: null, odds: new Map(), busy: false, recent: new Set(),
  };
  ui.map = new MapView(mapBox, catalog.map, {
    click: (hex, ev) => void onClick(hex, ev),
    hover: (hex) => onHover(hex),
    detail: () => { if (ui.map) renderCounters(); },
  });

  const mine = () => !!ui.view.seat && ui.view.seat.side === ui.view.to_act && ui.replayAt === null;
  const legal = () => (ui.replayAt === null ? ui.view.legal : []);
  const unitsAt = (hex: string) => ui.view.state.units.filter((u) => u.where === "map" && u.hex === hex);
  const unitState = (uid: string) => ui.view.state.units.find((u) => u.id === uid);

  // Hot seat: when this browser holds the seat now to act, play it.
  async function followTurn() {
    const held = tokens.forGame(id);
    const next = ui.view.seats.find((s) => s.side === ui.view.to_act);
    const t = next && next.kind === "human" ? held[String(next.side)] : undefined;
    if (t && t !== ui.token && !ui.view.over) {
      ui.token = t;
      history.replaceState(null, "", `#/play/${id}/${t}`);
      ui.view = await api.view(id, t);
    }
  }

  async function run(job: () => Promise<void>) {
    if (ui.busy) return;
    ui.busy = true;
    document.body.classList.add("busy");
    try {
      await job();
    } catch (e) {
      const err = e instanceof RequestError ? e.error : { code: "error", message: (e as Error).message, rule: "" };
      flash(`${err.message}${err.rule ? ` (${err.rule})` : ""}`);
    } finally {
      ui.busy = false;
      document.body.classList.remove("busy");
    }
  }

  function flash(text: string) {
    const n = el("div.flash", {}, text);
    root.append(n);
    setTimeout(() => n.remove(), 4000);
  }

  async function act(a: Action) {
    await run(async () => {
      const res = await api.act(id, ui.token, a);
      ui.view = res.view;
      ui.recent.clear();
      // An attack is built over several actions (declare on a hex, add units, resolve):
      // keep its attackers and defender while it is open, to show its odds.
      const building = [...ui.attackers, ...(ui.selected ? [ui.selected] : [])];
      const declared = a.hex && ATTACK.test(a.type) ? a.hex : a.unit && !a.hex && ui.defender ? ui.defender : null;
      if (a.unit && !a.hex) building.push(a.unit);
      clearSelection();
      if (declared && mine()) {
        ui.defender = declared;
        for (const u of building) ui.attackers.add(u);
        await refreshOdds();
      }
      await followTurn();
      render();
    });
  }

  function clearSelection() {
    ui.selected = null;
    ui.attackers.clear();
    ui.defender = null;
    ui.reach.clear();
    ui.odds.clear();
    ui.fanned = null;
  }

  async function select(uid: string | null) {
    ui.selected = uid;
    ui.reach.clear();
    ui.odds.clear();
    if (uid && legal().some((a) => a.unit === uid && a.hex)) {
      const { moves } = await api.moves(id, uid);
      for (const m of moves) ui.reach.set(m.hex, m);
    }
    await refreshOdds();
    render();
  }

  // Odds for every hex the selected attackers may attack, from the engine.
  async function refreshOdds() {
    ui.odds.clear();
    const attackers = [...ui.attackers];
    if (ui.selected && !attackers.includes(ui.selected)) attackers.push(ui.selected);
    if (!attackers.length) return;
    // A hex-only attack (declare on a hex) is offered where an attacker stands next to it;
    // a unit's own attack action names its targets itself.
    const from = attackers.map((u) => unitState(u)?.hex).filter((h): h is string => !!h);
    const near = (hex: string) => from.some((h) => ui.map.adjacent(h, hex));
    const targets = ui.defender ? new Set([ui.defender]) : new Set(legal().filter((a) => a.hex && ATTACK.test(a.type) && (a.unit ? attackers.includes(a.unit) : near(a.hex))).map((a) => a.hex!));
    for (const hex of targets) ui.odds.set(hex, await api.odds(id, attackers, hex));
  }

  async function onClick(hex: string, ev: MouseEvent) {
    if (ui.busy) return;
    const target = (ev.target as Element).closest?.("[data-unit]");
    const uid = target?.getAttribute("data-unit") ?? null;
    const stack = unitsAt(hex);
    // A click on a closed stack of several opens it, so each counter can be picked.
    if (uid && stack.length > 1 && ui.fanned !== hex) {
      ui.fanned = hex;
      render();
      return;
    }
    // Actions on this hex: the selected unit's first, then the hex's own.
    const forUnit = ui.selected ? legal().filter((a) => a.unit === ui.selected && a.hex === hex) : [];
    const forHex = legal().filter((a) => !a.unit && a.hex === hex);
    const choices = forUnit.length ? forUnit : forHex;
    if (choices.length && !(uid && ev.shiftKey)) {
      if (choices.length === 1) return act(choices[0]);
      return menu(ev, choices);
    }
    if (uid && !ev.shiftKey) {
      // A unit whose one possible action needs no hex (add it to an attack, take the
      // loss) does it on a click; it has nothing else a click could mean.
      const own = legal().filter((a) => a.unit === uid);
      if (own.length === 1 && !own[0].hex) return act(own[0]);
    }
    if (uid) {
      if (ev.shiftKey || ev.ctrlKey) {
        // Shift-click adds or removes an attacker from the planned attack.
        if (ui.attackers.has(uid)) ui.attackers.delete(uid);
        else ui.attackers.add(uid);
        await run(async () => { await refreshOdds(); render(); });
        return;
      }
      await run(() => select(uid === ui.selected ? null : uid));
      return;
    }
    ui.fanned = null;
    await run(() => select(null));
  }

  function menu(ev: MouseEvent, choices: Action[]) {
    const m = el("div.menu", { style: `left:${ev.clientX}px;top:${ev.clientY}px` });
    for (const a of choices) m.append(el("button", { onclick: () => { m.remove(); void act(a); } }, label(a)));
    m.append(el("button.cancel", { onclick: () => m.remove() }, "Cancel"));
    root.append(m);
  }

  function onHover(hex: string | null) {
    if (!hex) {
      hover.textContent = "";
      return;
    }
    const h = ui.map.hexes.get(hex)!;
    const r = ui.reach.get(hex);
    const o = ui.odds.get(hex);
    hover.textContent = [
      hex,
      h.place,
      h.terrain.join(", "),
      r ? `cost ${r.cost}` : "",
      o ? `odds ${allowed(o) ? oddsHeadline(o) : "not allowed"}` : "",
      unitsAt(hex).map((u) => ui.defs.get(u.id)?.name ?? u.id).join(", "),
    ].filter(Boolean).join(" · ");
  }

  function renderCounters() {
    const g = ui.map.counters;
    g.replaceChildren();
    const byHex = new Map<string, UnitState[]>();
    for (const u of ui.view.state.units) if (u.where === "map" && u.hex) byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u]);
    const playable = new Set(legal().filter((a) => a.unit).map((a) => a.unit!));
    const draw = (u: UnitState, x: number, y: number) => {
      const def = ui.defs.get(u.id);
      if (!def) return;
      const c = drawCounter(def, u, x, y, ui.map.far);
      if (playable.has(u.id)) c.classList.add("playable");
      if (u.id === ui.selected) c.classList.add("selected");
      if (ui.attackers.has(u.id)) c.classList.add("attacker");
      g.append(c);
    };
    for (const m of ui.view.state.hex_markers ?? []) drawHexMarker(m);
    let fannedStack: [string, UnitState[]] | null = null;
    for (const [hex, units] of byHex) {
      if (hex === ui.fanned && units.length > 1) {
        fannedStack = [hex, units];
        continue;
      }
      const [x, y] = ui.map.centre(hex);
      units.forEach((u, i) => draw(u, x + i * STACK_STEP, y - i * STACK_STEP));
      if (units.length > 1) {
        const badge = svg("text", { x: x + C / 2 + (units.length - 1) * STACK_STEP, y: y - C / 2 - (units.length - 1) * STACK_STEP, class: "stack-count" });
        badge.textContent = String(units.length);
        g.append(badge);
      }
    }
    // An open stack is drawn last, on top: its counters side by side above the hex.
    if (fannedStack) {
      const [hex, units] = fannedStack;
      const [x, y] = ui.map.centre(hex);
      const w = units.length * (C + 4);
      g.append(svg("rect", { x: x - w / 2 - 4, y: y - C * 1.6 - 4, width: w + 8, height: C + 8, rx: 6, class: "fan" }));
      units.forEach((u, i) => draw(u, x - w / 2 + C / 2 + 2 + i * (C + 4), y - C * 1.1));
    }
  }

  // A marker lying on a hex (a barrage marker, control): a chip at the hex's lower left,
  // below the counters, named in words on hover.
  function drawHexMarker(m: { hex: string; kind: string; value: number }) {
    if (!ui.map.hexes.has(m.hex)) return;
    const [x, y] = ui.map.centre(m.hex);
    const stacked = ui.view.state.hex_markers.filter((o) => o.hex === m.hex);
    const i = stacked.indexOf(m);
    const [word, owner] = m.kind.split("_");
    const sideIndex = ui.catalog.sides.findIndex((s) => owner && s.toLowerCase().startsWith(owner.toLowerCase()));
    const g = svg("g", { class: `hex-marker kind-${m.kind}`, transform: `translate(${x - S * 0.42 + i * 4},${y + S * 0.1 + i * 4})` });
    g.append(svg("rect", { width: S * 0.3, height: S * 0.2, rx: 2, class: sideIndex >= 0 ? `side-${sideIndex}` : "" }));
    const t = svg("text", { x: S * 0.15, y: S * 0.14 });
    t.textContent = word.length <= 4 ? words(word) : word.slice(0, 3).toUpperCase();
    const title = svg("title");
    title.textContent = `${words(m.kind)}${m.value ? ` ${m.value}` : ""}`;
    g.append(t, title);
    ui.map.counters.append(g);
  }

  // The odds on a target hex, drawn above the counters so the defender does not hide them.
  function oddsLabel(hex: string) {
    const o = ui.odds.get(hex);
    if (!o) return;
    const [x, y] = ui.map.centre(hex);
    const t = svg("text", { x, y: y - S * 0.4, class: allowed(o) ? "odds" : "odds refused" });
    t.textContent = allowed(o) ? oddsHeadline(o) : "×";
    ui.map.overlay.append(t);
  }

  function renderHighlights() {
    const g = ui.map.highlights;
    g.replaceChildren();
    ui.map.overlay.replaceChildren();
    const targets = new Map<string, Action[]>();
    for (const a of legal()) {
      if (!a.hex) continue;
      if (a.unit && a.unit !== ui.selected) continue;
      targets.set(a.hex, [...(targets.get(a.hex) ?? []), a]);
    }
    for (const [hex, r] of ui.reach) {
      if (!ui.map.hexes.has(hex)) continue;
      const legalHere = targets.has(hex);
      g.append(ui.map.hexOutline(hex, { class: legalHere ? "reach" : "reach-only", "data-hex": hex }));
      const [x, y] = ui.map.centre(hex);
      const t = svg("text", { x, y: y + S * 0.3, class: "cost" });
      t.textContent = String(r.cost);
      g.append(t);
    }
    for (const [hex, actions] of targets) {
      if (ui.reach.has(hex) && actions.every((a) => a.type === "move")) continue;
      const attack = actions.some((a) => ATTACK.test(a.type));
      g.append(ui.map.hexOutline(hex, { class: attack ? "target attack" : "target", "data-hex": hex }));
      oddsLabel(hex);
    }
    if (ui.defender && !targets.has(ui.defender)) {
      g.append(ui.map.hexOutline(ui.defender, { class: "target attack", "data-hex": ui.defender }));
      oddsLabel(ui.defender);
    }
    if (ui.selected) {
      const u = unitState(ui.selected);
      if (u?.hex) g.append(ui.map.hexOutline(u.hex, { class: "origin", "data-hex": u.hex }));
    }
    for (const hex of ui.recent) if (ui.map.hexes.has(hex)) g.append(ui.map.hexOutline(hex, { class: "recent" }));
  }

  function renderBar() {
    const v = ui.view;
    const seatName = v.seat ? v.seat.name : "Spectator";
    const actorName = v.seats.find((s) => s.side === v.to_act)?.name ?? "";
    phase.replaceChildren(
      el("span.turn", {}, `Turn ${v.state.turn}`),
      el("span.phase-name", {}, (v.prompt.phase || "").replace(new RegExp(`^Turn ${v.state.turn}:\\s*`), "")),
      el("span.prompt", {}, ui.replayAt !== null ? `Replay: after entry ${ui.replayAt} of ${v.entries}` : v.over ? "The game is over." : mine() ? v.prompt.text : `Waiting for ${actorName}: ${v.prompt.text}`),
      ...(v.ai_thinking && ui.replayAt === null ? [el("span.thinking", {}, `${actorName} (AI) is thinking…`)] : []),
      ...(v.ai_error ? [el("span.ai-error", {}, v.ai_error)] : []),
      el("span.seat", {}, `You: ${seatName}`),
    );
    buttons.replaceChildren();
    for (const a of legal().filter((x) => !x.unit && !x.hex)) buttons.append(el("button.action", { onclick: () => void act(a), "data-action": a.type }, label(a)));
    buttons.append(el("button#undo", {
      disabled: !v.can_undo || !mine(),
      title: "Take back the last action (not past a die roll)",
      onclick: () => void run(async () => { ui.view = await api.undo(id, ui.token); clearSelection(); render(); }),
    }, "Undo"));
  }

  function renderUnitPanel() {
    unitPanel.replaceChildren(el("h3", {}, "Unit"));
    const uid = ui.selected;
    const def = uid ? ui.defs.get(uid) : undefined;
    const u = uid ? unitState(uid) : undefined;
    if (!def || !u) {
      unitPanel.append(el("p.hint", {}, "Click a counter to see it; click a shaded hex to move it there. Shift-click counters to plan an attack together."));
      return;
    }
    const table = el("table.values", {},
      el("tr", {}, el("th", {}, "side"), ...ui.catalog.value_names.map((n) => el("th", {}, n))));
    def.values.forEach((row, lost) => {
      table.append(el(`tr${lost === u.steps_lost ? ".current" : ""}`, {},
        el("td", {}, lost === 0 ? "full" : `−${lost}`),
        ...row.map((c) => el(`td.src-${c.source.kind.toLowerCase()}`, { title: `${c.source.kind}: ${c.source.note}` }, String(c.value)))));
    });
    const unitActions = legal().filter((a) => a.unit === uid && !a.hex);
    unitPanel.append(
      el("p.unit-name", {}, `${def.name} `, el("span.muted", {}, [def.formation, def.nationality, `${def.type} ${def.size}`.trim(), def.move_class].filter(Boolean).join(" · "))),
      el("p", {}, `${u.hex ?? u.where} · ${valueLine(def, u)}${u.steps_lost ? ` (reduced ${u.steps_lost} of ${def.steps - 1})` : ""}${u.flags.length ? ` · ${u.flags.map((f) => f.replace(/_/g, " ")).join(", ")}` : ""}`),
      table,
      el("p.legend", {}, "Values by side; hover a value for where it came from."),
      el("div.buttons", {}, ...unitActions.map((a) => el("button.action", { onclick: () => void act(a), "data-action": a.type }, label(a)))),
    );
  }

  function renderAttackPanel() {
    attackPanel.replaceChildren(el("h3", {}, "Attack"));
    const attackers = [...ui.attackers];
    if (ui.selected && !attackers.includes(ui.selected)) attackers.push(ui.selected);
    if (!ui.odds.size) {
      attackPanel.append(el("p.hint", {}, attackers.length ? "No attack open to these units now." : "Select attackers to see the odds against each target."));
      return;
    }
    attackPanel.append(el("p.attackers", {}, el("span.muted", {}, "Attackers: "), attackers.map((a) => ui.defs.get(a)?.name ?? a).join(", ")));
    for (const [hex, o] of ui.odds) {
      const place = ui.map.hexes.get(hex)?.place;
      const defenders = unitsAt(hex).map((u) => ui.defs.get(u.id)?.name ?? u.id).join(", ");
      const card = oddsCard(`${ui.defender === hex ? "Attacking" : "Against"} ${hex}${place ? ` ${place}` : ""}`, o);
      card.dataset.hex = hex;
      if (defenders) card.insertBefore(el("p.defenders.muted", {}, `Defending: ${defenders}`), card.children[1]);
      attackPanel.append(card);
    }
  }

  function renderLog() {
    log.replaceChildren(...ui.view.log.map((e) => el(`li.ev-${e.kind}`, {}, e.kind === "roll" ? el("span.die", {}, "⚄ ") : null, e.text)));
    // Scrolled in the next frame, when layout is done anyway (reading scrollHeight now
    // would lay out the whole map at once).
    requestAnimationFrame(() => (log.scrollTop = log.scrollHeight));
  }

  function renderReplay() {
    const total = ui.view.entries;
    const at = ui.replayAt ?? total;
    const slider = el("input#replay", { type: "range", min: "0", max: String(total), value: String(at), "aria-label": "Replay position" });
    slider.addEventListener("change", () => void run(async () => {
      const n = Number(slider.value);
      if (n >= total && ui.replayAt !== null) {
        ui.replayAt = null;
        ui.view = await api.view(id, ui.token);
      } else if (n < total || ui.replayAt !== null) {
        const r = await api.replay(id, n);
        ui.replayAt = n;
        ui.view = { ...r, seat: ui.view.seat, legal: [], entries: total };
      }
      clearSelection();
      render();
    }));
    replayPanel.replaceChildren(el("h3", {}, "Replay"), slider, el("span.muted", {}, ` ${at} / ${total}`));
  }

  function renderEnd() {
    const v = ui.view;
    endScreen.replaceChildren();
    endScreen.classList.toggle("shown", v.over && ui.replayAt === null && !endScreen.dataset.closed);
    if (!v.over) return;
    const o = v.outcome ?? {};
    endScreen.append(el("div.end-card", {},
      el("h2", {}, "Game over"),
      el("p.result", {}, resultLine(o)),
      el("dl", {}, ...outcomeFacts(o).flatMap(([k, val]) => [el("dt", {}, k), el("dd", {}, val)])),
      el("div.buttons", {},
        el("a.button", { href: api.recordUrl(id), download: `hexfront-${id}.json` }, "Download record"),
        el("button", { onclick: () => { endScreen.dataset.closed = "1"; renderEnd(); } }, "Look at the map"),
        el("a.button", { href: "#/" }, "Lobby")),
    ));
  }

  function render() {
    renderBar();
    renderCounters();
    renderHighlights();
    renderUnitPanel();
    renderAttackPanel();
    renderLog();
    renderReplay();
    renderEnd();
  }

  // Where the other side's new events happened (a move's destination, an attacked
  // hex), so each of its actions shows on the map as it lands.
  function markRecent(before: number) {
    for (const e of ui.view.log.slice(before)) {
      const d = (e.data ?? {}) as Record<string, unknown>;
      for (const k of ["to", "hex"]) if (typeof d[k] === "string") ui.recent.add(d[k] as string);
    }
  }

  // Another seat (another browser, or an AI in the server's background) may act: look
  // again often while an AI plays, so its actions appear one by one, else now and then.
  async function poll() {
    if (!document.body.contains(mapBox)) return;
    if (!ui.busy && ui.replayAt === null && !mine() && !ui.view.over) {
      try {
        const v = await api.view(id, ui.token);
        if (!ui.busy && ui.replayAt === null && (v.entries !== ui.view.entries || v.to_act !== ui.view.to_act || v.ai_error !== ui.view.ai_error)) {
          const before = ui.view.log.length;
          ui.view = v;
          markRecent(v.log.length >= before ? before : v.log.length);
          await followTurn();
          render();
        }
      } catch {
        // the server may be restarting: try again later
      }
    }
    setTimeout(() => void poll(), ui.view.ai_thinking ? 250 : 1500);
  }
  setTimeout(() => void poll(), 250);

  await followTurn();
  render();
  // Open on where the fighting is: the units on the map (a scenario may use a small
  // part of a large map); the ⤢ button comes back to it.
  ui.map.setHome(ui.view.state.units.filter((u) => u.where === "map" && u.hex).map((u) => u.hex!));
  requestAnimationFrame(() => setTimeout(() => performance.mark("hexfront:painted")));
}
