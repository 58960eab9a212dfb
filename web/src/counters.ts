// Counters drawn like printed ones: a square in the nationality's colour, the NATO
// symbol (milsymbol) in the middle, the unit's name above and its values below;
// a reduced side shows a stripe and its reduced values. Markers are the unit's flags.
import ms from "milsymbol";
import { UnitDef, UnitState } from "./api";
import { svg } from "./dom";
import { S } from "./map";

export const C = S * 0.7; // counter side in map pixels

// Counter colours by nationality, as on the printed counter sheets of the period.
const NATION: Record<string, [string, string]> = {
  us: ["#a4b07a", "#000"], usa: ["#a4b07a", "#000"], american: ["#a4b07a", "#000"],
  cw: ["#c9a36b", "#000"], uk: ["#c9a36b", "#000"], british: ["#c9a36b", "#000"],
  be: ["#7fa6d6", "#000"], belgian: ["#7fa6d6", "#000"], fr: ["#8fb3e0", "#000"],
  heer: ["#9aa3a8", "#000"], wehrmacht: ["#9aa3a8", "#000"], ger: ["#9aa3a8", "#000"], german: ["#9aa3a8", "#000"],
  ss: ["#2b2b2b", "#fff"], luftwaffe: ["#6f9bc9", "#000"], lw: ["#6f9bc9", "#000"],
};
const SIDE_FALLBACK: [string, string][] = [["#7fa6d6", "#000"], ["#d88a6c", "#000"], ["#a4b07a", "#000"], ["#c9b46b", "#000"]];

export function counterColours(def: UnitDef): [string, string] {
  return NATION[def.nationality.toLowerCase()] ?? SIDE_FALLBACK[def.side % SIDE_FALLBACK.length];
}

// Unit type words to the function-ID part of a 2525C symbol code.
const FUNCTION_IDS: Record<string, string> = {
  inf: "UCI---", infantry: "UCI---", para: "UCIA--", airborne: "UCIA--", mtn: "UCIM--",
  pz: "UCA---", armor: "UCA---", armour: "UCA---", tank: "UCA---", td: "UCAA--", sp: "UCAA--",
  mech: "UCIZ--", pg: "UCIZ--", pzg: "UCIZ--", "armored infantry": "UCIZ--",
  recon: "UCR---", cav: "UCR---", recce: "UCR---", arty: "UCF---", artillery: "UCF---",
  flak: "UCD---", aa: "UCD---", eng: "UCE---", engineer: "UCE---", pio: "UCE---",
  hq: "UH----", mg: "UCI---", at: "UCAA--", "sp arty": "UCFS--",
};
const ECHELONS: Record<string, string> = { sec: "C", plt: "D", co: "E", coy: "E", bn: "F", rgt: "G", bde: "H", div: "I", kg: "H", tf: "F" };

// A symbol code: the catalog's `symbol` when it is already one, else built from type and size.
export function sidc(def: UnitDef): string {
  if (/^[A-Z*-]{10,}/i.test(def.symbol)) return def.symbol;
  const fn = FUNCTION_IDS[(def.symbol || def.type).toLowerCase()] ?? "U-----";
  const echelon = ECHELONS[def.size.toLowerCase().replace(/[^a-z]/g, "")] ?? "-";
  // Every side in the rectangular frame, as printed counters have it: the counter's
  // colour tells the sides apart, and a diamond frame leaves the symbol too small to read.
  return `SFGP${fn}-${echelon}`.padEnd(15, "-").slice(0, 15);
}

// Symbols are drawn by milsymbol, one per symbol code and colour (many units share
// one), and drawn after the first frame: at several milliseconds each they would
// hold back the whole map. An image waits with no href until its symbol is ready.
const symbolCache = new Map<string, string>();
const symbolWaiting = new Map<string, SVGImageElement[]>();
let symbolTask = 0;

function drawSymbols() {
  symbolTask = 0;
  const end = performance.now() + 12; // a slice of work per task, so the page stays responsive
  for (const [key, images] of symbolWaiting) {
    if (performance.now() > end) break;
    const [code, colour] = key.split("|");
    const url = new ms.Symbol(code, { size: 30, fill: false, monoColor: colour, frame: true, infoFields: false, strokeWidth: 5 }).toDataURL();
    symbolCache.set(key, url);
    for (const img of images) img.setAttribute("href", url);
    symbolWaiting.delete(key);
  }
  if (symbolWaiting.size) symbolTask = window.setTimeout(drawSymbols);
  else performance.mark("hexfront:symbols");
}

