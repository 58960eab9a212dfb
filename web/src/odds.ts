// The engine's odds answer made readable: strengths, the raw odds, every column
// shift with its reason and rule, the CRT column, and the chance of each result.
// Games give what they have; whatever is missing is left out, never shown raw.
import { el, words } from "./dom";

export interface OddsShift {
  why: string;
  shift: number;
  rule?: string;
}

export interface OddsResult {
  result: string;
  probability: number;
  rolls: string;
}

export type Odds = Record<string, unknown>;

// The headline for the map label: the final column when the game has one, else the odds.
export function oddsHeadline(o: Odds): string {
  for (const k of ["column", "odds", "ratio", "differential"]) if (o[k] !== undefined && o[k] !== "") return String(o[k]);
  return "?";
}

export function allowed(o: Odds): boolean {
  return o.allowed !== false;
}

// Strength totals may be fractions (halved units); show them without float noise.
function num(v: unknown): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
const columns = (n: number) => `${signed(n)} column${Math.abs(n) === 1 ? "" : "s"}`;
export const percent = (p: number) => (p >= 0.995 ? "100%" : p > 0 && p < 0.005 ? "<1%" : `${Math.round(p * 100)}%`);

// Results as the game lists them: objects with their chance, or (simpler games) one
// result per die face, folded into runs of equal results.
export function oddsResults(o: Odds): OddsResult[] {
  const raw = o.results;
  if (!Array.isArray(raw) || !raw.length) return [];
  if (raw.every((r) => typeof r === "object" && r !== null && "result" in r)) {
    return raw.map((r) => ({ result: String(r.result), probability: Number(r.probability ?? 0), rolls: String(r.rolls ?? "") }));
  }
  const out: OddsResult[] = [];
  raw.forEach((r, i) => {
    const last = out[out.length - 1];
    if (last && last.result === String(r)) {
      last.probability += 1 / raw.length;
      last.rolls = `${last.rolls.split("-")[0]}-${i + 1}`;
    } else out.push({ result: String(r), probability: 1 / raw.length, rolls: String(i + 1) });
  });
  return out;
}

export function oddsShifts(o: Odds): OddsShift[] {
  const raw = o.shifts;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((s) => typeof s === "object" && s !== null)
    .map((s) => ({ why: String(s.why ?? s.reason ?? ""), shift: Number(s.shift ?? 0), rule: s.rule ? String(s.rule) : undefined }));
}

const SHOWN = new Set(["attack", "defense", "odds", "shift", "shifts", "column", "allowed", "rule", "results"]);

// One attack's card: headline, strengths, shifts, column, results.
export function oddsCard(title: string, o: Odds): HTMLElement {
  const ok = allowed(o);
  const card = el(`div.odds-card${ok ? "" : ".refused"}`, { "data-column": String(o.column ?? o.odds ?? "") });
  card.append(el("div.odds-head", {}, el("span.odds-title", {}, title), el("span.odds-column", {}, ok ? oddsHeadline(o) : "not allowed")));

  const facts = el("dl.odds-facts");
  const fact = (k: string, v: string | HTMLElement) => facts.append(el("dt", {}, k), el("dd", {}, v));
  if (o.attack !== undefined && o.defense !== undefined) fact("Strength", `${num(o.attack)} attacking, ${num(o.defense)} defending`);
  if (o.odds !== undefined) fact("Odds", String(o.odds));
  const shifts = oddsShifts(o);
  if (shifts.length) {
    const list = el("ul.shifts");
    for (const s of shifts)
      list.append(el(`li${s.shift < 0 ? ".left" : s.shift > 0 ? ".right" : ""}`, {},
        el("b", {}, columns(s.shift)), ` ${s.why}`, s.rule ? el("span.rule", {}, ` (${s.rule})`) : null));
    fact("Shifts", list);
  } else if (typeof o.shift === "number") {
    fact("Shifts", o.shift === 0 ? "none" : `${columns(o.shift)} in all`);
  }
  if (o.column !== undefined) fact("Column", el("b.column", {}, String(o.column)));
  // Anything else the game adds, in words.
  for (const [k, v] of Object.entries(o)) {
    if (SHOWN.has(k) || v === null || (typeof v === "object" && !Array.isArray(v))) continue;
    fact(words(k), typeof v === "boolean" ? (v ? "yes" : "no") : Array.isArray(v) ? v.join(", ") : num(v));
  }
  card.append(facts);

  if (!ok) {
    card.append(el("p.refusal", {}, `This attack may not be made${o.rule ? ` (${o.rule})` : ""}.`));
    return card;
  }
  const results = oddsResults(o);
  if (results.length) {
    const table = el("table.results", {}, el("tr", {}, el("th", {}, "Roll"), el("th", {}, "Result"), el("th", {}, "Chance")));
    for (const r of results)
      table.append(el("tr", { "data-result": r.result, "data-probability": String(r.probability) },
        el("td", {}, r.rolls), el("td.res", {}, r.result),
        el("td.chance", {}, el("span.chance-bar", { style: `width:${Math.round(r.probability * 60)}px` }), ` ${percent(r.probability)}`)));
    card.append(table);
  }
  if (o.rule) card.append(el("p.rule-line", {}, `Rule: ${o.rule}`));
  return card;
}