function setSymbol(img: SVGImageElement, def: UnitDef, colour: string) {
  const key = `${sidc(def)}|${colour}`;
  const url = symbolCache.get(key);
  if (url) return img.setAttribute("href", url);
  const images = symbolWaiting.get(key);
  if (images) images.push(img);
  else symbolWaiting.set(key, [img]);
  // Started once the frame being built is painted.
  if (!symbolTask) symbolTask = requestAnimationFrame(() => setTimeout(drawSymbols));
}

// Flags drawn as markers on the counter, as the printed game puts a marker on the unit;
// other flags (bookkeeping such as "moved") are listed in the unit panel only. A flag
// not known here but short enough to be a marker name shows as its first letters.
interface Marker { label: string; title: string; fill: string; ink: string }
const MARKERS: Record<string, Marker> = {
  dg: { label: "DG", title: "Disorganized", fill: "#e74c3c", ink: "#fff" },
  disorganized: { label: "DG", title: "Disorganized", fill: "#e74c3c", ink: "#fff" },
  out_of_supply: { label: "OOS", title: "Out of supply", fill: "#f4d03f", ink: "#000" },
  oos: { label: "OOS", title: "Out of supply", fill: "#f4d03f", ink: "#000" },
  spotted: { label: "SP", title: "Spotted", fill: "#85c1e9", ink: "#000" },
};
const BOOKKEEPING = /^(moved|fired|attacked|defended|committed|stopped|overran|started_|in_entry|enemy_)/;

export function markerFlags(unit: UnitState): [string, Marker][] {
  const out: [string, Marker][] = [];
  for (const f of unit.flags) {
    const m = MARKERS[f.toLowerCase()];
    if (m) out.push([f, m]);
    else if (!BOOKKEEPING.test(f)) out.push([f, { label: f.slice(0, 2).toUpperCase(), title: f.replace(/_/g, " "), fill: "#f4d03f", ink: "#000" }]);
  }
  return out;
}

// The printed values of a unit on its current side, as "4-3-6".
export function valueLine(def: UnitDef, unit: UnitState): string {
  const side = def.values[Math.min(unit.steps_lost, def.values.length - 1)] ?? [];
  return side.map((v) => v.value).join("-");
}

// A counter; `chip` draws only its coloured square (the map zoomed far out, where its
// text could not be read: hundreds of counters draw several times faster).
export function drawCounter(def: UnitDef, unit: UnitState, x: number, y: number, chip = false): SVGGElement {
  const [bg, fg] = counterColours(def);
  const g = svg("g", { class: "counter", "data-unit": unit.id, transform: `translate(${x - C / 2},${y - C / 2})` });
  if (unit.hex) g.setAttribute("data-hex", unit.hex);
  if (chip) {
    g.append(svg("rect", { class: "counter-body", width: C, height: C, rx: 3, fill: bg }));
    return g;
  }
  g.append(svg("rect", { class: "counter-shadow", x: 1.5, y: 1.5, width: C, height: C, rx: 3 }));
  g.append(svg("rect", { class: "counter-body", width: C, height: C, rx: 3, fill: bg }));
  if (unit.steps_lost > 0) g.append(svg("rect", { width: C, height: C * 0.12, y: 0, fill: "#c0392b", class: "reduced" }));
  const name = svg("text", { x: C / 2, y: C * 0.21, class: "counter-name", fill: fg });
  name.textContent = def.name;
  // A long name is squeezed to the counter's width, as printed counters do.
  if (def.name.length > 10) {
    name.setAttribute("textLength", String(C - 4));
    name.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  const img = svg("image", { x: C * 0.15, y: C * 0.24, width: C * 0.7, height: C * 0.46 });
  setSymbol(img, def, fg);
  const values = svg("text", { x: C / 2, y: C * 0.9, class: "counter-values", fill: fg });
  values.textContent = valueLine(def, unit);
  g.append(name, img, values);
  markerFlags(unit).forEach(([flag, marker], i) => {
    const m = svg("g", { class: "marker", transform: `translate(${C - 6 - i * 12},${C * 0.34})` });
    m.append(svg("rect", { x: -6, y: -5, width: 12, height: 10, rx: 2, fill: marker.fill, stroke: "#000", "stroke-width": 0.6 }));
    const t = svg("text", { y: 2.3, class: "marker-text", fill: marker.ink });
    t.textContent = marker.label;
    const title = svg("title");
    title.textContent = marker.title;
    m.append(t, title);
    m.dataset.flag = flag;
    g.append(m);
  });
  const title = svg("title");
  title.textContent = `${def.name} (${def.formation}) ${valueLine(def, unit)}${unit.steps_lost ? ", reduced" : ""}`;
  g.append(title);
  return g;
}
